"""Decks: the deck file format (docs/deck-format.md) and deck construction (rules 101-103).

Takes deck files and a card pool; gives located findings, each citing the rule it enforces.
The numbers the rules set (deck sizes, copies, battlefields per mode of play) come from
rules_data/game.yaml (``deck_construction``), each with its rule id.
"""
