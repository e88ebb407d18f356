"""Render stage, clauses: one effect object as the words of one clause."""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx
from interpreter.compiler.effects import symbols_text
from interpreter.compiler.objects import names_there
from interpreter.language.number_words import NUMBER_WORDS
from .objects import (amount_text, for_each_text, is_plural, lacking, located, measure_text, np_text, per_text,
                      place_text, subject_text)

_THIRD_PERSON = {"draw": "draws", "discard": "discards", "deal": "deals", "kill": "kills", "banish": "banishes",
                 "stun": "stuns", "recycle": "recycles", "move": "moves", "return": "returns", "give": "gives",
                 "channel": "channels", "gain": "gains", "score": "scores", "choose": "chooses",
                 "reveal": "reveals", "look": "looks", "pay": "pays", "play": "plays", "ready": "readies",
                 "exhaust": "exhausts", "buff": "buffs", "recall": "recalls", "create": "creates", "heal": "heals",
                 "counter": "counters", "hide": "hides", "add": "adds", "put": "puts", "attach": "attaches"}
_SIMPLE = {"kill": "kill", "banish": "banish", "stun": "stun", "buff": "buff", "ready": "ready",
           "exhaust": "exhaust", "recall": "recall", "heal": "heal", "counter": "counter", "recycle": "recycle",
           "choose": "choose", "reveal": "reveal", "look_at": "look at", "take_control": "take control of",
           "lose_control": "lose control of", "new_choices": "make new choices for"}
_COUNT_WORDS = {**NUMBER_WORDS, 1: "a"}                       # "play a 1 [M] Recruit", "play two ..."


def _lasting(e) -> str:
    """" this turn": how long an effect lasts, said after it (nothing when it has no duration)."""
    return " " + e.duration.replace("_", " ") if e.duration else ""


def clause(r, effect) -> str:
    text = _CLAUSES[type(effect).__name__](r, effect)
    where = getattr(effect, "place", None)
    if isinstance(where, fx.Place) and where.where is not None and names_there(where.where) \
            and not lacking(where.where):
        # "... to an occupied battlefield if an enemy unit is alone there": the place's condition, said last
        text += " if " + r.condition(where.where)
    return text


def _game_action(r, e: fx.GameAction) -> str:
    if e.action == "exempt":          # "you don't kill a unit this way" (359.3.e.14)
        left_out = replace(e, action=e.options[0], options=e.options[1:], subject=None)
        verb = "doesn't" if subject_text(r, e.subject) not in ("you", "I", "they", "we") \
            and not is_plural(e.subject) else "don't"
        return f"{subject_text(r, e.subject)} {verb} {_game_action(r, left_out)} this way"
    text = _ACTIONS.get(e.action, _simple)(r, e)
    text += "".join(_option(o, e) for o in e.options)
    if e.lasts_while is not None:     # "... for as long as you control that battlefield"
        text += " for as long as " + r.condition(e.lasts_while)
    return _done_by(r, text, e.subject, must="must" in e.options)


def _done_by(r, text: str, subject: fx.Selector | None, must: bool = False) -> str:
    """The clause with its subject before the verb, the verb agreeing with it ("each player draws 1"), or
    after "must" ("each player must draw 1", 355.10.f)."""
    if subject is None:
        return text
    who = subject_text(r, subject) + (" each" if subject.quantity == "both" else "")
    if must:
        return f"{who} must {text}".rstrip()
    verb, _, rest = text.partition(" ")
    singular = who not in ("you", "I", "they", "we") and not is_plural(subject) and subject.quantity != "both"
    if singular:
        verb = _THIRD_PERSON.get(verb) or _lexicon_third_person(r, verb)
    return f"{who} {verb} {rest}".rstrip()


def _lexicon_third_person(r, verb: str) -> str:
    """"skips" for "skip": the third-person form of an action of the lexicon (the verb itself for any other)."""
    from .lexicon_actions import lexicon_of
    action = lexicon_of(r).action_of(verb)
    return action.forms[1] if action is not None and action.forms and action.forms[0] == verb else verb


def _option(option: str, e) -> str:
    plural = bool(getattr(e, "objects", ())) and is_plural(e.objects[0])      # "play all units ..., ignoring their costs"
    if option == "ignore_cost":
        return ", ignoring their costs" if plural else ", ignoring its cost"
    if option == "ignore_energy_cost":
        return ", ignoring their Energy costs" if plural else ", ignoring its Energy cost"
    if option == "ignore_all_costs":
        return ", ignoring any and all costs"
    if option == "reduce_cost":
        return f", reducing its cost by {symbols_text(e.cost)}"
    if option == "instead_of":
        return f" instead of {symbols_text(e.cost)}"
    if option.startswith("minimum_"):
        return f", to a minimum of {option[8:]} [M]"
    if option.startswith("maximum_"):
        return f", to a maximum of {option[8:]} [M]"
    if option in ("now", "first"):
        return " " + option
    if option == "at_the_same_time":               # one move of several units (144.3)
        return " at the same time"
    if option in ("exhausted", "energy", "split", "to_or_from"):
        return ""
    return ""


def _applied_cost(r, e) -> str:
    """"Opponents must pay [A] ... to move ...": the payer once, before "must" (204.4)."""
    payment, action = replace(e.payment, subject=None), replace(e.applies_to, subject=None)
    return f"{subject_text(r, e.payer)} must {clause(r, payment)} to {clause(r, action)}"


def _put(r, e) -> str:
    end = next((o for o in e.options if o in ("top", "bottom", "top_or_bottom", "bottom_or_top")), None)
    if end is not None:                                  # "on the top or bottom of your Main Deck"
        return f"put {np_text(r, e.objects[0])} on the {end.replace('_', ' ')} of {place_text(e.place)}"
    what = e.objects[0]
    if what.alternatives:           # "put a unit into your hand from your Champion Zone or the board"
        origins = " or ".join(place_text(choice.zone) for choice in what.alternatives)
        base = replace(what.alternatives[0], zone=None)
        return f"put {np_text(r, base)} into {place_text(e.place)} from {origins}"
    return f"put {np_text(r, what)} into {place_text(e.place)}"


def _ignore_cost(r, e) -> str:
    return f"ignore {_cost_of(r, e)}"


def _cost_of(r, e) -> str:
    """"my cost", "this spell's cost", "its Energy cost": the cost an ignore or a reduction is about."""
    (whose,) = e.objects
    owner = "its" if whose.reference != "self" else ("my" if r.self_word in ("me", "I") else "this spell's")
    kind = "Energy " if "energy" in e.options else ""
    return f"{owner} {kind}cost"


def _participle(r, action: str) -> str:
    from .lexicon_actions import participle
    return participle(r, action)


def _simple(r, e) -> str:
    if e.action == "choose" and e.options == ("a_domain",):      # "pick a domain" (355)
        return "pick a domain"
    if e.action == "choose" and not e.objects:          # "choose Cards or Runes"
        return "choose " + _listed(e.options)
    if e.action == "choose" and e.objects[0].types == ("tag",) and e.objects[0].tags:   # "choose Bird, Cat, or Dog"
        return "choose " + _listed(e.objects[0].tags)
    if e.action not in _SIMPLE:                          # an action of the lexicon: "burn 2", "empower me"
        from .lexicon_actions import action_text
        return action_text(r, e)
    return f"{_SIMPLE[e.action]} " + " and ".join(np_text(r, o) for o in e.objects)


def _listed(words) -> str:
    """"A or B"; "A, B, or C"."""
    if len(words) > 2:
        return ", ".join(words[:-1]) + ", or " + words[-1]
    return " or ".join(words)


def _count(r, e, verb) -> str:
    if e.amount.kind == "equal" and verb in ("draw", "discard"):      # "draw cards equal to ..."
        return f"{verb} cards equal to {measure_text(r, e.amount.measure)}"
    return f"{verb} {amount_text(r, e.amount)}{for_each_text(r, e.amount)}"


def _discard(r, e):
    return _count(r, e, "discard") if e.amount else f"discard {np_text(r, e.objects[0])}"


def _deal(r, e):
    if "split" in e.options:
        amount = amount_text(r, e.amount)
        return f"deal {amount if amount.startswith('damage') else amount + ' damage'} split among {np_text(r, e.objects[0])}"
    return f"deal {amount_text(r, e.amount)} to {np_text(r, e.objects[0])}{for_each_text(r, e.amount)}"


def _recycle(r, e):
    if e.amount is not None:
        return f"recycle {e.amount.value} from {place_text(e.objects[0].zone)}"
    return _simple(r, e)


def _move(r, e):
    target = np_text(r, e.objects[0])
    if e.place is None:
        return f"move {target}"
    if "to_or_from" in e.options:
        return f"move {target} to or from {place_text(e.place)}"
    if e.place.kind == "there":
        return f"move {target} there"
    return f"move {target} to {place_text(e.place)}"


def _return(r, e):
    objects = " and ".join(np_text(r, o) for o in e.objects)
    return f"return {objects}" + (f" to {place_text(e.place)}" if e.place is not None else "")


def _give(r, e):
    if e.modifications and e.modifications[0].kind == "might_to" and e.modifications[0].measure is None:
        return f"increase {_possessive(np_text(r, e.objects[0]))} Might to {e.modifications[0].amount} [M]" + _lasting(e)
    if e.modifications and e.modifications[0].kind == "might_set":
        return f"{_possessive(np_text(r, e.objects[0]))} Might becomes {e.modifications[0].amount}" + _lasting(e)
    if e.modifications and e.modifications[0].kind == "might_to":
        from .objects import measure_text
        text = f"increase its Might to {measure_text(r, e.modifications[0].measure)}"
        return text + _lasting(e)
    mods = [_modification(r, m) for m in e.modifications]
    target = e.objects[0]
    if mods == ["that tag"] and target.reference in ("self", "it", "they"):
        # "I gain that tag": said with the object as subject ("give ... that tag" would read "that" as its modifier)
        who = subject_text(r, target)
        return f"{who} {'gain' if who in ('I', 'they', 'They') else 'gains'} that tag" + _lasting(e)
    if len(mods) == 1 and _measures_it(e.modifications[0]) and target.reference is None:
        # "give +[M] equal to its Might to another friendly unit": said after the unit, "its" would be that unit's
        text = f"give {mods[0]} to {np_text(r, target)}"
    else:
        text = f"give {np_text(r, target)} {mods[0]}" + "".join(f" and {m}" for m in mods[1:])
    if e.duration:
        text += " " + e.duration.replace("_", " ")
    return text + for_each_text(r, e.amount)


def _measures_it(m: fx.Modification) -> bool:
    """"+[M] equal to its Might": a Might read from the object named before."""
    return m.kind == "might" and m.measure is not None and m.measure.of is not None and m.measure.of.reference == "it"


def _possessive(text: str) -> str:
    return text + ("'" if text.endswith("s") else "'s")


def _doubled(r, e: fx.GameAction) -> str:
    """What a double action doubles: "a friendly unit's Might" or the object itself."""
    text = np_text(r, e.objects[0])
    if "damage" in e.options:
        return f"all damage that would be dealt to {text}"
    if "might" not in e.options:
        return text
    return text + ("'" if text.endswith("s") else "'s") + " Might"


def _listed_types(r, holders: fx.Selector) -> str:
    """"all friendly legends, units, and gear": one noun phrase, its card types listed."""
    first, *others = [np_text(r, replace(holders, types=(kind,))) for kind in holders.types]
    nouns = [text.split()[-1] for text in others]
    if not nouns:
        return first
    if len(nouns) == 1:
        return f"{first} and {nouns[0]}"
    return f"{first}, {', '.join(nouns[:-1])}, and {nouns[-1]}"


def _modification(r, m: fx.Modification) -> str:
    if m.kind == "ability":
        from .renderer import Renderer
        return '"' + Renderer("unit", r.rules).ability(m.ability) + '"'
    if m.kind == "keywords":
        return "my keywords"
    if m.kind == "chosen_tag":
        return "that tag"
    if m.kind == "abilities":          # "all [E] abilities of all friendly legends, units, and gear"
        kind = m.measure.kind
        which = "[E]" if kind == "exhaust_abilities" else f"[{m.measure.keyword}]"
        return f"all {which} abilities of {_listed_types(r, m.measure.of)}"
    if m.kind == "keyword" and m.measure is not None:
        from .objects import measure_text
        return f"{r.keyword(m.keyword)} equal to {measure_text(r, m.measure)}"
    if m.kind == "keyword" and m.ability is not None and m.ability.paid:   # "[Repeat] — Discard 1": an action cost
        return f"{r.keyword(m.keyword)} — {_upper_first(r.clause_list(m.ability.paid))}"
    if m.kind == "keyword" and m.ability is not None:      # "[Repeat] [2][P]": the keyword with its cost
        return f"{r.keyword(m.keyword)} {symbols_text(m.ability.cost)}"
    if m.kind == "keyword":
        return r.keyword(m.keyword)
    if m.measure is not None:
        from .objects import measure_text
        return f"+[M] equal to {measure_text(r, m.measure)}"
    return f"+{m.amount} [M]" if m.amount >= 0 else f"-{-m.amount} [M]"


def _channel(r, e):
    count = e.amount.value
    state = " exhausted" if "exhausted" in e.options else ""
    return f"channel {count} rune{'s' if count != 1 else ''}{state}{for_each_text(r, e.amount)}"


def _play(r, e):
    text = "play " + " and ".join(np_text(r, o) for o in e.objects) \
        + (" again" if "again" in e.options else "")      # "that token and an additional copy of it"
    if e.place is not None:
        text += f" to {place_text(e.place)}"
    if e.cost and "reduce_cost" not in e.options:
        text += f" for {symbols_text(e.cost)}"
    if e.keyword_cost is not None:
        text += f" for its {e.keyword_cost.name.lower()} cost"                 # 829.1.b
    if e.duration:
        text += " " + e.duration.replace("_", " ")
    return text


def _spend_buff(r, e):
    owner = e.objects[0]
    if owner.reference == "self":
        return "spend my buff"
    return {"one": "spend a buff", "any_number": "spend any number of buffs"}.get(owner.quantity, "spend its buff")


_OWNER_WORDS = {"self": "my", "it": "its", "them": "their"}


def _pay(r, e):
    if e.keyword_cost is not None:                 # "pay the cost of its Equip ability, reduced by [A]" (818, 206)
        owner = _OWNER_WORDS[e.objects[0].reference]
        reduced = f", reduced by {symbols_text(e.reduced_by)}," if e.reduced_by else ""
        return f"pay the cost of {owner} {e.keyword_cost.name} ability{reduced}"
    if e.amount is None:
        return f"pay {symbols_text(e.cost)}"
    if e.amount.kind == "count":                   # "pay [A] for each unit beyond the first"
        return f"pay {symbols_text(e.cost)}{for_each_text(r, e.amount)}"
    return f"pay any amount of {symbols_text(e.cost)}" if e.cost else "pay any amount of Energy"


def _prevent(r, e):
    how_much = "all" if e.amount.kind == "all" else f"the next {e.amount.value}"
    sources = " and ".join(e.options)
    text = " ".join(w for w in ("prevent", how_much, sources, "damage") if w)
    if e.objects:
        text += f" that would be dealt to {np_text(r, e.objects[0])}"
    return text + _lasting(e)


def _gerund(r, e) -> str:
    """The event a replacement names, as a gerund: "put it into their trash" -> "putting it into their trash"."""
    text = clause(r, e)
    verb, rest = text.split(" ", 1)
    if verb != "put":
        raise ValueError(f"no gerund for {verb!r}")
    return f"putting {rest}"


def _repeat_effects(r, e):
    whose = e.objects[0]
    if whose.reference == "it":
        owner = "its"
    else:
        owner = "my" if r.self_word == "me" else "this gear's" if r.card_type == "gear" else "this card's"
    return f"repeat {owner} {e.options[0]} effect"


def _copy_text(r, e):
    source, target = e.objects
    texts = [kind.replace("_", " ") for kind in e.options]
    lasting = " for as long as this is attached to it" if e.duration == "while_attached" else ""
    return f"copy {_text_owner(source)} {texts[0]} to {_text_owner(target)} {texts[1]}{lasting}"


def _text_owner(whose: fx.Selector) -> str:
    if whose.reference == "that":
        return f"that {whose.types[0]}'s"
    if whose.reference == "it":
        return "its"
    if whose.types:
        return "this " + ("Equipment" if whose.types[0] == "equipment" else whose.types[0]) + "'s"
    return "my"


def _state_ends(r, e):
    """"necessary portions of its Rules Text are no longer Inactive if they are currently Inactive" (725)."""
    portions = "necessary portions of " if e.portions == "necessary" else ""
    text = {"rules_text": "Rules Text", "effect_text": "Effect Text", "text": "text"}[e.text]
    state, plural = e.state.capitalize(), bool(portions)
    now = f" if {'they are' if plural else 'it is'} currently {state}" if e.if_currently else ""
    return f"{portions}{_text_owner(e.of)} {text} {'are' if plural else 'is'} no longer {state}{now}"


def _become_copy(r, e):
    """"It becomes a copy of that unit", "They become copies of me": one copy effect for each (477.1.b)."""
    copies = e.objects[0]
    verb = "become copies" if copies.reference in ("they", "them") or is_plural(copies) else "becomes a copy"
    return f"{subject_text(r, copies)} {verb} of {np_text(r, e.objects[1])}"


def _reduce(r, e):
    if e.amount is not None and e.amount.kind == "equal":       # "by the Might of the recycled unit"
        return f"reduce {_cost_of(r, e)} by {measure_text(r, e.amount.measure)}"
    return f"reduce {_cost_of(r, e)} by {symbols_text(e.cost)}{for_each_text(r, e.amount)}"


_ACTIONS = {
    "draw": lambda r, e: _count(r, e, "draw") if e.amount else f"draw {np_text(r, e.objects[0])}",
    "predict": lambda r, e: "[Predict]" if e.amount.value == 1 else f"[Predict {e.amount.value}]",
    "ignore_cost": _ignore_cost,
    "put": _put,
    "reveal_until": lambda r, e: f"reveal cards from the top of {place_text(e.objects[0].zone)} until you reveal "
                                 f"{np_text(r, e.objects[1])}",
    "put_back": lambda r, e: f"put {np_text(r, e.objects[0])} back in any order",
    "discard": _discard,
    "deal": _deal,
    "recycle": _recycle,
    "move": _move,
    "return_to_hand": _return,
    "return": _return,
    "give": _give,
    "channel": _channel,
    "gain_xp": lambda r, e: f"gain {e.amount.value} XP{for_each_text(r, e.amount)}",
    "spend_xp": lambda r, e: f"spend {e.amount.value} XP",
    "score": lambda r, e: f"score {e.amount.value} point{'s' if e.amount.value != 1 else ''}",
    "play": _play,
    "create": lambda r, e: "create " + np_text(r, e.objects[0]),
    "attach": lambda r, e: f"attach {np_text(r, e.objects[0])} to {np_text(r, e.objects[1])}",
    "detach": lambda r, e: "detach " + " from ".join(np_text(r, o) for o in e.objects),
    "become_copy": _become_copy,
    "double": lambda r, e: f"double {_doubled(r, e)}" + _lasting(e),
    "replace": lambda r, e: f"replace {np_text(r, e.objects[0])} with {np_text(r, e.objects[1])}",
    "win_game": lambda r, e: "win the game",
    "prevent": lambda r, e: "prevent it",
    "activate": lambda r, e: f"use {e.objects[0].types[0]} abilities",
    "increase_victory_score": lambda r, e: f"increase the points needed to win the game by {e.amount.value}",
    "prevent_damage": lambda r, e: _prevent(r, e),
    "activate_effects": lambda r, e: f"activate the {e.options[0]} effects of {np_text(r, e.objects[0]).removeprefix('all ')}",
    "take_turn": lambda r, e: "take a turn after this one",
    "name": lambda r, e: f"name a {e.options[0]}",
    "repeat_effects": _repeat_effects,
    "copy_text": _copy_text,
    "recall": lambda r, e: _simple(r, e) + (" exhausted" if "exhausted" in e.options else ""),
    "swap": lambda r, e: f"swap the Might of {np_text(r, e.objects[0])}" + _lasting(e),
    "spend_buff": _spend_buff,
    "pay": _pay,
    "reduce_cost": _reduce,
    "add": lambda r, e: "[Add] that much " + (f"[{e.options[0]}]" if e.options[0] != "energy" else "Energy"),
}


# ---- tokens -------------------------------------------------------------------------------
def _create_tokens(r, e: fx.CreateTokens) -> str:
    verb = {"play": "play", "create": "create", "add": "add"}[e.action]
    token = e.token
    count = "the" if token.unique and e.count == 1 else _COUNT_WORDS.get(e.count, str(e.count))
    words = [count]
    explicit_state = "184.1" in e.enters.rules
    if explicit_state and e.enters.value == "ready":
        words.append("ready")
    if token.might is not None:
        words.append(f"{token.might} [M]")
    words += [token.name, token.card_type, "tokens" if e.count > 1 else "token"]
    text = f"{verb} " + " ".join(words)
    text = text.replace("play a 8", "play an 8")
    for keyword in e.granted:
        text += f" with {r.keyword(keyword)}"
    text += _token_place(e)
    if explicit_state and e.enters.value == "exhausted":
        text += " exhausted"
    if e.per is not None:
        text += " " + per_text(r, e.per)
    return _done_by(r, text, e.subject)


def _token_place(e: fx.CreateTokens) -> str:
    destination = e.played_to if e.action == "play" else e.created_to
    explicit = {"184.2", "439.2"} & set(destination.rules)
    if not explicit:
        return ""
    if destination.zone in ("here", "there"):
        return " " + destination.zone
    if destination.zone == "battlefield_zone":
        return " to the board"
    owner = {"you": "your ", "their": "their "}.get(destination.player, "")
    return f" to {owner}{destination.zone}"


# ---- wrappers -------------------------------------------------------------------------------
def _may(r, e: fx.MayDo) -> str:
    moved = e.effect
    if isinstance(moved, fx.GameAction) and "along_with" in moved.options:
        return f"{subject_text(r, moved.objects[0])} may be moved with {np_text(r, moved.objects[1])}"
    who = "you" if e.player is None or e.player.reference == "you" else subject_text(r, e.player)
    effect = e.effect
    if isinstance(effect, fx.Conditional) and not effect.rules and not effect.unless and len(effect.effects) == 1:
        # "you may return ... if it is empty": the condition trails the clause it limits
        return f"{who} may {clause(r, effect.effects[0])} if {r.condition(effect.condition)}"
    return f"{who} may {clause(r, effect)}"


def listed_clauses(r, effects) -> str:
    """Clauses joined by ", then"; after a "may" the "if you do" of what follows is implied by the list
    ("you may pay [A], then exhaust me"), as the compiler reads such a list."""
    texts, optional, previous = [], False, None
    for effect in effects:
        joined = entry_after(r, previous, effect)
        previous = effect
        if joined is not None:
            texts[-1] += joined
        elif optional and isinstance(effect, fx.IfYouDo):
            texts.append(clause(r, effect.effect))
        else:
            texts.append(clause(r, effect))
        optional = optional or isinstance(effect, fx.MayDo)
    return ", then ".join(texts)


def entry_after(r, previous, effect) -> str | None:
    """" and enter ready" when ``effect`` says how the holder of the passive statement before it enters
    ("I cost [2] less and enter ready"); None when it is a clause of its own."""
    if not (isinstance(effect, fx.StaticEffect) and effect.kind == "enter" and effect.place is None
            and isinstance(previous, fx.StaticEffect) and previous.kind != "enter"
            and previous.holder == effect.holder):
        return None
    holder = subject_text(r, effect.holder)
    plural = holder == "I" or is_plural(effect.holder) or holder == "you"
    verb = "enter" if plural else "enters"
    return f" and {verb} {effect.value}" + (" this turn" if effect.duration else "")


def _doer(r, player) -> str:
    """"you do", "they do": who did the optional instruction an "if ... do" asks about."""
    if player is None:
        return "you do"
    who = subject_text(r, player)
    return f"{who} do" if who in ("you", "they") or is_plural(player) else f"{who} does"


def _lower_first(text: str) -> str:
    return text[0].lower() + text[1:]


def _conditional(r, e: fx.Conditional) -> str:
    body = listed_clauses(r, e.effects)
    condition = r.condition(e.condition)
    if e.unless:
        return f"{body} unless {condition}"
    if e.condition.kind == "during":          # "... during the Combat Damage step" (364.3.a)
        return f"{body} {condition}"
    if e.condition.kind == "is_at" and e.condition.already:   # "... if it's not there already": reads the clause before
        return f"{body} if {condition}"
    if e.rules == ("364",):
        return f"while {condition}, {body}"
    return f"if {condition}, {body}"


def _static(r, e: fx.StaticEffect) -> str:
    holder = subject_text(r, e.holder)
    plural = holder == "I" or is_plural(e.holder) or holder == "you" or e.holder.quantity == "both"
    if e.kind == "modify" and e.modifications and e.modifications[0].kind == "might_to":
        where = " " + located(e.place) if e.place is not None else ""
        return f"{holder} have their Might increased to {e.modifications[0].amount} [M]{where}"
    if e.kind == "modify" and e.modifications and e.modifications[0].kind == "chosen_domain":
        return f"{holder} {'are' if plural else 'is'} that domain"
    if e.kind == "modify" and e.modifications and e.modifications[0].kind == "tag":
        if holder == "I" or not plural:
            return f"{holder} {'am' if holder == 'I' else 'is'} {_article(e.value)}"
        return f"{holder} are {e.value}s"
    if e.kind in _STATIC_TEXTS:
        text = _STATIC_TEXTS[e.kind](r, e, holder, plural)
        if e.duration == "this_turn" and "this turn" not in text:
            # a duration the statement's own words leave out leads it: "This turn, I don't take damage"
            return "this turn, " + text
        return text
    if e.kind == "modify" and e.value == "increased_by":
        from .objects import measure_text
        measure = e.modifications[0].measure
        amount = np_text(r, measure.of) if measure.kind == "count" and measure.of.types == ("point",) \
            else measure_text(r, measure)
        return f"my Might is increased by {amount}"
    if e.kind == "modify" and e.duration and any(m.kind == "ability" for m in e.modifications):
        # a quoted ability closes its sentence, so the duration leads: 'This turn, that unit has "..."'
        return e.duration.replace("_", " ") + ", " + _static(r, replace(e, duration=None))
    if e.kind == "attached_gets":
        return f"{holder} each give " + " and ".join(_modification(r, m) for m in e.modifications)
    if e.kind == "modify":
        return _modify(r, e, holder, plural)
    raise ValueError(f"no canonical text for a {e.kind!r} statement")


def _modify(r, e, holder, plural) -> str:
    """"Other friendly units have +1 [M]", with the place, duration, "for each" and floor they carry."""
    verb = "have" if plural else "has"
    text = f"{holder} {verb} " + " and ".join(_modification(r, m) for m in e.modifications)
    if e.place is not None:
        text += " " + located(e.place)
    if e.duration:
        text += " " + e.duration.replace("_", " ")
    if e.per is not None:
        text += " " + per_text(r, e.per)
    if e.value and e.value.startswith("minimum_"):
        text += f", to a minimum of {e.value[8:]} [M]"
    if e.value == "unless_already":
        text += f" if {'they' if plural else 'it'} didn't already"
    return text


def _enter(r, e, holder, plural) -> str:
    state = located(e.place) if e.place is not None else e.value     # "I enter there" (369.3)
    return f"{holder} {'enter' if plural else 'enters'} {state}" + (" this turn" if e.duration else "")


def _bonus_damage(r, e, holder, plural) -> str:
    additional = " additional" if e.value == "additional" else ""
    text = f"{holder} deal{'' if plural else 's'} {e.modifications[0].amount}{additional} Bonus Damage"
    text += f" to {np_text(r, e.by)}" if e.by is not None else ""
    return text + (" " + per_text(r, e.per) if e.per is not None else "")


def _cannot_score(r, e, holder, plural) -> str:
    if e.value and e.value.startswith("until_"):
        return f"{holder} can't score {located(e.place)} until their {e.value.split('_')[1]} turn"
    if e.value == "any_gain":
        return f"{holder} can't gain points"
    return f"{holder} can't score points"


def _cannot_move(r, e, holder, plural) -> str:
    origin = " from here" if e.value == "from_here" else ""
    return f"{holder} can't move{origin} to {place_text(e.place)}"


def _cost_change(r, e, holder, plural) -> str:
    """"I cost [2] less for each ...", "cost [1] or [A] less", "... to play from anywhere other than ..." (131)."""
    verb = "cost" if plural else "costs"
    if e.holder.types == ("cost",):              # "friendly [Repeat] costs cost [1] less"
        holder, verb = _costs_text(r, e.holder), "cost"
    if e.value == "reduced_by":
        from .objects import measure_text
        whose = "this spell's" if e.holder.reference == "self" else f"{holder}'s"
        whose = "this ability's" if e.holder.types == ("ability",) and e.holder.reference == "this" else whose
        return f"{whose} Energy cost is reduced by {measure_text(r, e.modifications[0].measure)}"
    if e.holder.types == ("ability",) and e.holder.reference == "this" and e.value == "less":
        return f"this ability's Energy cost is reduced by {symbols_text(e.cost)}" + \
            (" " + per_text(r, e.per) if e.per is not None else "") + \
            (f", to a minimum of {symbols_text(e.minimum)}" if e.minimum else "")
    if e.value in ("less_either", "more_either"):
        first, second = symbols_text(e.cost[:1]), symbols_text(e.cost[1:])
        return f"{holder} {verb} {first} or {second} {e.value.split('_')[0]}"
    if e.value == "less_from_elsewhere":
        return f"{holder} {verb} {symbols_text(e.cost)} less to play from anywhere other than {place_text(e.place)}"
    text = f"{holder} {verb} {symbols_text(e.cost)} {e.value}"
    text += " to play " + e.duration.replace("_", " ") if e.duration else ""
    text += " " + per_text(r, e.per) if e.per is not None else ""
    return text + (f", to a minimum of {symbols_text(e.minimum)}" if e.minimum else "")


def _costs_text(r, holder: fx.Selector) -> str:
    """"Optional additional costs you pay", "friendly [Repeat] costs": costs of a kind (356.2.b, 820.1.c)."""
    words = [holder.relation] if holder.relation else []
    words += list(holder.states) + [f"[{k}]" for k in holder.keywords_with] + ["costs"]
    if fx.Filter("paid_by", "==", "you") in holder.filters:
        words.append("you pay")
    return " ".join(words)


def _article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _phase_names(text: str) -> str:
    from .objects import phase_names
    return phase_names(text)


def _move_permission(e, holder) -> str:
    """"Units can move here from anywhere"; "I can move to a battlefield from a battlefield with a standard move"
    (a route of the standard move, 144.4, 810.1.b)."""
    if e.value == "anywhere":
        return f"{holder} can move {located(e.place)} from anywhere"
    source = e.value.removeprefix("from_")
    standard = " with a standard move" if "144.4" in e.rules else ""
    return f"{holder} can move to {place_text(e.place)} from a {source}{standard}"


def _play_permission(r, e, holder) -> str:
    """"I can be played to ...", "I can [Ambush] to ... (822.1.d), even if ..."."""
    verb = r.keyword(e.modifications[0].keyword) if e.modifications else "be played"
    text = f"{holder} can {verb} to {place_text(e.place)}"
    return text + (f", even if {r.condition(e.waived)}" if e.waived is not None else "")


def _assigned_damage(r, e, holder) -> str:
    """"I must be assigned combat damage first", "... lethal damage before any other unit ..." (465.2.c)."""
    kind, _, order = e.value.rpartition("_")
    text = f"{holder} must be assigned {kind or 'combat'} damage {order}"
    return f"{text} {np_text(r, e.by)}" if e.by is not None else text


def _play_only_to(r, e, holder, plural) -> str:
    if e.by is None:
        return f"play {r.self_word} only to {place_text(e.place)}"
    return f"{holder} can only play {np_text(r, e.by)} to {place_text(e.place)}"


def _effects_also(r, e, holder, plural) -> str:
    whose = _whose_effects(e)
    return f"{whose} {_effects_named(e)} effects are also {e.also} effects" + (", and vice versa" if e.vice_versa else "")


def _whose_effects(e) -> str:
    """"your" or "my" before "[Deathknell] effects"."""
    return "your" if e.holder.reference == "you" else "my"


def _effects_named(e) -> str:
    """"[Deathknell]" (the keyword's effects, 808.1.b.1) or "hold" (an event's effects, 383)."""
    return f"[{e.keyword}]" if e.keyword else e.value


def _extra_trigger(r, e, holder, plural) -> str:
    whose = _whose_effects(e)
    scored = f" for {e.value}ing here" if e.place is not None else ""      # "for holding here", "for conquering here"
    return f"{whose} {_effects_named(e)} effects{scored} trigger an additional time"


def _no_trigger(r, e, holder, plural) -> str:
    whose = _whose_effects(e)
    where = f" {located(e.place)}" if e.place is not None else ""
    return f"{whose} {_effects_named(e)} effects{where} don't trigger"


def _gives(r, e: fx.StaticEffect, holder: str, plural: bool) -> str:
    """"Your Equipment each give [Assault]", "Buffs give an additional +1 [M] to friendly units this turn"."""
    if e.modifications[0].kind == "might_bonus_times":
        factor = {2: "double", 3: "triple"}[e.modifications[0].amount]
        return f"{holder} give{'' if plural else 's'} {factor} its base Might bonus"
    mods = " and ".join(_modification(r, m) for m in e.modifications)
    if e.holder.types == ("buff",):
        # each buff gives +1 [M] by the rules (703): what this grants comes on top, so the text says so
        holder, plural, mods = "buffs", True, "an additional " + mods
    each = " each" if e.value == "each" else ""
    text = f"{holder}{each} {'give' if plural or each else 'gives'} {mods}"
    if e.by is not None:
        text += " to " + np_text(r, e.by).removeprefix("all ")
    return text + _lasting(e)


def _hide_permission(r, e: fx.StaticEffect, holder: str) -> str:
    """"You can hide cards ignoring costs this turn", "You may hide an additional card here"."""
    hidden = np_text(r, e.by).removeprefix("all ")
    if e.value == "additional":    # one object: "a card here" follows "an additional"
        return f"{holder} may hide an additional {hidden.split(' ', 1)[1]}"
    return f"{holder} can hide {hidden} ignoring costs" + _lasting(e)


_STATIC_TEXTS = {
    "give": lambda r, e, holder, plural: _gives(r, e, holder, plural),
    "enter": _enter,
    "cannot_be_chosen": lambda r, e, holder, plural:
        f"{holder} can't be chosen by {np_text(r, e.by).removeprefix('all ')}",      # "by enemy spells"
    "move_permission": lambda r, e, holder, plural: _move_permission(e, holder),
    "play_permission": lambda r, e, holder, plural: _play_permission(r, e, holder),
    "play_only_when": lambda r, e, holder, plural:       # 822.1.d
        f"{holder} can only {r.keyword(e.modifications[0].keyword)} at any time "
        f"{e.value or 'they'} could play {np_text(r, e.by)}",
    "cannot_be_played": lambda r, e, holder, plural: f"{holder} can't be played {located(e.place)}",
    "bonus_damage": _bonus_damage,
    "assigned_damage": lambda r, e, holder, plural: _assigned_damage(r, e, holder),
    "no_combat_damage": lambda r, e, holder, plural: f"{holder} {'don' if plural else 'doesn'}'t deal combat damage",
    "cannot_score": _cannot_score,
    "cannot_play": lambda r, e, holder, plural:
        f"{holder} can't play {np_text(r, e.by)}" + (" this turn" if e.duration else ""),
    "cannot_move": _cannot_move,
    "cost_change": _cost_change,
    "no_damage": lambda r, e, holder, plural: f"{holder} {'don' if plural else 'doesn'}'t take damage",
    "buff_limit": lambda r, e, holder, plural: f"{holder} can have any number of buffs",
    "play_only_to": _play_only_to,
    "may_be_played_during": lambda r, e, holder, plural:
        f"{holder} can be played during {_phase_names(e.value)} on any player's turn",
    "may_be_activated_during": lambda r, e, holder, plural:
        f"{holder} can be activated during {_phase_names(e.value)} on any player's turn",
    "play_only_during": lambda r, e, holder, plural: f"play {r.self_word} only during {_phase_names(e.value)}",
    "cannot_be_revealed": lambda r, e, holder, plural: f"{holder} can't be revealed"
                                                        + (" " + located(e.place) if e.place else ""),
    "extra_trigger": _extra_trigger,
    "no_trigger": _no_trigger,
    "effects_also": _effects_also,
    "cannot_act": lambda r, e, holder, plural: f"{holder} can't {e.value} {np_text(r, e.by)}" + _lasting(e),
    "look_permission": lambda r, e, holder, plural: f"{holder} can look at {np_text(r, e.by)}" + _lasting(e),
    "lethal_any_damage": lambda r, e, holder, plural:
        f"any amount of {'your' if e.by.reference == 'you' else 'my'} damage is enough to kill "
        f"{np_text(r, e.holder).removeprefix('all ')}",
    "cannot_be": lambda r, e, holder, plural:
        f"{_damage_holder(e.holder) or holder} can't be {_participle(r, e.value)}"
        + (f" by {np_text(r, e.by).removeprefix('all ')}" if e.by else "") + _lasting(e),
    "hide_permission": lambda r, e, holder, plural: _hide_permission(r, e, holder),
    "might_bonus": lambda r, e, holder, plural: f"{holder} {'give' if plural else 'gives'} double its base Might bonus",
    "adds_additional": lambda r, e, holder, plural: f"{holder} [Add] an additional {symbols_text(e.cost)}",
}


def _delayed(r, e: fx.Delayed) -> str:
    body = listed_clauses(r, e.effects)
    if e.trigger is None:     # several effects at that time: "lose control of it and recall it at ..."
        return " and ".join(clause(r, x) for x in e.effects) + " at the end of this turn"
    from .triggers import event_text
    if e.when == "beginning":  # "Beginning on the next turn, ..." (811.1.b): from the start of that turn on
        whose = "your" if e.trigger.subject == "you_next" else "the"
        return f"beginning on {whose} next turn, " + " and ".join(_from_then_on(r, x) for x in e.effects)
    if e.when == "at":        # "at the start of your next Main Phase, ..." (390.2)
        from .triggers import time_text
        return f"{time_text(e.trigger)}, {body}"
    if e.when == "when":      # a delayed trigger: its event says its own window ("this turn")
        from .triggers import event_clause
        return f"when {event_clause(r, e.trigger)}, {body}"
    if e.when in ("after", "until"):
        return f"{body} {e.when} {event_text(r, e.trigger)}"
    period = " this turn" if "this_turn" in e.trigger.qualifiers else ""
    if len(e.effects) == 1 and isinstance(e.effects[0], fx.GameAction) and e.effects[0].options == ("that_event",):
        verb = e.effects[0].action                 # "skip the next time ..." (443.1.a): the action replaces the event
        return f"{verb} the {e.when[:-5]} time {event_text(r, e.trigger)}{period}"
    if e.when == "when":
        return f"when {event_text(r, e.trigger)}{period}, {body}"
    return f"the {e.when[:-5]} time {event_text(r, e.trigger)}{period}, {body}"


def _from_then_on(r, e) -> str:
    """A statement that holds from a delayed start on: what an object has is said with "gain" ("I gain [Reaction]
    and you may play me"), as the compiler reads "gains" with no duration under such a start."""
    if isinstance(e, fx.StaticEffect) and e.kind == "modify" and e.place is None and e.duration is None \
            and e.per is None and e.value is None:
        holder = subject_text(r, e.holder)
        verb = "gain" if holder in ("I", "you", "they", "we") or is_plural(e.holder) else "gains"
        return f"{holder} {verb} " + " and ".join(_modification(r, m) for m in e.modifications)
    return clause(r, e)


def _choice(r, e: fx.Choice) -> str:
    actions = [x for x in e.options if isinstance(x, fx.GameAction)]
    if len(actions) == 2 and {a.action for a in actions} == {"ready", "exhaust"} and actions[0].objects == actions[1].objects:
        return f"ready or exhaust {np_text(r, actions[0].objects[0])}"
    return " or ".join(clause(r, x) for x in e.options)


def _scope_words(applies_to: str) -> str:
    """"this_ability" -> "this ability": what a restriction applies to, in words."""
    return applies_to.replace("_", " ")


def _restriction(r, e: fx.Restriction) -> str:
    if e.kind.startswith("spend_only"):          # "spend this Energy only during showdowns"
        spend = f"spend {_scope_words(e.applies_to).replace('energy', 'Energy').replace('power', 'Power')} only"
        if e.kind == "spend_only_to":
            return f"{spend} to {clause(r, e.effect)}"
        return f"{spend} during {e.condition.value}"
    use = f"use {_scope_words(e.applies_to)} only" if e.applies_to else "use only"   # "Use my abilities only ..."
    if e.kind == "only_to":
        return f"{use} to {clause(r, e.effect)}"
    if e.kind == "once_per_turn":
        return f"{use} once per turn"
    word = "if" if e.kind == "only_if" else "while"
    return f"{use} {word} {r.condition(e.condition)}"


def _ignore_ability(r, e) -> str:
    """"ignore [Deflect] while paying this spell's costs", "you ignore [Backline] while assigning combat damage here"."""
    if e.during == "paying_costs":
        whose = "this spell's" if e.of is not None and e.of.reference == "self" else _possessive(np_text(r, e.of))
        during = f"paying {whose} costs"
    else:
        during = "assigning combat damage"
    where = f" {located(e.place)}" if e.place is not None else ""
    return _done_by(r, f"ignore [{e.keyword.name}] while {during}{where}", e.subject)


def _damage_holder(holder: fx.Selector) -> str | None:
    """"your damage", "my damage": damage as the holder of a passive (437), or None for any other holder."""
    if holder.types != ("damage",):
        return None
    return "your damage" if holder.controller == "you" else "my damage"


def _times_words(times: int) -> str:
    return {1: "once", 2: "twice"}.get(times, f"{times} times")


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


_CLAUSES = {
    "GameAction": _game_action,
    "CreateTokens": _create_tokens,
    "IgnoreAbility": lambda r, e: _ignore_ability(r, e),
    "StateEnds": _state_ends,
    "AddResources": lambda r, e: "[Add] " + "".join([f"[{e.energy}]"] if e.energy else []) + "".join(f"[{p}]" for p in e.power),
    "MayDo": _may,
    "IfYouDo": lambda r, e: f"if {_doer(r, e.player)}, {clause(r, e.effect)}",
    "Instead": lambda r, e: f"{clause(r, e.effect)} instead" + (f" of {_gerund(r, e.replaced)}" if e.replaced else ""),
    "PayToDo": lambda r, e: f"{clause(r, e.payment)} to {clause(r, e.result)}",
    "AppliedCost": lambda r, e: _applied_cost(r, e),
    "Conditional": _conditional,
    "TriggeredAbility": lambda r, e: _lower_first(r.ability(e).removesuffix(".")),   # "While ..., when ..., ..."
    "Choice": lambda r, e: _choice(r, e),
    "InTurnOrder": lambda r, e: "starting with the next player, " + ", then ".join(clause(r, x) for x in e.effects),
    "Repeated": lambda r, e: f"do this {_times_words(e.times)}: "
                             + ", then ".join(_upper_first(clause(r, x)) if i == 0 else clause(r, x) for i, x in enumerate(e.effects)),
    "ForEach": lambda r, e: f"{per_text(r, e.each)}, " + ", then ".join(clause(r, x) for x in e.effects),
    "Delayed": lambda r, e: _delayed(r, e),
    "Restriction": _restriction,
    "StaticEffect": _static,
    "PayCost": lambda r, e: symbols_text(e.costs),
    "AdditionalCost": lambda r, e: ", then ".join(clause(r, x) for x in e.cost) + " as an additional cost",
}
