"""The runtime: a game state (``state``) whose behaviour comes from the rules data, game
actions, costs, playing and the chain, one handler per effect class and per action,
triggers, replacement effects, cleanups, scoring and the turn; continuous effects are
applied by layer in the ``layers`` package.

Takes compiled cards; gives a game that runs. Knows nothing of rendering or linting.

The modules stand in layers, each importing only those below it (pyproject.toml, the engine's
import contract): the state, events, refusals and the bus at the bottom; what reads the board
(current characteristics, layers' sources, selectors, cost changes); game actions and triggers;
replacement effects; playing and the chain; the effect and action handlers; the turn. A game
action reaches what reacts to it through the bus (``bus``): the modules imported below subscribe
to it or perform its events.
"""
# The modules that subscribe to the bus or perform its events: imported with the package, so a
# game action always finds them (see bus.py).
from . import effect_run, event_forms, event_watch, playing, replacement_events, runs, trigger_watch  # noqa: F401
