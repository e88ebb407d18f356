"""The value sets the rules name come from the rules data: a word added to a rules_data copy is a value.

``vocabulary.rules_sets`` reads keywords, domains, actions, card types, statuses and zones through the
lexicon; the schema built from a copy's lexicon allows the copy's new words, the shipped schema does not
(it stays a closed ``enum``).
"""
from __future__ import annotations

import re
import shutil

import jsonschema
import pytest

from interpreter.base.resources import rules_data_dir
from interpreter.compiler import vocabulary
from interpreter.compiler.pipeline import compile_text
from interpreter.compiler.schema import build_schema
from interpreter.compiler.serialize import to_data
from interpreter.language.lexicon import load_lexicon, shipped_lexicon
from interpreter.rules.data import use_rules_folder

RULE_NAMED = ("KeywordName", "DomainSymbol", "Action", "CardType", "State", "PlaceKind")
# invented words, one per set the rules name; none is a word of the shipped rules data
FORTIFY = 'fortify: {rule: "446", forms: [fortify, fortifies, fortified, fortifying], takes: count, ' \
          'status: {name: fortified, rule: "446"}}\n'
BULWARK = '''- id: "830"
  title: "Bulwark"
  text: "Bulwark"
  encoding: "[Bulwark] reminds (I can't be moved.)."
- id: "830.1"
  text: "Bulwark is a passive keyword."
  encoding: "[Bulwark] is a passive keyword."
'''
VOCABULARY_EDITS = (
    ('  Backline: {rule: "826", takes: none}\n', '  Bulwark: {rule: "830", takes: none}\n'),
    ('  stunned: {rule: "124.2", action: stun}\n', '  rooted: {rule: "124.2"}\n'),
    ('  banishment: {rule: "108.7", board: false}\n', '  sideboard: {rule: "108.8", board: false}\n'),
    ('  order: {rule: "134.2.f", symbol: Y}\n', '  shadow: {rule: "134.2.g", symbol: S}\n'),
)


def _copy(tmp_path, card_type: bool = False):
    folder = tmp_path / "rules_data"
    shutil.copytree(rules_data_dir(), folder)
    with open(folder / "actions.yaml", "a", encoding="utf-8") as handle:
        handle.write(FORTIFY)
    path = folder / "vocabulary.yaml"
    text = path.read_text(encoding="utf-8")
    edits = VOCABULARY_EDITS + ((('  legend: {rule: "174", plural: legends}\n',
                                  '  relic: {rule: "178", plural: relics}\n'),) if card_type else ())
    for after, added in edits:
        assert after in text
        text = text.replace(after, after + added, 1)
    path.write_text(text, encoding="utf-8")
    with open(folder / "rules" / "800-829.yaml", "a", encoding="utf-8") as handle:
        handle.write(BULWARK)
    with open(folder / "rules" / "index.txt", "a", encoding="utf-8") as handle:
        handle.write("".join(f"{rule_id}\n" for rule_id in re.findall(r'id: "([0-9.]+)"', BULWARK)))
    return folder


def test_the_shipped_sets_are_read_from_the_shipped_lexicon():
    read = vocabulary.rules_sets(shipped_lexicon())
    for name in RULE_NAMED:
        assert vocabulary.members(getattr(vocabulary, name)) == read[name], name
    assert "stunned" in read["State"] and "main_deck" in read["PlaceKind"] and "Y" in read["DomainSymbol"]
    assert set(vocabulary.COMPILER_ACTIONS) <= set(read["Action"])


def test_a_word_added_to_a_copy_is_a_value_of_its_sets_and_schema(tmp_path):
    lexicon = load_lexicon(_copy(tmp_path, card_type=True))
    sets = vocabulary.value_sets(lexicon)
    added = {"KeywordName": "Bulwark", "Action": "fortify", "State": "rooted", "PlaceKind": "sideboard",
             "DomainSymbol": "S", "CardType": "relic"}
    copy_schema, shipped_schema = build_schema(lexicon)["$defs"], build_schema()["$defs"]
    for name, word in added.items():
        assert word in sets[name], name
        assert word in copy_schema[name]["enum"] and word not in shipped_schema[name]["enum"], name
    assert "fortified" in sets["State"]              # the status the new action gives (its `status`)
    # the sets the compiler owns are the same whatever the rules data
    assert sets["Quantity"] == vocabulary.members(vocabulary.Quantity)
    assert vocabulary.value_sets() == {name: vocabulary.members(getattr(vocabulary, name))
                                       for name in vocabulary.DESCRIPTIONS}


@pytest.fixture
def invented(tmp_path):
    folder = _copy(tmp_path)
    use_rules_folder(folder)
    yield load_lexicon(folder)
    use_rules_folder(None)


def test_a_text_using_the_new_words_validates_against_the_copys_schema_only(invented):
    copy_schema, shipped_schema = build_schema(invented), build_schema()
    checks = []
    for text, card_type in (("[Bulwark]", "unit"), ("Fortify 2.", "spell"),
                            ("When I attack, give a unit [Bulwark] this turn.", "unit")):
        for ability in to_data(compile_text(text, card_type=card_type)):
            jsonschema.Draft202012Validator({"$ref": "#/$defs/AnyEffect", "$defs": copy_schema["$defs"]}) \
                .validate(ability)
            shipped = jsonschema.Draft202012Validator({"$ref": "#/$defs/AnyEffect", "$defs": shipped_schema["$defs"]})
            checks.append(shipped.is_valid(ability))
    assert checks == [False, False, False]         # the shipped schema is closed: it knows no invented word
