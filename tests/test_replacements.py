"""Replacement effects: reading them from compiled text, the ordering graph, who orders (367-375)."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from interpreter import compile_text
from interpreter.compiler.effects import Selector
from interpreter.engine.events import GameEvent, chooser
from interpreter.engine.replacement_graph import build_graph, give_order, pick, same_result
from interpreter.engine.replacements import Replacement, in_play, of_object
from interpreter.rules.data import default_rules
from interpreter.engine.state import Characteristics, GameState, IllegalAction

HOURGLASS = "The next time a friendly unit would die, kill this instead. Heal that unit, exhaust it, and recall it."


@dataclass(frozen=True)
class Source:
    """Compiled abilities in place of a card definition."""

    abilities: tuple


def _obj(state: GameState, text: str, card_type: str, owner: str = "A", zone: tuple | None = None, name="Thing"):
    abilities = tuple(compile_text(text, card_type=card_type)) if text else ()
    chars = Characteristics(name, card_type, 2 if card_type == "unit" else None, source=Source(abilities))
    return state.new_object(chars, owner, owner, zone or ("base", owner))


@pytest.fixture()
def state() -> GameState:
    return GameState(default_rules(), ["A", "B"], "A")


def test_next_time_text_is_a_one_shot_death_replacement(state):
    gear = _obj(state, HOURGLASS, "gear")
    (found,) = of_object(state, gear)
    assert (found.kind, found.next_time, found.controller) == ("die", True, "A")
    assert [type(e).__name__ for e in found.instructions] == ["Instead", "GameAction", "GameAction", "GameAction"]


def test_would_text_keeps_its_may(state):
    unit = _obj(state, "If you would play a token unit, you may play two Recruit unit tokens instead.", "unit")
    (found,) = of_object(state, unit)
    assert (found.kind, found.may, found.next_time) == ("play_token", True, False)


def test_enter_ready_is_an_entry_replacement(state):
    unit = _obj(state, "I enter ready.", "unit", zone=("chain", None))
    (found,) = of_object(state, unit)
    assert (found.kind, dict(found.writes)) == ("enter", {"ready": True})
    assert in_play(state, "enter") == []                       # only the entering object's own (369.3)
    assert [r.key for r in in_play(state, "enter", unit)] == [found.key]


def test_replacements_in_the_trash_do_not_act(state):
    _obj(state, HOURGLASS, "gear", zone=("trash", "A"))
    assert in_play(state, "die") == []                          # 370.3


def _enter(key, source, writes, location=False):
    subject = Selector("all", types=("unit",), location=None if not location else _battlefield())
    return Replacement(key, source, source.controller, "enter", subject, writes=tuple(writes.items()))


def _battlefield():
    from interpreter.compiler.effects import Place

    return Place("battlefield", qualifiers=("a",))


BARON = ("As you play me, add the Baron Pit battlefield token to the board if it's not there already. "
         "If you do, I enter there.")


def test_riven_and_baron_commute_so_no_choice_is_asked(state):
    """Seed 002: entering ready (Riven) and entering at the Baron Pit (Baron Nashor) give the same
    event in either order. Riven's condition is the play location chosen at finalization (355.2),
    which Baron's effect does not change: the graph has no edge. Baron's entry replacement exists
    once his "as" action has named the place (369.3)."""
    state.battlefields.append(_obj(state, "", "battlefield", zone=("battlefield_zone", None), name="Plaza"))
    state.battlefields.append(_obj(state, "", "battlefield", zone=("battlefield_zone", None), name="Baron Pit"))
    for field in state.battlefields:
        field.controller = "A"
    riven = _obj(state, "Units you play to a battlefield you control enter ready.", "legend",
                 zone=("legend", "A"), name="Riven, The Exile")
    baron = _obj(state, BARON, "unit", zone=("chain", None), name="Baron Nashor")
    (as_played,) = of_object(state, baron)
    assert (as_played.kind, as_played.also, as_played.zone) == ("play", True, "chain")     # 370.1.b.1
    baron.enter_at = ("battlefield", 1)
    _, pit = of_object(state, baron)
    assert (pit.kind, dict(pit.writes)) == ("enter", {"location": ("battlefield", 1)})
    (ready,) = of_object(state, riven)
    assert ready.reads == frozenset({"played_to"})
    event = GameEvent("enter", baron, fields={"location": ("battlefield", 0), "played_to": ("battlefield", 0),
                                              "ready": False})
    for order in ([ready, pit], [pit, ready]):
        graph = build_graph(order)
        assert graph.number_of_edges() == 0
        assert same_result(state, event, order, graph)
    (chosen_first, chosen_second) = pick(state, [(r, [event]) for r in (ready, pit)], [event])
    assert {chosen_first.key, chosen_second.key} == {ready.key, pit.key}        # both, no choice asked
    assert "no choice is asked" in state.log[-1].text
    give_order(state, "A", [baron, riven])             # his controller may still give an order (372)
    assert pick(state, [(r, [event]) for r in (ready, pit)], [event]) == [pit]
    assert "gave one: Baron Nashor" in state.log[-1].text
    give_order(state, "B", [riven, baron])             # the opponent may not
    with pytest.raises(IllegalAction) as refused:
        pick(state, [(r, [event]) for r in (ready, pit)], [event])
    assert refused.value.rule == "372"


def test_a_condition_on_the_location_makes_an_edge_and_orders_differ(state):
    state.battlefields.append(_obj(state, "", "battlefield", zone=("battlefield_zone", None), name="Plaza"))
    state.battlefields[0].controller = "A"
    mover = _obj(state, "", "unit", zone=("chain", None), name="Mover")
    reader = _obj(state, "", "legend", zone=("legend", "A"), name="Reader")
    moves = _enter((mover.identity, 1), mover, {"location": ("base", "A")})
    readies = _enter((reader.identity, 1), reader, {"ready": True}, location=True)
    event = GameEvent("enter", mover, fields={"location": ("battlefield", 0), "ready": False})
    graph = build_graph([moves, readies])
    assert list(graph.edges) == [(moves.key, readies.key)]
    assert "location" in graph.edges[moves.key, readies.key]["why"]
    assert not same_result(state, event, [moves, readies], graph)


def test_two_instead_effects_are_a_real_choice(state):
    first, second = _obj(state, HOURGLASS, "unit"), _obj(state, HOURGLASS, "unit")
    effects = in_play(state, "die")
    graph = build_graph(effects)
    assert graph.number_of_edges() == 2
    event = GameEvent("die", first)
    assert not same_result(state, event, effects, graph)
    give_order(state, "A", [second, first])
    (chosen,) = pick(state, [(r, [event]) for r in effects], [event])
    assert chosen.source is second
    assert any("372" in e.rules and "chooses" in e.text for e in state.log)


def test_who_orders(state):
    unit = _obj(state, "", "unit", owner="B")
    assert chooser(state, GameEvent("die", unit)) == ("B", "372")
    assert chooser(state, GameEvent("play_token", None, player="B")) == ("B", "372.1")
    field = _obj(state, "", "battlefield", zone=("battlefield_zone", None))
    field.controller = None
    assert chooser(state, GameEvent("die", field)) == ("A", "372.2")


def test_an_order_naming_an_effect_twice_is_refused(state):
    gear = _obj(state, HOURGLASS, "gear")
    with pytest.raises(IllegalAction) as refused:
        give_order(state, "A", [gear, gear])
    assert refused.value.rule == "370.2"


def test_the_wrong_player_ordering_is_refused(state):
    first = _obj(state, HOURGLASS, "unit")
    _obj(state, HOURGLASS, "unit")
    effects = in_play(state, "die")
    event = GameEvent("die", first)
    give_order(state, "B", [first])
    with pytest.raises(IllegalAction) as refused:
        pick(state, [(r, [event]) for r in effects], [event])
    assert refused.value.rule == "372"


BAD_ORDER = """name: bad order
rules: ["372"]
given:
  A:
    base: [Recruit]
when:
  - order: ORDER
  - kill: "A:Recruit"
then:
  - chain: []
"""


@pytest.mark.parametrize("order, code", [("[]", "E202"), ("[{a: 1}]", "E205"), ('["A:Nope"]', "E203")])
def test_a_malformed_order_is_one_located_diagnostic(run_cli, tmp_path, order, code):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD_ORDER.replace("ORDER", order), encoding="utf-8")
    status, _out, err = run_cli("scenario", "run", str(path))
    lines = err.strip().splitlines()
    assert status == 2
    assert lines[0].startswith(f"{path}:7:") and f" {code} " in lines[0]
    assert lines[2].strip().endswith("^") and lines[3].startswith("help:")
    assert "Traceback" not in err


def test_explain_shows_the_graph_and_who_ordered(run_cli):
    from conftest import ROOT

    path = ROOT / "tests" / "scenarios" / "replacements" / "soraka_guardian_angel.yaml"
    status, out, _err = run_cli("explain", "--replacements", "--document", "2", str(path))
    lines = out.splitlines()
    assert status == 0
    assert lines[0].startswith("replacement graph: effects [Guardian Angel #2, Soraka, Wanderer #5]")
    assert "A orders them (373) and chooses Guardian Angel #2 first for 5 simultaneous events" in lines[0]
    assert lines[1] == "Guardian Angel #2 replaces the death of Soraka, Wanderer  [367, 369.1, 370.1.c, 374]"
    assert sum("Soraka, Wanderer #5 replaces the death of Recruit" in line for line in lines) == 2


# ---- "<player> may pay [X] to <do> ... instead": one reader for standing and delayed replacements ----------
STANDING_PAID = "If a unit you control would die, its controller may pay [A][A][A] to heal it, exhaust it, " \
                "and recall it instead."
DELAYED_PAID = "Choose a friendly unit. The next time it dies this turn, {who} may pay [1] to recall it exhausted instead."


def test_the_paid_opening_says_who_pays_what_for_what():
    from interpreter.engine.paid_instead import paid_instead
    (ability,) = compile_text(STANDING_PAID, card_type="gear")
    paid = paid_instead(tuple(ability.effects))
    assert (paid.payer, paid.payment.action, paid.result.action) == ("its_controller", "pay", "heal")
    assert [c.domain for c in paid.payment.cost] == ["A", "A", "A"]
    assert [e.action for e in paid.if_you_do()[:1]] == ["exhaust"] and len(paid.if_you_do()) == 2
    (spell,) = compile_text(DELAYED_PAID.format(who="you"), card_type="spell")
    paid = paid_instead(tuple(spell.effects[1].effects))
    assert (paid.payer, paid.rest, paid.if_you_do()) == ("controller", (), ())
    (spell,) = compile_text(DELAYED_PAID.format(who="an opponent"), card_type="spell")
    assert paid_instead(tuple(spell.effects[1].effects)).payer is None
    assert paid_instead(tuple(spell.effects)) is None                        # "Choose ..." opens without a payment


def test_both_replacement_readers_read_the_payment_alike(state):
    from interpreter.engine.cost_values import Cost
    from interpreter.engine.delayed_replacements import delayed_replacement, replacement_payment
    gear = _obj(state, STANDING_PAID, "gear")
    (found,) = of_object(state, gear)
    assert (found.kind, found.payer, found.cost) == ("die", "its_controller", Cost(0, ["A", "A", "A"]))
    assert found.instructions[0].action == "heal"                            # the payment is made as it applies
    (spell,) = compile_text(DELAYED_PAID.format(who="you"), card_type="spell")
    delayed = spell.effects[1]
    assert [c.amount for c in replacement_payment(delayed).cost] == [1]
    assert [(a.action, a.options) for a in delayed_replacement(delayed)] == [("recall", ("exhausted",))]
    (spell,) = compile_text(DELAYED_PAID.format(who="an opponent"), card_type="spell")
    assert delayed_replacement(spell.effects[1]) is None and replacement_payment(spell.effects[1]) is None
