"""The grammar: LALR without conflicts, every named rule has its transformer method."""
from __future__ import annotations

import re

import pytest
from lark import Lark

from interpreter.parse import GRAMMAR_FILES, START_RULES, grammar_source, parser
from interpreter.resources import grammar_dir
from interpreter.transform import AbilitiesTransformer, DefinitionsTransformer, EffectsTransformer
from interpreter.transform_statements import StatementsTransformer

TRANSFORMER_OF = {
    "effects.lark": EffectsTransformer,
    "abilities.lark": AbilitiesTransformer,
    "definitions.lark": DefinitionsTransformer,
    "statements.lark": StatementsTransformer,
}
_RULE = re.compile(r"^[?!]?([a-z][a-z0-9_]*)\s*:", re.M)
_ALIAS = re.compile(r"->\s*([a-z][a-z0-9_]*)")


def _kept_children(expansion) -> int:
    """How many children an expansion leaves in the tree (filtered tokens and empty _rules drop out)."""
    count = 0
    for symbol in expansion:
        if symbol.is_term:
            count += 0 if symbol.filter_out or symbol.name.startswith("_") else 1
        elif symbol.name.startswith("_"):
            count += max(_kept_children(r.expansion) for r in parser().rules if r.origin == symbol)
        else:
            count += 1
    return count


def _tree_names(lark_file: str) -> set[str]:
    """Names of the trees a grammar file's rules can build (rule names and aliases)."""
    source = (grammar_dir() / lark_file).read_text(encoding="utf-8")
    source = re.sub(r"//[^\n]*", "", source)
    built = set(_ALIAS.findall(source))
    grammar_rules = {rule.origin.name: rule for rule in parser().rules}
    for name in _RULE.findall(source):
        alternatives = [r for r in parser().rules if r.origin.name == name]
        for rule in alternatives:
            if rule.alias:
                continue
            if rule.options.expand1 and _kept_children(rule.expansion) <= 1:
                continue  # ?rule passing its only child through
            built.add(name)
    assert grammar_rules  # the parser loaded
    return built


@pytest.mark.parametrize("lark_file", sorted(TRANSFORMER_OF))
def test_every_tree_a_grammar_file_builds_has_its_method(lark_file):
    transformer = TRANSFORMER_OF[lark_file]
    missing = sorted(name for name in _tree_names(lark_file) if not hasattr(transformer, name))
    assert not missing, f"{transformer.__name__} lacks methods for {missing}"


def test_grammar_files_are_all_loaded_and_have_headers():
    on_disk = {p.name for p in grammar_dir().glob("*.lark")}
    assert on_disk == set(GRAMMAR_FILES)
    for name in GRAMMAR_FILES:
        first = (grammar_dir() / name).read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(f"// {name}:")


def test_lalr_builds_without_conflicts():
    # strict=True makes Lark refuse shift/reduce conflicts as well as reduce/reduce ones.
    Lark(grammar_source(), parser="lalr", lexer="contextual", start=list(START_RULES), strict=True)


def test_no_catch_all_terminal():
    for name in GRAMMAR_FILES:
        source = (grammar_dir() / name).read_text(encoding="utf-8")
        assert not re.search(r"/\.[*+]/|/\[\^[^\]]*\][*+]/", source), name


@pytest.mark.parametrize("text", ["When you play me, draw 1.", "Playing a Recruit token.", "Play a 1 [M] Recruit unit tokenz."])
def test_text_the_grammar_cannot_read_fails_loudly(text):
    from interpreter import InputError
    from interpreter.parse import parse

    with pytest.raises(InputError):
        parse(text)
