"""Transform stage: parse trees to AST nodes, one Transformer per grammar file.

Each class covers the rules and aliases of its grammar file and only builds nodes (no
game logic, no rules_data). Noun phrases, places and amounts get their own node classes;
the many constructions that need no more than their kind and children become ``Phrase``
nodes through each class's ``PHRASES`` table. ``DslTransformer`` joins the classes.
"""
from __future__ import annotations

from dataclasses import replace

import re

from lark import Token, Transformer, Tree, v_args
from lark.exceptions import GrammarError, VisitError
from lark.visitors import Discard, _vargs_meta

from . import nodes as n
from .number_words import WORD_NUMBERS
from .nodes import Span

_KEYWORD = re.compile(r"\[(?P<name>.+?)(?: (?P<value>\d+))?\]")


def keyword_ref(token: Token) -> n.KeywordRef:
    """``[Assault 2]`` -> KeywordRef(Assault, 2)."""
    match = _KEYWORD.fullmatch(str(token))
    value = match.group("value")
    return n.KeywordRef(Span.of(token), match.group("name"), int(value) if value else None)


def joined_nouns(text: str) -> list[str]:
    """"units, gear, and runes", "spells and/or units" (one NOUNS_JOINED token) -> ["units", "gear", "runes"]."""
    return [word for word in re.split(r",? and(?:/or)? |, ", text.lower()) if word]


def symbol(token: Token) -> n.Symbol:
    kind = {"ENERGY": "energy", "POWER": "power", "EXHAUST": "exhaust"}[token.type]
    return n.Symbol(Span.of(token), kind, str(token).strip("[]"))


def convert(child):
    """A transformed child, with raw tokens turned into nodes and numbers."""
    if not isinstance(child, Token):
        return child
    if child.type == "NUMBER":
        return int(child)
    if child.type == "KEYWORD":
        return keyword_ref(child)
    if child.type in ("ENERGY", "POWER", "EXHAUST"):
        return symbol(child)
    if child.type in ("WORD", "TAG_LIST", "NEGATED", "THAT_CHOOSES"):
        return n.Word(Span.of(child), str(child))
    return n.Word(Span.of(child), str(child).lower())


def _verb_after_list(clause) -> tuple:
    """A clause of a sequence, or the clause and the verb its modification list took in ("I have +1 [M] and enter
    ready"), put back as a conjunction and the next item, as a sequence of two clauses reads them."""
    mods = clause.parts[-1] if isinstance(clause, n.Phrase) and clause.parts else None
    if not (isinstance(mods, n.Phrase) and mods.kind == "modification_list" and isinstance(mods.parts[-1], n.Phrase)
            and mods.parts[-1].kind == "conj_enters_state"):
        return (clause,)
    entering, items = mods.parts[-1], mods.parts[:-1]
    last = items[-1].span
    end = replace(mods.span, end_line=last.end_line, end_column=last.end_column, end=last.end)
    parts = clause.parts[:-1] + (replace(mods, span=end, parts=items),)
    clause_end = replace(clause.span, end_line=last.end_line, end_column=last.end_column, end=last.end)
    return replace(clause, span=clause_end, parts=parts), n.Phrase(entering.span, "conj_and", ()), entering


def _phrase_method(kind: str):
    def build(self, meta, children):
        return n.Phrase(Span.of(meta), kind, tuple([convert(c) for c in children]))
    build.__name__ = kind
    build.__doc__ = f"``{kind}`` -> Phrase"
    return build


def _word_method(rule: str):
    def build(self, meta, children):
        return n.Word(Span.of(meta), " ".join(str(c) for c in children).lower())
    build.__name__ = rule
    build.__doc__ = f"``{rule}`` -> its words as one lower-cased Word"
    return build


def _inner_method(rule: str):
    def build(self, meta, children):
        return children[0]
    build.__name__ = rule
    build.__doc__ = f"``{rule}`` -> its one child, as transformed"
    return build


class _PhraseTable(type):
    """Adds one Phrase-building method for every name in a class's ``PHRASES``, one lower-cased
    Word method for every rule of words in its ``WORDS``, and one pass-through method for every
    rule in its ``INNER`` (a rule that only wraps one alternative)."""

    def __new__(mcs, name, bases, namespace):
        cls = super().__new__(mcs, name, bases, namespace)
        for kind in namespace.get("PHRASES", ()):
            if kind not in namespace:
                setattr(cls, kind, _phrase_method(kind))
        for rule in namespace.get("WORDS", ()):
            if rule not in namespace:
                setattr(cls, rule, _word_method(rule))
        for rule in namespace.get("INNER", ()):
            if rule not in namespace:
                setattr(cls, rule, _inner_method(rule))
        return cls


class _TransformerMeta(_PhraseTable, type(Transformer)):
    pass


def _words(children) -> tuple[str, ...]:
    return tuple(str(c) for c in children)


# The general modifiers of a noun phrase have a module of their own; it reads the helpers above.
from .transform_nouns import NounPhraseTransformer  # noqa: E402


@v_args(meta=True)
class ObjectsTransformer(NounPhraseTransformer, metaclass=_TransformerMeta):
    """Noun phrases, places, amounts and modifications from ``grammar/objects.lark``."""

    PHRASES = ("comparison_stat", "at_most", "at_most_each", "at_most_each_of", "below_your_points", "at_least", "for_each", "for_each_buff_spent", "for_each_this_way", "for_each_state", "for_each_time", "for_each_tag_among", "for_each_cost_part", "measure_highest_might", "measure_might", "measure_energy_cost",
               "measure_that_energy_cost", "measure_that_might",
               "measure_count", "measure_might_of", "measure_our_might", "measure_keyword", "measure_cost", "measure_base_cost", "keyword_grant", "keyword_equal", "keyword_cost_grant", "might_increase", "might_decrease", "might_increase_by",
               "with_stat", "with_keyword", "with_keyword_named", "with_less_might", "with_more_might", "with_no_more_might", "with_same_controller", "with_most_might", "with_total_might", "with_energy_cost",
               "with_cost", "my_keywords", "ability_grant", "with_source", "with_power_cost", "with_named_tag", "with_tag", "with_chosen_tag", "chosen_tag", "with_might_up_to_more", "abilities_of", "where_has", "where_controls", "where_opponent_controls", "where_opponent_has", "where_there_is")
    WORDS = ("chooser_noun", "cost_stat", "comparison_word", "past_event", "cost_part", "token_suffix", "combat_role", "card_type", "pronoun", "demonstrative", "score_way", "source_noun",
             "place_premod", "noun", "buff_spent", "comparison_tail", "place_noun")
    INNER = ("count", "at_place", "modification", "ability_kind")

    def listed_nouns(self, meta, children):
        """"legends, units, and gear" -> Phrase(listed_nouns, (Word(legends), Word(units), Word(gear))), also when the
        nouns came as one NOUNS_JOINED token."""
        words = []
        for child in children:
            if isinstance(child, Token) and child.type == "AND_OR":
                continue
            word = convert(child)
            words.extend(n.Word(word.span, noun) for noun in joined_nouns(word.text)) if " and" in word.text \
                else words.append(word)
        return n.Phrase(Span.of(meta), "listed_nouns", tuple(words))

    # ---- noun phrases
    def determined_np(self, meta, children):
        determiner, (premods, head, posts) = children
        return n.NounPhrase(Span.of(meta), determiner, premods, head, None, posts)

    def demonstrative_np(self, meta, children):
        word, head, *posts = children
        determiner = n.Determiner(word.span, word.text)
        return n.NounPhrase(Span.of(meta), determiner, (), head, None, tuple(posts))

    def copy_np(self, meta, children):
        """"an additional copy of it" -> Phrase(copy_np, (Word(additional | a), NounPhrase))."""
        words, original = children
        kind = "additional" if "additional" in str(words).lower() else "a"
        return n.Phrase(Span.of(meta), "copy_np", (n.Word(Span.of(words), kind), original))

    def bare_np(self, meta, children):
        premods = tuple(c for c in children if not isinstance(c, (n.Head, n.Post)))
        head = next(c for c in children if isinstance(c, n.Head))
        return n.NounPhrase(Span.of(meta), None, premods, head, None, tuple(c for c in children if isinstance(c, n.Post)))

    def pronoun_np(self, meta, children):
        word, *posts = children
        return n.NounPhrase(Span.of(meta), None, (), None, word.text, tuple(posts))

    def one_of_them(self, meta, children):
        return n.NounPhrase(Span.of(meta), None, (), None, "one", ())

    def count_of_them(self, meta, children):
        """"two of them": a number of the objects named before, chosen."""
        word = str(children[0]).split()[0].lower()
        count = int(word) if word.isdigit() else WORD_NUMBERS[word]
        span = Span.of(meta)
        return n.NounPhrase(span, n.Determiner(span, "count", count), (), None, "one", ())

    def up_to_of_them(self, meta, children):
        span = Span.of(meta)
        return n.NounPhrase(span, n.Determiner(span, "up_to", convert(children[0])), (), None, "one", ())

    def the_other(self, meta, children):
        """"the other" after "one" of two cards: the rest of them."""
        span = Span.of(meta)
        return n.NounPhrase(span, n.Determiner(span, "the"), (), n.Head(span, "rest", (), False), None, ())

    def one_or_both(self, meta, children):
        return n.NounPhrase(Span.of(meta), None, (), None, "one_or_both", ())

    def at_least_one_of_them(self, meta, children):
        return n.NounPhrase(Span.of(meta), None, (), None, "at_least_one", ())

    def each_of_them(self, meta, children):
        """"each" standing alone: each of the objects named before."""
        return n.NounPhrase(Span.of(meta), None, (), None, "each_of_them", ())

    def each_other(self, meta, children):
        return n.NounPhrase(Span.of(meta), None, (), None, "each_other", ())

    def simple_np(self, meta, children):
        if len(children) == 1 and isinstance(children[0], n.Word):
            return n.NounPhrase(Span.of(meta), None, (), None, children[0].text, ())
        determiner, *rest = children
        return n.NounPhrase(Span.of(meta), determiner, tuple(rest[:-1]), rest[-1], None, ())

    def np_body(self, meta, children):
        premods = tuple(c for c in children if not isinstance(c, (n.Head, n.Post)))
        head = next(c for c in children if isinstance(c, n.Head))
        return premods, head, tuple(c for c in children if isinstance(c, n.Post))

    def np_premod(self, meta, children):
        return convert(children[0])

    def bare_premod(self, meta, children):
        return convert(children[0])

    def might_stat(self, meta, children):
        return n.Phrase(Span.of(meta), "might_stat", (int(children[0]),))

    def head_noun(self, meta, children):
        text = children[0].text
        if " and" in text:                       # NOUNS_JOINED: "units, gear, and runes" -> "units and gear and runes"
            text = " and ".join(joined_nouns(text))
        return n.Head(Span.of(meta), text, (), len(children) > 1)

    def possessive_noun(self, meta, children):
        """"unit's" / "units'" before "Might": the head noun of the unit or units whose Might it is."""
        text = str(children[0]).lower()
        return n.Head(Span.of(meta), "units" if text.startswith("units") else "unit", (), False)

    def possessive_name(self, meta, children):
        """"Dragons'" / "Poro's" before "Energy costs": the name the possessor phrase is headed by."""
        text = str(children[0])
        return n.Head(Span.of(meta), None, (text[:-2] if text.endswith("'s") else text[:-1],), False)

    def head_token(self, meta, children):
        noun = children[1].text if len(children) > 1 else None
        return n.Head(Span.of(meta), noun, (), True)

    def head_named(self, meta, children):
        names = children[0]
        noun = next((c.text for c in children[1:] if isinstance(c, n.Word) and c.text not in ("token", "tokens")), None)
        token = any(isinstance(c, n.Word) and c.text in ("token", "tokens") for c in children[1:])
        return n.Head(Span.of(meta), noun, names, token)

    def head_tags(self, meta, children):
        tags = tuple(t.strip() for t in re.split(r",\s*(?:and |or )?|\s+(?:and|or)\s+", str(children[0])) if t.strip())
        noun = children[1].text if len(children) > 1 else None
        return n.Head(Span.of(meta), noun, tags, False, listed=True)

    def name(self, meta, children):
        return _words(children)

    # ---- determiners

    def _det(kind):
        def build(self, meta, children):
            count = next((convert(c) for c in children if isinstance(convert(c), int)), None)
            inner = next((c for c in children if isinstance(c, n.Determiner)), None)
            return n.Determiner(Span.of(meta), kind, count, inner)
        build.__name__ = "det_" + kind
        return build

    det_a, det_another, det_all, det_each, det_any = _det("a"), _det("another"), _det("all"), _det("each"), _det("any")
    det_the, det_your, det_their, det_its, det_my = _det("the"), _det("your"), _det("their"), _det("its"), _det("my")
    det_up_to, det_any_number, det_one_or_more = _det("up_to"), _det("any_number"), _det("one_or_more")
    det_count, det_one_of, det_each_of, det_top = _det("count"), _det("one_of"), _det("each_of"), _det("top")
    det_at_least, det_at_most, det_exactly = _det("at_least"), _det("at_most"), _det("exactly")
    det_multiple = _det("multiple")
    del _det

    def det_no(self, meta, children):
        """"no units": at most zero of them."""
        return n.Determiner(Span.of(meta), "no", 0, None)

    def count_number(self, meta, children):
        return int(children[0])

    def count_word(self, meta, children):
        return WORD_NUMBERS[str(children[0]).lower()]

    # ---- modifiers after the noun

    def _post(kind):
        def build(self, meta, children):
            value = convert(children[0]) if children else None
            return n.Post(Span.of(meta), kind, value)
        build.__name__ = "post_" + kind
        return build

    post_place, post_you_dont_control = _post("place"), _post("you_dont_control")
    post_they_control = _post("they_control")
    post_you_or_allies_control, post_from_keyword = _post("you_or_allies_control"), _post("from_keyword")
    post_from, post_without = _post("from"), _post("without")
    post_you_choose = _post("you_choose")
    post_exhausted, post_attacking = _post("exhausted"), _post("attacking")
    post_among_them, post_in_combat = _post("among_them"), _post("in_combat")
    post_it_replaced, post_of, post_that_costs = _post("it_replaced"), _post("of"), _post("that_costs")
    post_you_play, post_from_it, post_from_here = _post("you_play"), _post("from_it"), _post("from_here")
    post_you_play_to, post_was_uncontrolled = _post("you_play_to"), _post("was_uncontrolled")
    post_played_each_turn, post_beyond = _post("played_each_turn"), _post("beyond")

    def post_with(self, meta, children):
        """"with [Tank]" -> Post(with, the test); "with the same controller and a total Might of 8 or less": one
        ``with`` of several tests -> Post(with, Phrase(with_both, the tests))."""
        value = children[0] if len(children) == 1 else n.Phrase(Span.of(meta), "with_both", tuple(children))
        return n.Post(Span.of(meta), "with", value)

    def measure_done_might(self, meta, children):
        """"the killed unit's Might" -> the Phrase of "the Might of the killed unit"."""
        span = Span.of(meta)
        done, possessive = (c.text if isinstance(c, n.Word) else str(c).lower() for c in children)
        noun = possessive.removesuffix("'s")
        np = n.NounPhrase(span, n.Determiner(span, "the"), (n.Word(span, done),), n.Head(span, noun, (), False), None, ())
        return n.Phrase(span, "measure_might_of", (np,))

    def energy_number(self, meta, children):
        """"costs 5 or more": the number is an Energy amount, the same Phrase as the symbols [5]."""
        span = Span.of(meta)
        return n.Phrase(span, "cost_symbols", (n.Symbol(span, "energy", str(children[0])),))

    def chooser_np(self, meta, children):
        """"enemy spells or abilities with Energy cost less than my Might" -> NounPhrase (coordinated head)."""
        premods = tuple(c for c in children if not isinstance(c, (n.Head, n.Post)))
        head = next(c for c in children if isinstance(c, n.Head))
        return n.NounPhrase(Span.of(meta), None, premods, head, None, tuple(c for c in children if isinstance(c, n.Post)))

    def chooser_nouns(self, meta, children):
        """Coordinated nouns ("spells or abilities", "units and/or gear") -> one Head naming each type once;
        "and", "or" and "and/or" all mean an object of any of the types listed."""
        words = [c.text if isinstance(c, n.Word) else str(c).lower() for c in children
                 if not (isinstance(c, Token) and c.type == "AND_OR")]
        if len(words) == 1 and " and" in words[0]:       # NOUNS_JOINED: "spells and abilities", "spells and/or units"
            words = joined_nouns(words[0])
        words = [w for w in words if w not in ("and", "or")]
        return n.Head(Span.of(meta), " and ".join(dict.fromkeys(words)), (), False)

    def chooser_filter(self, meta, children):
        """"with Energy cost less than my Might" -> Post(with, Phrase(with_compared, (stat, comparison, measure)))."""
        stat, comparison, measure = children
        return n.Post(Span.of(meta), "with", n.Phrase(Span.of(meta), "with_compared", (stat, comparison, measure)))

    def post_not_chosen_for(self, meta, children):
        """"that hasn't been chosen for this spell": the spell or ability whose choices are meant."""
        return n.Post(Span.of(meta), "not_chosen_for", str(children[0]).split()[-1].lower())

    def post_that_chooses(self, meta, children):
        """"that chooses me", "that chooses a friendly unit or gear", "that chooses it and no other friendly unit"
        -> Post(that_chooses, (the chosen noun phrases, the kind after "and no other" or None))."""
        cut = next((i for i, c in enumerate(children) if isinstance(c, Token)), len(children))
        others = children[cut + 1] if cut < len(children) else None
        return n.Post(Span.of(meta), "that_chooses", (tuple(children[:cut]), others))
    post_attached_to_me, post_this_way, post_affecting = _post("attached_to_me"), _post("this_way"), _post("affecting")
    post_else, post_who_did, post_where_you_are = _post("else"), _post("who_did"), _post("where_you_are")
    post_where = _post("where")
    post_that_chose_named = _post("that_chose_named")
    post_banished_with, post_paid_with = _post("banished_with"), _post("paid_with")

    def post_played_from_elsewhere(self, meta, children):
        return n.Post(Span.of(meta), "played_from_elsewhere", children[-1])

    def post_you_scored(self, meta, children):
        way, period = children
        return n.Post(Span.of(meta), "you_scored", (way.text.lower(), period.text))

    def affected(self, meta, children):
        """"units here": a noun phrase whose only trailing modifier is its place."""
        head = next(c for c in children if isinstance(c, n.Head))
        premods = tuple(c for c in children if not isinstance(c, (n.Head, n.Place)))
        posts = tuple(n.Post(c.span, "place", c) for c in children if isinstance(c, n.Place))
        return n.NounPhrase(Span.of(meta), None, premods, head, None, posts)

    def near_place(self, meta, children):
        return n.Place(Span.of(meta), str(children[0]).lower())
    del _post

    def this_way(self, meta, children):
        """"killed this way" -> the verb, "killed" ("this kills" -> "killed" too)."""
        verb = str(children[0]).split()[0].lower()
        return n.Phrase(Span.of(meta), "this_way", (n.Word(Span.of(meta), "killed" if verb == "this" else verb),))

    # ---- places

    def here(self, meta, children):
        return n.Place(Span.of(meta), "here")

    def there(self, meta, children):
        return n.Place(Span.of(meta), "there")

    def anywhere(self, meta, children):
        return n.Place(Span.of(meta), "anywhere")

    def everywhere(self, meta, children):
        return n.Place(Span.of(meta), "everywhere")

    def place_np(self, meta, children):
        determiner = next((" ".join(c) for c in children if isinstance(c, tuple)), None)
        words = tuple(c.text for c in children if isinstance(c, n.Word))
        posts = tuple(c.kind for c in children if isinstance(c, n.Phrase) and c.kind != "place_where")
        where = next((c.parts[0] for c in children if isinstance(c, n.Phrase) and c.kind == "place_where"), None)
        return n.Place(Span.of(meta), "zone", determiner, words[:-1] + posts, words[-1], where=where)

    def same_location_as(self, meta, children):
        """"the same location as that unit" -> Place(location, of=that unit), as "the location of that unit";
        premodifiers other than "same" are kept, and the compiler refuses them (not read yet)."""
        words = tuple(c.text for c in children if isinstance(c, n.Word))
        return n.Place(Span.of(meta), "zone", None, words, "location", of=children[-1])

    def place_where(self, meta, children):
        return n.Phrase(Span.of(meta), "place_where", (children[0],))

    def location_of(self, meta, children):
        """"the location of <object>": where that object is."""
        return n.Place(Span.of(meta), "zone", None, (), "location", of=children[-1])

    def place_you_control(self, meta, children):
        return n.Phrase(Span.of(meta), "you_control", ())

    def conquered_this_turn(self, meta, children):
        return n.Phrase(Span.of(meta), "conquered_this_turn", ())

    def you_are_attacking(self, meta, children):
        return n.Phrase(Span.of(meta), "you_are_attacking", ())

    def other_than_mine(self, meta, children):
        return n.Phrase(Span.of(meta), "other_than_mine", ())

    def place_det(self, meta, children):
        return tuple(str(c).lower() for c in children)

    # ---- amounts, modifications, durations

    def this_turn(self, meta, children):
        return n.Word(Span.of(meta), "this_turn")

    def this_combat(self, meta, children):
        return n.Word(Span.of(meta), "this_combat")


@v_args(meta=True)
class ConditionsTransformer(Transformer, metaclass=_TransformerMeta):
    """Conditions and trigger events from ``grammar/conditions.lark``."""

    PHRASES = ("cond_not_state", "condition_clause", "cond_contracted", "cond_there_is", "cond_whose_turn", "cond_whose_phase", "cond_you_did_this_turn", "cond_either",
               "pred_controls", "pred_has", "pred_less_might", "pred_more_might", "pred_has_more", "pred_controls_more", "pred_has_as_many", "pred_controls_as_many", "pred_is", "pred_was", "pred_paid_additional_cost", "pred_chooses", "pred_kills", "pred_do", "cond_measure_compared", "total_might_of", "pred_has_all_tags", "pred_has_all_counted_tags", "cond_you_chose", "source_kinds",
               "pred_died", "pred_did_this_turn", "pred_not_did_this_turn", "pred_excess_damage", "pred_near_victory", "subject_score", "pred_cannot", "pred_ends_in_tie", "pred_could_not", "pred_done_this_way", "pred_has_you_do", "pred_pays", "event_buff", "event_from_here", "event_from_keyword",
               "event_in_a_turn", "pred_attacks", "pred_defends", "event_keyword", "event_to_object", "pred_would", "pred_would_be", "event_would", "be_a", "be_state", "be_state_alone",
               "be_at", "be_at_either", "be_not_at", "be_not_state", "be_not_at_already", "self_event", "self_attached", "did_play", "did_discard", "did_gain_xp", "cond_there_alone", "pred_did_not", "pred_past", "pred_had", "pred_has_keyword", "pred_total_might", "pred_play", "be_state_at", "be_state_with", "be_being_done", "cond_not_have", "cond_not_control", "pred_revealed", "you_see_me", "event_from_top",
               "did_move", "did_spend", "did_act", "pred_done_to_this_turn", "pred_dealt_damage_this_turn", "if_condition", "subject_me",
               "subject_it", "trigger_event", "event_action", "event_me_passive", "event_passive", "alt_me_passive", "done_by", "done_dealt_damage", "done_returned", "alt_verb", "alt_event",
               "alt_object", "event_place", "event_in_combat", "event_to", "event_from", "event_alone",
               "event_with", "event_this_turn", "event_opponent_turn", "event_from_facedown", "event_one_on_one",
               "event_after_attack", "event_damage", "event_played", "event_discarded", "event_killed", "event_readied", "event_banished", "event_recalled", "event_either", "event_use_ability", "event_would_be_dealt_damage", "event_first_each_turn", "event_while", "alt_time", "event_your_turn", "event_during", "cond_at_time", "time_your_turn", "time_during", "pred_attached", "event_the_board", "event_returned",
               "cost_symbols")
    WORDS = ("acted_state", "event_verb", "self_participle", "self_verb", "done_word", "score_owner", "died_tail", "source_kind", "count_comparison", "measure_comparison",
             "bound_direction", "bound_extreme")
    INNER = ("times_count",)

    def near_victory(self, meta, children):
        return int(children[0])                       # "within 3 points of the Victory Score": the 3

    def cond_you_near_victory(self, meta, children):
        """"you're within 3 points of the Victory Score" -> the Phrases of "you are within 3 points ..."."""
        span = Span.of(meta)
        you = n.NounPhrase(span, None, (), None, "you", ())
        return n.Phrase(span, "condition_clause", (you, n.Phrase(span, "pred_near_victory", (children[0],))))

    def cond_measure_bound(self, meta, children):
        """"my Might is 5 or more" -> the Phrase of "my Might is no less than 5" (cond_measure_compared)."""
        said, number, direction = children
        span = Span.of(meta)
        words = "no less" if direction.text.lower() in ("more", "greater") else "no greater"
        return n.Phrase(span, "cond_measure_compared", (said, n.Word(span, words), number))

    def cond_measure_at(self, meta, children):
        """"my Might is at least 5" -> "my Might is no less than 5"; "at most 5" -> "no greater than 5"."""
        said, extreme, number = children
        span = Span.of(meta)
        words = "no less" if extreme.text.lower() == "least" else "no greater"
        return n.Phrase(span, "cond_measure_compared", (said, n.Word(span, words), number))

    def at_the_point(self, meta, children):
        """"at the start" -> the same Word as the timing_point "start" of "at start of"."""
        return n.Word(Span.of(meta), str(children[0]).split()[-1].lower())

    def during_time(self, meta, children):
        """"a showdown", "your Beginning Phase" -> one lower-cased Word (the phase name is a Word already)."""
        return n.Word(Span.of(meta), " ".join(c.text if isinstance(c, n.Word) else str(c) for c in children).lower())

    def during(self, meta, children):
        """"during your Beginning Phase" -> Word("during your beginning phase"), as conditions keep it."""
        return n.Word(Span.of(meta), "during " + children[0].text)

    def state_word(self, meta, children):
        return n.Word(Span.of(meta), " ".join(str(c) for c in children).lower()) if len(children) > 1 \
            else convert(children[0])

    def event_participles(self, meta, children):
        """"played, discarded, or killed" -> Phrase(event_participles, (Word, ...))."""
        words = re.findall(r"[a-z]+", str(children[0]).lower())
        return n.Phrase(Span.of(meta), "event_participles",
                        tuple(n.Word(Span.of(meta), w) for w in words if w != "or"))

    def by_agent(self, meta, children):
        """"by an enemy spell" -> the chooser's NounPhrase, with its determiner when it has one."""
        *determiner, np = children
        return replace(np, determiner=determiner[0]) if determiner else np

    def times_one(self, meta, children):
        return 1

    def times_two(self, meta, children):
        return 2


@v_args(meta=True)
class EffectsTransformer(Transformer, metaclass=_TransformerMeta):
    """Sentences, clauses and instructions from ``grammar/effects.lark``."""

    PHRASES = ("lead_beginning", "next_turn_any", "next_turn_yours", "lexicon_action", "lexicon_action_placed", "lasting", "lasting_instruction", "pay_to_do_lasting", "lexicon_action_phase", "lexicon_action_point", "effect_body", "sentence", "lead_then", "lead_if", "lead_otherwise", "lead_instead", "lead_this_turn", "lead_while",
               "clause_seq", "conj_comma", "conj_and", "conj_or", "conj_then", "conj_object", "conj_amount_to",
               "conj_modification", "conj_modification_if", "conj_enters_state", "conj_cost_change", "subject_does", "subject_does_if", "subject_both", "both_each_do", "subject_gains", "subject_may", "subject_must", "subject_may_move_with", "subject_may_move_route", "instead", "instead_of", "gerund_put", "instead_now", "done_first", "trailing_if",
               "trailing_unless", "trailing_next_time", "trailing_after", "trailing_until", "control_until", "symbol_cost", "pay_to_do", "pay_to_do_instead", "at_end_of_turn", "lead_do_this", "lead_do_this_times", "lead_next_time", "lead_when", "lead_when_done", "switch_sentence", "switch_intro", "basis_of_it", "basis_of_named", "lead_turn_order", "add_that_much", "draw_object", "draw_a_card", "put_into", "put_count_into", "put_on_deck", "put_into_from", "put_back", "give_to", "give_named_keyword", "deal_split", "double_damage", "predict", "predict_words", "play_for_each", "ready_or_exhaust", "trailing_until_turn",
               "move_to_or_from", "as_additional_cost", "lead_for_each", "use_only", "spend_only", "only_during", "use_what", "only_to",
               "only_if", "only_while", "only_once_per_turn", "reduce_cost", "ignore_cost", "prevent_it", "use_abilities", "increase_victory_score", "points_to_win", "reduce_cost_by", "conj_object_instead", "at_delayed_time", "subject_does_later",
               "prevent_damage", "prevent_all", "prevent_next", "damage_sources", "prevent_target", "activate_effects",
               "pay_to_do_instead_of", "pay_any_amount", "pay_ability_cost", "cost_reduced_by", "state_ends", "state_now", "passive_if", "passive_instead", "to_place", "ignoring", "passive_while", "passive_during", "passive_even_if", "passive_unless",
               "ignoring_all_costs", "reducing_cost", "to_minimum", "to_maximum", "draw", "draw_equal", "discard", "discard_equal", "discard_object", "deal",
               "kill", "banish", "stun", "buff", "ready", "exhaust", "recall", "heal", "counter", "recycle",
               "recycle_count", "move", "return_to", "give", "give_either", "channel", "gain_xp", "score", "add_resources",
               "choose", "reveal", "reveal_until", "look_at", "take_control", "spend_buff", "spend_xp", "pay", "pay_for_each", "move_together", "attach", "detach",
               "double", "double_might", "become_copy", "hide", "win_game", "pick_domain", "lexicon_action_next_time", "ignore_ability", "ability_name", "while_paying", "while_assigning_damage", "replace_object", "lose_control", "new_choices", "take_turn", "swap_might", "increase_might_to", "increase_might_to_value", "might_becomes", "play", "create", "add_object", "play_to", "play_with", "play_for", "play_for_keyword_cost", "play_without_paying", "play_during", "play_again",
               "damage_count", "damage_equal", "damage_that_much", "move_to", "move_here", "buff_phrase",
               "energy_resource", "power_resource", "subject_me", "repeat_effect", "name_one", "copy_text")
    WORDS = ("object_pronoun", "lexicon_phase", "lexicon_status", "lexicon_combat_step", "lexicon_text_state", "lexicon_turn_state", "text_portions", "procedure_owner", "next_owner", "resource_kind", "basis_word", "entry_state", "rune_noun", "point_noun", "cost_kind", "damage_source", "trigger_word", "cost_owner", "named_kind", "text_owner", "text_kind", "effect_owner")
    INNER = ("effect_text", "subject_phrase")

    def object_of_from(self, meta, children):
        """"unit" (a card_type_label, a Word already), "card", "equipment" -> one lower-cased Word."""
        word = children[0]
        return word if isinstance(word, n.Word) else n.Word(Span.of(meta), str(word).lower())

    def post_from_object(self, meta, children):
        """"from that unit" after an object -> Post(from_object, the NounPhrase "that unit")."""
        noun = children[0]
        that = n.NounPhrase(noun.span, n.Determiner(noun.span, "that"), (), n.Head(noun.span, noun.text, (), False), None, ())
        return n.Post(Span.of(meta), "from_object", that)

    def detach(self, meta, children):
        """"detach that equipment from that unit" -> Phrase(detach, (what, what from)): the object after "from",
        read as a modifier of the first object, is the detach's second object."""
        parts = tuple(convert(c) for c in children)
        first = parts[0]
        if len(parts) == 1 and isinstance(first, n.NounPhrase) and first.posts and first.posts[-1].kind == "from_object":
            post = first.posts[-1]
            kept = first.posts[:-1]
            last = kept[-1].span if kept else first.head.span
            span = replace(first.span, end_line=last.end_line, end_column=last.end_column, end=last.end)
            parts = (replace(first, span=span, posts=kept), post.value)
        return n.Phrase(Span.of(meta), "detach", parts)

    def clause_seq(self, meta, children):
        """The clauses and conjunctions of a sequence, a verb read inside a passive's list put back after it."""
        return n.Phrase(Span.of(meta), "clause_seq", tuple(part for c in children for part in _verb_after_list(convert(c))))

    def until_end_of_turn(self, meta, children):
        """"until end of turn": the duration "this turn" (317.2.c)."""
        return n.Word(Span.of(meta), "this_turn")

    def until_your_next_turn(self, meta, children):
        return n.Word(Span.of(meta), "until_your_next_turn")

    def choose_named(self, meta, children):
        """"chooses Cards or Runes": the named options keep their capitals."""
        words = str(children[0]).split()
        return n.Phrase(Span.of(meta), "choose_named", tuple(n.Word(Span.of(meta), w) for w in words[1::2]))

    def energy_words(self, meta, children):
        """"2 Energy" -> the same Phrase as the symbol [2]."""
        span = Span.of(meta)
        return n.Phrase(span, "energy_resource", (n.Symbol(span, "energy", str(children[0])),))

    def power_words(self, meta, children):
        """"1 Power of the Order domain" -> Phrase(power_domain, (count, Word(domain name)))."""
        return n.Phrase(Span.of(meta), "power_domain", (int(children[0]), n.Word(Span.of(children[1]), str(children[1]))))

    def conj_resource(self, meta, children):
        return n.Phrase(Span.of(meta), "conj_resource", tuple(children))

    def cost_ref(self, meta, children):
        """Always a phrase, even with no owner or kind word ("ignoring cost")."""
        return n.Phrase(Span.of(meta), "cost_ref", tuple(children))


@v_args(meta=True)
class AbilitiesTransformer(Transformer, metaclass=_TransformerMeta):
    """Card text, abilities, triggers and passives from ``grammar/abilities.lark``."""

    PHRASES = ("card_text", "card_line", "reminder_line", "bullet_line", "instructions", "keyword_ability", "keyword_cost_options", "keyword_then_text", "this_ability",
               "keyworded", "triggered", "triggered_modal", "triggered_before_scoring", "activated_modal", "when", "at_time", "nth_time", "once_each_turn_when", "turn_yours", "triggered_while", "triggered_later", "delayed_time", "event_each_turn", "event_see_me", "once_each_turn_if",
               "turn_each_players", "turn_your_next", "activated", "timing_keywords", "cost_to_play",
               "as_you_play", "as_event", "has_modification", "enters_state", "enters_at",
               "cannot_be_chosen",
               "move_permission", "move_permission_from", "standard_move", "cost_change_elsewhere", "might_increased_to", "tag_grant", "bonus_damage", "assigned_damage", "assigned_damage_relative", "keyword_verb_to", "keyword_verb_only_when", "keyword_paid_grant", "no_combat_damage", "might_increased_by", "might_increased_by_points", "can_be_played_to", "cannot_be_played", "cannot_score", "cannot_gain_points", "cannot_play", "cannot_move_to", "cannot_move_from_here_to", "cost_change", "cost_reduced", "cost_reduced_by", "this_spell", "buffs_give", "cost_floor", "might_minimum", "modification_list", "modal",
               "tag_grant_one", "no_damage", "exempt_this_way", "buff_limit_lifted", "play_only_to", "self_play_only_to", "self_play_only_during", "timing_permission",
               "cannot_be_revealed", "extra_trigger", "has_unless_already", "cannot_score_until", "cannot_act", "double_might_bonus", "hide_ignoring_costs", "look_permission", "adds_additional", "cost_change_either", "effects_also", "equipment_gives", "hide_additional", "scored_here", "no_trigger",
               "not_chosen_before", "not_chosen_this_turn", "bullet", "labelled_bullet", "bullet_label",
               "subject_me", "chosen_domain_grant", "damage_holder", "keyword_named_grant", "cannot_be_acted", "any_damage_kills",
               "conj_enters_state")
    WORDS = ("permitted_act", "additional", "first_word", "timing_point", "self_ref", "prevented_verb", "ordinal_turn", "cost_direction",
             "ordinal_word", "assigned_damage_kind", "assigned_relative", "card_type_label", "phase_name", "paid_by_you", "acted_participle", "damage_owner")

    def card_line(self, meta, children):
        return n.Phrase(Span.of(meta), "card_line", tuple(_reminder(c) for c in children))

    def unbracketed_keyword_line(self, meta, children):
        word, reminder = children
        return n.Phrase(Span.of(meta), "card_line", (n.Phrase(Span.of(word), "keyword_ability",
                                                              (n.KeywordRef(Span.of(word), str(word)),)),
                                                     _reminder(reminder)))

    def bare_keyword_ability(self, meta, children):
        """"Equip [4][A]", "Assault 2" -> Phrase(keyword_ability, (KeywordRef, *symbols)), as when bracketed."""
        word, *rest = children
        token = word.children[0]                    # lexicon_keyword: the name as printed
        name = str(token)[:1].upper() + str(token)[1:]
        value = next((c for c in rest if isinstance(c, Token) and c.type == "NUMBER"), None)
        ref = n.KeywordRef(Span.of(token), name, int(value) if value is not None else None)
        symbols = tuple(convert(c) for c in rest if not (isinstance(c, Token) and c.type == "NUMBER"))
        return n.Phrase(Span.of(meta), "keyword_ability", (ref,) + symbols)

    def reminder_line(self, meta, children):
        return n.Phrase(Span.of(meta), "reminder_line", (_reminder(children[0]),))

    def bullet_line(self, meta, children):
        return n.Phrase(Span.of(meta), "bullet_line", tuple(_reminder(c) for c in children[1:]))

    def keyworded(self, meta, children):
        keyword, separator, *_nested, body = children      # "[K][>] [>>][K2][>] ...": the nesting is the same
        return n.Phrase(Span.of(meta), "keyworded", (keyword_ref(keyword), n.Word(Span.of(separator), str(separator)), body))

    def ordinal(self, meta, children):
        return n.Word(Span.of(meta), str(children[0]).split()[1].lower())

    def costs_np(self, meta, children):
        """"friendly [Repeat] costs" -> Phrase(costs_np, (Word | KeywordRef, ..., [Word "you pay"])): the words
        before "costs" one by one, a keyword as its reference."""
        return n.Phrase(Span.of(meta), "costs_np", tuple(convert(c) for c in children))

    def cost_state(self, meta, children):
        """"optional", "additional" (the Word of ``additional``) -> one lower-cased Word."""
        word = children[0]
        return word if isinstance(word, n.Word) else n.Word(Span.of(meta), str(word).lower())

    def effects_of(self, meta, children):
        """"Your [Deathknell] effects" -> Phrase(<determiner>_effects: your_effects, my_effects, ...,
        (KeywordRef | Word,))."""
        determiner, what = children
        part = n.KeywordRef(Span.of(what), str(what).strip("[]")) if isinstance(what, Token) else what
        return n.Phrase(Span.of(meta), f"{determiner.kind}_effects", (part,))


def _reminder(child):
    """Reminder text stays a Word apart from the abilities (135.2.d.3)."""
    if isinstance(child, Token) and child.type == "REMINDER":
        return n.Word(Span.of(child), "reminder:" + str(child))
    return convert(child)


@v_args(meta=True)
class DefinitionsTransformer(Transformer):
    """Builds rules statements from ``grammar/definitions.lark``."""

    def token_definition(self, meta, children):
        head, card_type, *rest = children
        traits = next((c for c in rest if isinstance(c, tuple) and all(isinstance(t, n.TokenTrait) for t in c)), ())
        see_rules = tuple(c for c in rest if isinstance(c, str))
        name, might, head_keyword, unique = head
        return n.TokenDefinition(Span.of(meta), name, might, head_keyword, card_type, traits, see_rules, unique)

    def token_head(self, meta, children):
        article, *children = children
        might = next((c.parts[0] for c in children if isinstance(c, n.Phrase)), None)
        name = next(c for c in children if isinstance(c, tuple))
        keyword = next((str(c) for c in children if isinstance(c, Token) and c.type == "WORD"), None)
        return name, might, keyword, article == "the"

    def token_article(self, meta, children):
        return str(children[0]).lower()

    def defined_type(self, meta, children):
        return str(children[0]).lower()

    def token_traits(self, meta, children):
        return tuple(children)

    def might_trait(self, meta, children):
        return n.TokenTrait(Span.of(meta), "might", int(children[0]))

    def tag_trait(self, meta, children):
        return n.TokenTrait(Span.of(meta), "tag", str(children[0]))

    def keyword_trait(self, meta, children):
        return n.TokenTrait(Span.of(meta), "keyword", str(children[0]))

    def ability_trait(self, meta, children):
        ability = next(c for c in children if isinstance(c, n.Node))
        return n.TokenTrait(Span.of(meta), "ability", ability)

    def see_rule(self, meta, children):
        return str(children[0])


from .transform_statements import StatementsTransformer  # noqa: E402  (statements.lark)


class DslTransformer(ObjectsTransformer, ConditionsTransformer, EffectsTransformer, AbilitiesTransformer,
                     DefinitionsTransformer, StatementsTransformer):
    """The transformer of the whole grammar: the classes above and the rules statements, joined."""

    # No method is named after a terminal (tests/test_grammar.py checks it): the walk below leaves the
    # tokens as the parser made them, as Lark's visit of tokens would.

    def transform(self, tree):
        """Lark's ``Transformer.transform``: the children first, then the method of the tree's rule."""
        self.__dict__.setdefault("_calls", {})
        result = self._transform_tree(tree) if isinstance(tree, Tree) else tree
        return None if result is Discard else result

    def _transform_tree(self, tree):
        """Lark's walk done directly: a list of the transformed children (a ``Discard`` left out), no
        generator, then the rule's method; one given the tree's meta and children (``v_args(meta=True)``)
        is called as such, without Lark's wrapper."""
        children = []
        for child in tree.children:
            if isinstance(child, Tree):
                child = self._transform_tree(child)
                if child is Discard:
                    continue
            children.append(child)
        method, wrapper = self._calls.get(tree.data) or self._look_up(tree.data)
        if wrapper is not _vargs_meta:
            return self._call_userfunc(tree, children)
        try:
            return method(tree.meta, children)
        except GrammarError:
            raise
        except Exception as error:
            raise VisitError(tree.data, tree, error)

    def _look_up(self, rule: str):
        """The method of ``rule`` and how it is called, looked up once per transformer: Lark's ``v_args``
        builds a new wrapper of the method at every look-up, a third of the transform's time."""
        found = self.__dict__.setdefault("_calls", {})[rule] = _dispatch(getattr(self, rule, None))
        return found

    def _call_userfunc(self, tree, new_children=None):
        """Lark's dispatch to the method of a tree's rule (the method looked up once)."""
        children = new_children if new_children is not None else tree.children
        method, wrapper = self.__dict__.get("_calls", {}).get(tree.data) or self._look_up(tree.data)
        if method is None:
            return self.__default__(tree.data, children, tree.meta)
        try:
            if wrapper is _vargs_meta:
                return method(tree.meta, children)
            return wrapper(method, tree.data, children, tree.meta) if wrapper is not None else method(children)
        except GrammarError:
            raise
        except Exception as error:
            raise VisitError(tree.data, tree, error)


def _dispatch(method):
    """(what to call, how): a ``v_args(meta=True)`` method as its plain bound function and ``_vargs_meta``;
    any other as Lark calls it (its wrapper, or None for a method given the children)."""
    wrapper = getattr(method, "visit_wrapper", None)
    if wrapper is _vargs_meta:
        return method.base_func, wrapper
    return method, wrapper
