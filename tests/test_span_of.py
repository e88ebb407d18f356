"""``Span.of`` builds a span without the frozen dataclass's ``__init__``: the value must be the one the
constructor makes (fields, equality, hash, repr, frozenness), from a token and from a rule's meta."""
from __future__ import annotations

import dataclasses

import pytest
from lark import Token

from interpreter.language.nodes import Span
from interpreter.language.parse import parser


def test_span_of_a_token_is_the_constructed_span():
    token = Token("WORD", "Draw", start_pos=5, line=2, column=3, end_line=2, end_column=7, end_pos=9)
    span = Span.of(token)
    built = Span(2, 3, 2, 7, 5, 9)
    assert type(span) is Span
    assert (span.line, span.column, span.end_line, span.end_column, span.start, span.end) == (2, 3, 2, 7, 5, 9)
    assert span == built and hash(span) == hash(built) and repr(span) == repr(built)
    assert dataclasses.replace(span, end=11) == Span(2, 3, 2, 7, 5, 11)


def test_span_of_is_frozen():
    span = Span.of(Token("WORD", "x", start_pos=0, line=1, column=1, end_line=1, end_column=2, end_pos=1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        span.line = 4


def test_span_of_a_rule_meta_matches_its_positions():
    tree = parser().parse("Draw 2.", start="card_text")
    meta = tree.meta
    span = Span.of(meta)
    assert span == Span(meta.line, meta.column, meta.end_line, meta.end_column, meta.start_pos, meta.end_pos)
    assert (span.start, span.end) == (0, 7)
