"""The lexicon (issue 14, items 2 and 4): the game's words come from rules_data, so a copy of
rules_data with an invented action and an invented keyword is read with no grammar edit, and a
keyword the rules data lacks is defined by its reminder text."""
from __future__ import annotations

import re
import shutil

import pytest

from interpreter import InputError
from interpreter.base.resources import rules_data_dir
from interpreter.compiler import effects as fx
from interpreter.compiler.pipeline import compile_text
from interpreter.language.lexicon import load_lexicon, shipped_lexicon
from interpreter.language.parse import GRAMMAR_FILES, RULE_GRAMMAR_FILES, grammar_source, parse
from interpreter.base.resources import grammar_dir
from interpreter.render.renderer import render_card, round_trips
from interpreter.rules.data import default_rules, use_rules_folder

FORTIFY = 'fortify: {rule: "446", forms: [fortify, fortifies, fortified, fortifying], takes: count, ' \
          'status: {name: fortified, rule: "446"}}\n'
BULWARK = '''- id: "830"
  title: "Bulwark"
  text: "Bulwark"
  encoding: "[Bulwark] reminds (Other friendly units here have +{value} [M].)."
- id: "830.1"
  text: "Bulwark is a passive keyword."
  encoding: "[Bulwark] is a passive keyword."
- id: "830.2"
  text: "Bulwark takes a number."
  encoding: "[Bulwark] takes a number, 1 when omitted."
'''


def _copy(tmp_path, actions: str = "", vocabulary: tuple[str, str] | None = None, rules: str = ""):
    folder = tmp_path / "rules_data"
    shutil.copytree(rules_data_dir(), folder)
    with open(folder / "actions.yaml", "a", encoding="utf-8") as handle:
        handle.write(actions)
    if vocabulary is not None:
        path = folder / "vocabulary.yaml"
        text = path.read_text(encoding="utf-8")
        assert vocabulary[0] in text
        path.write_text(text.replace(vocabulary[0], vocabulary[1], 1), encoding="utf-8")
    if rules:
        with open(folder / "rules" / "800-829.yaml", "a", encoding="utf-8") as handle:
            handle.write(rules)
        with open(folder / "rules" / "index.txt", "a", encoding="utf-8") as handle:
            handle.write("".join(f"{rule_id}\n" for rule_id in re.findall(r'id: "([0-9.]+)"', rules)))
    return folder


@pytest.fixture
def invented(tmp_path):
    """A rules_data copy with the invented action Fortify and the invented keyword Bulwark, in use."""
    folder = _copy(tmp_path, FORTIFY, ("  Backline: {rule: \"826\", takes: none}\n",
                                       "  Backline: {rule: \"826\", takes: none}\n"
                                       "  Bulwark: {rule: \"830\", takes: optional_number}\n"), BULWARK)
    rules = use_rules_folder(folder)
    yield rules
    use_rules_folder(None)


def _only(text: str, card_type: str = "spell"):
    abilities = compile_text(text, card_type=card_type)
    assert round_trips(abilities, card_type), render_card(abilities, card_type)
    assert len(abilities) == 1
    return abilities[0]


# ---- the shipped lexicon ---------------------------------------------------------------------
def test_the_shipped_actions_carry_their_forms_format_and_rules():
    lexicon = shipped_lexicon()
    burn = lexicon.action("burn")
    assert burn.forms == ("burn", "burns", "burned", "burning")
    assert (burn.rule, burn.takes, burn.rules["format"], burn.rules["limited"]) == ("440", "count", "440.2", "440.3")
    assert lexicon.action("skip").rules["replacement"] == "443.4"
    assert lexicon.action("empower").status == "empowered"
    assert lexicon.action_of("Burns") is burn and lexicon.action_of("empowered").name == "empower"


def test_every_word_of_the_vocabulary_cites_a_rule_of_the_core_rules():
    known = set((rules_data_dir() / "rules" / "index.txt").read_text(encoding="utf-8").split())
    lexicon = shipped_lexicon()
    cited = [entry["rule"] for section in lexicon.vocabulary.values() for entry in section.values()]
    cited += [action.rule for action in lexicon.actions.values() if action.forms]
    cited += [rule for action in lexicon.actions.values() for rule in action.rules.values()]
    assert cited and [rule for rule in cited if rule not in known] == []
    assert lexicon.vocabulary["domains"]["fury"] == {"rule": "134.2.a", "symbol": "R"}
    assert list(lexicon.vocabulary["phases"]) == ["awaken", "beginning", "channel", "draw", "main", "ending"]


def test_the_vocabulary_keywords_are_the_keywords_of_the_rules_with_the_same_parameter():
    rules, vocabulary = default_rules().keywords, shipped_lexicon().vocabulary["keywords"]
    assert set(vocabulary) == set(rules)
    shapes = {"cost": "energy", "number": "number", "optional_number": "optional_number", "none": "none"}
    for name, entry in vocabulary.items():
        assert shapes[entry["takes"]] == rules[name]["value"], name
        assert entry["rule"] == rules[name]["rule"], name


def _generated_rules() -> dict:
    """The rules of words the lexicon adds to the grammar, by name: {"_action_verb": {"burn", ...}, ...}."""
    return {name: set(re.findall(r'"([a-z\'\-]+)"i', body))
            for name, body in re.findall(r"^!(_?[a-z_]+): (.*)$", grammar_source(), re.M)}


def test_the_word_classes_hold_every_form_of_every_action():
    lexicon, rules = shipped_lexicon(), _generated_rules()
    actions = [action for action in lexicon.actions.values() if action.forms]
    assert rules["_action_verb"] == {word for action in actions for word in action.forms[:2]}
    assert rules["_action_done"] == {action.forms[2] for action in actions}
    assert {"deal", "deals", "ready", "readies", "play", "burn", "skip"} <= rules["_action_verb"]
    assert {"readied", "stunned", "played", "dealt", "burned", "empowered"} <= rules["_action_done"]
    # no action form is a regex terminal of its own: the lexer reads each as the one word it is
    assert "ACTION_VERB" not in grammar_source() and "ACTION_DONE" not in grammar_source()


def test_the_instruction_class_leaves_out_every_verb_the_card_grammar_spells():
    card_grammar = "\n".join(shipped_lexicon().expand((grammar_dir() / name).read_text(encoding="utf-8"))
                             for name in GRAMMAR_FILES if name not in RULE_GRAMMAR_FILES)
    card_grammar = re.sub(r"//[^\n]*", "", card_grammar)          # words quoted in comments are not spelled
    spelled = {word.lower() for word in re.findall(r'"([A-Za-z][A-Za-z\'\-]*)"i?', card_grammar)}
    free = _generated_rules()["_free_action_verb"]
    assert free == set(shipped_lexicon().free_forms(card_grammar, "base"))
    assert {"burn", "burns", "empower", "disempower", "skip"} <= free
    assert not free & spelled and "deal" not in free


# ---- actions of the rules read by the general phrases ---------------------------------------------
@pytest.mark.parametrize("text, action, amount", [("Burn 2.", "burn", 2), ("Burn three.", "burn", 3)])
def test_burn_is_an_instruction_with_its_count(text, action, amount):
    effect = _only(text).effects[0]
    assert (effect.action, effect.amount.value, effect.rules) == (action, amount, ("440", "440.2"))


def test_empower_and_disempower_take_their_objects():
    empower, disempower = _only("Empower me. Disempower an enemy unit.", "unit").effects
    assert (empower.action, empower.objects[0].reference) == ("empower", "self")
    assert (disempower.action, disempower.objects[0].types, disempower.objects[0].relation) == \
        ("disempower", ("unit",), "enemy")


def test_a_lexicon_action_as_a_trigger_event_a_participle_and_a_restriction():
    trigger = _only("When an opponent burns, draw 1.", "unit").trigger
    assert (trigger.event, trigger.subject) == ("burn", "other")      # as "When an opponent plays ..." has it
    per = _only("Burn 2. Draw 1 for each card burned this way.").effects[1].amount.per
    assert per.filters == (fx.Filter("this_way", None, "burned"),)
    cannot = _only("I can't be countered.", "unit").effects[0]
    assert (cannot.kind, cannot.value, cannot.rules) == ("cannot_be", "counter", ("364", "425"))


def test_an_action_with_the_wrong_argument_is_refused_with_its_format_line():
    with pytest.raises(InputError) as caught:
        compile_text("Burn a unit.", card_type="spell")
    assert "rule 440.2" in caught.value.diagnostic.message
    assert caught.value.diagnostic.help == "write a number, as in “Burn 2.”"


def test_a_status_must_be_one_the_rules_data_names():
    assert _only("If it's [Empowered], draw 1.").effects[0].condition.value == "empowered"
    with pytest.raises(InputError) as caught:
        compile_text("If it's [Fortified], draw 1.", card_type="spell")
    assert caught.value.diagnostic.column == 9
    assert caught.value.diagnostic.message == "[Fortified] is no status of the rules data"


# ---- an invented action and an invented keyword in a copy of rules_data ---------------------------
def test_an_invented_action_is_read_in_every_role_with_no_grammar_edit(invented):
    with pytest.raises(InputError):                       # the shipped rules do not know it
        parse("Fortify 2.", lexicon=shipped_lexicon())
    instruction = _only("Fortify 2.").effects[0]
    assert (instruction.action, instruction.amount.value, instruction.rules) == ("fortify", 2, ("446",))
    activated = _only("Fortify 2, [E]: Draw 1.", "unit")
    assert isinstance(activated, fx.ActivatedAbility)
    assert [getattr(c, "action", None) for c in activated.costs] == ["fortify", None]
    trigger = _only("When you fortify, draw 1.", "unit").trigger
    assert (trigger.event, trigger.subject) == ("fortify", "you")
    per = _only("Fortify 2. Draw 1 for each unit fortified this way.").effects[1].amount.per
    assert (per.types, per.filters) == (("unit",), (fx.Filter("this_way", None, "fortified"),))
    status = _only("If it's [Fortified], draw 1.").effects[0]
    assert (status.condition.kind, status.condition.value) == ("is", "fortified")
    restriction = _only("I can't be fortified.", "unit").effects[0]
    assert (restriction.kind, restriction.value, restriction.rules) == ("cannot_be", "fortify", ("364", "446"))
    assert render_card(compile_text("Fortify 2. Spells can't fortify units.", card_type="spell"), "spell") == \
        "Fortify 2. All spells can't fortify all units."
    for text, negated in (("If you fortified a unit this turn, draw 1.", False),
                          ("If an opponent hasn't fortified a unit this turn, draw 1.", True)):
        done = _only(text).effects[0].condition             # the action done (or not) by the subject this turn
        assert (done.kind, done.action, done.negated, done.object.types) == ("done_this_turn", "fortify", negated, ("unit",))


def test_an_invented_keyword_is_read_with_its_value(invented):
    ability = _only("[Bulwark 2]", "unit")
    assert isinstance(ability, fx.KeywordAbility)
    assert (ability.keyword.name, ability.keyword.value, ability.rules) == ("Bulwark", 2, ("830",))
    assert render_card((ability,), "unit") == "[Bulwark 2] (Other friendly units here have +2 [M].)"


def test_rules_data_on_the_command_line(tmp_path, run_cli):
    folder = _copy(tmp_path, FORTIFY)
    code, out, _ = run_cli("compile", "--rules-data", str(folder), "--format", "json", "Fortify 2.")
    assert code == 0 and '"action": "fortify"' in out
    code, _, err = run_cli("compile", "Fortify 2.")         # the next run reads the shipped rules again
    assert code == 1 and "E002" in err                       # a text that does not parse: a failure (1)
    card = tmp_path / "card.yaml"
    card.write_text('name: Stand Firm\ntype: Spell\ntext: "Fortify 2."\n', encoding="utf-8")
    for command in ("render", "lint", "coverage"):
        code, out, err = run_cli(command, "--rules-data", str(folder), str(card))
        assert code == 0, (command, out, err)
    assert "Fortify 2." in run_cli("render", "--rules-data", str(folder), str(card))[1]


# ---- keywords defined by their reminder text (item 4) --------------------------------------------
def test_a_keyword_the_rules_lack_means_what_its_reminder_text_says():
    ability = _only("[Fortify 2]. (To Fortify 2, give a friendly unit +2 [M] this turn.)")
    assert isinstance(ability, fx.DefinedKeyword) and ability.action
    assert (ability.keyword.name, ability.keyword.value, ability.rules) == ("Fortify", 2, ("135.2.d",))
    give = ability.definition[0]
    assert (give.action, give.objects[0].relation, give.duration) == ("give", "friendly", "this_turn")
    assert give.modifications[0].amount == 2
    assert give.span.column == 29                        # located in the card text, inside the reminder
    assert render_card((ability,), "spell") == "[Fortify 2] (To Fortify 2, give a friendly unit +2 [M] this turn.)"


def test_a_reminder_that_is_an_ability_defines_a_passive_keyword():
    ability = _only("[Bulwark] (Other friendly units here have +1 [M].)", "unit")
    assert isinstance(ability, fx.DefinedKeyword) and not ability.action
    assert isinstance(ability.definition[0], fx.PassiveAbility)


@pytest.mark.parametrize("text, message, column", [
    ("[Fortify 2]", "keyword [Fortify] is not defined by the rules data, and no reminder text defines it", 1),
    ("[Fortify 3] (To Fortify 2, give a friendly unit +2 [M] this turn.)", "the reminder text defines Fortify 2, "
     "not [Fortify 3]", 13),
    ("[Fortify 2] (To Fortify 2, frobnicate wildly.)", "the reminder text that defines this keyword cannot be read", 45),
    ("[Sheild] (+1 [M] while I'm a defender.)", "unknown keyword [Sheild]", 1),
])
def test_a_keyword_nothing_defines_is_one_located_error(text, message, column):
    with pytest.raises(InputError) as caught:
        compile_text(text, card_type="unit")
    assert caught.value.diagnostic.message.startswith(message)
    assert caught.value.diagnostic.column == column


def test_the_error_says_how_to_define_the_keyword(run_cli):
    code, _, err = run_cli("compile", "[Fortify 2]")
    assert code == 1 and "Traceback" not in err              # a text that does not compile: a failure (1)
    assert "define [Fortify] in rules_data" in err and "(To Fortify 2, <what it does>.)" in err


# ---- bad input: malformed rules data ------------------------------------------------------------
@pytest.mark.parametrize("actions, vocabulary, message, line_text", [
    ('fortify: {rule: "446", forms: [fortify, fortifies]}\n', None, "the forms of 'fortify' are not four words",
     "fortify: {rule"),
    ('fortify: {forms: [fortify, fortifies, fortified, fortifying]}\n', None, "entry 'fortify' cites no rule",
     "fortify: {forms"),
    ('fortify: {rule: "446", takes: sometimes}\n', None, "takes is not valid", "fortify: {rule"),
    ("", ("  Tank: {rule: \"815\", takes: none}", "  Tank: {rule: \"815\", takes: lots}"), "takes is not valid",
     "  Tank: {rule"),
    ("", ("  Tank: {rule: \"815\", takes: none}", "  Tank: {rule: \"815\", shape: none}"),
     "entry 'Tank' has an unknown field 'shape'", "  Tank: {rule"),
])
def test_a_malformed_entry_is_one_located_diagnostic(tmp_path, run_cli, actions, vocabulary, message, line_text):
    folder = _copy(tmp_path, actions, vocabulary)
    with pytest.raises(InputError) as caught:
        load_lexicon(folder)
    diagnostic = caught.value.diagnostic
    assert diagnostic.message == message and diagnostic.code == "E120"
    assert diagnostic.source_line.startswith(line_text) and diagnostic.path.endswith(".yaml")
    code, _, err = run_cli("compile", "--rules-data", str(folder), "Draw 1.")
    assert code == 2 and err.startswith(f"{diagnostic.path}:{diagnostic.line}:{diagnostic.column}: E120")
    assert "help: expected" in err and "Traceback" not in err


# ---- keywords mean what the rules define (item 3) -------------------------------------------------
def test_empower_is_the_activated_ability_of_827_1_c_1_with_the_card_cost():
    ability = _only("[Empower] [5]", "unit")
    assert isinstance(ability, fx.KeywordAbility) and ability.rules == ("827", "827.1.c.1")
    (activated,) = ability.definition
    assert isinstance(activated, fx.ActivatedAbility)
    assert activated.costs[0].costs == (fx.Cost("energy", 5),)
    (empower,) = activated.effects
    (restriction,) = activated.restrictions          # "Use only if ...": checked before activating (377)
    assert (empower.action, empower.objects[0].reference) == ("empower", "self")
    assert (restriction.kind, restriction.condition.value, restriction.condition.negated) == ("only_if", "empowered", True)
    assert render_card((ability,), "unit").startswith("[Empower] [5] (")       # the keyword, not its expansion


def test_flow_is_the_play_from_the_trash_of_829_1_b_for_the_card_cost():
    ability = _only("[Flow] [1][R]", "spell")
    (passive,) = ability.definition                    # 829.1: a passive ability keyword
    permission, banish = passive.effects
    assert isinstance(passive, fx.PassiveAbility) and permission.kind == "play_permission"
    assert (permission.holder.reference, permission.holder.zone.kind) == ("self", "trash")
    assert permission.cost == (fx.Cost("energy", 1), fx.Cost("power", 1, "R"))     # its flow cost (829.1.c.1)
    assert (banish.when, banish.rules) == ("after", ("390", "390.3.a"))              # a delayed replacement
    assert banish.effects[0].action == "banish" and banish.effects[0].objects[0].antecedent.reference == "self"


def test_a_keyword_definition_that_does_not_parse_is_one_diagnostic_at_its_rule(tmp_path, run_cli):
    folder = _copy(tmp_path)
    path = folder / "rules" / "800-829.yaml"
    text = path.read_text(encoding="utf-8")
    old = "functionally short for “[Cost]: Empower this. Play only if not Empowered.”"
    path.write_text(text.replace(old, "functionally short for “[Cost]: Empower this wholeheartedly.”"), encoding="utf-8")
    line = next(i for i, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "wholeheartedly" in row)
    code, _, err = run_cli("compile", "--rules-data", str(folder), "[Empower] [5]")
    assert code == 2 and "Traceback" not in err
    first = err.splitlines()[0]
    assert first.startswith(f"{path}:") and " E121 the definition of [Empower] (rule 827.1.c.1" in first
    assert int(first.split(":")[1]) in (line - 1, line)           # the entry of the rule (its id line or text)


@pytest.mark.parametrize("text, options", [("Skip your Draw phase.", ("your", "draw_phase")),
                                           ("Skip your next Beginning Phase.", ("your_next", "beginning_phase"))])
def test_skip_takes_a_phase_of_the_lexicon(text, options):
    skip = _only(text).effects[0]
    assert (skip.action, skip.options) == ("skip", options)
    assert skip.rules[:3] == ("443", "443.1.b", "443.4")


# ---- every form of every action, in every role of the general phrases (the lexicon's rules of words) -----
@pytest.mark.parametrize("text, event", [("When an opponent recalls a unit, draw 1.", "recall"),
                                         ("When you heal a unit, draw 1.", "heal"),
                                         ("When you channel, draw 1.", "channel")])
def test_an_action_the_grammar_also_spells_elsewhere_is_a_trigger_event(text, event):
    ability = _only(text, "unit")
    assert ability.trigger.event == event


@pytest.mark.parametrize("text, kind, action", [("I can't be healed.", "cannot_be", "heal"),
                                                ("Your units can't be moved.", "cannot_be", "move"),
                                                ("Spells can't recall units.", "cannot_act", "recall")])
def test_an_action_the_grammar_also_spells_elsewhere_is_a_restriction(text, kind, action):
    effect = _only(text, "unit").effects[0]
    assert (effect.kind, effect.value) == (kind, action)


# ---- phrase rules of one action take its words from the rules data (issue 14, build 2) ---------------
def _renamed(tmp_path, renames: dict) -> object:
    """A rules_data copy whose actions.yaml gives some actions other forms, in use."""
    folder = _copy(tmp_path)
    path = folder / "actions.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in renames.items():
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return use_rules_folder(folder)


def test_the_words_of_one_action_in_its_phrase_rules_come_from_its_forms(tmp_path):
    _renamed(tmp_path, {"forms: [pay, pays, paid, paying]": "forms: [remit, remits, remitted, remitting]",
                        "forms: [play, plays, played, playing]": "forms: [stage, stages, staged, staging]"})
    try:
        pay = compile_text("Remit [2]. Draw 1.", card_type="spell")[0].effects[0]
        assert (pay.action, pay.cost) == ("pay", (fx.Cost("energy", 2),))
        cost = compile_text("Remit the cost of its Equip ability.", card_type="spell")[0].effects[0]
        assert (cost.action, cost.objects[0].reference) == ("pay", "it")
        only = compile_text("Opponents can only [Ambush] at any time they could stage cards with [Action].",
                            card_type="unit")[0].effects[0]
        assert (only.kind, only.holder.types) == ("play_only_when", ("opponent",))
        assert compile_text("When you stage a spell, draw 1.", card_type="unit")[0].trigger.event == "play"
        with pytest.raises(InputError):                       # the words the copy no longer gives
            compile_text("Pay [2].", card_type="spell")
    finally:
        use_rules_folder(None)


def test_a_phrase_rule_of_an_action_without_forms_reads_no_word():
    lexicon = shipped_lexicon()
    assert lexicon.expand('x: _verb_pay "the"i | _done_play\n') == 'x: ("pay"i | "pays"i) "the"i | ("played"i)\n'
    # take_turn has no forms: a terminal that matches nothing, one per name, so the rule keeps two alternatives
    assert lexicon.expand("x: _verb_take_turn | _done_take_turn\n") == \
        "x: (_NO_WORDS_VERB_TAKE_TURN) | (_NO_WORDS_DONE_TAKE_TURN)\n"
    assert lexicon.no_words("x: (_NO_WORDS_VERB_TAKE_TURN)\n") == "_NO_WORDS_VERB_TAKE_TURN: /[^\\s\\S]/\n"
    assert not re.search(r"\b_(verb|base|third|done|doing)_", grammar_source())   # every one is put in


# ---- the participle of any action before a noun and in a reduced relative (no lookahead terminal) --------
MARK = 'mark: {rule: "446", forms: [mark, marks, marked, marking], takes: object}\n'


@pytest.fixture
def marking(tmp_path):
    """A rules_data copy with the invented action Mark, which takes an object, in use."""
    use_rules_folder(_copy(tmp_path, MARK))
    yield
    use_rules_folder(None)


def test_the_participle_of_an_invented_action_names_what_it_acted_on(marking):
    mark, deal = compile_text("Mark a unit. Deal 2 to the marked unit.", card_type="spell")[0].effects
    assert mark.action == "mark"
    target = deal.objects[0]
    assert (target.reference, target.antecedent) == ("that", mark.objects[0])
    might = compile_text("Mark an enemy unit. Deal damage equal to the marked unit's Might to a unit.",
                         card_type="spell")[0].effects[1].amount.measure
    assert might.of.reference == "that" and might.of.antecedent.relation == "enemy"
    with pytest.raises(InputError) as caught:            # nothing was marked before: the participle names nothing
        compile_text("Deal 2 to the marked unit.", card_type="spell")
    assert caught.value.diagnostic.message == "nothing was marked before “marked ...”"


@pytest.mark.parametrize("text, who", [("Draw 1 for each unit you marked this turn.", "player"),
                                       ("Draw 1 for each unit that an opponent marked this turn.", "opponent")])
def test_the_participle_of_an_invented_action_in_a_reduced_relative(marking, text, who):
    per = compile_text(text, card_type="spell")[0].effects[0].amount.per
    assert (per.types, per.filters[0].kind, per.filters[0].value, per.filters[0].of.types) == \
        (("unit",), "was_this_turn", "marked", (who,))


@pytest.mark.parametrize("text, verb", [("Heal a unit. Give the healed unit +1 [M] this turn.", "heal"),
                                        ("Stun a unit. Deal 2 to the stunned unit.", "stun"),
                                        ("Reveal a card. Discard the revealed card.", "reveal")])
def test_the_participle_of_a_shipped_action_names_what_it_acted_on(text, verb):
    first, second = _only(text).effects
    assert first.action == verb and second.objects[0].antecedent == first.objects[0]


def test_a_status_participle_that_names_no_instruction_is_the_status():
    target = _only("Deal 2 to the stunned unit.").effects[0].objects[0]
    assert (target.states, target.reference, target.antecedent) == (("stunned",), None, None)
    assert "DONE_TO" not in grammar_source()


# ---- the kinds of damage named by an adjective (vocabulary.yaml damage_kinds) ----------------------
@pytest.mark.parametrize("text, value", [("I must be assigned combat damage first.", "first"),
                                         ("I must be assigned lethal damage last.", "lethal_last")])
def test_a_kind_of_damage_of_the_lexicon_orders_the_assignment(text, value):
    static = _only(text, "unit").effects[0]
    assert (static.kind, static.value) == ("assigned_damage", value)
    assert shipped_lexicon().vocabulary["damage_kinds"] == {"combat": {"rule": "465"}, "lethal": {"rule": "142.4.a"}}


def test_an_invented_kind_of_damage_is_read_and_refused_at_its_word(tmp_path):
    use_rules_folder(_copy(tmp_path, vocabulary=("  lethal: {rule: \"142.4.a\"}\n",
                                                 "  lethal: {rule: \"142.4.a\"}\n  piercing: {rule: \"142.4\"}\n")))
    try:
        parse("I must be assigned piercing damage first.")            # the word is read: a kind of damage
        with pytest.raises(InputError) as caught:                       # but no order of assignment is known for it
            compile_text("I must be assigned piercing damage first.", card_type="unit")
        assert caught.value.diagnostic.column == 20
        assert caught.value.diagnostic.message == "an order of assigning “piercing damage” is not read yet"
    finally:
        use_rules_folder(None)
    with pytest.raises(InputError):
        parse("I must be assigned piercing damage first.", lexicon=shipped_lexicon())


# ---- the statuses of the rules data after "that is" (124.2) ----------------------------------------------
def test_an_invented_status_is_a_state_of_a_relative_clause(tmp_path):
    use_rules_folder(_copy(tmp_path, vocabulary=("  stunned: {rule: \"124.2\", action: stun}\n",
                                                 "  stunned: {rule: \"124.2\", action: stun}\n"
                                                 "  shielded: {rule: \"124.2\"}\n")))
    try:
        kill = compile_text("Kill a unit that is shielded.", card_type="spell")[0].effects[0]
        assert (kill.action, kill.objects[0].states) == ("kill", ("shielded",))
    finally:
        use_rules_folder(None)
    with pytest.raises(InputError):
        parse("Kill a unit that is shielded.", lexicon=shipped_lexicon())
    empowered = _only("Draw 1 for each unit that is empowered.").effects[0].amount.per     # a status an action gives
    assert empowered.states == ("empowered",)


def test_the_possessive_of_an_invented_card_type_names_its_characteristic(tmp_path):
    use_rules_folder(_copy(tmp_path, vocabulary=("  gear: {rule: \"148\", plural: gear}\n",
                                                 "  gear: {rule: \"148\", plural: gear}\n"
                                                 "  relic: {rule: \"148\", plural: relics}\n")))
    try:
        draw = compile_text("Choose a relic. Draw cards equal to that relic's Energy cost.",
                            card_type="spell")[0].effects[1]
        assert (draw.amount.measure.kind, draw.amount.measure.of.types) == ("energy_cost", ("relic",))
    finally:
        use_rules_folder(None)
    with pytest.raises(InputError):
        parse("Choose a gear. Draw cards equal to that relic's Energy cost.", lexicon=shipped_lexicon())
    might = _only("Kill a unit. Deal damage equal to that unit's Might to a unit.").effects[1].amount.measure
    assert (might.kind, might.of.types) == ("might", ("unit",))
