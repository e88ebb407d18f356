"""Which compiled cards the runtime runs whole (engine/runs.py), and `coverage` reporting it."""
from __future__ import annotations

import json
import subprocess
import sys

from conftest import ROOT

from interpreter import compile_text
from interpreter.engine.runs import first_gap


def test_a_spell_the_runtime_handles_has_no_gap():
    assert first_gap(compile_text("Draw 1.", card_type="spell")) is None


def test_a_trigger_on_two_events_runs_when_each_event_is_watched():
    assert first_gap(compile_text("When I conquer or hold, draw 1.", card_type="unit")) is None
    assert first_gap(compile_text("When I attack or defend, draw 1.", card_type="unit")) is None   # 464.2.e


def test_a_trigger_of_mine_that_also_names_other_objects_is_a_gap():
    gap = first_gap(compile_text("When I conquer an enemy battlefield, draw 1.", card_type="unit"))
    assert gap == "a “conquer” trigger of mine that also names other objects is not watched yet"
    # "you play me or another Dragon": the other Dragon is played by you, watched (383.1)
    assert first_gap(compile_text("When you play me or another Dragon, draw 1.", card_type="unit")) is None


def test_a_game_action_without_a_handler_names_the_action(monkeypatch):
    from interpreter.engine import runs

    monkeypatch.setattr(runs, "ACTIONS", {})
    assert first_gap(compile_text("Draw 1.", card_type="spell")) == "the game action “draw” has no handler yet"


def test_coverage_json_reports_runs_beside_compiled(tmp_path):
    (tmp_path / "cards.yaml").write_text(
        "- {name: Quick Study, type: Spell, cost: {energy: 1}, text: 'Draw 1.'}\n"
        "- {name: Two Minds, type: Unit, might: 2, cost: {energy: 2}, text: 'When I conquer an enemy battlefield, draw 1.'}\n",
        encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "interpreter", "coverage", str(tmp_path), "--format", "json"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    data = json.loads(done.stdout)
    assert (data["cards"], data["compiled"], data["runs"]) == (2, 2, 1)
    assert data["by_type"]["spell"] == {"cards": 1, "compiled": 1, "runs": 1}
    assert data["by_type"]["unit"] == {"cards": 1, "compiled": 1, "runs": 0}
    assert [gap["name"] for gap in data["run_gaps"]] == ["Two Minds"]


def test_a_token_played_at_base_runs_its_destination_is_a_part():
    """The Destination and Decision of a token are parts read by the token handler, not effects of their own."""
    assert first_gap(compile_text("Play a 1 [M] Recruit unit token in your base.", card_type="spell")) is None
    assert first_gap(compile_text("When you play me, play a ready 3 [M] Sprite unit token here.",
                                  card_type="unit")) is None


def test_an_ability_behind_a_keyword_runs_as_the_runtime_makes_it_active():
    """[Legion] and [Level] triggers, passives and spell instructions are made active by
    traits.active_abilities (135.2.e.7); the parts behind the keyword are checked as usual, and a permission
    to play the card itself from its trash is applied by engine/play_from_zones.py."""
    legion = "[Legion] — When you play me, buff me."
    assert first_gap(compile_text(legion, card_type="unit")) is None
    assert first_gap(compile_text("[Level 3][>] I have +1 [M].", card_type="unit")) is None
    assert first_gap(compile_text("Draw 1.\n[Level 6][>] Stun an enemy unit.", card_type="spell")) is None
    # "... instead" replaces the earlier draw (engine/handlers_instead.py, 158.2); one that replaces no earlier
    # instruction of the text stays a gap
    assert first_gap(compile_text("Draw 1.\n[Level 6][>] Draw 2 instead.", card_type="spell")) is None
    gap = first_gap(compile_text("Draw 1.\n[Level 6][>] Channel 1 rune exhausted instead.", card_type="spell"))
    assert gap == "Instead in this form is not run yet"
    # the permission is a passive (compiler/standing), read by playing.zone_permission (355.2.b, 829.1.c.1)
    assert first_gap(compile_text("[Legion][>] You may play me from your trash for [3][R].", card_type="unit")) is None
    # from the hand, for a cost the player chooses over the printed one (356.1.a, engine/play_from_zones.py)
    assert first_gap(compile_text("If you've spent [4] or more to play a spell this turn, you may play me for [B].",
                                  card_type="unit")) is None
    # ... on a condition the passive tests do not read: still a gap
    gap = first_gap(compile_text("If you control two or more units, you may play me for [1].", card_type="unit"))
    assert gap == "the condition of a “While ...” passive (“controls”) is not tested yet (364.3.a)"


def test_an_optional_additional_cost_of_energy_and_power_runs_and_others_stay_gaps():
    paid = "You may pay [1] as an additional cost to play me.\nWhen you play me, if you paid the additional cost, buff me."
    assert first_gap(compile_text(paid, card_type="unit")) is None
    # a mandatory cost of game actions is paid by the play (engine/additional_costs.py, 131)
    assert first_gap(compile_text("As an additional cost to play me, kill a friendly unit.", card_type="unit")) is None
    # an optional cost that is a game action the runtime pays whole (engine/payments.py, 203.3)
    assert first_gap(compile_text("You may discard a card as an additional cost to play me.", card_type="unit")) is None
    # "any number": the objects chosen pay it (engine/payments.py)
    assert first_gap(compile_text("You may kill any number of friendly units as an additional cost to play me.",
                                  card_type="unit")) is None
    gap = first_gap(compile_text("You may pay any amount of [A] as an additional cost to play me.", card_type="unit"))
    assert gap == "AdditionalCost in this form is not run yet"              # "any amount" as a cost: not yet


def test_a_player_named_by_they_runs_only_after_a_phrase_chose_that_player():
    """"Choose a player. They discard 1.": the chosen player is kept (engine/handlers_players.py); a "they" with
    no choice of its player before it stays a gap, as does one before the choice."""
    assert first_gap(compile_text("Choose a player. They discard 1.", start="effect_text")) is None
    chosen = "Choose an opponent. They reveal their hand. Choose a card from it, and they discard that card."
    assert first_gap(compile_text(chosen, start="effect_text")) is None
    unchosen = "the player a sentence chose (“They discard 1”) is not tracked yet"
    # "An opponent reveals their hand.": the subject names the opponent "their" means (handlers_players)
    assert first_gap(compile_text("An opponent reveals their hand. Draw 1.", start="effect_text")) is None
    assert first_gap(compile_text("They discard 1. Choose a player.", start="effect_text")) == unchosen


def test_a_card_runs_only_when_its_equipment_effect_text_runs_too():
    """An Equipment's effect text is the attached unit's (136.2.c): the unit has its abilities, so the card
    runs when they do, and a gap of the effect text keeps it from counting as run (engine/runs.card_gap)."""
    from interpreter.decks.pool import card_pool
    from interpreter.engine.runs import card_gap

    pool = card_pool()
    assert card_gap(pool["Boots of Swiftness"]) is None                      # [Ganking]: a keyword, given
    assert card_gap(pool["Cull"]) is None                                    # "When I conquer, ...": the unit's
    assert card_gap(pool["Blade of the Ruined King"]) is None                # [Equip] — [Y], Kill ... (818.1.c.2)
    assert "effects_also" in card_gap(pool["Skyfall of Areion"])            # "My hold effects are also ..."



def test_a_passive_condition_joined_to_another_is_a_gap_until_both_are_tested():
    # "While I'm at a battlefield" is tested by the layer engine; "... and it's your turn" / "... on your turn
    # during an Open State" (308-309) is not, so the whole condition is a gap rather than half of it applied
    (alone,) = compile_text("While I'm at a battlefield, I have +1 [M].", card_type="unit")
    assert first_gap(alone) is None
    for text in ("While I'm at a battlefield and it's your turn, I have +1 [M].",
                 "While I'm at a battlefield on your turn during an Open State, I have +1 [M]."):
        (joined,) = compile_text(text, card_type="unit")
        assert "is not tested yet" in first_gap(joined)


def test_the_new_weaponmaster_forms_are_gaps():
    # 821.1.c: the end of a text state (725) and the keyword cost of a named ability, reduced (818, 206)
    text = ("When you play me, you may choose a Card you control with the Equipment tag. Necessary portions of its "
            "Rules Text are no longer Inactive if they are currently Inactive. Pay the cost of its Equip ability, "
            "reduced by [A], to attach it to this unit.")
    (ability,) = compile_text(text, card_type="unit")
    assert first_gap(ability) == "StateEnds in this form is not run yet"
    (pay,) = compile_text("When you play me, choose a gear you control. Pay the cost of its Equip ability, "
                          "reduced by [1], to attach it to me.", card_type="unit")
    assert first_gap(pay) == "PayToDo in this form is not run yet"
