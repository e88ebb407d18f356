"""Which objects and players a compiled ``Selector`` means in the current game state.

A selector names objects by type, tags, relation (friendly, enemy), state, location or a
non-board zone, filters and keywords, or refers back: ``self`` is the effect's source,
``it``/``them`` the objects the previous instruction acted on (linked instructions,
359.3.e.14). Chosen objects come from the answers given ahead (``choose:``), and must
be valid choices (355.9.b); without answers the first candidates by arrival are taken.
"""
from __future__ import annotations

import operator
from dataclasses import replace

from interpreter.compiler import effects as fx
from . import targeting
from .equipment_texts import equipment_meant
from .errors import Unsupported
from .state import GameObject, GameState, IllegalAction
from .traits import keywords_of, lethal, location_of, might_of, mighty_threshold, tags_of

BACK_REFERENCES = ("it", "them", "that", "those", "they", "its", "their", "one")
ALL = ("all", "each", "every")
COMPARE = {"<=": operator.le, ">=": operator.ge, "<": operator.lt, ">": operator.gt, "==": operator.eq,
           "=": operator.eq}


def runs_selector(sel) -> bool:
    """Whether the runtime can find what ``sel`` means ("a unit they control" needs the subject player;
    "the played card" needs the objects a phrase of the text named, not a pronoun's)."""
    # "an additional copy of it": the runtime makes no copies yet
    whose_ok = sel.controller != "they" and (sel.controller not in ("its", "their")
                                              or bool({"controller", "owner"} & set(sel.types))   # "its owner"
                                              or _hand_of_chosen(sel) or hand_of_each(sel))   # handlers_players
    return whose_ok and sel.types != ("copy",) and sel.quantity != "multiple" and all(runs_selector(a) for a in sel.alternatives) \
        and not (_done_to(sel) and sel.antecedent.reference is not None) \
        and not any(f.kind in _UNTRACKED and not _where_read(f) or _bound_by_other(f) or _might_of_other(f) or not _filter_read(f)
                    for f in sel.filters) \
        and all(state in READ_STATES for state in sel.states) and _place_read(sel.location, sel) \
        and not ("facedown" in sel.states and sel.location is not None) \
        and _zone_read(sel.zone)


def selector_gap(sel) -> str | None:
    """Why the runtime cannot find what ``sel`` means, naming the part it does not read, or None when it can."""
    if runs_selector(sel):
        return None
    for alternative in sel.alternatives:
        if selector_gap(alternative) is not None:
            return selector_gap(alternative)
    for test in sel.filters:
        if test.kind in _UNTRACKED and not _where_read(test):
            return _UNTRACKED[test.kind]
        if not _filter_read(test) or _bound_by_other(test) or _might_of_other(test):
            return f"a “{test.kind}” test of the objects named is not applied yet"
    unread = [state for state in sel.states if state not in READ_STATES]
    if unread:
        return f"objects that are “{unread[0]}”: that state is not tested yet"
    if "facedown" in sel.states and sel.location is not None:
        return "a facedown card “at” a place is not tested yet (a facedown zone is no location, 107.3.e)"
    if not _place_read(sel.location, sel) or not _zone_read(sel.zone):
        return "a place of the objects named is not tested yet"
    return "who controls the objects named, or how many of them, is not read yet"


# Filters about a history the game state does not keep yet: a selector with one is refused, never read as
# passing ("a tag chosen as a card was played").
_UNTRACKED = {"chosen_tag": "a tag chosen as a card was played: the choice is not kept yet",
              "chooses": "the targets of a spell or ability (359, 'a spell that chooses a friendly unit'): the chain "
                         "does not keep them yet",
              "chooses_no_other": "the other targets of a spell or ability (359): not compared yet",
              "chosen_for": "the objects chosen so far while the spell or ability resolves (355.5): not kept yet",
              "where": "a place's condition (\"a battlefield where you have units\"): not tested yet"}


def _bound_by_other(test) -> bool:
    """A bound read from another object in a form not resolved yet: one that is not the object an earlier
    phrase acted on ("costs no more Energy and no more Power than the killed unit" is, ``_bound_of``)."""
    return test.of is not None and test.kind in _STAT_OF and not (_done_to(test.of) and test.op in COMPARE)


def _bound_of(ctx, test) -> int | None:
    """The bound "than the killed unit" sets: that card's printed cost (206), or its Might as it last was on the
    board; None (no object passes, 359.3.e.12) when the phrase named nothing."""
    others = candidates(ctx, test.of)
    if not others:
        return None
    if test.kind == "might":
        return _acted_might(ctx, others[0])
    return _STAT_OF[test.kind](ctx.state, others[0])


def _might_of_other(test) -> bool:
    """"with less Might than the chosen unit": a Might compared with an object other than the source, which
    the runtime does not resolve yet ("than me" it does)."""
    return test.kind in _MIGHT_THAN and test.value != "self" and not _than_chosen(test)


def _than_chosen(test) -> bool:
    """"with less Might than the chosen unit": compared with the object "Choose ..." chose (355.5)."""
    of = test.of
    return of is not None and of.reference is None and of.states == ("chosen",) and of.quantity == "the" \
        and not of.filters and of.location is None and of.zone is None


def _per_place(sel) -> bool:
    """"up to one enemy unit at each location": a count for every place, chosen place by place (``_per_place_choice``)."""
    return sel.location is not None and "each" in sel.location.qualifiers and sel.quantity not in ALL


def names_a_player(sel) -> bool:
    """"a player", "an opponent": a phrase that names one player, whom "they" and "their" mean later."""
    return sel is not None and sel.reference is None and sel.types in (("player",), ("opponent",)) \
        and sel.quantity in ("one", "a", "an") and not sel.other and not sel.filters


def _hand_of_chosen(sel) -> bool:
    """"their hand" after "Choose an opponent.": every card in that player's hand."""
    return sel.types == ("hand",) and sel.controller == "their" and names_a_player(sel.antecedent) \
        and sel.quantity in ("all", "the") and not sel.filters and sel.zone is None and sel.location is None


def _this_way(sel) -> str | None:
    """The action a "... this way" filter names ("discarded" -> discard), from the rules' action forms."""
    test = next((f for f in sel.filters if f.kind == "this_way"), None)
    return _acted_by(test.value) if test is not None else None


def _acted_by(participle) -> str | None:
    from interpreter.rules.data import default_rules
    forms = {form: name for name, action in default_rules().lexicon.actions.items() for form in action.forms or ()}
    return forms.get(participle)


def hand_of_each(sel) -> bool:
    """"Each player discards their hand": the hand of each player in turn, as that player acts (handlers_players)."""
    ante = sel.antecedent
    return sel.types == ("hand",) and sel.controller == "their" and ante is not None and ante.reference is None \
        and ante.quantity == "each" and ante.types in (("player",), ("opponent",)) and not ante.other \
        and sel.quantity in ("all", "the") and not sel.filters and sel.zone is None and sel.location is None


def players_who_chose(sel) -> bool:
    """"each player that chooses Cards": the players who chose that word (355.5), one at a time."""
    return sel is not None and sel.types == ("player",) and sel.quantity in ALL and sel.reference is None \
        and len(sel.filters) == 1 and sel.filters[0].kind == "chose" and sel.filters[0].op == "=="


def chosen_player(ctx, sel) -> str:
    """The player the phrase ``sel`` chose earlier in the text (handlers_players)."""
    chosen = getattr(ctx, "players_chosen", {})
    if sel not in chosen:
        raise Unsupported("a player named by an earlier phrase that chose no player")
    return chosen[sel]


def _done_to(sel) -> bool:
    """"the revealed cards": the objects an earlier instruction of the text acted on."""
    from interpreter.compiler.objects import PARTICIPLES
    return sel.reference == "that" and sel.antecedent is not None and any(s in PARTICIPLES for s in sel.states)


def _acted_this_way(ctx, action: str | None) -> list[GameObject]:
    """What the instruction of the text doing ``action`` acted on; "each unit this kills" after damage: the
    units it dealt damage to that now have lethal damage, which the cleanup after kills (142.4.a-b; "If this
    kills it", conditions_more)."""
    acted = getattr(ctx, "acted", {})
    if acted.get(action) or action != "kill":
        return acted.get(action, [])
    return [o for o in acted.get("deal", []) if o.zone[0] in ("base", "battlefield") and lethal(ctx.state, o)]


def _event_battlefield(ctx, sel) -> list[GameObject]:
    """"When you conquer or hold, ... replace that battlefield": with no battlefield named before, the one the
    text named last, else the one of the trigger's event (359.3.f.3.b; move_places reads "to that battlefield"
    so too)."""
    if sel.reference != "that" or sel.types != ("battlefield",) or sel.antecedent is not None:
        return []
    where = getattr(ctx, "there", None) or ctx.here
    return [ctx.state.battlefields[where[1]]] if where is not None and where[0] == "battlefield" else []


def candidates(ctx, sel) -> list[GameObject]:
    """Every object ``sel`` could mean now, by order of arrival."""
    state: GameState = ctx.state
    if sel.alternatives:
        found = {o.identity: o for alternative in sel.alternatives for o in candidates(ctx, alternative)}
        return sorted(found.values(), key=lambda o: o.arrival)
    if _this_way(sel) is not None:
        # "the discarded card", "each card revealed this way": what that instruction of the text acted on
        acted = _acted_this_way(ctx, _this_way(sel))
        return sorted((o for o in acted if o.zone[0] != "ceased" and _types(ctx, sel, o) and _filters(ctx, sel, o)),
                      key=lambda o: o.arrival)
    if _hand_of_chosen(sel):
        return state.objects(("hand", chosen_player(ctx, sel.antecedent)))
    if hand_of_each(sel):
        return state.objects(("hand", ctx.player))          # the player acting now, in turn (handlers_players)
    if sel.reference == "self":
        source = ctx.source()
        if source is None and sel.zone is not None and sel.zone.owner in (None, "you"):
            # "play me from your trash": the source where its text names it (385.2)
            zone = (zone_kind(sel.zone.kind), ctx.player)
            source = next((o for o in state.objects(zone) if o.identity == ctx.source_identity), None)
        if source is None and ctx.source_identity is not None:
            # "When you discard me, you may pay [R] to play me": the same object, still where the event put it
            # (385.2); one that moved since is a new object, not "me" (124)
            source = next((o for o in state.all_objects() if o.identity == ctx.source_identity), None)
        if source is None:
            state.note("the object “me” refers to is gone: the instruction is ignored", "359.3.f.2.a")
        return [source] if source is not None else []
    if sel.reference == "equipment":
        # "this" of an effect text: the Equipment attached to the unit that has the ability (136.2.d)
        return equipment_meant(state, ctx.source(), sel)
    if _among_looked(sel):
        # "You may reveal a unit from among them": one of the cards looked at or revealed that is still
        # where it was, never an object elsewhere of that type; none when nothing was (359.3.e.11)
        return [o for o, zone, identity in ctx.looked if o.zone == zone and o.identity == identity
                and (not sel.types or o.card_type in sel.types or "card" in sel.types)
                and _filters(ctx, sel, o)]                           # "a non-unit card from it"
    if sel.reference == "we":
        # "We deal ... to each other": me and the object named before (the one chosen)
        source = ctx.source()
        others = [o for o in getattr(ctx, "chosen", ()) or ctx.last if o.zone[0] != "ceased" and o is not source]
        return ([source] if source is not None else []) + others[:1]
    if sel.reference in ("them", "they") and _listed_group(ctx, sel.antecedent) is not None:
        # "Choose a unit you control and another unit you control. ... at least one of them": every object
        # the listed phrases named
        return _listed_group(ctx, sel.antecedent)
    if sel.reference == "them" and sel.antecedent in getattr(ctx, "named", {}):
        # "Reveal the top 5 cards ... Deal 1 to an enemy unit ... then recycle them": the group the text
        # named, not whatever the last instruction acted on
        return [o for o in ctx.named[sel.antecedent] if o.zone[0] != "ceased"]
    if sel.reference in ("it", "them") and sel.antecedent is not None and sel.antecedent == ctx.event_phrase:
        # "When you choose a friendly unit, you may exhaust me ... to ready it": the unit of the event (383.2.c),
        # not what the instruction before acted on
        return [o for o in ctx.event_objects if o.zone[0] != "ceased"]
    if _done_to(sel):
        # "then recycle the revealed cards": the objects the phrase of the reveal named
        if sel.antecedent not in getattr(ctx, "named", {}):
            raise Unsupported(f"“the {sel.states[0]} ...” after an instruction on a pronoun")
        return [o for o in ctx.named[sel.antecedent] if o.zone[0] != "ceased"]
    if sel.reference in BACK_REFERENCES:
        chosen = getattr(ctx, "chosen", ()) if sel.reference == "that" else ()
        named = [o for o in chosen if o.zone[0] != "ceased" and _of_named_type(sel, o)]
        # "Choose a unit. ... that unit" (355.5); otherwise what the previous instruction acted on
        named = named or [o for o in ctx.last if o.zone[0] != "ceased" and _of_named_type(sel, o)]
        return named or _event_battlefield(ctx, sel)
    if "rest" in sel.types:
        # "recycle the rest": the cards looked at that no instruction has moved since (a card recycled to the
        # same deck is a new object there, 124), nor chosen ("choose one, then recycle the rest")
        chosen = getattr(ctx, "chosen", ())
        return [o for o, zone, identity in getattr(ctx, "looked", ()) if o.zone == zone and o.identity == identity
                and all(o is not c for c in chosen)]
    if sel.zone is not None and _from_battlefields(sel.zone):
        # "Move a unit from a battlefield to its base": the objects at any battlefield (a board location, 197)
        pool = [o for o in state.board_objects() if o.zone[0] == "battlefield"]
    elif sel.zone is not None:
        owner = "any" if sel.zone.kind == "trashes" and sel.zone.owner is None else sel.zone.owner   # every trash
        pool = [o for player in owners_of(ctx, owner) for o in state.objects((zone_kind(sel.zone.kind), player))]
    else:
        facedown = any("facedown" in part.states for part in (sel,) + tuple(sel.alternatives))   # "a facedown card"
        pool = [o for o in state.board_objects() if o.zone[0] in ("base", "battlefield", "legend")
                or facedown and o.zone[0] == "facedown"]                # 124.2: in a facedown zone (107.3)
        if any(f.kind == "banished_with" for f in sel.filters):      # 427.3: in banishment
            pool = [o for player in state.order for o in state.objects(("banishment", player))]
        elif "battlefield" in sel.types:
            pool = list(state.battlefields)
        elif "spell" in sel.types:
            pool = state.objects(("chain", None))                       # 355.9.a.2: spells are on the chain
    return sorted((o for o in pool if _matches(ctx, sel, o)), key=lambda o: o.arrival)


def tags_among(ctx, per) -> int:
    """How many of the listed tags at least one of the objects named has ("for each of the following tags
    among your units — ..."): each tag counts once, however many objects have it (143.1)."""
    among = next((f.of for f in per.filters if f.kind == "among"), None)
    if among is None:
        raise Unsupported("tags counted among no objects")
    present = {tag for obj in candidates(ctx, among) for tag in tags_of(ctx.state, obj)}
    return len(present & set(per.tags))


def _listed_group(ctx, group) -> list[GameObject] | None:
    """The objects named by each phrase of one instruction's list, when all of them were read; else None."""
    named = getattr(ctx, "named", {})
    if group is None or not group.alternatives or not all(a in named for a in group.alternatives):
        return None
    found = {o.identity: o for a in group.alternatives for o in named[a] if o.zone[0] != "ceased"}
    return list(found.values())


def _of_named_type(sel, obj: GameObject) -> bool:
    """"that unit" after "Choose a battlefield and a unit" means the unit, never the battlefield; "that card"
    means any card (a word of no card type, like ``_types`` reads it)."""
    kinds = [t for t in sel.types if t not in ("card", "permanent", "object", "something")]
    return not kinds or obj.card_type in kinds


def select(ctx, sel) -> list[GameObject]:
    """The objects an instruction acts on: all of them, or the ones chosen (355.5); what a phrase named
    is kept, so that "them" later in the text finds it again (359.3.e.14)."""
    chosen = _select(ctx, sel)
    name_place(ctx, sel, chosen)
    named = getattr(ctx, "named", None)
    if sel.reference is None and named is not None:
        named[sel] = list(chosen)
    return chosen


def _select(ctx, sel) -> list[GameObject]:
    found = candidates(ctx, sel)
    if sel.quantity == "multiple":
        raise Unsupported("“multiple” objects (two or more, chosen together): not asked for yet")
    if sel.reference is not None and sel.quantity == "one_or_more":
        return _some_of(ctx, found)
    # "something else that's exhausted" is one object, chosen like "a unit" (355.5)
    # "the rest": every one of them (a group, not one chosen)
    if (sel.reference is not None and sel.reference not in ("one", "something")) or sel.quantity in ALL \
            or "rest" in sel.types:
        return found
    if sel.quantity == "top":
        return found[:sel.count or 1]
    return choose_from(ctx, sel, _choosable(ctx, found))


def choose_from(ctx, sel, found: list[GameObject]) -> list[GameObject]:
    """The objects chosen among ``found`` for ``sel``: those chosen as the item was put on the chain, else the
    answers given ahead (or the default); while the item's targets are being chosen, a target (355.5-355.10)."""
    earlier = targeting.made(ctx, sel)
    if earlier is not None:
        # chosen as the item was put on the chain (355.5); those no longer valid are left out (355.11.b)
        return _within_total(ctx, sel, [o for o in earlier if o in found])
    if targeting.in_pass(ctx.state) is not None and targeting.is_target(ctx, sel, found):
        return _choose_targets(ctx, sel, found)
    chosen = _choose(ctx, sel, found)
    if chosen and targeting.in_pass(ctx.state) is None and targeting.resolving_now(ctx.state):
        from .happenings import happen, via_of

        happen(ctx.state, "choose", ctx.player, chosen, via=via_of(ctx), rules=("355.5",))   # an event (355.5)
    return chosen


def _choose(ctx, sel, found: list[GameObject]) -> list[GameObject]:
    """The objects the player chooses among ``found``: the answers given ahead, else the default."""
    if _per_place(sel):
        return _per_place_choice(ctx, sel, found)
    wanted = sel.count or 1
    chosen = []
    if sel.quantity == "any_number" and ctx.state.answers:
        # "any number of": every answer given that is a valid choice, zero included
        while (answer := ctx.peek("object")) is not None and answer in found and answer not in chosen:
            chosen.append(ctx.take("object"))
        return _within_total(ctx, sel, chosen)
    for _ in range(wanted):
        answer = ctx.take("object")
        if answer is None:
            break
        if answer not in found:
            raise IllegalAction("355.9.b", f"{answer.name} is not a valid choice here")
        chosen.append(answer)
    if not chosen:
        # the default: the first by arrival; the chooser declines the [Deflect] cost of an enemy's unit (809.1.c,
        # an additional cost nobody must pay), so such a unit is not chosen by default
        free = [o for o in found if not _deflects(ctx, o)]
        if len(free) < len(found):
            ctx.state.note(f"{ctx.player} declines the [Deflect] cost, so "
                           f"{', '.join(o.name for o in found if o not in free)} is not chosen", "809.1.c")
        chosen = _same_place(ctx, sel, free)[:wanted]
    if targeting.in_pass(ctx.state) is None:
        _refuse_deflect(ctx, chosen)
    return _within_total(ctx, sel, chosen)


def _choose_targets(ctx, sel, found: list[GameObject]) -> list[GameObject]:
    """Targets chosen as the item is put on the chain (355.5): every required one must be chosen (355.8) and
    valid (355.9), else the play is refused; "up to" and "any number" may choose fewer (355.13)."""
    before = targeting.in_pass(ctx.state).taken(ctx.state)
    try:
        chosen = _choose(ctx, sel, found)
    except targeting.TargetRefused:
        raise
    except IllegalAction as invalid:
        targeting.refuse(invalid.rule, invalid.message)
    optional = sel.quantity in ("up_to", "any_number", "at_most")
    if not optional and len(chosen) < (sel.count or 1):
        targets = sel.count or 1
        targeting.refuse("355.8", f"{targets} target(s) must be chosen to put it on the chain, "
                         f"and {len(found)} valid one(s) can be")
    targeting.record(ctx, sel, chosen, before)
    return chosen


def _per_place_choice(ctx, sel, found: list[GameObject]) -> list[GameObject]:
    """"Choose up to one enemy unit at each location": the answers given, each a valid choice, at most the count
    at any one location (355.9.b); without answers, that many of each location, first by arrival ("a unit at
    each location" must have one at every location that has one)."""
    wanted = sel.count or 1
    places: dict = {}
    for obj in found:
        places.setdefault(location_of(ctx.state, obj), []).append(obj)
    if not ctx.state.answers:
        return [o for group in places.values() for o in group[:wanted]]
    chosen, per_place = [], {}
    while (answer := ctx.peek("object")) is not None and answer in found and answer not in chosen:
        where = location_of(ctx.state, answer)
        if per_place.get(where, 0) >= wanted:
            raise IllegalAction("355.9.b", f"{answer.name}: no more than {wanted} may be chosen at one location")
        per_place[where] = per_place.get(where, 0) + 1
        chosen.append(ctx.take("object"))
    if sel.quantity != "up_to" and any(per_place.get(where, 0) < min(wanted, len(group))
                                       for where, group in places.items()):
        raise IllegalAction("355.9.b", f"{wanted} must be chosen at each location that has one")
    return chosen


def _same_place(ctx, sel, found: list[GameObject]) -> list[GameObject]:
    """The default choice of "two units at the same battlefield": those of the first location that has as many
    as the phrase asks, else of the first location (355.9.b: the choice must be legal as a group)."""
    if sel.location is None or "same" not in sel.location.qualifiers or not found:
        return found
    places = {}
    for obj in found:
        places.setdefault(location_of(ctx.state, obj), []).append(obj)
    groups = list(places.values())
    return next((g for g in groups if len(g) >= (sel.count or 1)), groups[0])


def _deflects(ctx, obj: GameObject) -> bool:
    return obj.controller not in (None, ctx.player) and "Deflect" in keywords_of(ctx.state, obj)


def _refuse_deflect(ctx, chosen: list[GameObject]) -> None:
    """Choosing an enemy's [Deflect] unit costs the chooser [A] per Deflect (809): that payment is not asked
    yet, so the choice is refused as unsupported rather than made for free."""
    for obj in chosen:
        if _deflects(ctx, obj):
            raise Unsupported(f"choosing {obj.name}, which has [Deflect]: its extra cost for opponents is not paid yet")


def _choosable(ctx, found: list[GameObject]) -> list[GameObject]:
    """The candidates the player may choose: not those a passive protects from enemy spells and abilities
    ("I can't be chosen by enemy spells and abilities", 364), when the chooser is an enemy of their controller."""
    from .layer_sources import cannot_be_chosen

    allowed = []
    for obj in found:
        protector = cannot_be_chosen(ctx.state, obj, ctx.player) if obj.controller is not None else None
        if protector is None:
            allowed.append(obj)
        else:
            ctx.state.note(f"{protector}: {obj.name} can't be chosen by {ctx.player}'s spells and abilities", "364")
    return allowed


def _within_total(ctx, sel, chosen: list) -> list:
    """"with total Might 4 or less": the chosen objects together must stay within the bound (355.9.b);
    "with the same controller": they must have one controller between them; "at the same battlefield": one
    location between them."""
    if any(f.kind == "same_controller" for f in sel.filters) and len({o.controller for o in chosen}) > 1:
        raise IllegalAction("355.9.b", "the chosen objects do not have the same controller")
    if sel.location is not None and "same" in sel.location.qualifiers \
            and len({location_of(ctx.state, o) for o in chosen}) > 1:
        raise IllegalAction("355.9.b", "the chosen objects are not at the same battlefield")
    bound = next((f for f in sel.filters if f.kind == "total_might"), None)
    if bound is None:
        return chosen
    total = sum(max(might_of(ctx.state, o) or 0, 0) for o in chosen)     # below 0 counts as 0 (143.2.b)
    if not COMPARE[bound.op](total, bound.value):
        raise IllegalAction("355.9.b", f"their total Might is {total}, not {bound.value} or "
                                       f"{'less' if bound.op == '<=' else 'more'}")
    return chosen


def _some_of(ctx, found: list[GameObject]) -> list[GameObject]:
    """"one or both of them": the ones answered (at least one); without an answer, all of them."""
    chosen = []
    while ctx.state.answers and len(chosen) < len(found):
        answer = ctx.take("object")
        if answer not in found:
            raise IllegalAction("355.9.b", f"{getattr(answer, 'name', answer)} is not a valid choice here")
        chosen.append(answer)
    return chosen or list(found)


def players(ctx, sel) -> list[str]:
    """The players a subject selector means: you by default, each player, an opponent, its controller."""
    state = ctx.state
    if sel is None or sel.reference == "you":
        return [ctx.player]
    if sel.reference in ("they", "that") and names_a_player(sel.antecedent):
        return [chosen_player(ctx, sel.antecedent)]              # "Choose a player. They discard 1."
    if sel.reference == "that" and sel.antecedent in getattr(ctx, "players_chosen", {}):
        return [ctx.players_chosen[sel.antecedent]]              # the player whose phase began (handlers_phase_player)
    if sel.quantity == "both" and sel.alternatives:              # "you and that player each draw 1"
        return list(dict.fromkeys(p for alternative in sel.alternatives for p in players(ctx, alternative)))
    kinds = set(sel.types)
    if kinds & {"attacker", "defender"}:           # combat roles of players (the combat is not staged yet)
        raise Unsupported(f"the {sorted(kinds)[0]} of a combat as the player who acts")
    if "player" in kinds and sel.quantity in ALL:
        return list(state.order)
    if "opponent" in kinds:
        opponents = state.opponents(ctx.player)
        return opponents if sel.quantity in ALL else opponents[:1]
    if "controller" in kinds or "owner" in kinds:
        attribute = "controller" if "controller" in kinds else "owner"
        return [getattr(o, attribute) for o in ctx.last if getattr(o, attribute)][:1]
    # "they", "that player", "both players": the sentence's subject is not tracked, so not guessed as you
    raise Unsupported(f"the players “{sel.reference or ' '.join((sel.quantity,) + sel.types)}”: not read yet")


def players_read(sel) -> bool:
    """Whether ``players`` reads the subject ``sel`` without refusing: you, each player, an opponent or each
    one, the controller or owner of what the previous instruction named."""
    if sel is None or sel.reference == "you":
        return True
    if sel.reference in ("they", "that") and names_a_player(sel.antecedent):
        return True                      # the player an earlier phrase chose (engine/runs.py checks the choice)
    if sel.reference == "that" and players_who_chose(sel.antecedent):
        return True                      # "For each player that chooses Cards, ... that player" (handlers_repeat)
    if sel.quantity == "both" and sel.alternatives:
        return all(map(players_read, sel.alternatives))
    kinds = set(sel.types)
    if kinds & {"attacker", "defender"} or sel.reference is not None or sel.other:
        return False
    return ("player" in kinds and sel.quantity in ALL) or "opponent" in kinds \
        or bool(kinds & {"controller", "owner"})


def owners_of(ctx, owner: str | None) -> list[str]:
    """The players a zone's owner word means: you, the opponents, or every player."""
    if owner in ("opponent", "opponents", "an_opponent", "your_opponents"):
        return ctx.state.opponents(ctx.player)
    if owner in ("any", "a", "each"):
        return list(ctx.state.order)
    if owner == "their":
        return [_their(ctx)]
    return [ctx.player]


def _their(ctx) -> str:
    """The player "their" names in a zone ("a card from their hand") after "Choose an opponent.": the one player
    an earlier phrase chose (``Context.players_chosen``); with none, or more than one, it is not guessed."""
    chosen = set(getattr(ctx, "players_chosen", {}).values())
    if len(chosen) != 1:
        raise Unsupported("“their” zone: no single player was chosen before")
    return next(iter(chosen))


# Zone words of the texts and the zone kinds of the rules data they mean (107-108); "trashes" are every
# player's trash unless an owner is named
ZONE_WORDS = {"main_deck": "deck", "rune_deck": "rune_deck", "champion_zone": "champion", "trashes": "trash"}
# Owner words ``owners_of`` reads; any other ("their": the sentence's subject) is not read yet
OWNER_WORDS = (None, "you", "opponent", "opponents", "an_opponent", "your_opponents", "any", "a", "each")


def zone_kind(kind: str) -> str:
    """The zone kind of the rules data a zone word of the texts means ("champion_zone" -> "champion")."""
    return ZONE_WORDS.get(kind, kind)



def _from_battlefields(zone) -> bool:
    """"from a battlefield": a board location named as where the objects are, not a zone of a player."""
    return zone.kind == "battlefield" and zone.qualifiers in ((), ("a",)) and zone.owner is None \
        and zone.of is None and zone.where is None


def _zone_read(zone) -> bool:
    """Whether the runtime finds the zone a selector names: a zone of the rules data, an owner it reads."""
    from interpreter.rules.data import default_rules
    if zone is not None and _from_battlefields(zone):
        return True
    # board locations are keyed by battlefield slot, not by owner: "from a battlefield" is read by a location
    kind = zone_kind(zone.kind) if zone is not None else None
    return zone is None or (kind in default_rules().zones and kind not in ("base", "battlefield", "legend",
                                                                             "facedown", "chain")
                            and zone.owner in OWNER_WORDS and not zone.qualifiers and zone.of is None
                            and zone.where is None)


def _matches(ctx, sel, obj: GameObject) -> bool:
    return all(test(ctx, sel, obj) for test in TESTS)


def matches(ctx, sel, obj: GameObject) -> bool:
    """Whether ``obj`` is one of the objects ``sel`` describes (its references aside)."""
    return _matches(ctx, sel, obj)


def _types(ctx, sel, obj) -> bool:
    kinds = [t for t in sel.types if t not in ("card", "permanent", "object", "something")]
    if "permanent" in sel.types and obj.card_type not in ctx.state.rules.categories["permanent"]["types"]:
        return False
    if "card" in sel.types and obj.token:
        return False                                                  # 185: tokens are not cards
    return not kinds or obj.card_type in kinds or "equipment" in kinds and _is_equipment(obj) \
        or "chosen_champion" in kinds and obj.chosen_champion          # 103.2.a


def _is_equipment(obj) -> bool:
    """"an Equipment": a gear with the tag Equipment (818.1.a, 760)."""
    return obj.card_type == "gear" and "Equipment" in obj.chars.tags


def _relation(ctx, sel, obj) -> bool:
    if sel.controller == "they":
        raise Unsupported("what “they” control: the runtime does not track the sentence's subject yet")
    if sel.controller in ("its", "their"):
        raise Unsupported(f"objects “{sel.controller}” controller controls: whose is not tracked yet")
    if sel.relation == "friendly" or sel.controller in ("you", "my"):          # "my": the source's controller
        return obj.controller == ctx.player
    if sel.controller == "you_or_allies":          # no teams in a duel: allies control nothing
        return obj.controller == ctx.player
    if sel.relation == "enemy" or sel.controller in ("not_you", "opponent"):   # a duel: the opponent is not you
        return obj.controller is not None and obj.controller != ctx.player
    return True


def _other(ctx, sel, obj) -> bool:
    source = ctx.source()
    return not sel.other or source is None or obj.identity != source.identity


def _tags_names_token(ctx, sel, obj) -> bool:
    # "your Gold": a token is also named by the word its kind is made with (187.5: "a Gold gear token")
    named = tags_of(ctx.state, obj) | ({obj.name} if obj.token else set())
    if sel.tags and not set(sel.tags) & named:
        return False
    if sel.names and obj.name not in sel.names:
        return False
    return sel.token is None or obj.token == sel.token


def _is_negated(ctx, obj: GameObject, word: str) -> bool:
    """Whether the object is what "non-<word>" excludes: in a state ("non-exhausted", "that isn't stunned",
    124.2) or of a kind (``_is_kind``)."""
    if word in READ_STATES:
        return _state_checks(ctx, obj)[word]
    return _is_kind(obj, word)


def _states(ctx, sel, obj) -> bool:
    return all(_in_states(ctx, obj, sel.states))


def _in_states(ctx, obj, states) -> list[bool]:
    """Whether the object is in each of ``states`` now (124.2); a state the selectors do not test is a gap."""
    checks = _state_checks(ctx, obj)
    unread = [state for state in states if state not in checks]
    if unread:
        raise Unsupported(f"objects that are “{unread[0]}”: that state is not tested yet")
    return [checks[state] for state in states]


def _state_checks(ctx, obj) -> dict:
    """Each state the selectors read, whether the object is in it now."""
    return {"exhausted": obj.exhausted, "ready": not obj.exhausted, "buffed": obj.buffed,
            "stunned": obj.stunned, "damaged": obj.damage_total > 0, "token": obj.token, "empowered": obj.empowered,
            "attacking": obj.combat_role == "attacker", "defending": obj.combat_role == "defender",   # 323.2
            "in_combat": obj.combat_role is not None,          # 740.2.c: at the combat's battlefield, with a role
            "attached": obj.attached_to is not None, "detached": obj.attached_to is None,   # 434.1.a.1, 435.1.b
            "facedown": obj.facedown,                          # 124.2: a hidden card, face down
            "different": not _named_before(ctx, obj),          # "a different unit": not one named before
            "equipped": _equipped(ctx.state, obj)}             # 818.3.b


READ_STATES = ("exhausted", "ready", "buffed", "stunned", "damaged", "token", "attacking", "defending", "in_combat",
               "empowered", "attached", "detached", "facedown", "different", "equipped")


def _named_before(ctx, obj) -> bool:
    """Whether ``obj`` is an object the ability's costs were paid with (203) or one its text chose before
    (355.5): what "a different unit you control" must not be."""
    return any(o is obj for _, o in getattr(ctx, "paid_with", ())) or any(o is obj for o in getattr(ctx, "chosen", ()))


def _equipped(state, obj: GameObject) -> bool:
    """818.3.b: a top-most card is Equipped while one or more of the cards attached to it are Equipment."""
    return any(o.attached_to == obj.identity and _is_equipment(o) for o in state.board_objects())
# Places ``_location`` tests: the kind, with the qualifiers that change nothing ("a battlefield")
READ_PLACES = {"here": ((),), "battlefield": ((), ("a",), ("that",)), "battlefields": ((),), "base": ((), ("a",)),
               "anywhere": ((),), "there": ((),)}
# Filters read outside ``_filters``: by the instruction that counts or bounds the group (_within_total,
# tags_among, effect_run's total Might condition)
READ_BY_CALLERS = ("same_controller", "total_might", "among")


def _place_read(place, sel) -> bool:
    """Whether ``_location`` reads every part of a place: its kind, and no owner or qualifier it would skip
    ("at my battlefield", "at that battlefield"); "two units at the same battlefield" is read when the objects
    are chosen together (``_within_total``), not across two phrases."""
    if place is not None and place.qualifiers == ("the", "same") and place.kind in ("battlefield", "location") \
            and (sel.count or 1) >= 2:
        return place.owner is None and place.where is None and place.of is None
    if place is not None and (_at_its_location(place) or _at_my_battlefield(place) or _same_as_named(place, sel)
                              or _at_different_location(place)):
        return True
    if _per_place(sel):
        return place.kind in ("location", "battlefield") and place.qualifiers == ("each",) and place.owner is None \
            and place.where is None and place.of is None
    return place is None or (place.kind in READ_PLACES and place.qualifiers in READ_PLACES[place.kind]
                             and place.owner in (None, "you") and place.where is None and place.of is None)


def _same_as_named(place, sel) -> bool:
    """"Stun a friendly unit and an enemy unit at the same battlefield": one object at the battlefield of the
    object the phrase before chose (``Context.picked``)."""
    return place.kind == "battlefield" and place.qualifiers == ("the", "same") and (sel.count or 1) == 1 \
        and place.owner is None and place.where is None and place.of is None


def _at_different_location(place) -> bool:
    """"another unit you control at a different location", "an enemy unit at a different location": at a
    location other than that of the object the phrase before chose, else of the source."""
    return place.kind == "location" and place.qualifiers == ("a", "different") and place.owner is None \
        and place.where is None and place.of is None


def _different_from(ctx, obj) -> tuple | None:
    """The location a "different location" is compared with: the object chosen before in the instruction
    (``Context.picked``), else the source; None when that object has no location."""
    before = [o for o in getattr(ctx, "picked", ()) if o.zone[0] != "ceased" and o is not obj]
    other = before[0] if before else ctx.source()
    return location_of(ctx.state, other) if other is not None else None


def _at_my_battlefield(place) -> bool:
    """"at my battlefield": the battlefield the source is at."""
    return place.owner == "my" and place.kind == "battlefield" and not place.qualifiers \
        and place.where is None and place.of is None


def _my_battlefield(ctx) -> tuple | None:
    """The battlefield the source is at; for a source gone from the board (a Deathknell), the location its
    ability noted as it died (``here``, 428.1.a.1.b)."""
    source = ctx.source()
    where = location_of(ctx.state, source) if source is not None else None
    if where is None:
        where = ctx.here
    return where if where is not None and where[0] == "battlefield" else None


def _at_its_location(place) -> bool:
    """"at its location", "at its destination": where the object the previous instruction acted on is now
    (after "Move an enemy unit", its destination)."""
    return place.owner == "its" and place.kind in ("location", "destination") and not place.qualifiers \
        and place.where is None and place.of is None


def _location(ctx, sel, obj) -> bool:
    place = sel.location
    if place is None:
        return True
    if _same_as_named(place, sel):
        before = [o for o in getattr(ctx, "picked", ()) if o.zone[0] != "ceased" and o is not obj]
        where = location_of(ctx.state, before[0]) if before else None
        return where is not None and where[0] == "battlefield" and location_of(ctx.state, obj) == where
    if _at_different_location(place):
        where, other = location_of(ctx.state, obj), _different_from(ctx, obj)
        return where is not None and other is not None and where != other
    if _at_my_battlefield(place):
        mine = _my_battlefield(ctx)
        return mine is not None and location_of(ctx.state, obj) == mine
    if _at_its_location(place):
        named = [o for o in ctx.last if o.zone[0] != "ceased"]
        return bool(named) and location_of(ctx.state, obj) == location_of(ctx.state, named[0])
    if _per_place(sel):
        where = location_of(ctx.state, obj)                  # at some location; the count is per place
        return where is not None and (place.kind == "location" or where[0] == "battlefield")
    if not _place_read(place, sel):
        words = " ".join(place.qualifiers + ((place.owner,) if place.owner else ()) + (place.kind,))
        raise Unsupported(f"objects at “{words}”: "
                          "that place is not tested yet")
    where = location_of(ctx.state, obj)
    if place.kind == "here":
        return ctx.here is not None and where == ctx.here
    if place.kind == "there" or place.qualifiers == ("that",):     # "at that battlefield": the one named before
        there = place_there(ctx)
        return there is not None and where == there
    if place.kind in ("battlefield", "battlefields"):
        return where is not None and where[0] == "battlefield"
    if place.kind == "base":
        return where is not None and where[0] == "base" and (place.owner is None or where == ("base", ctx.player))
    return True                                                        # "anywhere"


def place_there(ctx) -> tuple | None:
    """The place "there" means: the location the text named last (``Context.there``), else the place of the
    event its trigger names (``event_place``, else ``here``, as a token played "there" is, effect_run); with
    none of them the instruction
    finds nothing there (359.3.f.2.a)."""
    where = next((w for w in (ctx.there, ctx.event_place, ctx.here) if w is not None), None)
    if where is None and not getattr(ctx, "there_noted", False):
        ctx.state.note("no place was named before “there”: nothing is there", "359.3.f.2.a")
        ctx.there_noted = True
    return where


def name_place(ctx, sel, chosen: list) -> None:
    """Keep the location an instruction named, for a later "there": a battlefield chosen ("Choose a
    battlefield."), or where the objects chosen at a battlefield are ("a friendly unit at a battlefield")."""
    if not chosen:
        return
    ctx.picked = list(chosen)                         # "... and an enemy unit at the same battlefield"
    at_battlefield = sel.location is not None and sel.location.kind in ("battlefield", "battlefields") \
        or sel.zone is not None and _from_battlefields(sel.zone)
    if "battlefield" in sel.types or at_battlefield:
        where = location_of(ctx.state, chosen[0])
        if where is not None and where[0] == "battlefield":
            ctx.there = where


def _among_looked(sel) -> bool:
    """"from among them", "from it": the filter names back the group the text looked at or revealed (a pronoun,
    resolved by the compiler), not a group it names itself ("among your units")."""
    return any(f.kind == "among" and f.of is not None and f.of.reference in ("it", "them") for f in sel.filters)


def _filters(ctx, sel, obj) -> bool:
    if not (sel.keywords_with or sel.keywords_without or sel.filters):
        return True
    keywords = keywords_of(ctx.state, obj)
    if "Mighty" in sel.keywords_with + sel.keywords_without and _is_mighty(ctx.state, obj):
        keywords = dict(keywords, Mighty=None)         # [Mighty] is a state of Might, not a keyword held (706)
    if any(k not in keywords for k in sel.keywords_with) or any(k in keywords for k in sel.keywords_without):
        return False
    for test in sel.filters:
        if test.kind in _UNTRACKED and not _where_read(test):
            raise Unsupported(_UNTRACKED[test.kind])
        if not _filter_read(test):
            raise Unsupported(f"a “{test.kind}” test of the objects named is not applied yet")
        if test.kind == "keyword" and test.op == "in" and not any(k in keywords for k in test.values):
            return False                                     # "that has [Tank] or [Shield]": any one of them
        if test.kind == "keyword" and test.op != "in" and test.value not in keywords:
            return False
        if test.kind in _NOUN_TESTS and not _NOUN_TESTS[test.kind](ctx, test, obj):
            return False
        if test.kind == "not" and _is_negated(ctx, obj, test.value):   # "a non-unit card", "a non-exhausted unit"
            return False
        if test.kind == "this_way" and obj not in _acted_this_way(ctx, _acted_by(test.value)):
            return False
        if _bound_by_other(test):
            raise Unsupported("a cost bound read from another object")
        if test.kind in _MIGHT_THAN and not _might_than_ok(ctx, test, obj):
            return False
        if test.kind in _STAT_OF and test.op in COMPARE:
            value = _STAT_OF[test.kind](ctx.state, obj)
            bound = ctx.state.players[ctx.player].points if test.value == "your_points" else test.value
            if test.of is not None:                              # "no more Energy than the killed unit"
                bound = _bound_of(ctx, test)
                if bound is None:
                    return False
            if value is None or not COMPARE[test.op](value, bound):
                return False
    return True


def _filter_read(test) -> bool:
    """Whether ``_filters`` (or the instruction, READ_BY_CALLERS) reads a filter of a selector."""
    if test.measure is not None:       # "with Energy cost less than my Might": a bound read from a measure
        return False
    if test.kind == "not":             # "non-unit", "non-token", "non-Recruit": a type, supertype or tag (133.3)
        return isinstance(test.value, str) and bool(test.value)
    if test.kind == "this_way":                  # read by ``candidates``: the objects an instruction acted on
        return _acted_by(test.value) is not None
    if test.kind == "paid_with":
        return _paid_action(test) is not None
    if test.kind in ("attached_to", "banished_with"):
        return test.value == "self"
    if test.kind == "might_up_to_more_than":      # "Might up to 1 more than the killed unit": ``_might_up_to``
        return test.of is not None and isinstance(test.value, int) and test.op == "<="
    return test.kind in ("keyword",) + READ_BY_CALLERS or test.kind in _MIGHT_THAN or test.kind in _NOUN_TESTS \
        or (test.kind in _STAT_OF and test.op in COMPARE)


def _named_objects(ctx, named) -> list[GameObject]:
    """The objects a filter's ``of`` names ("that unit", "me"), found as an instruction would find them."""
    return candidates(ctx, named)


def _where_read(test) -> bool:
    """"a battlefield where you have units": your units there, of a kind the selectors find (the one "where" read)."""
    c = test.condition
    return test.kind == "where" and c is not None and c.kind == "has" and not c.negated and c.also is None \
        and c.subject is not None and c.subject.reference == "you" and c.object is not None and c.place is None \
        and c.object.location is None and c.object.zone is None and c.object.controller is None \
        and c.object.reference is None and runs_selector(c.object) and c.value is None


def _where_holds(ctx, test, obj) -> bool:
    """Whether you have such units at the location ``obj`` is (or is, for a battlefield), at least as many as
    the phrase counts (one for "units")."""
    where = location_of(ctx.state, obj)
    sel = test.condition.object
    yours = [o for o in ctx.state.board_objects() if o.controller == ctx.player and location_of(ctx.state, o) == where
             and _matches(ctx, sel, o)]
    return where is not None and len(yours) >= (sel.count or 1)


# Filters of a noun phrase's general modifiers (compiler/noun_posts.py) read from the object and the objects named.
def _any_state(ctx, test, obj) -> bool:
    """"a damaged or stunned unit": the object is in at least one of the states (124.2)."""
    return any(_in_states(ctx, obj, test.values))


_NOUN_TESTS = {
    "state": _any_state,
    "domain": lambda ctx, test, obj: test.value in obj.chars.domains,                       # "a Fury unit" (134.2)
    "same_name": lambda ctx, test, obj: any(o.chars.name == obj.chars.name
                                            for o in _named_objects(ctx, test.of)),        # 138: a card's name
    "same_controller_as": lambda ctx, test, obj: any(o.controller == obj.controller
                                                     for o in _named_objects(ctx, test.of)),        # 183
    "other_than": lambda ctx, test, obj: all(o is not obj for o in _named_objects(ctx, test.of)),
    "where": _where_holds,                                                                  # _where_read
    "named_tag": lambda ctx, test, obj: _named_tag(ctx) in tags_of(ctx.state, obj),       # 760 (handlers_named)
    # "the unit you exhausted to pay for this ability": an object the ability's cost was paid with (203)
    "paid_with": lambda ctx, test, obj: any(o is obj and action == _paid_action(test)
                                            for action, o in getattr(ctx, "paid_with", ())),
    "attached_to": lambda ctx, test, obj: _attached_to(ctx, test, obj),                     # 434.1, 716
    "banished_with": lambda ctx, test, obj: _banished_with(ctx, test, obj),                 # 427.3
    "might_up_to_more_than": lambda ctx, test, obj: _might_up_to(ctx, test, obj),          # 359.3.e.12
}


def _paid_action(test) -> str | None:
    """"exhausted_ability" -> exhaust: the action of a cost of this ability (an activated ability's, kept as it
    was activated, playing._pay_and_push); a spell's costs are not kept."""
    participle, _, what = str(test.value).rpartition("_")
    return _acted_by(participle) if what == "ability" else None


def _named_tag(ctx) -> str | None:
    """The tag named as the source was played ("As you play this, name a tag.")."""
    source = ctx.source()
    return source.as_played.get("tag") if source is not None else None


def _acted_might(ctx, obj) -> int | None:
    """The Might of a unit an instruction acted on: as it last was on the board when it left (engine/last_known,
    124), else its Might now; None for an object that is no unit."""
    from .last_known import last_known
    known = last_known(ctx.state, obj)
    if known is not None:
        return max(known[1] or 0, 0) if known[0].card_type == "unit" else None
    return max(might_of(ctx.state, obj) or 0, 0) if ctx.state.is_board(obj.zone) and obj.card_type == "unit" else None


def _might_up_to(ctx, test, obj) -> bool:
    """"a unit ... that has Might up to 1 more than the killed unit": at most the Might the object named had
    as the instruction acted on it (its last Might on the board, ``_acted_might``); when nothing was named,
    that Might is null and no object passes (359.3.e.12)."""
    others = candidates(ctx, test.of)
    bound = _acted_might(ctx, others[0]) if others else None
    if bound is None:
        return False
    return (might_of(ctx.state, obj) or 0) <= bound + test.value


def _banished_with(ctx, test, obj) -> bool:
    """"a unit banished with this": a card in banishment that an ability of this very object banished (427.3,
    397); a card banished by another object of the same name is not (427.3.a)."""
    if test.value != "self":
        raise Unsupported(f"cards banished with “{test.value}”: not read yet")
    source = ctx.source()
    return source is not None and obj.zone[0] == "banishment" \
        and ctx.state.banished_by.get(obj.identity) == source.identity


def _attached_to(ctx, test, obj) -> bool:
    """"each Equipment attached to me": attached to the source (434.1)."""
    if test.value != "self":
        raise Unsupported(f"objects attached to “{test.value}”: not read yet")
    source = ctx.source()
    return source is not None and obj.attached_to == source.identity


def _card_types() -> dict:
    from interpreter.rules.data import default_rules
    return default_rules().lexicon.vocabulary["card_types"]


def _is_kind(obj: GameObject, kind: str) -> bool:
    """Whether the object is of a card type (133), a token (179), of a supertype (133.7) or has a tag (133.8):
    what the words "non-..." negate (133.3)."""
    if kind == "token":
        return obj.token
    if kind in _card_types():
        return obj.card_type == kind
    if (obj.chars.supertype or "").lower() == kind:
        return True
    return kind in {tag.lower() for tag in obj.chars.tags}


def _might_than_ok(ctx, test, obj) -> bool:
    """"with less Might than me": compared on the Might both have now (143); another object is refused."""
    if _might_of_other(test):
        raise Unsupported("a Might compared with an object other than the source")
    if _than_chosen(test):
        # "than the chosen unit": the one "Choose a friendly unit ..." chose, as its Might is now (143)
        chosen = [o for o in getattr(ctx, "chosen", ()) if o.zone[0] != "ceased" and _of_named_type(test.of, o)]
        other = chosen[0] if chosen else None
        if other is None:
            return False
    else:
        other = ctx.source()
    if other is None:
        raise Unsupported("a Might compared with a source that is gone from the board")
    return _MIGHT_THAN[test.kind](might_of(ctx.state, obj) or 0, might_of(ctx.state, other) or 0)


_MIGHT_THAN = {"less_might_than": operator.lt, "more_might_than": operator.gt, "no_more_might_than": operator.le}


def _is_mighty(state, obj) -> bool:
    return (might_of(state, obj) or 0) >= mighty_threshold(state.rules)


# Cost tests read the printed (or copied) cost, whatever was paid (206).
_STAT_OF = {
    "might": might_of,
    "energy_cost": lambda state, obj: obj.chars.energy,
    "cost": lambda state, obj: obj.chars.energy,
    "power_cost": lambda state, obj: len(obj.chars.power),
}


TESTS = (_types, _relation, _other, _tags_names_token, _states, _location, _filters)


def _yours(sel):
    """A phrase as the acting player reads it: "their Main Deck" their own ("your"), at every depth."""
    if not isinstance(sel, fx.Selector):
        return sel
    zone = sel.zone if sel.zone is None or sel.zone.owner != "their" else replace(sel.zone, owner="you")
    controller = "you" if sel.controller == "their" and sel.antecedent is not None \
        and sel.antecedent.types == ("player",) else sel.controller
    return replace(sel, zone=zone, controller=controller, antecedent=_yours(sel.antecedent),
                   alternatives=tuple(map(_yours, sel.alternatives)))


def as_yours(effect):
    """An instruction of "each player ..." as one player does it ("Each player looks at the top 5 cards of their
    Main Deck"): no subject, "their" read as "your" (handlers_each, handlers_repeat)."""
    return replace(effect, subject=None, objects=tuple(map(_yours, effect.objects)))
