"""Render stage, objects: selectors, places, amounts, conditions and cost symbols as text."""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx
from interpreter.compiler.objects import is_participle, names_there
from interpreter.language.number_words import NUMBER_WORDS

_PLURAL = {"unit": "units", "spell": "spells", "card": "cards", "rune": "runes", "battlefield": "battlefields",
           "legend": "legends", "ability": "abilities", "player": "players", "opponent": "opponents",
           "owner": "owners", "permanent": "permanents", "ally": "allies", "point": "points", "token": "tokens",
           "buff": "buffs"}
_PLURAL_QUANTITIES = ("all", "any_number", "one_or_more", "at_least", "at_most", "exactly", "multiple")
_OWNER_WORDS = {"you": "your", "opponent": "your opponents'", "its": "its", "their": "their", "my": "my", "its_owners": "its owner's",
                "their_owners": "their owners'", "my_owners": "my owner's", "your_opponents": "your opponents'",
                "an_opponents": "an opponent's", "their_owner's": "their owner's", "a_players": "a player's",
                "the_others": "the other's"}
# Qualifiers written after the place noun ("a battlefield you conquered this turn").
_PLACE_POSTS = {"conquered_this_turn": "you conquered this turn", "you_are_attacking": "you're attacking",
                "other_than_mine": "other than mine", "you_control": "you control"}
_IN_PLACES = ("base", "bases", "hand", "hands", "trash", "trashes", "main_deck", "rune_deck", "deck", "combat", "showdown", "board", "champion_zone")
_ORDINALS = ("first", "second", "third", "next")
_NOUN_WORDS = {"chosen_champion": "Chosen Champion"}


def is_plural(selector: fx.Selector) -> bool:
    if selector.quantity == "all" and selector.controller and any(s in _ORDINALS for s in selector.states):
        return False                                           # "your second card": one card, the second one
    if selector.quantity == "each":
        return bool(selector.count)
    if selector.quantity == "exactly":
        return selector.count != 1                             # "exactly 1 card in hand"
    if selector.quantity in _PLURAL_QUANTITIES:
        return True
    return selector.count is not None and selector.count > 1


def np_text(renderer, selector: fx.Selector) -> str:
    if selector.alternatives and selector.quantity == "both":      # "you and each opponent"
        return " and ".join(np_text(renderer, alternative) for alternative in selector.alternatives)
    if selector.alternatives:
        return _alternatives_text(renderer, selector.alternatives)
    if selector.types == ("copy",):                                # "an additional copy of it"
        of = next(f.of for f in selector.filters if f.kind == "copy_of")
        return ("an additional" if "additional" in selector.states else "a") + f" copy of {np_text(renderer, of)}"
    if selector.reference == "something":
        return "something" + (" else" if selector.other else "") + \
            (" that's exhausted" if "exhausted" in selector.states else "")
    if selector.reference is not None and selector.reference != "that":
        posts = [located(selector.location)] if selector.location else []
        posts += [f"from {place_text(selector.zone)}"] if selector.zone else []
        posts += [state for state in selector.states if state in ("exhausted", "attacking")]
        posts += [_filter(f, renderer) for f in selector.filters if _filter(f, renderer)]
        return " ".join([_reference(renderer, selector)] + posts)
    if selector.names and not selector.token and not selector.types and selector.quantity == "the":
        return " ".join(selector.names + tuple(_posts(renderer, selector)))       # a name alone: "Guardian Angel"
    plural = is_plural(selector)
    head = _head(selector, plural or selector.quantity == "one_of")      # "one of your units"
    words = [_determiner(selector, plural)] + _premods(selector) + [head] + _posts(renderer, selector)
    text = " ".join(w for w in words if w)
    return _article(text)


def _alternatives_text(renderer, alternatives) -> str:
    """"a unit at a battlefield or a gear"; a comma before "or" once a part has its own "or"."""
    parts = [np_text(renderer, alternative) for alternative in alternatives]
    if len(parts) == 2 and not any(" or " in part for part in parts):
        return f"{parts[0]} or {parts[1]}"
    return ", ".join(parts[:-1]) + f", or {parts[-1]}"


def _reference(renderer, selector) -> str:
    reference = selector.reference
    if reference == "self":
        if selector.types:
            return f"this {selector.types[0]}"               # "this battlefield", "this unit": the card itself
        return renderer.self_word
    if reference == "one" and selector.count:
        number = NUMBER_WORDS.get(selector.count, str(selector.count))
        if selector.quantity == "up_to":
            return f"up to {number} of them"
        return f"{number} of them" if selector.count > 1 else "1"      # "Put 1 into your hand"
    if reference == "them" and selector.quantity == "one_or_more":
        return "at least one of them" if selector.count == 1 else "one or both of them"
    if reference == "them" and selector.quantity == "each":
        return "each"
    if reference == "replaced":
        return f"the {selector.types[0] if selector.types else 'battlefield'} it replaced"
    return {"each_other": "each other", "equipment": "this"}.get(reference, reference)


def _determiner(selector, plural) -> str:
    quantity, controller = selector.quantity, selector.controller
    if selector.reference == "that":
        if any(map(is_participle, selector.states)):
            return "the"                                    # "the revealed cards": what was revealed before
        if selector.controller == "you" and not plural:
            return "your"                                   # "move your unit there": yours named before
        return "those" if plural else "that"
    if controller in _OWNER_WORDS and controller != "you" and quantity in ("the", "all"):
        return _OWNER_WORDS[controller]
    if quantity == "all":
        return "your" if controller == "you" else "all"
    if quantity == "one" and controller == "opponent" and not selector.other:
        return "an opponent's"                              # "an opponent's unit"
    if quantity == "one":
        return "another" if selector.other else "a"
    if quantity == "count":
        return str(selector.count) if selector.count and selector.count > 10 else NUMBER_WORDS.get(selector.count, "one")
    if quantity == "up_to":
        return f"up to {NUMBER_WORDS.get(selector.count, selector.count)}"
    if quantity == "top":
        return f"the top {selector.count}" if selector.count else "the top"
    if quantity == "at_least":
        return f"{selector.count}+"
    if quantity == "exactly":
        return f"exactly {selector.count}"
    if quantity == "at_most":      # "no units" is at most zero of them
        return "no" if selector.count == 0 else f"{NUMBER_WORDS.get(selector.count, selector.count)} or fewer"
    if quantity == "any_number" and controller in _OWNER_WORDS:
        return f"any number of {_OWNER_WORDS[controller]}"               # "any number of your units"
    if quantity == "each" and selector.count:
        return f"each of up to {NUMBER_WORDS.get(selector.count, selector.count)}"
    return {"each": "each", "any": "any", "the": "the", "any_number": "any number of",
            "one_or_more": "one or more", "multiple": "multiple", "one_of": f"one of {_OWNER_WORDS.get(controller, 'their')}"}.get(quantity, "")


def _premods(selector) -> list[str]:
    ordinals = [state for state in selector.states if state in _ORDINALS]    # "the first friendly gear"
    words = ordinals
    if selector.other and selector.quantity != "one":
        words.append("other")
    # a state before the relation, as cards print it: "a stunned enemy unit", "other buffed friendly units"
    words += [state for state in selector.states if state not in _ORDINALS]
    # states joined by "or" (any of them), at the same place: "each exhausted or stunned enemy unit"
    words += [" or ".join(f.values) for f in selector.filters if f.kind == "state"]
    if selector.relation:
        words.append(selector.relation)
    words += [f"[{name}]" for name in selector.keywords_with]
    for f in selector.filters:
        if f.kind == "domain":                       # "a Fury unit" (134.2)
            words.append(domain_name(f.value))
        elif f.kind == "not":
            words.append(f"non-{f.value}")

        elif f.kind == "might" and f.op == "==" and f.measure is None:
            words.append(f"{f.value} [M]")
    return [w for w in words if w != "in_combat"]


def domain_name(letter: str) -> str:
    """The domain a power symbol stands for, by its name: "R" -> "Fury" (134.2)."""
    from interpreter.language.lexicon import active_lexicon
    domains = active_lexicon().vocabulary["domains"]
    return next(word.capitalize() for word, entry in domains.items() if str(entry["symbol"]) == letter)


def _head(selector, plural) -> str:
    if len(selector.types) > 1:
        nouns = [_plural(t) if plural else t for t in selector.types]
        joiner = " and " if plural or selector.quantity == "each" else " or "
        if len(nouns) > 2:                                     # "a unit, gear, or spell"
            return ", ".join(nouns[:-1]) + "," + joiner + nouns[-1]
        return joiner.join(nouns)
    noun = selector.types[0] if selector.types else ""
    if selector.token:
        names = " ".join(selector.names)
        suffix = "tokens" if plural else "token"
        return " ".join(w for w in (names, noun, suffix) if w)
    if len(selector.tags) > 1:
        tags = ", ".join(selector.tags[:-1]) + ", or " + selector.tags[-1]
        return f"{tags} {_plural(noun) if plural else noun}".strip()
    if selector.tags and not _tag_after(selector):
        tag = selector.tags[0] + ("s" if plural and not noun else "")
        return f"{tag} {_plural(noun) if plural else noun}".strip()
    noun = _NOUN_WORDS.get(noun, noun)
    return _plural(noun) if plural else noun


def _plural(noun: str) -> str:
    return _PLURAL.get(noun, noun)


def _tag_after(selector) -> bool:
    """A tag that is also a noun of the grammar ("Equipment", 150) cannot stand before a noun: "a card with the
    Equipment tag" (143.1), not "an Equipment card"."""
    from interpreter.language.lexicon import active_lexicon
    types = active_lexicon().vocabulary["card_types"]
    nouns = set(types) | {entry.get("plural", word) for word, entry in types.items()} | {"card", "equipment"}
    return len(selector.tags) == 1 and bool(selector.types) and not selector.token \
        and selector.tags[0].lower() in nouns


def _posts(renderer, selector) -> list[str]:
    words = []
    # the controller first: "a unit you control at a battlefield" (after the place it would be the place's)
    if selector.controller == "you" and selector.quantity not in ("all", "one_of", "any_number") \
            and selector.reference != "that":                      # "your unit" says it already
        words.append("you control")
    if selector.controller == "not_you":
        words.append("you don't control")
    if selector.controller == "they":
        words.append("they control")
    if selector.controller == "you_or_allies":
        words.append("you or allies control")
    played_to = any(f.kind == "played_by" for f in selector.filters) and selector.location is not None
    done = next((f for f in selector.filters if f.kind == "done_there"), None)
    if selector.location is not None and done is not None:         # "a facedown card hidden there"
        words.append(f"{done.value} {located(selector.location)}")
    elif selector.location is not None and not played_to:
        words.append(located(selector.location))
    if selector.zone is not None:
        preposition = "of" if selector.quantity == "top" else "from"
        words.append(f"{preposition} {place_text(selector.zone)}")
    filters = tuple(f for f in selector.filters if f.kind != "done_there")
    plural_selector = is_plural(selector)
    for before, f, after in zip((None,) + filters[:-1], filters, filters[1:] + (None,)):
        if _bounds_each_part(before, f):
            continue                                  # said with the Energy bound before it
        text = _filter(f, renderer)
        if f.kind == "chooses":
            verb = "choose" if is_plural(selector) else "chooses"
            text = f"that {verb} " + ("me" if f.of is None else np_text(renderer, f.of))
        if f.kind == "chooses_no_other":
            text = "and no other " + np_text(renderer, replace(f.of, quantity="one")).split(" ", 1)[1]
        if f.kind == "played_by" and played_to:
            text += f" to {place_text(selector.location)}"
        if _bounds_each_part(f, after) and f.of is not None:       # bounded by another object's cost
            text = f"that costs no more Energy and no more Power than {np_text(renderer, f.of)}"
        elif _bounds_each_part(f, after):
            text += f" and no more than {'[A]' * after.value}"
        if plural_selector and text.startswith("that was "):
            text = "that were " + text.removeprefix("that was ")       # "units that were stunned this turn"
        if text.startswith("with ") and words and words[-1].startswith("with "):
            text = "and " + text.removeprefix("with ")       # "with the same controller and total Might 8 or less"
        words.append(text)
    words += [f"without [{name}]" for name in selector.keywords_without]
    if _tag_after(selector):
        words.append(f"with the {selector.tags[0]} tag")
    if "in_combat" in selector.states:
        words.append("in combat")
    return [w for w in words if w]


def _bounds_each_part(first: fx.Filter | None, second: fx.Filter | None) -> bool:
    """An Energy bound followed by a Power bound reads "no more than [3] and no more than [A]"."""
    return first is not None and second is not None and first.kind in ("cost", "energy_cost") and \
        second.kind == "power_cost" and first.op == second.op == "<="


_NTH = {1: "first", 2: "second", 3: "third"}


# Filters said by the same words whatever their values.
_FILTER_WORDS = {
    "same_controller": "with the same controller",
    "named_tag": "with the named tag",
    "chosen_tag": "with that tag",
    "owner": "you own",
    "spent": "spent",
    "spent_by": "you spend",
    "did": "who did",
    "attached_to": "attached to me",
    "played_each_turn": "played each turn",
    "was_uncontrolled": "that was uncontrolled",
}


_STAT_WORDS = {"energy_cost": "Energy cost", "power_cost": "Power cost", "might": "Might", "cost": "cost"}
_COMPARISON_WORDS = {"<": "less", ">": "more", "<=": "no more", ">=": "no less"}


def _filter(f: fx.Filter, renderer=None) -> str:
    if f.measure is not None:        # "with Energy cost less than my Might", "with Might equal to my Might"
        compared = "equal to" if f.op == "==" else f"{_COMPARISON_WORDS[f.op]} than"
        return f"with {_STAT_WORDS[f.kind]} {compared} {_bound_text(renderer, f.measure)}"
    noun_text = _noun_filter(f, renderer)
    if noun_text:
        return noun_text
    if f.kind in _FILTER_WORDS:
        return _FILTER_WORDS[f.kind]
    if f.kind == "affecting":
        return f"affecting {np_text(renderer, f.of).removeprefix('all ')}"
    if f.kind == "might" and f.op == "max":
        return "with the most Might"
    if f.kind == "might" and f.op != "==":
        return f"with {f.value} [M] or {'less' if f.op == '<=' else 'more'}"
    if f.kind == "state":                            # said before the noun (_premods)
        return ""
    if f.kind == "keyword" and f.op == "in":        # any one of the keywords
        return "with " + " or ".join(f"[{name}]" for name in f.values)
    if f.kind == "keyword":
        return f"with [{f.value}]"
    if f.kind == "total_might":
        return f"with total Might {f.value} or {'less' if f.op == '<=' else 'more'}"
    if f.kind in ("less_might_than", "more_might_than", "no_more_might_than"):
        return f"with {f.kind.removesuffix('_might_than').replace('_', ' ')} Might than {'me' if f.value == 'self' else np_text(renderer, f.of)}"
    if f.kind == "chosen_for":
        return f"that hasn't been chosen for {f.value.replace('_', ' ')}"
    if f.kind == "might_up_to_more_than":
        return f"with Might up to {f.value} more than {np_text(renderer, f.of)}"
    if f.kind == "source":
        return f"with a{'n' if f.value == 'ability' else ''} {f.value}"
    if f.kind == "power_cost":
        return f"with Power cost {'[A]' * f.value} or more" if f.op == ">=" else f"with Power cost no more than {'[A]' * f.value}"
    if f.kind in ("energy_cost", "cost") and f.value == "your_points":
        return f"{'with Energy cost' if f.kind == 'energy_cost' else 'that costs'} less than your points"
    if f.kind in ("energy_cost", "cost"):
        label = "with Energy cost" if f.kind == "energy_cost" else "that costs"
        return f"{label} no more than [{f.value}]" if f.op == "<=" else f"{label} [{f.value}] or more"
    if f.kind == "beyond":                      # "each unit beyond the first"
        return f"beyond the {_NTH[f.value]}"
    if f.kind == "among":
        return "from among them" if f.of.reference == "them" else "from it"
    if f.kind == "this_way":
        return f"{f.value} this way"
    if f.kind == "happened_this_turn":          # "time this spell has dealt damage this turn"
        who = np_text(renderer, f.of)
        verb = "have" if is_plural(f.of) or who in ("I", "you", "they", "we") else "has"     # "time I have moved"
        return f"{who} {verb} {f.value.replace('_', ' ')} this turn"
    if f.kind == "paid_with":
        verb, what = f.value.split("_")
        return f"you {verb} to pay for this {what}"
    if f.kind == "banished_with":
        return f"banished with {renderer.self_word if renderer is not None else 'this'}"
    if f.kind == "role":
        return f"where you are the {f.value}"
    if f.kind == "chose":
        return f"that chooses {f.value}"
    if f.kind == "played_by":
        return "you play this turn" if f.value == "you_this_turn" else "you play"
    if f.kind == "scored_from":
        period = f" {f.duration.replace('_', ' ')}" if f.duration else ""
        return f"you scored from {f.value}ing{period}"
    if f.kind == "played_from_elsewhere":
        return "played from anywhere other than " + place_text(f.place)
    if f.kind == "where":
        return "where " + condition_text(renderer, f.condition)
    return ""


def _bound_text(renderer, measure: fx.Measure) -> str:
    """A measure a characteristic is compared with; "that unit" named in full: "the Might of that unit"."""
    of = measure.of
    if of is not None and of.reference == "that" and of.types and measure.kind in _STAT_WORDS:
        return f"the {_STAT_WORDS[measure.kind]} of {np_text(renderer, of)}"
    return measure_text(renderer, measure)


_EVENT_WORDS = {"dealt_damage": "dealt damage"}
_WHO = {"opponent": "an opponent", "you": "you"}


def _noun_filter(f: fx.Filter, renderer) -> str:
    """The modifiers of compiler/noun_posts.py: relative clauses, reduced relatives, "other than", "same name"."""
    if f.kind == "did_this_turn":                    # "that attacked this turn"
        return f"that {_EVENT_WORDS.get(f.value, f.value)} this turn"
    if f.kind == "was_this_turn" and f.of is None:   # "that was dealt damage this turn"
        return f"that was {_EVENT_WORDS.get(f.value, f.value)} this turn"
    if f.kind == "was_this_turn":                    # "you killed this turn"
        return f"{'you' if f.of.reference == 'you' else 'an opponent'} {f.value} this turn"
    if f.kind == "played_by" and f.value.startswith("opponent"):
        return "an opponent played" + (" this turn" if f.value.endswith("_this_turn") else "")
    if f.kind == "owner" and f.value == "opponent":
        return "an opponent owns"
    if f.kind == "other_than":
        return f"other than {np_text(renderer, f.of)}"
    if f.kind == "had_by":           # "each point the chosen opponent has"
        who = np_text(renderer, f.of)
        plural = who in ("you", "they") or is_plural(f.of)
        return f"{who} {'have' if plural else 'has'}"
    if f.kind == "same_controller_as":
        return f"with the same controller as {np_text(renderer, f.of)}"
    if f.kind == "same_name":
        return f"with the same name as {np_text(renderer, f.of)}"
    return ""


def _article(text: str) -> str:
    if text.startswith("a ") and text[2:3].lower() in "aeio" and text[2:3] and not text[2:].startswith("one"):
        return "an " + text[2:]
    return text


def lacking(condition: fx.Condition) -> bool:
    """A place's "that doesn't already have <object>": no such object there before the instruction."""
    return condition.kind == "exists" and condition.negated and condition.already and condition.subject is None


def located(where: fx.Place) -> str:
    """"at a battlefield", "in your hand or in your trash" (each alternative with its own preposition)."""
    if where.alternatives:
        from dataclasses import replace
        return " or ".join(located(one) for one in (replace(where, alternatives=()), *where.alternatives))
    if where.kind in ("here", "there", "anywhere", "everywhere"):
        return where.kind
    preposition = "in" if where.kind in _IN_PLACES else "at"
    return f"{preposition} {place_text(where)}"


def place_text(where: fx.Place) -> str:
    if where.kind in ("here", "there", "anywhere", "everywhere"):
        return where.kind
    if where.of is not None:
        return f"the location of {np_text(None, where.of)}"
    words = []
    if where.owner and where.owner.startswith("that_"):
        words.append(where.owner.replace("_", " ") + "'s")          # "that enemy unit's battlefield"
    elif where.owner:
        words.append(_OWNER_WORDS.get(where.owner, where.owner.replace("_", " ")))
    words += [q for q in where.qualifiers if q not in _PLACE_POSTS]
    words.append({"main_deck": "Main Deck", "champion_zone": "Champion Zone", "rune_deck": "rune deck"}.get(where.kind, where.kind))
    words += [_PLACE_POSTS[q] for q in where.qualifiers if q in _PLACE_POSTS]
    if where.where is not None and lacking(where.where):              # "that doesn't already have ..." (811.1.b)
        words.append("that doesn't already have " + np_text(None, where.where.object))
    elif where.where is not None and not names_there(where.where):     # that one trails the clause (render.clauses)
        words.append("where " + condition_text(None, where.where))
    return _article(" ".join(words))


def measure_text(renderer, measure: fx.Measure) -> str:
    if measure.kind == "count":
        return f"the number of {np_text(renderer, measure.of)}"
    if measure.kind == "highest_might":
        return f"the highest Might among {np_text(renderer, measure.of)}"
    if measure.kind == "might" and measure.of is not None and measure.of.types and (
            measure.of.reference is None or any(map(is_participle, measure.of.states))):
        return f"the Might of {np_text(renderer, measure.of)}"
    if measure.kind in ("energy_cost", "power_cost", "cost") and measure.of is not None and measure.of.types \
            and measure.of.reference is None:                 # "the Energy cost of a friendly unit"
        return f"the {_STAT_WORDS[measure.kind]} of {np_text(renderer, measure.of)}"
    if measure.of is not None and measure.of.reference == "we":
        return "our Mights"
    owner = {"self": "my", "it": "its", "them": "their"}.get(measure.of.reference if measure.of else None, "its")
    if measure.of is not None and measure.of.reference == "that":
        owner = f"that {measure.of.types[0]}'s"
    if measure.kind == "keyword":
        return f"{owner} [{measure.keyword}]"
    if measure.kind in ("cost", "base_cost"):
        return f"{owner} {measure.kind.replace('_', ' ')}"
    return f"{owner} {_STAT_WORDS.get(measure.kind, 'Energy cost')}"


def _chose_this_turn(renderer, c: fx.Condition) -> str:
    """"you've chosen enemy units or gear twice this turn with spells or unit abilities"."""
    chosen = c.object
    (source,) = [f for f in chosen.filters if f.kind == "source"]
    first, *others = [np_text(renderer, replace(chosen, types=(kind,), filters=())).removeprefix("all ")
                      for kind in chosen.types]
    listed = first + "".join(f" or {text.split()[-1]}" for text in others)
    times = {1: "once", 2: "twice"}.get(c.value, f"{c.value} times")
    sources = " or ".join(" ".join(kind.split("_")[:-1] + [_plural(kind.split("_")[-1])])
                          for kind in source.values)
    return f"you've chosen {listed} {times} this turn with {sources}"


def amount_text(renderer, amount: fx.Amount) -> str:
    if amount.kind == "equal":
        return f"damage equal to {measure_text(renderer, amount.measure)}"
    if amount.kind == "that_much":
        return "that much damage"
    return str(amount.value)


def for_each_text(renderer, amount) -> str:
    if amount is None or amount.per is None:
        return ""
    return " " + per_text(renderer, amount.per)


def per_text(renderer, selector) -> str:
    """"for each friendly unit": a selector of all such objects, said one at a time."""
    cost_of = next((f for f in selector.filters if f.kind == "in_cost_of"), None)
    if cost_of is not None:                       # "for each Energy it costs"
        return f"for each {selector.types[0].capitalize()} {np_text(renderer, cost_of.of)} costs"
    among = next((f for f in selector.filters if f.kind == "among"), None)
    if selector.types == ("tag",) and among is not None:
        # "for each of the following tags among your units — Bird, Cat, Dog, and Poro"
        tags = ", ".join(selector.tags[:-1]) + ", and " + selector.tags[-1]
        return f"for each of the following tags among {np_text(renderer, among.of)} — {tags}"
    text = np_text(renderer, selector)
    if selector.quantity == "all" and text.startswith(("all ", "your ")):
        text = np_text(renderer, replace(selector, quantity="each"))
        return "for " + text if text.startswith("each ") else f"for each {text}"
    return f"for each {text}"


def subject_text(renderer, selector) -> str:
    if selector is None:
        return ""
    if selector.reference == "self":
        return "I" if renderer.self_word == "me" else "this"
    if selector.reference == "equipment":      # an effect text's Equipment (136.2.d)
        return "this"
    return np_text(renderer, selector)


def condition_text(renderer, condition: fx.Condition) -> str:
    text = _condition(renderer, condition)
    also = condition.also
    if also is not None and also.kind == "turn" and also.value == "you" and condition.kind != "turn":
        # "... on your turn during an Open State": the times a condition holds in, after it (308-309)
        text += " on your turn"
        also = also.also
        if also is not None and also.kind == "during" and str(also.value).endswith("_state"):
            state = also.value.removesuffix("_state").capitalize()
            text += f" during {'an' if state[0] in 'AEIOU' else 'a'} {state} State"
            also = also.also
    if also is not None:
        text += " and " + condition_text(renderer, also)
    return text


def _condition(renderer, c: fx.Condition) -> str:
    if c.kind == "either":                  # "you control a gear or an opponent controls a unit"
        return " or ".join(condition_text(renderer, part) for part in c.alternatives)
    who = subject_text(renderer, c.subject) if c.subject else "you"
    if c.subject is not None and c.subject.types == ("score",):
        who = "your score" if c.subject.controller == "you" else "an opponent's score"
    third = who not in ("you", "I", "they") and not (c.subject and is_plural(c.subject)) \
        or who == "at least one of them"
    kind = c.kind
    if kind in _CONDITION_TEXTS or kind.startswith("did_"):
        return _CONDITION_TEXTS.get(kind, _died_text)(renderer, c, who, third)
    if kind == "you_did":
        return f"{who} can't" if c.negated else f"{who} do"
    if kind in ("controls", "has", "kills", "chooses"):
        verb = {"controls": ("control", "controls"), "has": ("have", "has"), "kills": ("kill", "kills"),
                "chooses": ("choose", "chooses")}[kind]
        if c.negated and kind in ("controls", "has"):        # "you don't have units there"
            return f"{who} {'doesn' if third else 'don'}'t {verb[0]} {np_text(renderer, c.object).removeprefix('all ')}"
        return f"{who} {verb[1] if third else verb[0]} {np_text(renderer, c.object).removeprefix('all ')}"
    if kind in ("controls_more", "has_more", "controls_fewer", "has_fewer"):
        verb = ("controls", "control") if kind.startswith("controls") else ("has", "have")
        compared = ("no " if c.negated else "") + kind.split("_")[1]
        return f"{who} {verb[0] if third else verb[1]} {compared} {np_text(renderer, c.object).removeprefix('all ')} than {subject_text(renderer, c.than)}"
    if kind == "paid_additional_cost":
        return f"{who} paid the additional cost"
    if kind == "would_be":
        return f"{who} would be {_done_word(c.action)}{period_text(c)}"
    if kind.startswith("would_"):
        tail = f" {np_text(renderer, c.object).removeprefix('all ')}" if c.object else ""    # "would reveal cards"
        tail += f" {place_text(c.place)}" if c.place else ""
        return f"{who} would {kind[6:]}{tail}{period_text(c)}"
    if kind in ("is", "is_a", "is_at", "being_done"):
        return _being(renderer, c, who, third)
    if kind == "exists":
        thing = np_text(renderer, c.object)
        return f"there are {thing.removeprefix('all ')}" if is_plural(c.object) else f"there is {thing}"
    if kind == "turn":
        whose = "your" if c.value == "you" else "an opponent's"
        return f"it's {whose} {c.during.title()} Phase" if c.during else f"it's {whose} turn"
    if kind in ("play_this_turn", "discard_this_turn"):
        verb = "played" if kind.startswith("play") else "discarded"
        return f"{who}{_have(c, who)} {verb} {np_text(renderer, c.object)} this turn"
    if kind == "attached":
        period = period_text(c)
        if c.subject.reference in ("self", "equipment") and c.object.reference == "self":
            # Equipment text (136.2.d): "this" is the Equipment, "me" the unit it is attached to.
            return f"this was attached to me{period}"
        return f"{who} {'was' if third else 'were'} attached to {np_text(renderer, c.object)}{period}"
    if kind == "moved_this_turn":
        times = {1: "once", 2: "twice"}.get(c.value, f"{c.value} times")
        return f"{who} {'has' if third else 'have'} moved {times} this turn"
    if kind == "gained_xp_this_turn":
        return "you've gained XP this turn"
    if kind in ("attacks", "defends"):
        return f"{who} {kind}" + (" alone" if c.value else "")
    if kind == "near_victory":
        verb = "is" if third else ("am" if who == "I" else "are")
        return f"{who} {verb} within {c.value} points of the Victory Score"
    if kind.endswith("_this_way") and c.value is None and not c.negated:     # "if it was buffed this way"
        participle = fx.ACTION_PARTICIPLES[kind.removesuffix("_this_way")]
        return f"{who} {'was' if third or who == 'I' else 'were'} {participle} this way"
    if kind.endswith("_this_way") or kind.startswith("has_you_"):
        from .clauses import clause
        action = kind.removesuffix("_this_way").removeprefix("has_you_")
        done = clause(renderer, fx.GameAction(None, (), action, amount=fx.Amount("count", c.value)))
        return f"{who} couldn't {done} this way" if c.negated else f"{who} has you {done}"
    if kind == "ends_in_tie":
        return f"{who} {'ends' if third else 'end'} in a tie"
    if kind == "excess_damage":
        target = f" to {np_text(renderer, c.object).removeprefix('all ')}" if c.object is not None else ""
        return f"you assigned {c.value} or more excess damage{target}"
    if kind == "spent_this_turn":
        spent_on = f" to play {np_text(renderer, c.object)}" if c.object is not None else ""
        return f"you've spent {fx.symbols_text(c.cost)} or more{spent_on} this turn"
    raise ValueError(kind)


def _died_text(renderer, c, who, third) -> str:
    """"it died this turn", "I didn't die during combat", "I didn't conquer this turn"."""
    tail = (" alone" if c.value == "alone" else "") + period_text(c)
    if c.kind == "died":
        return f"{who} didn't die{tail}" if c.negated else f"{who} died{tail}"
    thing = f" {np_text(renderer, c.object)}" if c.object is not None else ""     # "didn't play a spell"
    return f"{who} didn't {c.kind[4:]}{thing}{tail}"


def _with_text(renderer, c, who, third) -> str:
    """"it had 3 [M] or less", "your units have total Might 5 or more", "at least one of them has [Temporary]"."""
    tests = " and ".join(_filter(f, renderer).removeprefix("with ") for f in c.object.filters)
    return f"{who} {'had' if c.past else 'has' if third else 'have'} {tests}"


def _played_text(renderer, c, who, third) -> str:
    """"you played this from your hand", "you play me to a battlefield"."""
    where = f" to {place_text(c.place)}" if c.place is not None else ""
    return f"{who} {c.kind} {np_text(renderer, c.object)}{where}"


def _all_tags_text(renderer, c, who, third) -> str:
    """"your units have all of the following tags among them — Bird, Cat, Dog, and Poro"."""
    tags = c.object.tags
    listed = ", ".join(tags[:-1]) + ", and " + tags[-1] if len(tags) > 2 else " and ".join(tags)
    return f"{who} {'has' if third else 'have'} all of the following tags among them — {listed}"


def _might_compared_text(renderer, c, who, third) -> str:
    """"it has less Might than me", "my Might is greater than the total Might of enemy units there"."""
    if c.value == "total":
        whose = "my" if c.subject.reference == "self" else "its"
        than = "greater" if c.kind == "more_might_than" else "less"
        return f"{whose} Might is {than} than the total Might of {np_text(renderer, c.object).removeprefix('all ')}"
    return f"{who} {'has' if third else 'have'} {c.kind.split('_')[0]} Might than {np_text(renderer, c.object)}"


def _measures_compared_text(renderer, c, who, third) -> str:
    """"its Might is greater than my Might", "my Might is no less than 3"."""
    than = ("no " if c.negated else "") + ("greater" if c.kind == "measure_more" else "less")
    other = str(c.value) if c.compared is None else measure_text(renderer, c.compared)
    return f"{measure_text(renderer, c.measure)} is {than} than {other}"


def _done_word(name: str) -> str:
    """The participle of an action ("stun" -> "stunned"; "deal" -> "dealt damage"), from the lexicon for its own."""
    if name == "deal":
        return "dealt damage"
    from interpreter.language.lexicon import active_lexicon
    action = active_lexicon().action(name)
    return fx.ACTION_PARTICIPLES.get(name) or (action.forms[2] if action and action.forms else name)


def _done_this_turn_text(renderer, c, who, third) -> str:
    """"you've stunned a unit this turn"; with no subject, the passive: "a friendly unit was killed this turn"."""
    done = _done_word(c.action)
    if c.subject is None:
        thing = subject_text(renderer, c.object)
        was = "were" if is_plural(c.object) or thing in ("you", "they") else "was"
        return f"{thing} {was} {done} this turn"
    return f"{who}{_have(c, who)} {done} {np_text(renderer, c.object)} this turn"


def _have(c, who) -> str:
    """"'ve", " has", " haven't", " hasn't": the perfect of a subject's action this turn, or its negation."""
    plural = who in ("you", "I", "they")
    if c.negated:
        return " haven't" if plural else " hasn't"
    return "'ve" if plural else ""       # "an opponent killed a unit this turn": "has" + a participle reads as a noun


# Conditions said by a function of their own (renderer, condition, subject text, third person?).
_CONDITION_TEXTS = {
    "died": _died_text, "with": _with_text, "play": _played_text, "played": _played_text,
    "has_all_tags": _all_tags_text, "less_might_than": _might_compared_text, "more_might_than": _might_compared_text,
    "done_this_turn": _done_this_turn_text, "measure_more": _measures_compared_text, "measure_less": _measures_compared_text,
    "revealed": lambda renderer, c, who, third: f"{who} revealed {np_text(renderer, c.object)}",
    "pays": lambda renderer, c, who, third: f"{who} pays {fx.symbols_text(c.cost)}",
    "spent": lambda renderer, c, who, third: f"{who} spent {fx.symbols_text(c.cost)} or more",
    "chose_this_turn": lambda renderer, c, who, third: _chose_this_turn(renderer, c),
    "during": lambda renderer, c, who, third: "during the " + c.value.replace("_", " ").title().replace(" Step", " step"),
}


def period_text(c: fx.Condition) -> str:
    """" during combat", " during your Beginning Phase this turn", " this turn": when the event is looked for."""
    text = ""
    if c.during is not None:
        whose = {"you": "your ", "opponent": "an opponent's "}.get(c.whose, "")
        part = f"{c.during.title()} Phase" if c.whose is not None else {"showdown": "a showdown"}.get(c.during, c.during)
        text += f" during {whose}{part}"
    return text + (" this turn" if c.duration == "this_turn" else "")


def state_text(c: fx.Condition) -> str:
    """"[Mighty]", "attacking or defending alone", "already stunned": the state of an "is" condition."""
    text = f"[{c.keyword}]" if c.keyword else " or ".join(c.states) if c.states else c.value
    return ("already " if c.already else "") + text + (" alone" if c.alone else "")


def phase_names(text: str) -> str:
    """Phase names as printed: "during your Beginning Phase"."""
    return text.replace("beginning phase", "Beginning Phase").replace("main phase", "Main Phase")


def _being(renderer, c, who, third) -> str:
    if c.kind == "is" and c.subject is None and c.place is not None:
        return f"it's {state_text(c)}"                 # "if it's empty": the place named by the instruction
    if c.kind == "is" and c.negated and c.place is None and c.object is None and who == "I":
        return f"not {state_text(c)}"                  # "only if not Empowered" (827.1.c.1): the source is not
    if c.kind == "is_a":
        rest = np_text(renderer, c.object)
    elif c.kind == "being_done":        # "I'm being played to a battlefield where you control units"
        from .lexicon_actions import participle
        rest = f"being {participle(renderer, c.action)} to {place_text(c.place)}"
    elif c.kind == "is_at":
        rest = ("not " if c.negated else "") + located(c.place) + (" already" if c.already else "")
    else:
        rest = ("not " if c.negated else "") + state_text(c) + (f" {located(c.place)}" if c.place is not None else "")
        rest += f" with {np_text(renderer, c.object)}" if c.object is not None else ""
    if c.past:
        return f"{who} {'was' if third or who == 'I' else 'were'} {rest}"
    if who == "I":
        return f"I'm {rest}"
    if c.subject is not None and c.subject.reference == "it":
        return f"it's {rest}"
    return f"{who} {'is' if third else 'are'} {rest}"
