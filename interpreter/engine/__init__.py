"""The runtime: a game state (``state``) whose behaviour comes from the rules data, game
actions, costs, playing and the chain, one handler per effect class and per action,
triggers, replacement effects, cleanups, scoring and the turn; continuous effects are
applied by layer in the ``layers`` package.

Takes compiled cards; gives a game that runs. Knows nothing of rendering or linting.
"""
