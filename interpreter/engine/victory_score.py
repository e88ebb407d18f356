"""The Victory Score now: 8 points by default (194.3), raised by instructions and by passives (194.3.a).

"Increase the points needed to win the game by 1." as an instruction adds to the state's
``victory_increase`` for the rest of the game (``action_run.increase_victory_score``); as a passive
of a battlefield or a permanent ("Aspirant's Climb") it raises the score while its source is on the
board, so it is read here, where every rule that needs the Victory Score asks for it (the win check
of 194.2, the last point of 471.1.b.1, "within 3 points of the Victory Score").

``statement_read`` is the static check ``passive_support`` asks.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx


def statement_read(statement) -> bool:
    """"Increase the points needed to win the game by N" as a passive statement."""
    return isinstance(statement, fx.GameAction) and statement.action == "increase_victory_score" \
        and statement.amount is not None and statement.amount.kind == "count" and isinstance(statement.amount.value, int) \
        and statement.amount.per is None and statement.amount.measure is None and not statement.objects


def points(state) -> int:
    """The Victory Score now: the rules' default, what instructions added, and the passives on the board."""
    return state.rules.scoring["victory_score"]["points"] + state.victory_increase + _passives(state)


def _passives(state) -> int:
    from .traits import active_abilities
    total = 0
    for source in list(state.battlefields) + state.board_objects():
        for ability in active_abilities(state, source):
            for statement in ability.effects if isinstance(ability, fx.PassiveAbility) else ():
                if statement_read(statement):
                    total += statement.amount.value                                         # 194.3.a
    return total
