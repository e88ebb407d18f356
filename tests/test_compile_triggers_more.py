"""Trigger forms read late: delayed triggers a spell makes ("When it dies this turn, ..."), conditions on the
event of a trigger ("... while I'm at a battlefield"), events with their own time ("during a showdown", "on your
turn", "your second card each turn") and passives that change how triggers work. Each test checks the compiled
values and the canonical text."""
from __future__ import annotations

import pytest

from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import render_card, round_trips

from conftest import one_ability


def _same_text(text: str, card_type: str) -> None:
    abilities = compile_text(text, card_type=card_type)
    assert render_card(abilities, card_type) == text
    assert round_trips(abilities, card_type)


# ---- delayed triggers made by an earlier sentence (390.2) -------------------------------------------
@pytest.mark.parametrize("text, event, actor_relation, effect", [
    ("Deal 3 to an enemy unit. When it dies this turn, play a Gold gear token exhausted.", "die", "enemy",
     "CreateTokens"),
    ("Give a friendly unit +3 [M] this turn. When it wins a combat this turn, gain 2 XP.", "win", "friendly",
     "GameAction"),
    ("Stun an enemy unit. When it attacks this turn, draw 2.", "attack", "enemy", "GameAction"),
])
def test_a_later_when_sentence_is_a_delayed_trigger_on_what_came_before(text, event, actor_relation, effect):
    spell = one_ability(text, "spell")
    delayed = spell.effects[-1]
    assert isinstance(delayed, fx.Delayed) and delayed.when == "when" and "390.2" in delayed.rules
    assert delayed.trigger.event == event and "this_turn" in delayed.trigger.qualifiers
    assert delayed.trigger.actor.reference == "it" and delayed.trigger.actor.antecedent.relation == actor_relation
    assert type(delayed.effects[0]).__name__ == effect
    _same_text(text, "spell")


def test_a_delayed_trigger_keeps_the_object_of_its_event():
    spell = one_ability("Give a friendly unit +3 [M] this turn. When it wins a combat this turn, gain 2 XP.", "spell")
    assert spell.effects[-1].trigger.object.types == ("combat",)
    assert spell.effects[-1].effects[0].action == "gain_xp" and spell.effects[-1].effects[0].amount.value == 2


# ---- a condition on the event of a trigger (383.2.a.1) ------------------------------------------------
@pytest.mark.parametrize("text, event, limit", [
    ("Once each turn, when an enemy unit dies while I'm at a battlefield, play a Gold gear token exhausted.",
     "die", "once_each_turn"),
    ("When a friendly unit attacks while I'm at a battlefield, draw 1.", "attack", None),
])
def test_while_after_the_event_is_a_condition_of_the_trigger(text, event, limit):
    ability = one_ability(text, "unit")
    trigger = ability.trigger
    assert trigger.event == event and ability.limit == limit
    assert trigger.condition.kind == "is_at" and trigger.condition.subject.reference == "self"
    assert trigger.condition.place.kind == "battlefield"
    _same_text(text, "unit")


def test_a_trigger_condition_may_name_another_subject_and_covers_every_event():
    text = "When you play me or when I hold while you control a Dragon, draw 1."
    ability = one_ability(text, "unit")
    assert ability.trigger.condition == ability.also[0].condition
    assert ability.trigger.condition.kind == "controls" and ability.trigger.condition.object.tags == ("Dragon",)
    _same_text(text, "unit")


def test_a_played_unit_can_be_stunned_and_kept_from_moving_this_turn():
    text = "When an opponent plays a unit while I'm at a battlefield, stun it. They can't move it this turn."
    ability = one_ability(text, "unit")
    assert ability.trigger.event == "play" and ability.trigger.actor.types == ("opponent",)
    stun, forbid = ability.effects
    assert stun.action == "stun"
    assert (forbid.kind, forbid.value, forbid.duration) == ("cannot_act", "move", "this_turn")
    _same_text(text, "unit")


def test_a_delayed_trigger_on_a_player_named_before_speaks_of_them_in_the_plural():
    text = "When you play me, choose an opponent. Banish a card in their trash. When they score, draw 1."
    ability = one_ability(text, "unit")
    delayed = ability.effects[-1]
    assert delayed.when == "when" and delayed.trigger.event == "score"
    assert delayed.trigger.actor.reference == "they" and delayed.trigger.qualifiers == ()
    _same_text(text, "unit")


# ---- events counted only in a part of the game -------------------------------------------------------
@pytest.mark.parametrize("text, card_type, qualifier", [
    ("When you play a unit during a showdown, you may exhaust this to draw 1.", "gear", "during_a_showdown"),
    ("When an enemy unit moves during an opponent's Main Phase, draw 1.", "gear", "during_an_opponent's_main_phase"),
    ("When a friendly gear is killed during combat, draw 1.", "unit", "during_combat"),
    ("When you play me from face down on your turn, you may move an enemy unit at a different location to my "
     "battlefield.", "unit", "your_turn"),
    ("When I attack on your turn, draw 1.", "unit", "your_turn"),
])
def test_an_event_can_be_limited_to_a_time_of_the_game(text, card_type, qualifier):
    ability = one_ability(text, card_type)
    assert qualifier in ability.trigger.qualifiers
    _same_text(text, card_type)


def test_the_first_time_in_a_phase_each_turn_keeps_the_phase_and_the_limit():
    text = "The first time a friendly unit dies during your Beginning Phase each turn, each opponent kills one of " \
           "their units."
    ability = one_ability(text, "gear")
    assert ability.limit == "first" and ability.trigger.event == "die"
    assert ability.trigger.qualifiers == ("during_your_beginning_phase",)
    (kill,) = ability.effects
    assert kill.action == "kill" and kill.subject.types == ("opponent",) and kill.subject.quantity == "each"
    _same_text(text, "gear")


def test_the_runtime_refuses_a_trigger_limited_to_a_time_it_does_not_track():
    from interpreter.engine.trigger_support import condition_runs
    # the general event watch reads "on your turn" and "during a showdown" as the event happens (event_watch.py)
    assert condition_runs(one_ability("When I attack on your turn, draw 1.", "unit").trigger)
    assert condition_runs(one_ability("When you play a unit during a showdown, draw 1.", "gear").trigger)
    assert not condition_runs(one_ability("When you play a unit during your Main Phase, draw 1.", "gear").trigger)
    assert not condition_runs(one_ability("When a friendly unit dies during a combat, draw 1.", "gear").trigger)
    assert condition_runs(one_ability("When an enemy unit dies while I'm at a battlefield, draw 1.", "unit").trigger)
    assert not condition_runs(one_ability("When an enemy unit dies while you control a Dragon, draw 1.", "unit").trigger)


@pytest.mark.parametrize("text, event, states", [
    ("When you draw your second card each turn, give a friendly unit +2 [M] this turn.", "draw", ("second",)),
    ("When you play your third spell each turn, draw 1.", "play", ("third",)),
])
def test_an_ordinal_object_each_turn_counts_within_the_turn(text, event, states):
    ability = one_ability(text, "gear")
    assert ability.trigger.event == event and ability.trigger.qualifiers == ("each_turn",)
    assert ability.trigger.object.states == states and ability.trigger.object.controller == "you"
    _same_text(text, "gear")


@pytest.mark.parametrize("text, verb", [
    ("When you [Stun] an enemy unit at a battlefield, you may move me to that battlefield.", "stun"),
    ("When you [Buff] a friendly unit, draw 1.", "buff"),
])
def test_a_bracketed_keyword_action_is_the_event_verb(text, verb):
    ability = one_ability(text, "unit")
    assert ability.trigger.event == verb and ability.trigger.subject == "you"
    assert ability.trigger.object.types == ("unit",)
    abilities = compile_text(text, card_type="unit")
    assert render_card(abilities, "unit") == text.replace(f"[{verb.title()}]", verb)
    assert round_trips(abilities, "unit")


# ---- times of the turn among the events, and delayed triggers for a time (390.2) ---------------------
@pytest.mark.parametrize("text, event, whose", [
    ("When you play me or at the start of your Beginning Phase, play a ready 3 [M] Sprite unit token with "
     "[Temporary] to your base.", "start_of_beginning_phase", "you"),
    ("When I attack or at the end of your turn, draw 1.", "end_of_turn", "you"),
])
def test_a_time_of_the_turn_can_be_another_event_of_a_trigger(text, event, whose):
    ability = one_ability(text, "unit")
    (other,) = ability.also
    assert (other.event, other.subject) == (event, whose)
    _same_text(text, "unit")


@pytest.mark.parametrize("text, effect_kind", [
    ("When I hold, at the start of your next Main Phase, you may move an enemy unit to this battlefield.", "MayDo"),
    ("When I conquer, at the end of your turn, draw 2.", "GameAction"),
])
def test_a_time_after_the_trigger_makes_a_delayed_trigger(text, effect_kind):
    ability = one_ability(text, "unit")
    (delayed,) = ability.effects
    assert isinstance(delayed, fx.Delayed) and delayed.when == "at" and "390.2" in delayed.rules
    assert type(delayed.effects[0]).__name__ == effect_kind
    _same_text(text, "unit")


def test_your_next_main_phase_is_the_turn_owner_of_the_time():
    ability = one_ability("When I hold, at the start of your next Main Phase, draw 1.", "unit")
    assert (ability.effects[0].trigger.event, ability.effects[0].trigger.subject) == ("start_of_main_phase", "you_next")


@pytest.mark.parametrize("text, canonical", [
    ("When I hold, [Add] [A] at the start of your next Main Phase.",
     "When I hold, at the start of your next Main Phase, [Add] [A]."),
    ("When I conquer, draw 1 at the start of your next turn.", "When I conquer, at the start of your next turn, draw 1."),
])
def test_a_trailing_time_is_the_same_delayed_trigger(text, canonical):
    (ability,) = compile_text(text, card_type="unit")
    (delayed,) = ability.effects
    assert delayed.when == "at" and delayed.trigger.subject == "you_next"
    assert render_card((ability,), "unit") == canonical
    assert round_trips((ability,), "unit")


# ---- passives that change how triggers work (383.4) --------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("Your hold effects for holding here trigger an additional time.", "hold"),
    ("Your conquer effects for conquering here trigger an additional time.", "conquer"),
])
def test_score_effects_for_scoring_here_trigger_again(text, value):
    static = one_ability(text, "unit").effects[0]
    assert (static.kind, static.value, static.holder.reference) == ("extra_trigger", value, "you")
    assert static.place == fx.Place("here")
    _same_text(text, "unit")


def test_a_score_way_that_is_not_the_effects_own_is_refused():
    from interpreter.base.diagnostics import InputError
    with pytest.raises(InputError, match="another score") as error:
        compile_text("Your hold effects for conquering here trigger an additional time.", card_type="unit")
    assert "E010" in str(error.value) and "1:19" in str(error.value)


@pytest.mark.parametrize("text, value, place", [
    ("Your [Temporary] effects at my battlefield don't trigger.", "Temporary", fx.Place("battlefield", "my")),
    ("Your [Deathknell] effects don't trigger.", "Deathknell", None),
    ("Your conquer effects at a battlefield don't trigger.", "conquer", fx.Place("battlefield", None, ("a",))),
])
def test_effects_that_do_not_trigger(text, value, place):
    static = one_ability(text, "unit").effects[0]
    named = static.keyword or static.value       # the keyword's effects (808.1.b.1), else the event's (383)
    assert (static.kind, named, static.holder.reference, static.place) == ("no_trigger", value, "you", place)
    _same_text(text, "unit")


# ---- "if you revealed ...": what an earlier reveal of the effect showed -------------------------------
@pytest.mark.parametrize("text, tags, types", [
    ("When you play me, reveal the top card of your Main Deck. If you revealed a spell, draw 1.", (), ("spell",)),
    ("When I hold, look at the top 3 cards of your Main Deck. You may reveal a unit from among them. If you do, "
     "draw it. Recycle the rest. If you revealed a Bird, Cat, Dog, or Poro, buff a friendly unit.",
     ("Bird", "Cat", "Dog", "Poro"), ()),
])
def test_if_you_revealed_is_a_condition_on_what_was_revealed(text, tags, types):
    ability = one_ability(text, "unit")
    conditional = ability.effects[-1]
    assert isinstance(conditional, fx.Conditional) and conditional.condition.kind == "revealed"
    assert conditional.condition.object.tags == tags and conditional.condition.object.types == types
    _same_text(text, "unit")


# ---- "that <noun>" for what the event named ----------------------------------------------------------
@pytest.mark.parametrize("text, noun", [
    ("When you conquer or hold, you may exhaust me to replace that battlefield with a Brush battlefield token.",
     "battlefield"),
    ("When I hold, replace that battlefield with a Sand battlefield token.", "battlefield"),
])
def test_replace_that_battlefield_with_a_battlefield_token(text, noun):
    ability = one_ability(text, "unit")
    may = ability.effects[0]
    action = may.effect.result if isinstance(may, fx.MayDo) and isinstance(may.effect, fx.PayToDo) else may
    assert action.action == "replace"
    old, new = action.objects
    assert (old.types, old.reference) == ((noun,), "that")
    assert new.types == ("battlefield",) and new.token is True and len(new.names) == 1
    _same_text(text, "unit")


def test_the_runtime_refuses_a_new_battlefield_token_rather_than_doing_nothing():
    from interpreter.engine.effect_run import runs
    action = one_ability("When I hold, replace that battlefield with a Sand battlefield token.", "unit").effects[0]
    assert not runs(action)
    back = one_ability("When you score here, you may replace this with the battlefield it replaced.", "battlefield")
    assert runs(back.effects[0].effect)


# ---- "Once each turn, if ... would ..., ... instead" (371.1) -------------------------------------------
ZILEAN = ("Once each turn, if you would play a token unit while I'm at a battlefield, you may play that token and "
          "an additional copy of it instead.")


def test_once_each_turn_if_would_is_a_replacement_limited_to_once_a_turn():
    ability = one_ability(ZILEAN, "unit")
    assert ability.limit == "once_each_turn" and ability.trigger.replaces
    assert ability.trigger.event == "play" and ability.trigger.object.token is True
    assert ability.trigger.condition.kind == "is_at"
    play = ability.effects[0].effect.effect
    assert isinstance(ability.effects[0].effect, fx.Instead) and play.action == "play"
    that, copy = play.objects
    assert (that.reference, that.token) == ("that", True)
    assert copy.types == ("copy",) and copy.states == ("additional",)
    assert copy.filters[0].kind == "copy_of" and copy.filters[0].of.reference == "it"
    abilities = compile_text(ZILEAN, card_type="unit")
    assert render_card(abilities, "unit") == ZILEAN.replace("token unit", "unit token")
    assert round_trips(abilities, "unit")


@pytest.mark.parametrize("text, event", [
    ("Once each turn, if a friendly unit would die, you may recall it exhausted instead.", "die"),
    ("Once each turn, if you would play a token unit, you may play two Recruit unit tokens instead.", "play"),
])
def test_once_each_turn_if_reads_other_replacements(text, event):
    ability = one_ability(text, "unit")
    assert ability.limit == "once_each_turn" and ability.trigger.replaces and ability.trigger.event == event
    assert isinstance(ability.effects[0].effect, fx.Instead)
    assert render_card((ability,), "unit").startswith("Once each turn, if ")
    assert round_trips((ability,), "unit")


def test_a_copy_can_be_played_beside_another_object_named_before():
    (spell,) = compile_text("Choose a friendly unit token. You may play that token and a copy of it instead.",
                            card_type="spell")
    that, copy = spell.effects[-1].effect.effect.objects
    assert that.reference == "that" and copy.states == () and copy.filters[0].of.reference == "it"
    assert "play that token and a copy of it instead" in render_card((spell,), "spell")
    assert round_trips((spell,), "spell")


def test_once_each_turn_if_without_would_is_refused():
    from interpreter.base.diagnostics import InputError
    with pytest.raises(InputError, match="would"):
        compile_text("Once each turn, if you play a unit, draw 1.", card_type="unit")


# ---- "As you look at or reveal me from the top of your deck" (370.1.b.1) ------------------------------
NOCTURNE = ("As you look at or reveal me from the top of your deck, you may banish me. If you do, you may play me "
            "for [A].")


@pytest.mark.parametrize("text, events", [
    (NOCTURNE, ("look", "reveal")),
    ("As you reveal me from the top of your deck, draw 1.", ("reveal",)),
])
def test_as_you_look_at_or_reveal_me_is_one_as_event_per_verb(text, events):
    ability = one_ability(text, "unit")
    triggers = (ability.trigger,) + ability.also
    assert tuple(t.event for t in triggers) == events
    assert all(t.subject == "self" and t.replaces and "top_of_deck" in t.qualifiers and t.whose == "you" for t in triggers)
    _same_text(text, "unit")


def test_the_runtime_refuses_an_as_effect_on_its_source_in_the_deck(tmp_path):
    from interpreter.scenarios.load import load_scenarios
    from interpreter.scenarios.run import run_scenario
    path = tmp_path / "night_stalker.yaml"
    path.write_text(f"""name: a reveal from the deck
rules: ["370.1.b.1"]
cards:
  - {{name: Night Stalker, type: Unit, cost: {{energy: 5}}, might: 5, domains: [Chaos], text: "{NOCTURNE}"}}
given:
  A:
    deck: [Night Stalker]
when:
  - reveal: "A:Night Stalker"
then:
  - log_has: "370.1.b.1"
""")
    (scenario,) = load_scenarios(path)
    result = run_scenario(scenario)
    assert result.status == "fail" and "acts on its source in the deck" in "\n".join(result.reasons)


@pytest.mark.parametrize("text, subject, seen", [
    ("When you look at cards from the top of your deck (and don't draw them) and see me, you may play me for [A].",
     "you", True),
    ("When an opponent looks at cards from the top of your deck, draw 1.", "other", False),
])
def test_looking_at_cards_from_the_top_of_a_deck_is_an_event(text, subject, seen):
    ability = one_ability(text, "unit")
    trigger = ability.trigger
    assert (trigger.event, trigger.subject) == ("look", subject) and trigger.object.types == ("card",)
    assert "top_of_deck" in trigger.qualifiers and trigger.whose == "you" and ("sees_me" in trigger.qualifiers) == seen
    rendered = render_card((ability,), "unit")
    assert "look" in rendered and " at cards from the top of your deck" in rendered   # no "all" in a trigger
    assert ("and see me," in rendered) == seen and "(and don't draw them)" not in rendered   # reminder (135.2.d.3)
    assert round_trips((ability,), "unit")


def test_the_runtime_runs_a_delayed_death_this_turn_and_refuses_other_delayed_events():
    from interpreter.engine.effect_run import runs
    dies = one_ability("Deal 3 to an enemy unit. When it dies this turn, draw 1.", "spell").effects[-1]
    wins = one_ability("Give a friendly unit +3 [M] this turn. When it wins a combat this turn, gain 2 XP.", "spell").effects[-1]
    saves = one_ability("Choose a friendly unit. The next time it would die this turn, recall it instead.", "spell").effects[-1]
    assert runs(dies) and runs(wins)                  # "wins a combat": the general event watch (390.2)
    assert runs(saves)                                # a delayed replacement of its death (delayed_replacements.py, 390.3)
