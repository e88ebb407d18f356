"""Component discounts (356.4.c), "the first ... each turn" holders and permissions from the trash: the forms
the static check claims, the ones it leaves as gaps, and the arithmetic of a component's discount."""
from interpreter.compiler.pipeline import compile_text
from interpreter.engine import component_costs, cost_holders, play_from_zones
from interpreter.engine.cost_values import Cost
from interpreter.engine.layer_sources import passive_runs


def _statement(text: str, card_type: str = "unit"):
    (ability,) = compile_text(text, card_type=card_type)
    statement = ability.effects[0]
    return statement.effects[0] if hasattr(statement, "condition") else statement


def test_either_discount_takes_the_power_when_the_component_has_one_else_the_energy():
    either = _statement("Optional additional costs you pay cost [1] or [A] less.")
    assert component_costs.statement_read(either)
    assert component_costs._apply(Cost(1, ["R"]), either) == Cost(1, [])          # Accelerate [1][R] -> [1]
    assert component_costs._apply(Cost(2, []), either) == Cost(1, [])             # Repeat [2] -> [1]
    assert component_costs._apply(Cost(0, []), either) == Cost(0, [])             # never below 0 (356.6)


def test_a_repeat_discount_names_only_repeat_costs():
    repeat = _statement("While you control this battlefield, friendly [Repeat] costs cost [1] less.", "battlefield")
    assert component_costs.statement_read(repeat)
    assert component_costs._component_of(repeat.holder) == {"repeat"}
    assert component_costs._apply(Cost(2, ["P"]), repeat) == Cost(1, ["P"])


def test_first_each_turn_is_read_only_for_holders_without_tokens():
    first = _statement("While you control this battlefield, the first friendly non-token gear played each turn "
                       "costs [1] less.", "battlefield")
    plain = cost_holders.first_known(first.holder)
    assert plain is not None and plain.states == () and plain.types == ("gear",) and plain.quantity == "all"


def test_a_permission_from_the_trash_is_read_and_one_from_the_hand_on_a_condition_tested():
    (ability,) = compile_text("You may play me from your trash for [2][R].", card_type="unit")
    assert play_from_zones.statement_read(ability.effects[0]) and passive_runs(ability)
    # from the hand for a cost of its own, the player's choice (356.1.a), on a condition the passives test
    (hand,) = compile_text("If you've spent [4] or more to play a spell this turn, you may play me for [B].",
                           card_type="unit")
    assert play_from_zones.statement_read(hand.effects[0]) and passive_runs(hand)
    (untested,) = compile_text("If you control two or more units, you may play me for [1].", card_type="unit")
    assert not play_from_zones.statement_read(untested.effects[0]) and not passive_runs(untested)
