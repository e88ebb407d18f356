"""Compile stage, objects: noun phrases to selectors, places, amounts and modifications.

A ``Scope`` remembers the last object an ability's instructions named, so that "it",
"them" and "that unit" resolve to what they refer to.
"""
from __future__ import annotations

from typing import get_args

import re

from dataclasses import dataclass, field

from . import effects as fx
from interpreter.language import nodes as n
from .base import CompileError, replace
from . import noun_posts
from interpreter.language.lexicon import active_lexicon
from .vocabulary import State

_PLURALS = {"units": "unit", "spells": "spell", "cards": "card", "runes": "rune", "battlefields": "battlefield",
            "legends": "legend", "abilities": "ability", "players": "player", "opponents": "opponent",
            "owners": "owner", "permanents": "permanent", "tokens": "token", "allies": "ally", "points": "point"}
_QUANTITY = {"no": "at_most", "a": "one", "another": "one", "all": "all", "each": "each", "any": "any", "the": "the",
             "your": "all", "their": "all", "its": "the", "my": "the", "up_to": "up_to", "count": "count",
             "any_number": "any_number", "one_or_more": "one_or_more", "one_of": "one_of", "each_of": "each",
             "this": "the", "that": "the", "those": "all", "these": "all", "top": "top", "at_least": "at_least", "at_most": "at_most",
             "exactly": "exactly", "multiple": "multiple"}
_TYPE_WORDS = {"chosen champion": "chosen_champion"}     # the champion unit chosen in deck building (103.2.a)
_OWNER_OF = {"your": "you", "their": "their", "its": "its", "my": "my"}
_RELATIONS = {"friendly", "enemy"}
_PRONOUNS = {"me": "self", "this": "self", "itself": "self", "it": "it", "them": "them", "they": "they",
             "you": "you", "something": "something", "each_other": "each_other", "one": "one", "we": "we"}


@dataclass
class CardNames:
    """What a card's whole text has named so far, for phrases that refer back across its lines: "all 4 tags"
    names the list of tags an earlier line gave ("for each of the following tags ... — Bird, Cat, Dog, and Poro")."""

    tag_lists: list = field(default_factory=list)
    keyword_lookup: object = None      # the rules' keyword definitions (RulesData.keyword), set by the Compiler
    # an Equipment's effect text (136.2.d): the Equipment's name ("" when unknown); None for any other text
    equipment: str | None = None

    def tag_list_of(self, count: int) -> tuple[str, ...] | None:
        """The latest list of exactly ``count`` tags named so far, if any."""
        return next((tags for tags in reversed(self.tag_lists) if len(tags) == count), None)


@dataclass
class Scope:
    """What an ability's text has named so far, for references (it, them, that unit)."""

    card_type: str | None = None
    last: fx.Selector | None = None
    history: list = field(default_factory=list)
    acted: dict = field(default_factory=dict)      # action -> the objects its last instruction acted on
    card: CardNames = field(default_factory=CardNames)   # shared by every line of one card text
    group: fx.Selector | None = None               # the objects one instruction listed ("a unit and another unit")
    subject: fx.Selector | None = None             # the players the sentence read last is done by ("Each player ...")
    doer: fx.Selector | None = None                # the thing doing the clause read now: "It deals damage equal to its Might"
    itself: fx.Selector | None = None              # the card, when the trigger condition names it ("When you play this")

    def keyword_named(self, word: n.Word) -> str:
        """The keyword a word names without brackets ("a card with Hidden"); any other word does not compile."""
        name = word.text[:1].upper() + word.text[1:]
        if self.card.keyword_lookup is None or self.card.keyword_lookup(name) is None:
            raise CompileError(word.span, f"“{word.text}” is not a keyword",
                               "after “with” name a keyword of rules 800-829 (such as Hidden) or a characteristic")
        return name

    def note_action(self, action: str, objects: tuple) -> None:
        """An instruction was read: "the <participle> <noun>" later names what it acted on."""
        if objects:
            self.acted[action] = objects[0]

    def remember_earlier(self, selector: fx.Selector) -> None:
        """An object named by a lead read after its sentence's body ("If you would reveal cards, ..."):
        it comes before what the body named, and "it" keeps meaning the body's last object."""
        if selector.reference is None:
            self.history.insert(0, selector)
            self.last = self.last or selector

    def remember(self, selector: fx.Selector) -> None:
        if selector.reference is None and "rest" not in selector.types:     # "the rest" is no antecedent
            self.last = selector
            self.history.append(selector)
            self.group = None

    def remember_group(self, objects: tuple) -> None:
        """One instruction listed several objects ("Choose a unit you control and another unit you control"):
        "them" and "each" after it name all of them, not only the last one listed."""
        if len(objects) > 1 and all(o.reference is None for o in objects):
            self.group = fx.Selector("all", alternatives=objects)


def names_there(value) -> bool:
    """Whether a condition (or any effect data) says "there" somewhere in it."""
    if isinstance(value, fx.Place) and value.kind == "there":
        return True
    if isinstance(value, tuple):
        return any(names_there(v) for v in value)
    fields = getattr(value, "__dataclass_fields__", None)
    return fields is not None and not isinstance(value, fx.Effect) \
        and any(names_there(getattr(value, name)) for name in fields)


def limits_place(cond: fx.Condition, effect) -> bool:
    """"Move me to an occupied enemy battlefield if my Might is greater than the total Might of enemy units
    there": a trailing condition that says "there" about the battlefield the clause names limits which
    battlefield may be chosen; it is no condition on doing the clause."""
    where = getattr(effect, "place", None)
    return isinstance(where, fx.Place) and where.kind in ("battlefield", "location") and where.where is None \
        and where.of is None and names_there(cond)


def singular(word: str) -> str:
    return _PLURALS.get(word, word)


def selector(np: n.NounPhrase, scope: Scope, counted: bool = False) -> fx.Selector:
    """The selector a noun phrase means; pronouns resolve to their antecedent."""
    if isinstance(np, n.Phrase) and np.kind == "copy_np":
        return _copy_of(np, scope)
    if np.pronoun is not None:
        chosen = _pronoun(np.pronoun, scope)
        _check_antecedent(chosen, np, scope)
        if np.determiner is not None:      # "two of them", "up to two of them"
            chosen = replace(chosen, quantity=_QUANTITY[np.determiner.kind], count=np.determiner.count)
        return _with_posts(chosen, np.posts, scope)
    if np.determiner is not None and np.determiner.kind == "this" and not np.premods and not np.head.names \
            and np.head.noun in (scope.card_type, None if scope.card_type else np.head.noun) \
            and np.head.noun in ("battlefield", "gear", "spell", "unit"):
        # (a text read for no card type, as a keyword's definition is: "Attach this gear to ...", 818.1.c.2)
        # "While you control this battlefield" on a battlefield, "play this spell again" on a spell, "attach it
        # to this unit" on a unit (821.1.c): the card itself, not some battlefield, spell or unit
        return _with_posts(fx.Selector("the", types=(np.head.noun,), reference="self"), np.posts, scope)
    if np.determiner is not None and np.determiner.kind == "this" and not np.premods and not np.head.names \
            and np.head.noun == "card":
        # "this card gains ..." (the rules' definitions of keywords, 828.1.b.1): the card itself, whatever its type
        return _with_posts(fx.Selector("the", reference="self"), np.posts, scope)
    if _proper_name(np) and not counted and scope.card.equipment and " ".join(np.head.names) == scope.card.equipment:
        # 136.2.d: an effect text naming its Equipment ("kill Guardian Angel") means the attached Equipment
        return _with_posts(fx.Selector("the", reference="equipment"), np.posts, scope)
    if _proper_name(np) and not counted:        # "for each Mech": counted objects, a tag
        # "kill Guardian Angel": a name alone, with no determiner or noun, names one object (the card that
        # prints it), never every object with that tag
        return _with_posts(fx.Selector("the", names=(" ".join(np.head.names),)), np.posts, scope)
    listed = noun_posts.domain_alternatives(np)
    if listed:                                  # "a Fury or Chaos unit": an object of either domain
        first = _determined(np.determiner)
        return fx.Selector(first.quantity, first.count, alternatives=tuple(selector(one, scope) for one in listed))
    base = _determined(np.determiner)
    base = _apply_premods(base, np.premods)
    base = _apply_head(base, np.head)
    result = _with_posts(base, np.posts, scope)
    done = _done_to(np, scope)
    if done is not None:
        result = replace(result, quantity="all" if singular(np.head.noun) != np.head.noun else "the",
                         reference="that", antecedent=done)
    elif np.determiner is not None and np.determiner.kind in ("that", "those", "these") and scope.last is not None:
        result = replace(result, reference="that",
                         antecedent=_demonstrated(np.determiner.kind, scope, result.types))
    elif np.determiner is not None and np.determiner.kind == "that" and not _many(result):
        # "When you conquer or hold, ... replace that battlefield": the one the event named, not yet in the text
        result = replace(result, reference="that")
    elif _your_one_named_before(np, scope) is not None:
        # "Choose a friendly unit ... then move your unit there": "your" before one unit is your unit named
        # before, not all your units
        result = replace(result, quantity="the", reference="that", antecedent=_your_one_named_before(np, scope))
    if result.antecedent is None and result.reference is None:
        if "rest" in result.types:                      # "recycle the rest": of the cards named before
            result = replace(result, antecedent=_looked_at(scope))
        elif result.controller in ("its", "their"):     # "its controller", "their units": the possessor
            result = replace(result, antecedent=_possessor(result.controller, scope))
        elif result.controller == "they":               # "They move a unit they control": the player "they" is
            result = replace(result, antecedent=_last_player(scope))
    return result


# "the unit you recycled": the participles a reduced relative with "you" reads as what was done to the object
# (the renderer and the runtime know these states)
PARTICIPLES = {word: fx.PARTICIPLE_ACTIONS[word]
               for word in ("revealed", "played", "killed", "recycled", "discarded", "banished")}


def _done_to(np: n.NounPhrase, scope: Scope) -> fx.Selector | None:
    """What "the revealed cards" or "the killed unit" names: the objects of the ability's last instruction
    with that verb, for the participle of any action of the lexicon. A participle that is a status (124.2)
    and names no instruction before is that status ("the stunned unit"); any other participle that names
    no such instruction does not compile."""
    if np.determiner is None or np.determiner.kind != "the":
        return None
    words = [p.text for p in np.premods if isinstance(p, n.Word)] + [noun_posts.you_did(p) for p in np.posts]
    for word in filter(None, words):
        verb = _participle_action(word)
        if verb is None or (verb not in scope.acted and _status_word(word)):
            continue
        if verb not in scope.acted:
            raise CompileError(np.span, f"nothing was {word} before “{word} ...”",
                               f"name the object with an instruction first, such as “{verb.capitalize()} a unit.”")
        return scope.acted[verb]
    return None


def is_participle(word: str) -> bool:
    """Whether ``word`` is the past participle of an action of the lexicon ("revealed", "healed")."""
    return _participle_action(word) is not None


def _participle_action(word: str) -> str | None:
    """The action of the lexicon whose past participle ``word`` is ("killed" -> kill); None for any other word."""
    action = active_lexicon().action_of(word)
    return action.name if action is not None and action.forms[2] == word.lower() else None


def _status_word(word: str) -> bool:
    """Whether ``word`` names a status of the rules data (124.2: "stunned", "exhausted")."""
    return active_lexicon().status_of(word) is not None


def _copy_of(np: n.Phrase, scope: Scope) -> fx.Selector:
    """"an additional copy of it": one new object copied from the one named (a token copy, 439.1); "additional"
    says the original is there too."""
    kind, original = np.parts
    states = ("additional",) if kind.text == "additional" else ()
    return fx.Selector("one", types=("copy",), states=states, filters=(fx.Filter("copy_of", of=selector(original, scope)),))


def _your_one_named_before(np: n.NounPhrase, scope: Scope) -> fx.Selector | None:
    """The single object of yours named before that "your unit" (singular) points back to, if any."""
    noun = np.head.noun
    if np.determiner is None or np.determiner.kind != "your" or np.determiner.inner is not None \
            or noun not in _PLURALS.values() or np.head.names or np.premods:
        return None
    return next((named for named in reversed(scope.history) if named.reference is None and noun in named.types
                 and (named.relation == "friendly" or named.controller == "you") and not _many(named)), None)


def _proper_name(np: n.NounPhrase) -> bool:
    head = np.head
    return np.determiner is None and not np.premods and bool(head.names) and not head.noun \
        and not head.token and not head.listed and head.names[0][:1].isupper()


def _demonstrated(word: str, scope: Scope, types: tuple = ()) -> fx.Selector:
    """What "that ..." or "those ..." points back to: the last object of that kind named ("Choose a unit
    and an Equipment. Attach that Equipment to that unit": the unit), else the last object named, or
    for "those" the last group of objects named when the last one is a single object ("look at the top
    card ... those cards")."""
    if word == "that" and types:
        same_kind = next((named for named in reversed(scope.history) if set(named.types) & set(types)), None)
        if same_kind is not None:
            return same_kind
    if word == "that" or _many(scope.last):
        return scope.last
    return next((named for named in reversed(scope.history) if _many(named)), scope.last)


def _many(named: fx.Selector) -> bool:
    return named.quantity in ("all", "any_number", "one_or_more", "at_least") or (named.count or 0) > 1


def _check_antecedent(chosen: fx.Selector, np: n.NounPhrase, scope: Scope) -> None:
    """A spell's pronoun must refer back to something its text named before: its instructions are all the
    context it has (a triggered or passive ability may refer to the event or object the rules give it)."""
    if chosen.reference in ("it", "they", "them", "each_other") and chosen.antecedent is None \
            and scope.card_type == "spell" and not scope.history and scope.group is None and scope.subject is None:
        word = {"each_other": "each other"}.get(chosen.reference, chosen.reference)
        raise CompileError(np.span, f"the pronoun “{word}” refers to nothing: no object or player is named before it",
                           "name what it means first, e.g. “Choose a unit. Deal 2 to it.”")


def _pronoun(word: str, scope: Scope) -> fx.Selector:
    if word == "one_or_both":         # "one or both of them": at least one of the objects named before
        return fx.Selector("one_or_more", reference="them", antecedent=scope.group or scope.last)
    if word == "at_least_one":        # "at least one of them": the same test, with no bound on how many were named
        return fx.Selector("one_or_more", count=1, reference="them", antecedent=_those(scope))
    if word == "each_of_them":        # "move each to ...": each of the objects named before, one at a time
        return fx.Selector("each", reference="them", antecedent=_those(scope))
    reference = _PRONOUNS[word]
    if word == "this" and scope.card.equipment is not None:
        # 136.2.d: in an effect text "this" is the attached Equipment; "me" and "I" are the unit it gives text to
        return fx.Selector("the", reference="equipment")
    # "we": me and the object named last ("choose an enemy unit ... We deal damage ... to each other")
    antecedent = scope.last if reference == "we" else None
    if reference in ("it", "one"):      # "it" names a thing, never a player (a player is "they")
        antecedent = _last_thing(scope)
    elif reference == "they":           # a group named before ("Choose two units. They ..."), else a player
        antecedent = _those(scope) if _group_named(scope) else _last_player(scope) or _last_things(scope)
    elif reference == "each_other":     # "They deal damage ... to each other": the same objects as "they"
        antecedent = _plural_things(scope)
    if reference == "them" and scope.last is not None:
        # a plural pronoun names the last group when the last object named is a single one
        # ("reveal the top 5 cards ... deal 1 to an enemy unit ..., then recycle them": the cards), or all
        # the objects the last instruction listed ("Choose a unit and another unit ... move them")
        antecedent = _those(scope)
    return fx.Selector("the", reference=reference, antecedent=antecedent)


_PLAYER_TYPES = {"player", "opponent", "controller", "owner", "ally"}


def is_player(named: fx.Selector) -> bool:
    """Whether a selector names players ("an opponent", "its controller", "you"), not objects."""
    return named.reference == "you" or bool(_PLAYER_TYPES & set(named.types))


def _last_thing(scope: Scope) -> fx.Selector | None:
    """The object "it" names: the last one named that is not a player."""
    if scope.last is not None and not is_player(scope.last):
        return scope.last
    found = next((named for named in reversed(scope.history) if not is_player(named)), scope.last)
    # "When you play this from face down, attach it to ...": with nothing else named, the card the trigger names
    return found if found is not None else scope.itself


def _last_player(scope: Scope) -> fx.Selector | None:
    """The player "they" or "their" names: the subject of the sentence ("Each player kills one of their
    units"), else the last player named ("Choose an opponent. They ...")."""
    if scope.subject is not None:
        return scope.subject
    return next((named for named in reversed(scope.history) if is_player(named)), None)


def _group_named(scope: Scope) -> bool:
    """Whether the last thing named is a group: listed together, or plural."""
    return scope.group is not None or (scope.last is not None and _many(scope.last))


def _plural_things(scope: Scope) -> fx.Selector | None:
    """The objects a plural pronoun about things names ("each other", "their Mights")."""
    return _those(scope) if _group_named(scope) else _last_things(scope) or _those(scope)


def _last_things(scope: Scope) -> fx.Selector | None:
    """"Give a friendly unit +3 [M] this turn. Then choose an enemy unit. They ...": with no player named, a
    plural "they" names the last two objects named, together."""
    things = [named for named in scope.history if not is_player(named)]
    return fx.Selector("all", alternatives=tuple(things[-2:])) if len(things) >= 2 else None


def _among_named(pronoun: str, scope: Scope) -> fx.Filter:
    """"a unit from among them", "a card from it": one of the group the pronoun names back, resolved as a
    reference (``of``): "them" the last group of cards named or looked at ("the top 5 cards of your Main Deck"),
    "it" the one thing revealed or looked at ("They reveal their hand. Choose a card from it"), else the last
    thing named."""
    if pronoun == "them":
        group = _looked_at(scope)
    else:
        group = next((scope.acted[a] for a in ("reveal", "look_at") if a in scope.acted), None) or scope.last
    return fx.Filter("among", of=fx.Selector("the", reference=pronoun, antecedent=group))


def _looked_at(scope: Scope) -> fx.Selector | None:
    """What "the rest" is the rest of: the last group of cards named ("the top 5 cards of your Main Deck"),
    else the cards an instruction revealed or looked at ("reveal cards ... until you reveal a unit")."""
    found = next((named for named in reversed(scope.history) if named.quantity == "top" or _many(named)), None)
    return found or next((scope.acted[a] for a in ("reveal_until", "reveal", "look_at") if a in scope.acted), None)


def _possessor(word: str, scope: Scope) -> fx.Selector | None:
    """Whom "its" or "their" names in "its controller", "one of their units"."""
    if word == "its":
        return _last_thing(scope)
    return _those(scope) if scope.group is not None else (_last_player(scope) or _those(scope))


def _those(scope: Scope) -> fx.Selector | None:
    if scope.group is not None:
        return scope.group
    return _demonstrated("those", scope) if scope.last is not None else None


def _determined(determiner: n.Determiner | None) -> fx.Selector:
    if determiner is None:
        return fx.Selector("all")
    kind = determiner.kind
    count = determiner.count
    inner = determiner.inner
    if inner is not None:
        base = _determined(inner)
        return replace(base, quantity=_QUANTITY[kind], count=count or base.count)
    if count == 0 and kind in ("count", "top", "up_to"):
        # "the top 0 cards", "up to zero units": a choice of no objects is no instruction at all
        raise CompileError(determiner.span, "a number of objects here must be at least 1",
                           "expected a number of cards or units from 1 up, or no number (“the top card”)")
    result = fx.Selector(_QUANTITY[kind], count=count, other=(kind == "another"))
    if kind in _OWNER_OF:
        result = replace(result, controller=_OWNER_OF[kind])
    return result


def _apply_premods(base: fx.Selector, premods) -> fx.Selector:
    for premod in premods:
        if isinstance(premod, n.KeywordRef):
            base = replace(base, keywords_with=base.keywords_with + (premod.name,))
        elif isinstance(premod, n.Phrase) and premod.kind == "domain":    # "a Fury unit" (134.2)
            base = replace(base, filters=base.filters + (noun_posts.domain_filter(premod),))
        elif isinstance(premod, n.Phrase) and premod.kind == "states_any":  # "a damaged or stunned unit" (124.2)
            base = replace(base, filters=base.filters + (noun_posts.states_any(premod.parts),))
        elif isinstance(premod, n.Phrase) and premod.kind == "states_all":  # "an exhausted and buffed unit"
            base = replace(base, states=base.states + tuple(word.text.lower() for word in premod.parts))
        elif isinstance(premod, n.Phrase):   # might_stat "3 [M]"
            base = replace(base, filters=base.filters + (fx.Filter("might", "==", premod.parts[0]),))
        elif premod.text.lower().startswith("non-"):
            base = replace(base, filters=base.filters + (fx.Filter("not", None, singular(premod.text[4:].lower())),))
        elif premod.text in _RELATIONS:
            base = replace(base, relation=premod.text)
        elif premod.text == "other":
            base = replace(base, other=True)
        elif premod.text.lower() in ("opponents'", "opponent's"):
            # "your opponents' [Hidden] cards": theirs, not yours (the "your" belongs to "opponents"); "an
            # opponent's unit": one an opponent controls
            base = replace(base, controller="opponent")
        else:
            base = replace(base, states=base.states + (premod.text,))
    return base


def _apply_head(base: fx.Selector, head: n.Head) -> fx.Selector:
    if head.names and not head.names[0][:1].isupper():
        # only card names and tags stand as names, and they are capitalised (a lower-case word here is
        # wording the grammar does not read yet, never a tag)
        raise CompileError(head.span, f"cannot read “{' '.join(head.names)}” as a name or a tag",
                           "names and tags start with a capital letter")
    if "I" in head.names:
        # "When 5 I move": "I" is the card speaking of itself (a pronoun), never a card name or a tag
        raise CompileError(head.span, "“I” is the card itself here, not a name or a tag",
                           "expected “I” alone as the subject, as in “When I move”, with no number before it")
    types = (_TYPE_WORDS.get(head.noun, singular(head.noun)),) if head.noun else ()
    if head.noun and " and " in head.noun:       # coordinated nouns: "spells or abilities", "units and/or gear"
        types = tuple(_TYPE_WORDS.get(word, singular(word)) for word in head.noun.split(" and "))
    if head.token:
        return replace(base, types=types, names=head.names, token=True)
    if head.listed:
        tags = tuple(_tag(name) for name in head.names)
    else:
        tags = (_tag(" ".join(head.names)),) if head.names else ()
    status = _status_named(head) if head.noun else None
    if status is not None:                  # "an Empowered unit": a status of the rules (124.2, 441.2), not a tag
        return replace(base, types=types, states=base.states + (status,))
    return replace(base, types=types, tags=tags)


def _status_named(head: n.Head) -> str | None:
    """The status a capitalised word before a noun names ("Empowered unit"), when the rules data's
    vocabulary (or an action's status) has it and the selector can hold it as a state; else None."""
    if head.listed or len(head.names) != 1 or active_lexicon().status_of(head.names[0]) is None:
        return None
    word = head.names[0].lower()
    return word if word in _STATES else None


_STATES = frozenset(get_args(State))   # the statuses a selector can hold as a state


def _tag(word: str) -> str:
    """A tag as written in the plural or possessive ("Mechs", "Dragons'") in its singular form."""
    word = word.rstrip("'")
    return word[:-1] if word.endswith("s") and len(word) > 3 and not word.endswith("ss") else word


def _with_posts(base: fx.Selector, posts, scope: Scope) -> fx.Selector:
    for post in posts:
        base = _POSTS[post.kind](base, post, scope)
    return base


def _post_place(base, post, scope):
    return replace(base, location=place(post.value))


def _post_from(base, post, scope):
    return replace(base, zone=place(post.value))


def _post_with(base, post, scope):
    if post.value.kind == "with_tag":     # "with the Equipment tag": one of its tags (143.1), as "an Equipment"
        return replace(base, tags=base.tags + (_tag_named(post.value.parts[0]),))
    return replace(base, filters=base.filters + with_filters(post.value, scope))


def _tag_named(word: n.Word) -> str:
    """The tag a word names after "the" ("the Equipment tag"): tags are capitalised names (143.1)."""
    if not word.text[:1].isupper():
        raise CompileError(word.span, f"cannot read “{word.text}” as a tag", "tags start with a capital letter")
    return word.text


def _post_without(base, post, scope):
    return replace(base, keywords_without=base.keywords_without + (post.value.name,))


def _state(name):
    return lambda base, post, scope: replace(base, states=base.states + (name,))


def _post_beyond(base, post, scope):
    """"each unit beyond the first": the objects of a group after the first N of them (204.4: the units a move
    moves, counted for its applied cost)."""
    nth = {"first": 1, "second": 2, "third": 3}[post.value.text.split()[-1]]
    return replace(base, filters=base.filters + (fx.Filter("beyond", None, nth),))


def _post_from_object(base, post, scope):
    """"a unit from that unit": an object an object is taken from is the second object of "detach" (435), which
    takes it out of the first; anywhere else it means nothing."""
    raise CompileError(post.span, "“from that <object>” names what “detach” takes an object from",
                       "e.g. “detach that equipment from that unit”")


_POSTS = {
    "place": _post_place,
    "from_object": _post_from_object,
    "beyond": _post_beyond,
    # "They move a unit they control": the player the sentence is about (the subject), not you
    "they_control": lambda base, post, scope: replace(base, controller="they"),
    "you_or_allies_control": lambda base, post, scope: replace(base, controller="you_or_allies"),
    "you_dont_control": lambda base, post, scope: replace(base, controller="not_you"),
    # "the unit you choose": the one chosen for the ability, as "the chosen unit" says
    "you_choose": lambda base, post, scope: replace(base, states=base.states + ("chosen",)),
    "from": _post_from,
    "with": _post_with,
    "without": _post_without,
    "exhausted": _state("exhausted"),
    "else": lambda base, post, scope: replace(base, other=True),      # "something else": not this object
    # "for each opponent who did": the players who did the optional instruction before (359.3.e.14)
    "who_did": lambda base, post, scope: replace(base, filters=base.filters + (fx.Filter("did"),)),
    # "a combat where you are the attacker": a combat where you hold that designation (323.2)
    "where_you_are": lambda base, post, scope: replace(base, filters=base.filters + (fx.Filter("role", "==",
                                                                                                post.value.text),)),
    # "each player that chooses Cards": the players who chose that named option
    "that_chose_named": lambda base, post, scope: replace(base, filters=base.filters + (fx.Filter("chose", "==",
                                                                                               post.value.text.split()[-1]),)),
    "attacking": _state("attacking"),
    "among_them": lambda base, post, scope: replace(base, filters=base.filters + (_among_named("them", scope),)),
    "in_combat": _state("in_combat"),
    "it_replaced": lambda base, post, scope: replace(base, reference="replaced"),
    "of": lambda base, post, scope: replace(base, zone=place(post.value)),
    "you_play": lambda base, post, scope: replace(
        base, filters=base.filters + (fx.Filter("played_by", "==", "you_this_turn" if post.value else "you"),)),
    "you_play_to": lambda base, post, scope: replace(
        base, filters=base.filters + (fx.Filter("played_by", "==", "you"),), location=place(post.value)),
    "from_here": lambda base, post, scope: replace(base, location=fx.Place("here")),
    # "spells that choose me": spells and abilities with that object among their targets (359); "that chooses it
    # and no other friendly unit": and no other object of that kind among them
    "that_chooses": lambda base, post, scope: replace(base, filters=base.filters + _chooses(*post.value, scope)),
    # "the first friendly gear played each turn": counted among the plays of each turn
    "played_each_turn": lambda base, post, scope: replace(base, filters=base.filters + (fx.Filter("played_each_turn"),)),
    # "each point you scored from holding this turn": points of that player scored that way (467-471)
    "you_scored": lambda base, post, scope: replace(base, filters=base.filters + (_scored_from(*post.value),)),
    "played_from_elsewhere": lambda base, post, scope: replace(base, filters=base.filters + (
        fx.Filter("played_from_elsewhere", "!=", place=_compared_place(place(post.value))),)),
    # "each Equipment attached to me" (716: attachment)
    "attached_to_me": lambda base, post, scope: replace(base, filters=base.filters + (fx.Filter("attached_to", "==",
                                                                                                  "self"),)),
    "where": lambda base, post, scope: replace(base, filters=base.filters + (fx.Filter("where",
                                                                                       condition=_where(post.value)),)),
    # "a battlefield that was uncontrolled": nobody controlled it before the event that names it
    "was_uncontrolled": lambda base, post, scope: replace(base, filters=base.filters + (fx.Filter("was_uncontrolled"),)),
    # "a card from [Hidden]": played from that state (a trigger reads it as its own qualifier)
    "from_keyword": lambda base, post, scope: replace(base, filters=base.filters + (fx.Filter("from_keyword", "==",
                                                                                               post.value.name),)),
    "from_it": lambda base, post, scope: replace(base, filters=base.filters + (_among_named("it", scope),)),
    "that_costs": lambda base, post, scope: replace(base, filters=base.filters + _cost_filters(post.value, scope)),
    # "Spells and abilities affecting units here": what the spells and abilities act on (437.1.a)
    "affecting": lambda base, post, scope: replace(base, filters=base.filters + (
        fx.Filter("affecting", of=selector(post.value, scope)),)),
    "this_way": lambda base, post, scope: replace(base, filters=base.filters + (this_way(post.value),)),
    # "the unit you exhausted to pay for this ability": an object used to pay one of its costs
    "paid_with": lambda base, post, scope: replace(base, filters=base.filters + (_paid_with(post.value),)),
    # "a unit banished with this": only cards this object's linked abilities banished (427.3, 397)
    "banished_with": lambda base, post, scope: replace(base, filters=base.filters + (fx.Filter("banished_with", "==",
                                                                                                "self"),)),
    # "a unit that hasn't been chosen for this spell": not one chosen before while it resolves (355.5)
    "not_chosen_for": lambda base, post, scope: replace(base, filters=base.filters + (
        fx.Filter("chosen_for", "!=", "this_" + post.value),)),
    **noun_posts.POSTS,          # relative clauses, reduced relatives, "besides" (compiler/noun_posts.py)
}


def _chooses(nps, others, scope) -> tuple[fx.Filter, ...]:
    """"that chooses me", "that chooses a friendly unit or gear", "that chooses it and no other friendly unit":
    spells and abilities with such an object among their targets (359), and no other object of that kind."""
    if len(nps) == 1 and nps[0].pronoun == "me":
        chosen = fx.Filter("chooses", "==", "self")
    elif len(nps) == 1 and nps[0].pronoun is not None:
        chosen = fx.Filter("chooses", of=_chosen_before(nps[0], scope))
    else:
        chosen = fx.Filter("chooses", of=_chosen_objects(nps, scope))
    only = (fx.Filter("chooses_no_other", of=selector(others, scope)),) if others is not None else ()
    return (chosen,) + only


def _chosen_objects(nps, scope) -> fx.Selector:
    """"a friendly unit or gear": one object of either kind."""
    if any(np.pronoun is not None for np in nps):
        raise CompileError(nps[0].span, "cannot tell what the pronoun after “chooses” refers to",
                           "name the object: “that chooses a friendly unit”")
    chosen = selector(nps[0], scope)
    if len(nps) > 1:
        other = nps[1]
        if other.determiner is None and not other.premods and not other.posts:
            chosen = replace(chosen, types=chosen.types + selector(other, scope).types)
        else:
            chosen = fx.Selector(chosen.quantity, chosen.count, alternatives=(chosen, selector(other, scope)))
    return chosen


def _chosen_before(np, scope) -> fx.Selector:
    """"that chooses it": the object named before the spell or ability that chooses it."""
    target = selector(np, scope)
    if target.antecedent is not None and set(target.antecedent.types) & _CHOOSERS:
        # NOTE: "an enemy spell or ability that chooses it": the spell named first in the "or" list was
        # remembered already, but what the spell chooses is the object named before the list
        earlier = next((s for s in reversed(scope.history) if not set(s.types) & _CHOOSERS), None)
        target = replace(target, antecedent=earlier)
    if target.antecedent is None:
        raise CompileError(np.span, "cannot tell what the pronoun after “chooses” refers to",
                           "name the object first (“Choose a friendly unit. Counter a spell that chooses it.”) "
                           "or here: “that chooses a friendly unit”")
    return target


_CHOOSERS = {"spell", "spells", "ability", "abilities", "spells_and_abilities"}


def _paid_with(word: n.Word) -> fx.Filter:
    """"you exhausted to pay for this ability" -> Filter(paid_with, value "exhausted_ability")."""
    words = word.text.lower().split()
    return fx.Filter("paid_with", None, f"{words[1]}_{words[-1]}")


def this_way(phrase: n.Phrase) -> fx.Filter:
    """"killed this way": only the objects an earlier instruction of the ability acted on."""
    return fx.Filter("this_way", None, phrase.parts[0].text)


def _cost_filters(comparison: n.Phrase, scope: "Scope | None" = None) -> tuple[fx.Filter, ...]:
    """``[3] or more``, ``no more than [3]``; ``no more than [3] and no more than [A]`` bounds the Energy
    and the Power parts of the cost each (131); "no more Energy and no more Power than the killed unit" bounds
    each by that object's printed cost (206)."""
    if comparison.kind == "below_your_points":          # "with Energy cost less than your points"
        return (fx.Filter("cost", "<", "your_points"),)
    if comparison.kind == "at_most_each_of":
        other = selector(comparison.parts[0], scope or Scope())
        return fx.Filter("cost", "<=", of=other), fx.Filter("power_cost", "<=", of=other)
    symbols = [p for p in comparison.parts if isinstance(p, n.Phrase)]
    if comparison.kind == "at_most_each":
        energy, power = (_symbol_total(s) for s in symbols)
        return fx.Filter("cost", "<=", energy), fx.Filter("power_cost", "<=", power)
    return (fx.Filter("cost", "<=" if comparison.kind == "at_most" else ">=", _symbol_total(symbols[0])),)


def _symbol_total(symbols: n.Phrase) -> int:
    return sum(int(s.value) if s.kind == "energy" else 1 for s in symbols.parts)


def with_filters(phrase: n.Phrase, scope: Scope) -> tuple[fx.Filter, ...]:
    """The filters a ``with ...`` phrase adds (usually one; "with X and Y": both)."""
    if phrase.kind == "with_both":
        return tuple(f for part in phrase.parts for f in with_filters(part, scope))
    if phrase.kind in noun_posts.WITH_FILTERS:      # "with an Energy cost of [3] or less", "with the same name as it"
        return noun_posts.WITH_FILTERS[phrase.kind](phrase, scope)
    if phrase.kind in ("with_energy_cost", "with_power_cost", "with_cost"):
        filters = _cost_filters(phrase.parts[0], scope)
        kind = {"with_energy_cost": "energy_cost", "with_power_cost": "power_cost"}.get(phrase.kind, "cost")
        return (replace(filters[0], kind=kind),) + filters[1:]
    return (with_filter(phrase, scope),)


def with_filter(phrase: n.Phrase, scope: Scope) -> fx.Filter:
    """``with 3 [M] or less``, ``with [Hidden]``, ``with less Might than me``, ``with Energy cost ...``."""
    kind, parts = phrase.kind, phrase.parts
    if kind == "with_stat":
        stat = parts[0]
        number, tail = stat.parts[0], stat.parts[-1].text
        return fx.Filter("might", "<=" if tail.endswith("less") else ">=", number)
    if kind == "with_keyword":
        return fx.Filter("keyword", None, parts[0].name)
    if kind == "with_keyword_named":
        # "each card with Hidden": a keyword named without its brackets; a word that names no keyword of the
        # rules is refused by the compiler (Compiler.keyword_named), not read as a tag
        return fx.Filter("keyword", None, scope.keyword_named(parts[0]))
    if kind == "with_total_might":
        # "any number of units with total Might 4 or less": a bound on the chosen set, not each one
        number, tail = parts[0], parts[-1].text
        return fx.Filter("total_might", "<=" if tail.endswith("less") else ">=", number)
    if kind in ("with_less_might", "with_more_might", "with_no_more_might"):   # on the Might each has now (143)
        return _might_compared(kind, selector(parts[0], scope))
    if kind == "with_might_up_to_more":
        # "with Might up to 1 more than the killed unit": at most the Might of that object plus the number (143)
        return fx.Filter("might_up_to_more_than", "<=", parts[0], of=selector(parts[1], scope))
    if kind == "with_same_controller":
        return fx.Filter("same_controller")
    if kind == "with_most_might":    # "the unit you control with the most Might": none of them has more (143)
        return fx.Filter("might", "max")
    if kind == "with_named_tag":     # "a unit with the named tag": the tag named as this was played (760, 763)
        return fx.Filter("named_tag")
    if kind == "with_chosen_tag":    # "units with that tag": the tag chosen before ("choose Bird, Cat, or Dog")
        return fx.Filter("chosen_tag")
    if kind == "with_compared":
        return _compared_with_measure(parts, scope)
    if kind == "with_source":
        return fx.Filter("source", "==", "spell" if "spell" in _words_of(phrase) else "ability")
    raise ValueError(f"not a single filter: {kind}")


_STAT_KINDS = {"energy cost": "energy_cost", "power cost": "power_cost", "might": "might"}
_COMPARISONS = {"less": "<", "more": ">", "no more": "<=", "no less": ">="}


def _compared_with_measure(parts, scope: Scope) -> fx.Filter:
    """"with Energy cost less than my Might": a characteristic of the object compared with a measure (the
    measure is read when the test is made, 143 for Might)."""
    stat, comparison, compared = parts
    return fx.Filter(_STAT_KINDS[stat.text], _COMPARISONS[comparison.text], measure=measure(compared, scope))


def _might_compared(kind: str, other: fx.Selector) -> fx.Filter:
    """"with less Might than me" (value ``self``) or "... than the chosen unit" / "... than it": the other
    object is kept whole in ``of``, so the filter says which object it is compared with."""
    compared = kind.removeprefix("with_") + "_than"
    if other.reference == "self":
        return fx.Filter(compared, None, "self")
    return fx.Filter(compared, of=other)


def _words_of(phrase: n.Phrase) -> set[str]:
    return {p.text for p in phrase.parts if isinstance(p, n.Word)}


def _compared_place(where: fx.Place) -> fx.Place:
    """A place a filter compares with, by its kind and owner: "a player's hand"."""
    return fx.Place(where.kind, where.owner)


def place(node: n.Place, scope: Scope | None = None) -> fx.Place:
    if node.kind != "zone":
        return fx.Place(node.kind)
    if node.of is not None and set(node.premods) - {"same"}:
        raise CompileError(node.span, f"“{' '.join(node.premods)} location as ...” is not read yet",
                           "say where the object is: “at the same location as that unit”")
    if node.of is not None:          # "the location of the unit you exhausted ...": where that object is (106)
        return fx.Place("location", of=selector(node.of, scope or Scope()))
    owner = None
    qualifiers = node.premods
    if node.determiner:
        words = node.determiner.split()
        owner = {"your": "you", "its": "its", "their": "their", "my": "my", "an": None, "a": None,
                 "opponents'": "your_opponents"}.get(words[0])      # "opponents' trashes" = "your opponents' trashes"
        if words[0] == "that" and words[-1] == "unit's":
            # "that enemy unit's battlefield": the unit named before, said so (a bare "its" could be read as
            # the unit the sentence moves)
            owner, words = "_".join(words).removesuffix("'s"), ["that"]
        if len(words) > 1:
            owner = "_".join(words).replace("'", "")
        elif owner is None:
            qualifiers = (words[0],) + qualifiers
    return fx.Place(node.noun.replace(" ", "_"), owner, qualifiers, where=_where(node.where))


def _where(node) -> fx.Condition | None:
    """"a location where there's a unit with the same controller": the condition a place must meet."""
    if node is None:
        return None
    from .conditions import where
    return where(node)


def measure(phrase: n.Phrase, scope: Scope) -> fx.Measure:
    if phrase.kind.startswith("measure_that_"):
        # "that spell's Energy cost": the object "that" names, as the antecedent of the phrase
        noun = phrase.parts[0].text.removesuffix("'s")
        of = fx.Selector("the", types=(noun,), reference="that", antecedent=scope.last)
        return fx.Measure("might" if phrase.kind.endswith("might") else "energy_cost", of)
    determiner = phrase.part(n.Determiner)
    of = _measured(determiner.kind, scope) if determiner else None
    if phrase.kind in ("measure_cost", "measure_base_cost"):
        # "[Repeat] equal to its cost", "... its base cost": a cost an effect reads is the printed one (206,
        # 356.1.c), so both give the same number; the kind keeps which words the card used
        return fx.Measure(phrase.kind.removeprefix("measure_"), _measured("its", scope))
    if phrase.kind == "measure_stat_of":           # "the Energy cost of that card" (compiler/noun_posts.py)
        return noun_posts.measure(phrase, None, scope)
    if phrase.kind == "measure_might_of":          # "the Might of another friendly unit"
        return fx.Measure("might", selector(phrase.parts[0], scope))
    if phrase.kind == "measure_our_might":          # "our Mights": mine and that of what "we" names with me
        return fx.Measure("might", fx.Selector("the", reference="we", antecedent=scope.last))
    if phrase.kind == "measure_count":
        return fx.Measure("count", selector(phrase.parts[0], scope))
    if phrase.kind == "measure_highest_might":          # "the highest Might among units you control"
        return fx.Measure("highest_might", selector(phrase.parts[0], scope))
    if phrase.kind == "measure_keyword":
        return fx.Measure("keyword", of, keyword=phrase.part(n.KeywordRef).name)
    return fx.Measure("might" if phrase.kind == "measure_might" else "energy_cost", of)


def _measured(word: str, scope: Scope) -> fx.Selector | None:
    """Whose number "my", "its" or "their" reads: me, the thing named last, the group named before."""
    if word == "my":
        return fx.Selector("the", reference="self")
    if word == "its":       # "It deals damage equal to its Might to ...": the clause's own subject first
        doer = scope.doer.antecedent or scope.doer if scope.doer is not None else None
        return fx.Selector("the", reference="it", antecedent=doer or _last_thing(scope))
    if word == "their":
        return fx.Selector("the", reference="them", antecedent=_plural_things(scope))
    return fx.Selector("the")


# the two ways a player scores (469.1-469.2), by the gerund the text uses: "from holding", "from conquering"
SCORE_WAYS = {"holding": "hold", "conquering": "conquer"}


def _scored_from(way: str, period: str) -> fx.Filter:
    """"points you scored from holding this turn": the way they were scored (469) and when (a duration)."""
    return fx.Filter("scored_from", "==", SCORE_WAYS[way], duration=period)


def _abilities_of(node: n.Phrase) -> fx.Modification:
    """"all [E] abilities of all friendly legends, units, and gear": the abilities of those objects whose cost
    has [E] (or that a keyword starts), gained as they are (477.2: abilities are altered in their own layer)."""
    kind, *rest = node.parts
    which, keyword = ("abilities", kind.name) if isinstance(kind, n.KeywordRef) else ("exhaust_abilities", None)
    determiner = next((p for p in rest if isinstance(p, n.Determiner)), None)
    return fx.Modification("abilities", measure=fx.Measure(which, listed_objects(determiner, rest[:-1], rest[-1]),
                                                           keyword=keyword))


def listed_objects(determiner, premods, listed: n.Phrase) -> fx.Selector:
    """"all friendly legends, units, and gear", "enemy units and/or gear": one selector of the listed types."""
    nouns = [word.text for word in listed.parts if isinstance(word, n.Word) and word.text != "and/or"]
    holders = _apply_premods(_determined(determiner), [p for p in premods if isinstance(p, n.Word)])
    return replace(holders, types=tuple(singular(word) for word in nouns))


def modification(node, keyword) -> fx.Modification:
    """+N / -N [M], a keyword, or +[M] equal to a measure."""
    if isinstance(node, n.Phrase) and node.kind == "my_keywords":
        return fx.Modification("keywords", measure=fx.Measure("keywords", fx.Selector("the", reference="self")))
    if isinstance(node, n.Phrase) and node.kind == "abilities_of":
        return _abilities_of(node)
    if isinstance(node, n.Phrase) and node.kind == "keyword_named_grant":
        # "I have Deflect, Ganking, and Shield": a keyword named without brackets (an unknown word is refused
        # as an unknown keyword by ``keyword``)
        word = node.parts[0]
        return fx.Modification("keyword", keyword=keyword(n.KeywordRef(word.span, word.text, None)))
    if isinstance(node, n.Phrase) and node.kind == "keyword_grant":
        return fx.Modification("keyword", keyword=keyword(node.parts[0]))
    if isinstance(node, n.Phrase) and node.kind == "chosen_tag":     # "I gain that tag": the tag chosen before
        return fx.Modification("chosen_tag")
    if node.kind == "might_increase":
        return fx.Modification("might", amount=node.parts[1])
    if node.kind == "might_decrease":
        return fx.Modification("might", amount=-node.parts[1])
    if node.kind == "conj_enters_state":     # "I have +1 [M] and enter ready here": a verb, not a thing had
        raise CompileError(node.span, "“enter” joins a statement about what is had at its end",
                           "e.g. “I have +1 [M] and enter ready”")
    raise ValueError(node.kind)


def _tags_among(phrase: n.Phrase, scope: Scope) -> fx.Selector:
    """"for each of the following tags among your units — Bird, Cat, Dog, and Poro": each listed tag that at
    least one of those objects has (a tag is a trait, 143.1), counted once."""
    np, tags = phrase.part(n.NounPhrase), phrase.parts[-1]
    names = tuple(t.strip() for t in re.split(r",|\band\b|\bor\b", tags.text) if t.strip())
    scope.card.tag_lists.append(names)
    return fx.Selector("each", types=("tag",), tags=names,
                       filters=(fx.Filter("among", of=selector(np, scope, counted=True)),))


def for_each(phrase: n.Phrase | None, scope: Scope) -> fx.Selector | None:
    if phrase is not None and phrase.parts and getattr(phrase.parts[0], "kind", None) == "for_each_buff_spent":
        phrase = phrase.parts[0]
    if phrase is not None and phrase.kind == "for_each_buff_spent":
        # "for each buff you spend" / "buff spent": the buffs removed while paying a cost (702.2.b)
        spent = fx.Filter("spent_by", "==", "you") if "you" in phrase.parts[0].text else fx.Filter("spent")
        return fx.Selector("all", types=("buff",), filters=(spent,))
    if phrase is not None and phrase.kind == "for_each_this_way":      # "for each killed this way"
        return fx.Selector("all", filters=(this_way(phrase.parts[0]),))
    if phrase is not None and phrase.kind == "for_each_time":
        # "for each time this spell has dealt damage this turn": the events of this turn, counted
        actor, event, _period = phrase.parts
        happened = fx.Filter("happened_this_turn", None, event.text.replace(" ", "_"), of=selector(actor, scope))
        return fx.Selector("all", types=("time",), filters=(happened,))
    if phrase is not None and phrase.kind == "for_each_cost_part":
        # "for each Energy it costs": each point of that part of the object's printed cost (131, 206)
        part, np = phrase.parts
        return fx.Selector("each", types=(part.text,), filters=(fx.Filter("in_cost_of", of=selector(np, scope)),))
    if phrase is not None and phrase.kind == "for_each_tag_among":
        return _tags_among(phrase, scope)
    if phrase is not None and phrase.kind == "for_each_state":      # "for each exhausted unit"
        state, np = phrase.parts
        chosen = selector(np, scope, counted=True)
        return replace(chosen, states=(state.text,) + chosen.states)
    return _among_revealed(selector(phrase.parts[0], scope, counted=True), scope) if phrase is not None else None


def _among_revealed(counted: fx.Selector, scope: Scope) -> fx.Selector:
    """"Reveal the top 5 cards ... Deal 1 ... for each card with [Hidden]": cards counted with no zone or place
    after a reveal are the cards revealed, as the current wording says ("revealed this way")."""
    if "reveal" not in scope.acted or counted.types != ("card",) or counted.zone or counted.location \
            or counted.reference or any(f.kind == "this_way" for f in counted.filters):
        return counted
    return replace(counted, filters=counted.filters + (fx.Filter("this_way", None, "revealed"),))
