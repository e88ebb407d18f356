"""Game setup (110-118) for a mode of play (483, 485): from each player's deck to the first player's
first turn.

The steps, in order: each Champion Legend to its Legend Zone (111), each Chosen Champion to its
Champion Zone (112), the battlefields set aside and those the mode chooses placed (113, 485.5),
Main and Rune Decks shuffled into their zones (114), turn order (115), opening hands (116),
mulligans in turn order (117), and the first player's turn (118). The mode's first-turn change
(485.7: the player going second channels one more rune in their first Channel Phase) is kept on
the state for the turn to apply. Every random choice comes from the ``rng`` given, so a seed
replays a game; the player decisions (which battlefield when the mode lets a player pick, which
cards to mulligan) come from ``decide``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import yaml

from . import actions
from .card_pool import CardDef
from .state import GameObject, GameState


@dataclass(frozen=True)
class DeckCards:
    """A legal deck's cards (decks.construction checked it): what setup places."""

    legend: CardDef
    champion: CardDef
    main: tuple[CardDef, ...]               # the rest of the Main Deck, the champion's other copies included
    runes: tuple[CardDef, ...]
    battlefields: tuple[CardDef, ...]


def deck_cards(deck, pool) -> DeckCards:
    """The cards of a ``decks.deck_file.Deck`` that ``decks.construction`` found legal, from ``pool``."""
    def many(entries) -> tuple[CardDef, ...]:
        return tuple(pool.get(entry.name) for entry in entries for _ in range(entry.count))
    return DeckCards(pool.get(deck.legend.name), pool.get(deck.champion.name), many(deck.main), many(deck.runes),
                     many(deck.battlefields))


class Decisions(Protocol):
    """The setup decisions of a player."""

    def mulligan(self, state: GameState, player: str, hand: list[GameObject]) -> list[GameObject]:
        """Up to the mulligan limit of cards of ``hand`` to set aside (117.1)."""


class KeepAll:
    """Keeps every opening hand (a player may choose no card, 117.1)."""

    def mulligan(self, state, player, hand):
        return []


def set_up(rules, decks: dict[str, DeckCards], rng: random.Random, decide: Decisions | None = None,
           mode: str = "duel") -> GameState:
    """A game set up by 110-118 for ``mode``: players in the order of ``decks``, seated in turn order
    from the first player the ``rng`` picks (115); the first player's turn begun (118)."""
    values = _setup_values(rules, mode)
    players = list(decks)
    if len(players) != values["players"]:
        raise ValueError(f"a {mode} game has {values['players']} players, not {len(players)}")
    state = GameState(rules, players, players[0])
    for player in players:                      # 111-114 come first: battlefields are revealed before 115 (FAQ)
        _place_deck(state, player, decks[player], rng, values)
    first = rng.choice(players)                                          # 115: any fair random method
    order = players[players.index(first):] + players[:players.index(first)]     # 115.1.b: seating from the first
    state.order, state.turn_player = order, first
    state.note(f"turn order: {', '.join(order)}; {first} goes first", "115", "115.1.b.1")
    _opening_hands(state, values, decide or KeepAll())
    _first_turn_change(state, values)
    from .turn import start_turn                                         # 118: the first player's turn
    start_turn(state)
    return state


def _setup_values(rules, mode: str) -> dict:
    table = _game_yaml(rules)["setup"]
    if mode not in table["modes"]:
        raise ValueError(f"the mode of play {mode!r} is not set up yet (the rules data gives "
                         f"{', '.join(table['modes'])})")
    return {**table["modes"][mode], "opening_hand": table["opening_hand"], "mulligan": table["mulligan"]}


def _game_yaml(rules) -> dict:
    return yaml.safe_load((Path(rules.folder) / "game.yaml").read_text(encoding="utf-8"))


def _place_deck(state: GameState, player: str, deck: DeckCards, rng: random.Random, values: dict) -> None:
    state.new_object(deck.legend.characteristics(), player, player, ("legend", player))
    state.note(f"{player} places {deck.legend.card.name} in their Legend Zone", "111")
    champion = state.new_object(deck.champion.characteristics(), player, player, ("champion", player))
    champion.chosen_champion = True                                      # 103.2.a
    state.note(f"{player} places {deck.champion.card.name} in their Champion Zone", "112")
    chosen = values["battlefields_chosen"]
    picked = rng.sample(list(deck.battlefields), chosen["each"])         # 485.5: selected at random
    for card in picked:
        state.battlefields.append(state.new_object(card.characteristics(), player, None, ("battlefield_zone", None)))
    state.note(f"{player} sets aside their battlefields and places {', '.join(c.card.name for c in picked)}",
               "113", chosen["rule"])
    for zone, cards in (("deck", deck.main), ("rune_deck", deck.runes)):
        shuffled = list(cards)
        rng.shuffle(shuffled)
        for card in shuffled:
            state.new_object(card.characteristics(), player, player, (zone, player))
    state.note(f"{player} shuffles their Main Deck and Rune Deck into their zones", "114", "114.1", "114.2")


def _opening_hands(state: GameState, values: dict, decide: Decisions) -> None:
    hand_size, most = values["opening_hand"]["cards"], values["mulligan"]["most"]
    for player in state.order:
        actions.draw(state, player, hand_size)
    state.note(f"each player draws {hand_size}", values["opening_hand"]["rule"])
    for player in state.order:                                           # 117: in turn order
        hand = state.objects(("hand", player))
        aside = list(decide.mulligan(state, player, list(hand)))[:most]
        if any(card not in hand for card in aside):
            raise ValueError(f"{player} can only set aside cards of their hand (117.1)")
        for card in aside:
            state.remove(card)                                          # set aside (117.1)
        actions.draw(state, player, len(aside))                          # 117.2
        for card in aside:
            state.place(card, ("hand", player))
            actions.recycle(state, card)                                 # 117.3
        state.note(f"{player} mulligans {len(aside)} card(s)", "117.1", "117.2", "117.3")


def _first_turn_change(state: GameState, values: dict) -> None:
    change = values.get("first_turn")
    if change and change["extra_channel"]["who"] == "second" and len(state.order) > 1:
        state.extra_channel[state.order[1]] = change["extra_channel"]["runes"]
        state.note(f"{state.order[1]} will channel {change['extra_channel']['runes']} more rune in their first "
                   "Channel Phase", change["rule"])
