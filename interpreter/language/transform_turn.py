"""Transformer methods for the turn statements of grammar/statements.lark (301-348, 463-472):
the parts of the turn, its states, priority and focus. Mixed into ``StatementsTransformer``."""
from __future__ import annotations

from lark import Token, Transformer, v_args

from .nodes import Span
from .rule_statements import Statement


def _stmt(kind: str, meta, **args) -> Statement:
    return Statement(kind, Span.of(meta), args)


def _words(children) -> tuple[str, ...]:
    return tuple(str(child).lower() for child in children if isinstance(child, Token))


@v_args(meta=True)
class TurnStatementsTransformer(Transformer):
    """Builds the ``Statement`` objects of the turn: parts, states, rights (priority, focus)."""

    def stmt_part_kind(self, meta, children):
        return str(children[0]).lower()

    def stmt_whole(self, meta, children):
        return " ".join(children)  # "beginning phase", "turn", "combat"

    def stmt_being(self, meta, children):
        return "exists" if str(children[0]).lower() == "exists" else "in_progress"

    def stmt_right_verb(self, meta, children):
        return str(children[0]).lower()

    def present(self, meta, children):
        return {"present": True, "things": _words(children[:-1]), "being": children[-1]}

    def absent(self, meta, children):
        return {"present": False, "things": _words(children[:-1]), "being": children[-1]}

    def turn_part(self, meta, children):
        name, kind, numbered_as, number, whole = children
        return _stmt("turn_part", meta, name=name, part=kind, numbered_as=numbered_as, number=int(number),
                     whole=whole)

    def turn_state(self, meta, children):
        state, presence = children
        return _stmt("turn_state", meta, state=state, **presence)

    def turn_state_combined(self, meta, children):
        state, first, second = children
        return _stmt("turn_state_combined", meta, state=state, parts=(first, second))

    def state_needs_keyword(self, meta, children):
        state, *keywords = children
        return _stmt("state_needs_keyword", meta, state=state, keywords=tuple(str(k)[1:-1] for k in keywords))

    def right_limit(self, meta, children):
        return _stmt("right_limit", meta, right=str(children[0]).lower(), at_most=1)

    def right_follows(self, meta, children):
        verb, right, then_verb, then_right = children
        return _stmt("right_follows", meta, verb=verb, right=str(right).lower(), then=then_verb,
                     then_right=str(then_right).lower())

    def right_absent(self, meta, children):
        state, right = children
        return _stmt("right_absent", meta, state=state, right=str(right).lower())

    def score_once_per_battlefield(self, meta, children):
        return _stmt("score_once_per_battlefield", meta, per="battlefield", each="turn", at_most=1)

    def one_at_a_time(self, meta, children):
        return _stmt("one_at_a_time", meta, thing=str(children[0]).lower(), at_most=1)
