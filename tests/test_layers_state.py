"""The layer engine on game states (effects read from compiled text) and ``riftbound explain``."""
from __future__ import annotations

from interpreter.engine.layers.model import TRAIT, Change, ContinuousEffect, fixed
from interpreter.engine.layer_sources import register, resolve_state
from interpreter.engine.traits import keywords_of, might_of

from conftest import ROOT, board

FIORA = {"name": "Fiora, Victorious", "type": "Unit", "might": 4, "tags": ["Fiora", "Demacia"],
         "text": "While I'm [Mighty], I have [Deflect], [Ganking], and [Shield]."}


def test_fiora_buffed_defending_then_buff_removed():
    """476.3: buffed 5 with keywords; defending 6 (Shield +1); buff gone: 4 with no keywords."""
    state, (fiora,) = board(FIORA)
    fiora.buffed = True
    assert might_of(state, fiora) == 5 and sorted(keywords_of(state, fiora)) == ["Deflect", "Ganking", "Shield"]
    fiora.combat_role = "defender"                                   # what combat will set (814.1.c)
    assert might_of(state, fiora) == 6
    fiora.buffed = False
    assert might_of(state, fiora) == 4 and keywords_of(state, fiora) == {}


def test_an_attacker_gets_nothing_from_shield():
    state, (fiora,) = board(FIORA)
    fiora.buffed, fiora.combat_role = True, "attacker"
    assert might_of(state, fiora) == 5


def test_a_registered_might_assignment_comes_before_arithmetic():
    """477.1.a.1: "becomes 4" in layer 1, then the buff (+1) in layer 3."""
    state, (unit,) = board({"name": "Plain", "type": "Unit", "might": 2})
    unit.buffed = True
    register(state, ContinuousEffect("might becomes 4", TRAIT, Change("might_set", 4), fixed(unit.oid), 99,
                                     passive=False))
    assert might_of(state, unit) == 5


def test_a_copied_state_keeps_its_registered_effects():
    """The scenario runner restores a deep copy after a refused step: a copy effect (477.1.b) or a
    might assignment registered before must still apply in it, and only in it."""
    from interpreter.scenarios.run import snapshot

    state, (unit,) = board({"name": "Plain", "type": "Unit", "might": 2})
    register(state, ContinuousEffect("might becomes 4", TRAIT, Change("might_set", 4), fixed(unit.oid), 99,
                                     passive=False))
    copied = snapshot(state)
    (copied_unit,) = copied.objects(("base", "A"))
    assert might_of(copied, copied_unit) == 4
    register(copied, ContinuousEffect("might becomes 7", TRAIT, Change("might_set", 7), fixed(unit.oid), 100,
                                      passive=False))
    assert might_of(copied, copied_unit) == 7 and might_of(state, unit) == 4


def test_a_passive_takes_a_new_timestamp_when_its_object_is_new():
    """480.2 / 124: text that comes back into play is a new object with a later timestamp."""
    state, (source, _other) = board({"name": "Giver", "type": "Unit", "might": 1, "text": "Other friendly units have +1 [M]."},
                                    {"name": "Plain", "type": "Unit", "might": 2})
    before = [s.effect.timestamp for s in resolve_state(state).steps]
    state.renew(source)
    after = [s.effect.timestamp for s in resolve_state(state).steps]
    assert after[0] > before[0]


def test_explain_a_scenario(run_cli):
    status, out, err = run_cli("explain", str(ROOT / "tests" / "scenarios" / "layers" / "keyword_dependency.yaml"))
    assert status == 0, err
    assert "Deflect Giver: [Deflect] depends on Shield Bearer: [Shield]" in out and "478.1.b" in out
    assert "A:Recruit: might 1, keywords Deflect, Shield" in out


def test_explain_cards(run_cli, tmp_path):
    card = tmp_path / "cards.yaml"
    card.write_text("- {name: Giver, type: Unit, might: 1, text: 'Other friendly units have +2 [M].'}\n"
                    "- {name: Plain, type: Unit, might: 2}\n", encoding="utf-8")
    status, out, err = run_cli("explain", "--cards", str(card))
    assert status == 0, err
    assert "Giver: +2 [M] -> A:Plain" in out and "A:Plain: might 4" in out


def test_explain_a_missing_file_is_one_diagnostic(run_cli):
    status, out, err = run_cli("explain", "no-such.yaml")
    assert status == 2 and err.startswith("no-such.yaml:1:1: E003") and "help:" in err


def test_attached_equipment_gives_its_might_bonus_and_effect_text_keywords():
    """477.3.d and 477.2.c: Assault 2 from the effect text counts while the unit attacks."""
    state, (unit, gear) = board({"name": "Plain", "type": "Unit", "might": 2},
                                {"name": "Test Blade", "type": "Gear", "might_bonus": 1,
                                 "effect_text": "[Assault 2] (+2 [M] while I'm an attacker.)"})
    gear.attached_to = unit.identity
    assert might_of(state, unit) == 3 and keywords_of(state, unit) == {"Assault": 2}
    unit.combat_role = "attacker"
    assert might_of(state, unit) == 5


STOPPING_SCENARIO = """name: explain stops where the runtime cannot go on
rules: ["477.3"]
given:
  A:
    base: [Faithful Manufactor]
when:
  - do: "Give a unit -4 [M] this turn."
    choose: ["A:Faithful Manufactor"]
  - do: 'This turn, a friendly unit has "When I conquer, draw 1."'
then:
  - object: "A:Faithful Manufactor"
    might: -2
"""


def test_explain_stops_at_a_step_the_runtime_cannot_do(run_cli, tmp_path):
    path = tmp_path / "stops.yaml"
    path.write_text(STOPPING_SCENARIO, encoding="utf-8")
    status, out, err = run_cli("explain", str(path))
    assert status == 0, err
    assert out.startswith("note: stopped before the end, at step 2")
    assert "A:Faithful Manufactor: might -2, keywords none" in out


def test_an_equipment_bonus_is_doubled_by_its_unit():
    """137.3: "Each Equipment attached to me gives double its base Might bonus": +2 becomes +4."""
    state, (unit, gear) = board({"name": "Gear Lover", "type": "Unit", "might": 3,
                                 "text": "Each Equipment attached to me gives double its base Might bonus."},
                                {"name": "Test Blade", "type": "Gear", "might_bonus": 2})
    gear.attached_to = unit.identity
    assert might_of(state, unit) == 7


def test_an_effect_text_tag_goes_to_the_unit():
    """136.2.c and 477.1: an Equipment whose effect text says "I am a Mech." makes its unit a Mech."""
    state, (unit, gear) = board({"name": "Plain", "type": "Unit", "might": 2, "tags": ["Zaun"]},
                                {"name": "Test Plate", "type": "Gear", "effect_text": "I am a Mech."})
    assert resolve_state(state).view[unit.oid].tags == {"Zaun"}
    gear.attached_to = unit.identity
    assert resolve_state(state).view[unit.oid].tags == {"Mech", "Zaun"}


def test_your_equipment_each_give_a_keyword_to_their_units():
    """364, 477.2: "Your Equipment each give [Assault]": the unit an Equipment is attached to has [Assault]."""
    state, (legend, unit, gear) = board({"name": "Forge Spirit", "type": "Legend",
                                         "text": "Your Equipment each give [Assault]."},
                                        {"name": "Plain", "type": "Unit", "might": 2},
                                        {"name": "Test Blade", "type": "Gear", "might_bonus": 1})
    assert keywords_of(state, unit) == {}
    gear.attached_to = unit.identity
    assert keywords_of(state, unit) == {"Assault": None} and might_of(state, unit) == 3
    unit.combat_role = "attacker"
    assert might_of(state, unit) == 4
