"""When discretionary actions may be taken: the timing conditions of RulesData.timing (144.1,
145.2, 151.2, 155), relaxed by the Action and Reaction permissions (806, 813).

A timing entry lists conditions (``open_state``, ``outside_showdowns``,
``its_controllers_turn`` ...) and the rule that sets them. Where the rules data has no
entry (legend abilities, permanents played from hand) the default of 308-310 applies:
the player's own turn, an open state, outside showdowns.
"""
from __future__ import annotations

from .showdown import check_focus
from .state import GameState, IllegalAction

DEFAULT = {"only": ["its_controllers_turn", "open_state", "outside_showdowns"], "rule": None}
DEFAULT_RULES = {"its_controllers_turn": "310.1.a", "its_controllers_main_phase": "310.1.a",
                 "open_state": "309.1.a", "outside_showdowns": "308.1.a", "outside_combat": "308.1.a"}
WORDS = {"its_controllers_turn": "on its controller's turn", "its_controllers_main_phase": "in its controller's "
         "main phase", "open_state": "in an open state (the chain is empty)",
         "outside_showdowns": "outside showdowns", "outside_combat": "outside combat"}


def _holds(state: GameState, player: str, condition: str) -> bool:
    if condition == "its_controllers_turn":
        return player == state.turn_player
    if condition == "its_controllers_main_phase":
        return player == state.turn_player and state.phase == "main"
    if condition == "open_state":
        return not state.chain
    return not state.showdown                                  # outside showdowns / combat


def check(state: GameState, player: str, kind: str | None, permissions=()) -> None:
    """Refuse, citing the rule, an action taken at a time its timing does not allow."""
    check_focus(state, player)                                 # 313.4: in a showdown open state, focus
    if "Reaction" in permissions:                              # 813.1.c: any closed state, any turn
        return
    entry = state.rules.timing.get(kind, DEFAULT) if kind else DEFAULT
    for condition in entry["only"]:
        if "Action" in permissions and (condition in ("outside_showdowns", "outside_combat") or
                                        (state.showdown and condition.startswith("its_controllers"))):
            continue                                           # 806.1.b
        if not _holds(state, player, condition):
            rule = entry["rule"] or DEFAULT_RULES[condition]
            raise IllegalAction(rule, f"{player} may do this only {WORDS[condition]}")
