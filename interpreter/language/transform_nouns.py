"""Transform stage, the general parts of a noun phrase (grammar/objects.lark): domain adjectives, relative
clauses ("that is stunned", "who attacked this turn"), reduced relatives ("an opponent played this turn"),
"besides <object>", and "with <characteristic> <comparison>".

Each builds the same node classes as ``transform.ObjectsTransformer`` (``Post``, ``Phrase``, ``Word``); the
compiler reads them in ``compiler/noun_posts.py``.
"""
from __future__ import annotations

from dataclasses import replace

from lark import Transformer, v_args

from . import nodes as n
from .nodes import Span
from .transform import _TransformerMeta, convert


@v_args(meta=True)
class NounPhraseTransformer(Transformer, metaclass=_TransformerMeta):
    """The noun phrase's general modifiers: each one a ``Post`` (or a premodifier ``Phrase``)."""

    WORDS = ("rel_state", "rel_done", "rel_verb", "stat_name", "stat_owner", "lexicon_domain", "cost_name",
             "possessive_type")

    # ---- before the noun
    def domain_premod(self, meta, children):
        """"Fury", "Fury [R] or Chaos" -> Phrase(domain, (Phrase(domain_word, (Word(fury), [Symbol R])), ...))."""
        return n.Phrase(Span.of(meta), "domain", tuple(c for c in children if isinstance(c, n.Phrase)))

    def domain_word(self, meta, children):
        return n.Phrase(Span.of(meta), "domain_word", tuple(convert(c) for c in children))

    def domain_symbol_premod(self, meta, children):
        """"[R]" before a noun -> Phrase(domain, (Phrase(domain_word, (Symbol R,)),))."""
        span = Span.of(meta)
        return n.Phrase(span, "domain", (n.Phrase(span, "domain_word", (convert(children[0]),)),))

    def each_other_np(self, meta, children):
        """"each other friendly unit" -> NounPhrase(each, ("other", ...), ...), as "each" + "other friendly unit"."""
        premods, head, posts = children[-1]
        span = Span.of(meta)
        other = n.Word(span, "other")
        return n.NounPhrase(span, n.Determiner(span, "each"), (other,) + premods, head, None, posts)

    def the_other_np(self, meta, children):
        """"the other friendly unit" -> NounPhrase(the, ("other", ...), ...), as "the" + "other friendly unit" (the
        pronoun "the other", with no noun after it, is ``the_other``)."""
        premods, head, posts = children[-1]
        span = Span.of(meta)
        return n.NounPhrase(span, n.Determiner(span, "the"), (n.Word(span, "other"),) + premods, head, None, posts)

    # ---- relative clauses
    def post_relative(self, meta, children):
        """"that is stunned", "who attacked this turn" -> Post(relative, the predicate Phrase)."""
        predicate = children[-1]
        if isinstance(predicate, n.Word):            # "that's exhausted"
            predicate = n.Phrase(predicate.span, "rel_is", (predicate,))
        return n.Post(Span.of(meta), "relative", predicate)

    def _words_phrase(kind):
        def build(self, meta, children):
            return n.Phrase(Span.of(meta), kind, tuple(c for c in children if isinstance(c, n.Word)))
        build.__name__ = kind
        return build

    # The state words of "that is stunned" (rel_is), "that is exhausted or stunned" (rel_is_any), "that isn't
    # exhausted" (rel_is_not), and of "damaged or stunned" / "exhausted and buffed" before a noun
    # (states_any, states_all): a Phrase of those Words.
    rel_is, rel_is_any, rel_is_not = _words_phrase("rel_is"), _words_phrase("rel_is_any"), _words_phrase("rel_is_not")
    states_any_premod, states_all_premod = _words_phrase("states_any"), _words_phrase("states_all")
    del _words_phrase

    def rel_is_at(self, meta, children):
        return n.Phrase(Span.of(meta), "rel_is_at", tuple(c for c in children if isinstance(c, n.Place)))

    def rel_did(self, meta, children):
        """"attacked this turn", "dealt damage this turn" -> Phrase(rel_did, (Word(event),))."""
        return n.Phrase(Span.of(meta), "rel_did", (children[0],))

    def rel_was_done(self, meta, children):
        """"was dealt damage this turn", "was stunned this turn" -> Phrase(rel_was_done, (Word(participle),))."""
        done = next(c for c in children if isinstance(c, n.Word) and c.text not in ("was", "were"))
        return n.Phrase(Span.of(meta), "rel_was_done", (done,))

    # ---- reduced relatives
    def rel_you(self, meta, children):
        return n.Word(Span.of(meta), "you")

    def rel_opponent(self, meta, children):
        return n.Word(Span.of(meta), "opponent")

    def rel_named(self, meta, children):
        """"the chosen opponent" as the subject of a reduced relative -> NounPhrase(the, premods, noun)."""
        *premods, noun = children
        span = Span.of(meta)
        return n.NounPhrase(span, n.Determiner(span, "the"), tuple(premods), n.Head(noun.span, noun.text, (), False),
                            None, ())

    def post_reduced_relative(self, meta, children):
        """"you control", "an opponent played this turn", "you killed this turn" -> Post(reduced_relative,
        (Word(subject), Word(verb), Word(this_turn) | None))."""
        words = [convert(c) for c in children]
        duration = words.pop() if isinstance(words[-1], n.Word) and words[-1].text in ("this_turn", "this_combat") \
            else None
        subject, verb = words
        return n.Post(Span.of(meta), "reduced_relative", (subject, verb, duration))

    def post_besides(self, meta, children):
        """"besides me", "other than that unit" -> Post(besides, the noun phrase)."""
        return n.Post(Span.of(meta), "besides", children[-1])

    def done_at(self, meta, children):
        """"hidden there" -> Post(done_at, (Word(participle), Place)): the action that put the object at the place."""
        return n.Post(Span.of(meta), "done_at", (convert(children[0]), children[-1]))

    def place_lacking(self, meta, children):
        """"that doesn't already have <object> [hidden there]" after a place -> Phrase(place_where,
        (Phrase(where_lacking, (np,)),)), the participle a post of the np: the condition the place meets, as
        "where ..." is read."""
        span = Span.of(meta)
        np = next(c for c in children if isinstance(c, n.NounPhrase))
        done = next((c for c in children if isinstance(c, n.Post)), None)
        if done is not None:
            np = replace(np, posts=np.posts + (done,))
        return n.Phrase(span, "place_where", (n.Phrase(span, "where_lacking", (np,)),))

    # ---- "with" a characteristic
    def with_stat_test(self, meta, children):
        """"with an Energy cost of [3] or less", "with Might equal to my Might" -> Phrase(with_stat_test,
        (Word(stat), the test Phrase))."""
        stat = next(c for c in children if isinstance(c, n.Word) and c.text not in ("a", "an"))
        return n.Phrase(Span.of(meta), "with_stat_test", (stat, children[-1]))

    def stat_test(self, meta, children):
        return children[0]                            # a cost comparison: "[3] or less", "no more than [3]"

    def stat_of(self, meta, children):
        return children[0]                            # "of [3] or less": the same comparison

    def _stat_compared(op):
        def build(self, meta, children):
            return n.Phrase(Span.of(meta), "stat_compared", (n.Word(Span.of(meta), op), children[-1]))
        build.__name__ = "stat_" + op
        return build

    stat_less, stat_more, stat_no_more = _stat_compared("<"), _stat_compared(">"), _stat_compared("<=")
    stat_no_less, stat_equal = _stat_compared(">="), _stat_compared("==")
    del _stat_compared

    def _might_bound(op):
        def build(self, meta, children):
            number = next(int(str(c)) for c in children if getattr(c, "type", None) == "NUMBER")
            return n.Phrase(Span.of(meta), "with_might_bound", (n.Word(Span.of(meta), op), number))
        build.__name__ = "might_bound_" + op
        return build

    # "with 3 Might" / "with exactly 3 Might" (==), "with at least 3 Might" (>=), "with at most 3 Might" (<=)
    might_exactly, might_at_least, might_at_most = _might_bound("=="), _might_bound(">="), _might_bound("<=")
    del _might_bound

    def measure_whose(self, meta, children):
        """"my Might", "its Energy cost" -> Phrase(measure_whose, (Word(owner), Word(stat)))."""
        return n.Phrase(Span.of(meta), "measure_whose", tuple(children))

    def measure_stat_of(self, meta, children):
        """"the Might of that unit" -> Phrase(measure_stat_of, (Word(stat), NounPhrase))."""
        stat = next(c for c in children if isinstance(c, n.Word) and c.text != "the")
        return n.Phrase(Span.of(meta), "measure_stat_of", (stat, children[-1]))

    def measure_cost_of(self, meta, children):
        """"the Energy cost of that card" -> Phrase(measure_stat_of, (Word(energy cost), NounPhrase))."""
        return n.Phrase(Span.of(meta), "measure_stat_of", (children[0], children[-1]))

    def measure_mine(self, meta, children):
        return n.Phrase(Span.of(meta), "measure_mine", ())

    def with_same_controller_as(self, meta, children):
        """"with the same controller as me" -> Phrase(with_same_controller_as, (NounPhrase,))."""
        return n.Phrase(Span.of(meta), "with_same_controller_as", (children[-1],))

    def with_same_name(self, meta, children):
        """"with the same name as it" -> Phrase(with_same_name, (NounPhrase,))."""
        return n.Phrase(Span.of(meta), "with_same_name", (children[-1],))
