"""The phases of a turn (314-317), with cleanups between phases (319.2).

Awaken: ready everything (315.1.b). Beginning: its step's effects, Temporary kills
(816.1.b), then the Scoring Step holds every battlefield controlled (315.2.b.2, 469.2).
Channel 2 runes (315.3.b), draw 1 (315.4.b, burning out on an empty deck: 431). Main: the
pools empty (316.3) and "at the start of your Main Phase" effects take place (316.4).
Ending: end of turn effects (317.1.a), then the expiration step heals all units, ends
"this turn" effects and stuns and empties the pools (317.2); the next player's turn begins
(317.3). The counts come from the ``turn_start`` runtime values of rules_data/game.yaml.

``end_turn`` runs the rest of this turn and the next one up to a phase: its Main Phase by
default, where the turn player has priority (312.2.a), or ``stop``, the phase the scenario
names, which is then left at its start with its tasks not done yet (``state.phase_done``);
``continue_turn`` carries on from there to the Main Phase.

NOTE: nobody acts in the phases a scenario skips through, so each phase's chain is
resolved before the next phase begins.
"""
from __future__ import annotations

from . import actions, restricted_pool, triggers, turn_queue, turn_records
from .cleanup import cleanup
from .happenings import happen
from .playing import resolve_top
from .scoring import score
from .state import GameState


def phase_names(rules=None) -> tuple[str, ...]:
    """The phases of a turn in order (314-317), as the turn statements of rules_data number them."""
    from interpreter.rules.data import default_rules

    parts = (rules or default_rules()).turn["parts"]["turn"]
    return tuple(part["name"] for part in sorted(parts, key=lambda p: p["number"]) if part["part"] == "phase")


PHASES = phase_names()


def end_turn(state: GameState, stop: str = "main") -> None:
    """The rest of this turn, then the next turn up to ``stop`` (316.9, 317.3)."""
    _finish_phase(state)
    for phase in PHASES[PHASES.index(state.phase) + 1:]:
        _begin(state, phase)
    previous = state.turn_player
    state.turn_player = turn_queue.next_turn_player(state)              # 317.3, 737
    state.turn_number += 1
    turn_records.begin_turn(state, previous)                            # "until their third turn"
    state.note(f"turn {state.turn_number}: {state.turn_player} is the turn player", "317.3", "306")
    _run_to(state, "awaken", stop)


def continue_turn(state: GameState) -> None:
    """From a phase the scenario stopped at, on to this turn's Main Phase (305)."""
    _finish_phase(state)
    following = PHASES[PHASES.index(state.phase) + 1:]
    if "main" in following:
        _run_to(state, following[0], "main")


def _run_to(state: GameState, first: str, stop: str) -> None:
    for phase in PHASES[PHASES.index(first):]:
        if phase == stop and stop != "main":
            state.phase, state.phase_done = phase, False
            state.note(f"the {phase} phase of {state.turn_player}'s turn begins", "314")
            return
        _begin(state, phase)
        if phase == stop or state.winner is not None:
            return


def _finish_phase(state: GameState) -> None:
    if not state.phase_done:
        _begin(state, state.phase)


def _begin(state: GameState, phase: str) -> None:
    """A phase begins and its tasks are carried out; then a cleanup (319.2)."""
    from .handlers_limited import skips_phase

    state.phase, state.phase_done = phase, True
    if skips_phase(state, phase):                                      # 443.2: replaced with nothing
        return
    TASKS[phase](state)
    if phase == "main":                                                # the turn player has priority (312.2.a)
        cleanup(state)
    else:
        _settle(state)


def _ending(state: GameState) -> None:
    from .effect_run import run_at_end_of_turn
    happen(state, "end_of_turn", state.turn_player, rules=("317.1.a",))   # "At the end of your turn"
    run_at_end_of_turn(state)                                          # 317.1.a
    _settle(state)
    _expire(state)
    cleanup(state)


def _expire(state: GameState) -> None:
    for obj in state.board_objects():
        if obj.card_type == "unit":
            obj.damage = []
            obj.stunned = False                                        # 423.1.a.2
        obj.might_this_turn = 0
        obj.granted = [g for g in obj.granted if g[2] != "this turn"]
    heal = [t["rule"] for t in state.rules.might["heal_times"] if t["time"] == "end_turn"]
    state.note("all units heal; “this turn” effects expire; stuns end", "317.2.b", *heal, "317.2.c", "423.1.a.2")
    _empty_pools(state, "end_turn", "317.2.d")
    for player in state.players.values():
        player.cards_played = player.tokens_played = 0
        player.scored = set()
        player.finalized = []


def _empty_pools(state: GameState, time: str, rule: str) -> None:
    """Pools empty at the times RulesData.rune_pool names (167)."""
    for player in state.players.values():
        player.energy, player.power = 0, []
    restricted_pool.empty(state)                                    # "Use only to play spells" leave too
    rules = [e["rule"] for e in state.rules.rune_pool["empties"] if e["time"] == time]
    state.note("every rune pool empties", rule, *rules)


def _settle(state: GameState) -> None:
    while state.chain and state.winner is None:
        resolve_top(state)
        cleanup(state)
    cleanup(state)


def _stays_exhausted(state: GameState, obj) -> bool:
    """"I can't be readied": the Awaken Step readies everything else (315.1.b, 364)."""
    from .layer_sources import cannot_be

    forbidding = cannot_be(state, "ready", obj)
    if forbidding is not None:
        state.note(f"{forbidding} does not let {obj.name} be readied", "364")
    return forbidding is not None


def start_turn(state: GameState) -> None:
    """The start of the turn player's turn, up to their Main Phase (315, 316)."""
    _run_to(state, "awaken", "main")


def _awaken(state: GameState) -> None:
    player = state.turn_player
    readied = []
    for obj in state.board_objects() + [b for b in state.battlefields]:
        if obj.controller == player and obj.exhausted and not _stays_exhausted(state, obj):
            obj.exhausted = False
            readied.append(obj)
    state.note(f"awaken phase: {player} readies everything they control", "315.1", "315.1.b")
    if readied:             # a ready of the turn player's: only what was exhausted becomes ready (415, seed 004)
        happen(state, "ready", player, readied, rules=("315.1.b", "415"))


def _beginning(state: GameState) -> None:
    player = state.turn_player
    state.note("beginning phase: the beginning step", "315.2", "315.2.a")
    first = state.turn_number <= len(state.order)                      # "each player's first Beginning Phase"
    happen(state, "start_of_beginning_phase", player, facts=frozenset({"first"} if first else ()),
           rules=("315.2.a.1",))                                       # its game effects take place
    for obj in triggers.temporary(state, player):
        state.note(f"{obj.name} has Temporary", "816.1.b")
        actions.kill(state, obj)
    _settle(state)                                                     # its chain resolves first (315.2.a.1)
    for slot, battlefield in enumerate(state.battlefields):
        if battlefield.controller == player:
            state.note(f"scoring step: {player} controls {battlefield.name}", "315.2.b", "315.2.b.2")
            score(state, player, slot, "hold")


def _channel(state: GameState) -> None:
    values = state.runtime["turn_start"]
    state.note(f"channel phase: {state.turn_player} channels {values['channel']} runes", "315.3", "315.3.b")
    actions.channel(state, state.turn_player, values["channel"] + state.extra_channel.pop(state.turn_player, 0))   # 485.7


def _draw(state: GameState) -> None:
    values = state.runtime["turn_start"]
    state.note(f"draw phase: {state.turn_player} draws {values['draw']}", "315.4", "315.4.b")
    actions.draw(state, state.turn_player, values["draw"])


def _main(state: GameState) -> None:
    state.note(f"main phase of {state.turn_player}", "316.1")
    _empty_pools(state, "start_main_phase", "316.3")
    from .effect_run import run_at_main_phase
    run_at_main_phase(state)                                           # 316.4: "at the start of your next Main Phase"


TASKS = {"awaken": _awaken, "beginning": _beginning, "channel": _channel, "draw": _draw, "main": _main,
         "ending": _ending}
