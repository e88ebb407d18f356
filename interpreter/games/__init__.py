"""Full games: two decks from setup (110-118) to a winner (472), between players that choose among
the legal actions (random or a simple heuristic), with the invariants checked after every step.

Takes deck files (or draws two legal decks from the embedded pool by a seed); gives each game's
winner, its length and a log whose every line cites the rules that decided it.
"""
