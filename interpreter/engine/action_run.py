"""Compiled ``GameAction`` effects (407-458), one small handler per action name.

``ACTIONS`` maps the action name the compiler gives (rules_data/actions.yaml) to a handler
``handler(ctx, effect) -> bool``. Handlers pick their objects with ``selectors``, act with
the game actions of ``actions``, and leave the objects they acted on in ``ctx.last`` for
a later instruction that says "it" or "them" (359.3.e.14). An instruction with nothing
to act on does nothing (359.3.e.11).
"""
from __future__ import annotations

from dataclasses import replace

from . import actions, bonus_damage, bus, damage_doubling, turn_records, turn_statements
from interpreter.compiler import effects as fx
from interpreter.engine.layers.model import ARITHMETIC, TRAIT, Change, ContinuousEffect, fixed
from .layer_sources import register, resolve_state
from .play_permissions import keep_turn_play, turn_play_form
from interpreter.engine.layers.apply import snapshot
from .replace_action import replace as replace_with, swap_back
from .replacements import reveal_first
from .errors import Unsupported
from .happenings import happen, via_of
from .move_places import check_chosen, named_destination, remember_origin, where_destination
from .selectors import candidates, choose_from, matches, owners_of, players, select, tags_among, zone_kind
from .state import GameObject, IllegalAction
from .traits import keywords_of, location_of, might_of, tags_of

PER_OBJECT = {
    "heal": lambda s, o, ctx: actions.heal(s, o),
    "kill": lambda s, o, ctx: actions.kill(s, o, ctx.player, via_of(ctx)),
    "stun": lambda s, o, ctx: actions.stun(s, o),
    "buff": lambda s, o, ctx: actions.buff(s, o),
    "ready": lambda s, o, ctx: actions.ready(s, o),
    "exhaust": lambda s, o, ctx: actions.exhaust(s, o),
    "recall": lambda s, o, ctx: actions.recall(s, o),
    "recycle": lambda s, o, ctx: actions.recycle(s, o),
    "banish": lambda s, o, ctx: actions.banish(s, o, ctx.source_identity),       # 427.3
    "reveal": lambda s, o, ctx: actions.reveal(s, o),
    "return_to_hand": lambda s, o, ctx: actions.return_to_hand(s, o),
    "take_control": lambda s, o, ctx: actions.take_control(s, o, ctx.player),
    "lose_control": lambda s, o, ctx: actions.lose_control(s, o),
    "spend_buff": lambda s, o, ctx: actions.spend_buff(s, o, ctx.player),
}


# Actions announced to the general event watch when they changed the object: a unit stunned, buffed or readied
_ANNOUNCED = {"stun": lambda o: o.stunned, "buff": lambda o: o.buffed + o.extra_buffs,     # a buff more (426.1.b.2)
              "ready": lambda o: not o.exhausted}


def amount_of(ctx, amount) -> int:
    """How much: a number, times "for each ..." (per), or equal to a might (Measure)."""
    if amount is None:
        return 1
    if amount.kind == "count":
        value = amount.value if amount.value is not None else 1
        if amount.per is not None and amount.per.types == ("tag",):
            return value * tags_among(ctx, amount.per)
        return value * len(candidates(ctx, amount.per)) if amount.per is not None else value
    if amount.kind == "equal" and amount.measure is not None:
        return measured(ctx, amount.measure)
    if amount.kind == "that_much" and ctx.paid_amount is not None:
        return ctx.paid_amount                  # "Pay any amount of [A] to deal that much" (handlers_pay)
    raise Unsupported(f"amount {amount.kind}")


MEASURED = ("count", "might", "energy_cost", "keyword")      # the measures ``measured`` reads


def measured(ctx, measure) -> int:
    """A number read from the game now: a Might (below 0 counts as 0, 143.2.b), an Energy cost, a count."""
    if measure.kind == "count":
        return len(candidates(ctx, measure.of))
    if measure.of is None:
        raise Unsupported(f"measure {measure.kind} with no object named")   # never read as 0
    found = candidates(ctx, measure.of)
    if not found:
        return 0
    if measure.kind == "might":
        return max(might_of(ctx.state, found[0]) or 0, 0)
    if measure.kind == "energy_cost":
        return found[0].chars.energy or 0                   # the printed (or copied) cost (206)
    if measure.kind == "keyword" and measure.keyword:
        # "equal to my [Assault]": the keyword's value, an omitted one the definition's (807.1.b.3); none: 0
        value = keywords_of(ctx.state, found[0]).get(measure.keyword, 0)
        return value if value is not None else (ctx.state.rules.keyword(measure.keyword) or {}).get("omitted", 1)
    raise Unsupported(f"measure {measure.kind}")


def _targets(ctx, effect) -> list:
    """The objects of every selector of the instruction, as chosen now (355.5)."""
    return [o for sel in effect.objects for o in select(ctx, sel)]


def _nothing(ctx, effect) -> bool:
    ctx.state.note(f"nothing to {effect.action}: the instruction does as much as it can", "359.3.e.11")
    ctx.last = []
    return False


def _on_each(ctx, effect, targets: list, act) -> bool:
    """``act`` on each target, which ``ctx.last`` then names; with none, nothing happens (359.3.e.11)."""
    if not targets:
        return _nothing(ctx, effect)
    for target in targets:
        act(target)
    ctx.last = targets
    return True


def per_object(ctx, effect) -> bool:
    """One game action on each chosen object (kill, stun, buff, ready, recall, banish, ...)."""
    if effect.action == "reveal":                 # "If you would reveal cards from a deck, look ... first"
        for sel in effect.objects:
            reveal_first(ctx.state, ctx.player, sel)
    targets = _targets(ctx, _buffs_named(effect))
    if not targets:
        return _nothing(ctx, effect)
    changed = []
    for obj in targets:
        if _prevented(ctx.state, effect.action, obj):
            continue
        before = _ANNOUNCED[effect.action](obj) if effect.action in _ANNOUNCED else True
        PER_OBJECT[effect.action](ctx.state, obj, ctx)
        if effect.action == "recall" and "exhausted" in effect.options:
            actions.exhaust(ctx.state, obj)            # "recall it exhausted": it stays in base exhausted
        after = _ANNOUNCED[effect.action](obj) if effect.action in _ANNOUNCED else True
        if after and after != before:
            changed.append(obj)
    if changed:                                        # "When you stun an enemy unit" (event_watch.py)
        happen(ctx.state, effect.action, ctx.player, changed, via=via_of(ctx))
    ctx.last = targets
    if effect.action == "reveal":
        ctx.looked = [(o, o.zone, o.identity) for o in targets]
    return True


def _buffs_named(effect):
    """"Spend any number of buffs": the buffs are those of units you control that have one (702.2.b.1-2)."""
    if effect.action != "spend_buff" or any(sel.types or sel.reference for sel in effect.objects):
        return effect
    return replace(effect, objects=tuple(replace(sel, types=("unit",), states=sel.states + ("buffed",),
                                                 controller="you") for sel in effect.objects))


def _prevented(state, action: str, obj: GameObject) -> bool:
    """"Spells and abilities can't ready enemy units and gear" or "I can't be readied" of a permanent, while
    it applies (364)."""
    from .layer_sources import active_statements, cannot_be, names_action

    forbidding = cannot_be(state, action, obj)
    if forbidding is not None:
        state.note(f"{forbidding} does not let {obj.name} be {_participle(action)}", "364")
        return True

    for source in state.board_objects():
        for statement in active_statements(state, source):
            if statement.kind != "cannot_act" or not names_action(statement.value, action) or statement.by is None:
                continue
            whom = statement.by
            relation_ok = whom.relation is None or (whom.relation == "enemy") == (obj.controller != source.controller)
            if obj.card_type in whom.types and relation_ok:
                state.note(f"{source.name} does not let {obj.name} be {_participle(action)} by spells and abilities",
                           "364")
                return True
    return False


def _participle(action: str) -> str:
    """"ready" -> "readied", for the log."""
    return fx.ACTION_PARTICIPLES.get(action, action)


def draw(ctx, effect) -> bool:
    if effect.objects:
        return _draw_chosen(ctx, effect)
    count, drawn = amount_of(ctx, effect.amount), []
    for player in players(ctx, effect.subject):
        before = list(ctx.state.objects(("hand", player)))
        actions.draw(ctx.state, player, count)
        drawn += [o for o in ctx.state.objects(("hand", player)) if o not in before]
    ctx.last = drawn
    return bool(drawn)


def _draw_chosen(ctx, effect) -> bool:
    """"Draw one" of the cards looked at: that card goes to its owner's hand (413)."""
    return _put_into(ctx, effect, "hand", "is drawn into", ("413",))


def put(ctx, effect) -> bool:
    """Put objects into a hand or a trash, or on top or at the bottom of a deck: a change of zone (124)."""
    zone = effect.place.kind if effect.place is not None else None
    if zone == "main_deck":
        return _put_on_deck(ctx, effect)
    if zone not in ("hand", "trash"):
        raise Unsupported(f"putting into {zone}")
    return _put_into(ctx, effect, zone, "is put into", ("124",))


def _put_on_deck(ctx, effect) -> bool:
    """"on the top or bottom of your Main Deck": the player picks the end when the text allows both."""
    ends = next((o for o in effect.options if "top" in o or "bottom" in o), "top").split("_or_")
    targets = _targets(ctx, effect)
    if not targets:
        return _nothing(ctx, effect)
    moved = []
    for card in targets:
        end = ctx.take("word", ends[0]) if len(ends) > 1 else ends[0]
        if end not in ends:
            raise IllegalAction("355.9.b", f"{end} is not one of {' or '.join(ends)}")
        moved.append(actions.change_zone(ctx.state, card, ("deck", card.owner), top=end == "top",
                                         why=f"is put on the {end} of", rules=("124",)))
    ctx.last = [m for m in moved if m]
    return True


def _put_into(ctx, effect, zone, why, rules) -> bool:
    targets = _targets(ctx, effect)
    if not targets:
        return _nothing(ctx, effect)
    ctx.last = [moved for obj in targets
                if (moved := actions.change_zone(ctx.state, obj, (zone, obj.owner), why=why, rules=rules))]
    return True


def return_read(effect) -> bool:
    """Whether ``return_to`` reads the place of a return: a zone of the owner outside the board (107-108, 124),
    not a board location."""
    from interpreter.rules.data import default_rules
    place = effect.place
    zone = default_rules().zones.get(zone_kind(place.kind)) if place is not None else None
    return zone is not None and not zone["board"] and place.owner in (None, "you", "its", "their") \
        and place.of is None and place.where is None


def return_to(ctx, effect) -> bool:
    """"Return X from your trash to your Champion Zone": each chosen card to its owner's zone the place names
    (124); one the rules keep out stays where it is (108.3.c.1), the instruction doing what it can."""
    if not return_read(effect):
        raise Unsupported("a return to a place that is not a zone outside the board")
    kind = zone_kind(effect.place.kind)
    targets = _targets(ctx, effect)
    if not targets:
        return _nothing(ctx, effect)
    return _each_allowed(ctx, targets, lambda card: actions.return_to_zone(ctx.state, card, kind),
                         "does not return: {}", "124")


def discard(ctx, effect) -> bool:
    """Discard the chosen cards, or as many as asked from the hand, the player choosing (422.1.a, 422.4)."""
    if effect.objects:
        targets = _targets(ctx, effect)
    else:
        targets = []
        for player in players(ctx, effect.subject):
            hand = ctx.state.objects(("hand", player))
            picked = [ctx.take("object") for _ in range(min(amount_of(ctx, effect.amount), len(hand)))]
            targets += [p for p in picked if p is not None] or hand[:amount_of(ctx, effect.amount)]
    return _on_each(ctx, effect, targets, lambda card: actions.discard(ctx.state, card))


def deal(ctx, effect) -> bool:
    """Deal the amount to each chosen unit (417.1.b); the player of the effect marks it (142.3.a)."""
    if effect.objects and effect.objects[0].reference == "each_other":
        return _deal_each_other(ctx, effect)
    if "split" in effect.options:
        return _deal_split(ctx, effect)
    targets = _targets(ctx, effect)
    damage = amount_of(ctx, effect.amount)
    if not targets or damage < 1:
        return _nothing(ctx, effect)
    for unit in targets:
        actions.deal_damage(ctx.state, unit, damage + bonus_damage.total(ctx, unit), ctx.player)   # 712-715
    ctx.last = targets
    return True


def _deal_split(ctx, effect) -> bool:
    """"Deal 5 damage split among any number of enemy units here": the player chooses the units, at most one
    for each point of damage (355.14.a, 355.14.c; Bonus Damage adds to the amount split, 715.3), and how much
    each gets, at least 1 each and all of it (355.14.e-g). A split given ahead (``state.splits``, a scenario's
    ``split:``) names both; else the units chosen (355.5) get 1 each and the first the rest. With more units
    than damage, the last chosen cease to be targets (355.14.h)."""
    chooser = effect.objects[0]
    if chooser.quantity in ("all", "each"):               # "split among enemy units": chosen, not all (355.14.a)
        chooser = replace(chooser, quantity="any_number")
    given = ctx.state.splits.pop(0) if getattr(ctx.state, "splits", None) else None
    targets = _split_targets(ctx, chooser, given)
    damage = amount_of(ctx, effect.amount)
    if targets and damage >= 1:
        damage += min(bonus_damage.total(ctx, unit) for unit in targets)        # 715.3
    if given is None:
        targets = targets[:max(damage, 0)]                                        # 355.14.h, 355.14.h.1
    if not targets:
        return _nothing(ctx, effect)
    shares = [given[unit.identity] for unit in targets] if given is not None \
        else [damage - len(targets) + 1] + [1] * (len(targets) - 1)
    if any(share < 1 for share in shares) or sum(shares) != damage:
        raise IllegalAction("355.14.f", f"the split must give each unit at least 1 and add up to {damage}, "
                                        f"not {'+'.join(map(str, shares))}")
    for unit, share in zip(targets, shares):
        actions.deal_damage(ctx.state, unit, share, ctx.player)
    ctx.last = targets
    return True


def _split_targets(ctx, chooser, given: dict | None) -> list:
    """The units a split is among: those the split given ahead names, each a valid choice (355.14.a, 355.9.b),
    else those chosen as usual."""
    if given is None:
        return select(ctx, chooser)
    found = {unit.identity: unit for unit in candidates(ctx, chooser)}
    for identity in given:
        if identity not in found:
            named = ctx.state.by_identity(identity)
            raise IllegalAction("355.9.b", f"{named.name if named else identity} is not a valid choice for the split")
    return [found[identity] for identity in given]


def _deal_each_other(ctx, effect) -> bool:
    """"They deal damage equal to their Mights to each other": the two units the subject names each deal
    the amount ("their Might": its own Might, read before any damage) to the other, at once (417.1.b)."""
    pair = candidates(ctx, effect.subject) if effect.subject is not None else []
    if len(pair) != 2:
        return _nothing(ctx, effect)
    own_might = effect.amount is not None and effect.amount.kind == "equal" and effect.amount.measure.kind == "might"
    amounts = [max(might_of(ctx.state, unit) or 0, 0) if own_might else amount_of(ctx, effect.amount) for unit in pair]
    for dealer, taker in ((0, 1), (1, 0)):
        if amounts[dealer] > 0:
            actions.deal_damage(ctx.state, pair[taker], amounts[dealer], ctx.player)
    ctx.last = list(pair)
    return True


def move(ctx, effect) -> bool:
    """Move each chosen unit; one the rules don't let go there stays (the instruction does what it can)."""
    if "along_with" in effect.options:
        return _move_along(ctx, effect)
    targets = _targets(ctx, effect)
    if not targets:
        return _nothing(ctx, effect)
    ctx.open_chosen = None                 # "to an open battlefield": chosen once for this move (_open_battlefield)
    # "to a single location": one destination, chosen once, for every unit moved
    single = _destination(ctx, effect.place, targets[0]) \
        if effect.place is not None and "single" in effect.place.qualifiers else None
    return _each_allowed(ctx, targets, lambda unit: _move_one(ctx, effect, unit, single),
                         "can't move there ({}): it stays", "359.3.e.11")


def _move_one(ctx, effect, unit: GameObject, single: tuple | None) -> None:
    """Move one unit, keeping where it was ("my original location") and the battlefield it went to (a later
    "the same battlefield", "there")."""
    origin = location_of(ctx.state, unit)
    dest = single or _to_or_from(ctx, effect, unit) or _destination(ctx, effect.place, unit)
    actions.move(ctx.state, unit, dest, by=ctx.player)
    remember_origin(ctx, unit, origin)
    if dest[0] == "battlefield":
        ctx.there = dest


def _move_along(ctx, effect) -> bool:
    """"I may be moved with it": the first objects go where the second one is now (a move, 420; caused by an effect, 449)."""
    movers, leaders = select(ctx, effect.objects[0]), select(ctx, effect.objects[1])
    if not movers or not leaders or leaders[0].zone[0] not in ("base", "battlefield"):
        return _nothing(ctx, effect)
    staying = [unit for unit in movers if unit.zone != leaders[0].zone]
    return _each_allowed(ctx, staying, lambda unit: actions.move(ctx.state, unit, leaders[0].zone, by=ctx.player),
                         "can't move there ({}): it stays", "359.3.e.11") or not staying


def _to_or_from(ctx, effect, unit: GameObject) -> tuple | None:
    """"Move a friendly unit to or from its base": from its base to a battlefield (chosen, else the first),
    or to its base from where it is; None for other moves."""
    if "to_or_from" not in effect.options or effect.place is None or effect.place.kind != "base":
        return None
    if unit.zone != ("base", unit.controller):
        return ("base", unit.controller)
    chosen = ctx.take("location")
    if chosen is not None:
        return chosen
    if not ctx.state.battlefields:
        raise IllegalAction("359.3.e.11", "there is no battlefield to move to from the base")
    return ("battlefield", 0)


def _destination(ctx, place, unit: GameObject) -> tuple:
    """Where a move goes: its base, here, or a battlefield (chosen, else the first other one, 355.4)."""
    if place is not None and place.where is not None:        # "to a location where there's ..." (move_places)
        return where_destination(ctx, place, unit)
    if place is None and ctx.peek("location") is not None:
        # "Move a friendly unit.": the source names no destination, so any location it may go to (449.1)
        return check_chosen(ctx, place, unit, ctx.take("location"))
    if place is None or place.kind == "base":
        # "to your base" is the base of the player acting (an enemy gear moved there, 446.1); else its own
        return ("base", ctx.player if place is not None and place.owner == "you" else unit.controller)
    if place.kind == "here" and ctx.here is not None:
        return ctx.here
    if (place.owner == "its" or (place.owner or "").startswith("that_")) and place.kind in ("battlefield", "location") \
            and ctx.last:
        # "to its location", "to that enemy unit's battlefield": where the object acted on before is now
        where = location_of(ctx.state, ctx.last[0])
        if where is None:
            raise IllegalAction("359.3.e.11", f"{ctx.last[0].name} is not on the board")
        return where
    named = named_destination(ctx, place, unit)          # "this/that/the same battlefield", "my ..." (move_places)
    if named is not None:
        return named
    if place.kind == "battlefield" and place.qualifiers == ("an", "open"):
        return _open_battlefield(ctx, unit)
    chosen = ctx.take("location")
    if chosen is not None:
        return check_chosen(ctx, place, unit, chosen)
    others = [("battlefield", slot) for slot in range(len(ctx.state.battlefields)) if ("battlefield", slot) != unit.zone
              and ("you_control" not in place.qualifiers or ctx.state.battlefields[slot].controller == ctx.player)]
    if not others:
        # 420.1: a move is between two locations; with none other the place allows, the unit can't move (it stays)
        raise IllegalAction("420.1", "no other battlefield the instruction allows to move to")
    return others[0]


def _open_battlefield(ctx, unit: GameObject) -> tuple:
    """"to an open battlefield": one with no unit and no controller (170.11.c), the answer or the first; the units
    moved together go to the one chosen first."""
    state = ctx.state
    if getattr(ctx, "open_chosen", None) is not None:
        return ctx.open_chosen
    open_ones = [("battlefield", slot) for slot, bf in enumerate(state.battlefields) if bf.controller is None
                 and not any(location_of(state, o) == ("battlefield", slot) for o in state.board_objects()
                             if o.card_type == "unit")]
    chosen = ctx.take("location")
    if chosen is not None and chosen not in open_ones:
        raise IllegalAction("170.11.c", "that battlefield is not open (it has a unit or a controller)")
    if chosen is None and not open_ones:
        raise IllegalAction("170.11.c", "there is no open battlefield to move to")
    ctx.open_chosen = chosen or open_ones[0]
    return ctx.open_chosen


def channel(ctx, effect) -> bool:
    """Channel runes (430): each player the subject names ("Its owner channels 1 rune exhausted"); the runes
    channeled are what it acted on ("If you couldn't channel 2 runes this way", 359.3.e.14)."""
    channeled = []
    for player in players(ctx, effect.subject):
        channeled += actions.channel(ctx.state, player, amount_of(ctx, effect.amount),
                                     exhausted="exhausted" in effect.options)
    ctx.last = channeled
    return bool(channeled)


def score(ctx, effect) -> bool:
    """Gain points (194.1.c)."""
    for player in players(ctx, effect.subject):
        actions.gain_points(ctx.state, player, amount_of(ctx, effect.amount))
    return True


def give(ctx, effect) -> bool:
    """Give keywords or might for a duration (184.3 for tokens, 477 layers); to the next spell played this
    turn, kept until it is played (turn_statements.keep_given)."""
    if turn_statements.next_spell_give(effect):
        turn_statements.keep_given(ctx.state, ctx.player, effect, ctx.source())
        return True
    if effect.duration not in (None, "this_turn") and not keywords_this_combat(effect):
        raise Unsupported(f"a “{effect.duration.replace('_', ' ')}” duration: only “this turn” ends yet")
    if keywords_this_combat(effect) and ctx.state.combat is None:
        # keywords "this combat" end as the combat ends (466.7, combat._end); with no combat they last no time
        ctx.state.note("no combat is going on: an effect lasting “this combat” has no time to last", "466.7")
        return _nothing(ctx, effect)
    if effect.duration is None and any(m.kind not in ("keyword", "keywords") for m in effect.modifications):
        raise Unsupported("a Might change with no end: the runtime keeps Might changes for this turn only")
    targets = _targets(ctx, effect)
    if not targets:
        return _nothing(ctx, effect)
    for target in targets:
        for modification in effect.modifications:
            if modification.kind == "keyword":
                keyword = modification.keyword
                actions.grant_keyword(ctx.state, target, keyword.name, keyword.value, effect.duration, effect.rules)
            elif modification.kind == "might_to" and modification.amount is not None:
                # "increase a friendly unit's Might to 5 [M]": by the difference, never a decrease (477.3)
                current = might_of(ctx.state, target) or 0
                actions.give_might(ctx.state, target, max(0, modification.amount - current))
            elif modification.kind == "might" and modification.amount is not None:
                actions.give_might(ctx.state, target, _limited(ctx, effect, target, modification.amount * _times(ctx, effect)))
            elif modification.kind == "keywords" and modification.measure is not None:
                _give_keywords_of(ctx, effect, target, modification.measure.of)       # "my keywords"
            elif modification.kind == "ability":
                raise Unsupported("gaining a quoted ability (477.2)")
            elif modification.kind == "might" and modification.measure is not None:
                # "+[M] equal to that spell's Energy cost": the amount is fixed as the effect applies
                actions.give_might(ctx.state, target, measured(ctx, modification.measure))
            elif modification.kind == "might_to" and modification.measure is not None:
                # "increase its Might to the Might of ...": by the difference, never a decrease (477.3)
                current = might_of(ctx.state, target) or 0
                actions.give_might(ctx.state, target, max(0, _might_named(ctx, modification.measure, target) - current))
            else:
                raise Unsupported(f"a {modification.kind} modification")
    ctx.last = targets
    return True


def _give_keywords_of(ctx, effect, target, holder) -> None:
    """"Give a friendly unit my keywords this turn": each keyword the holder has as the effect applies, with
    its value (the set is fixed then, 477.3.b); a holder no longer there gives none."""
    found = candidates(ctx, holder) if holder is not None else []
    if not found:
        ctx.state.note("no object to take the keywords of: none is given", "359.3.e.11")
        return
    for name, value in keywords_of(ctx.state, found[0]).items():
        actions.grant_keyword(ctx.state, target, name, value, effect.duration, effect.rules)


def keywords_this_combat(effect) -> bool:
    """"It gains [Shield 2] this combat": keywords only, which the end of the combat removes (466.7)."""
    return effect.duration == "this_combat" and bool(effect.modifications) \
        and all(m.kind == "keyword" for m in effect.modifications)


def _might_named(ctx, measure, target) -> int:
    """The Might of "the Might of another friendly unit": a unit chosen other than the one whose Might
    changes (355.5); with none to choose, the unit's own Might (no change)."""
    if measure.of is None or measure.of.reference is not None:
        return measured(ctx, measure)
    found = [o for o in candidates(ctx, measure.of) if o is not target]
    chosen = choose_from(ctx, measure.of, found)          # a target too (355.10), chosen as it is played (355.8)
    other = chosen[0] if chosen else target
    return max(might_of(ctx.state, other) or 0, 0)


def _times(ctx, effect) -> int:
    """How many times a give counts: once, or once for each object (or tag) its "for each ..." names."""
    return amount_of(ctx, effect.amount) if effect.amount is not None and effect.amount.per is not None else 1


def _limited(ctx, effect, target, amount: int) -> int:
    """"-4 [M] this turn, to a minimum of 1 [M]" (or "+2 [M], to a maximum of 5 [M]"): the change is fixed
    now at what takes the unit to the limit, and stays that much after its Might changes (477.3.b)."""
    limit = next((o for o in effect.options if o.startswith(("minimum_", "maximum_"))), None)
    kind = {"minimum_": "might_add_min", "maximum_": "might_add_max"}.get(limit[:8]) if limit else None
    if kind is None or (amount < 0) != (kind == "might_add_min"):
        return amount
    bound = int(limit[8:])
    given = _snapshot_gain(ctx, target, Change(kind, amount, limit=bound))
    ctx.state.note(f"{amount:+d} [M] to a {limit[:7]} of {bound} [M] on {target.name} at "
                   f"{might_of(ctx.state, target)} [M] is {given:+d} [M]", "477.3.b")
    return given


def _snapshot_gain(ctx, target, change: Change) -> int:
    """What a limited might change gives ``target`` now, fixed for its duration (layers.snapshot, 477.3.b)."""
    effect = ContinuousEffect(change.kind, ARITHMETIC, change, fixed(target.oid), 0, passive=False)
    return snapshot(effect, resolve_state(ctx.state).view).change.amount


def choose(ctx, effect) -> bool:
    """"Choose a unit.": the object chosen is what "it" and "that unit" mean next (355.5)."""
    targets = _targets(ctx, effect)
    if not targets:
        return _nothing(ctx, effect)
    ctx.state.note("chooses " + ", ".join(o.name for o in targets), "355.5")
    ctx.last, ctx.chosen = targets, targets
    return True


def become_copy(ctx, effect) -> bool:
    """"It becomes a copy of that unit": a trait-altering effect from now on, copying what the original
    is when the layers apply, so a copy of a copy takes what the first copy became (477.1.b.1.b)."""
    copies, originals = select(ctx, effect.objects[0]), select(ctx, effect.objects[1])
    if not copies or not originals:
        return _nothing(ctx, effect)
    original = originals[0]
    for copy in copies:
        copying = Change("copy", of=original.oid)
        register(ctx.state, ContinuousEffect(f"{copy.name} copies {original.name}", TRAIT, copying, fixed(copy.oid),
                                             ctx.state.next_arrival(), reads=(original.oid,), passive=False,
                                             rules=("477.1.b",), source=copy.oid))
        ctx.state.note(f"{copy.name} becomes a copy of {original.name}", "477.1.b")
    ctx.last = copies
    return True


def my_might(effect) -> bool:
    """"Double my Might": the Might of the source itself."""
    return len(effect.objects) == 1 and effect.objects[0].types == ("might",) \
        and effect.objects[0].controller == "my" and effect.objects[0].reference is None


def double(ctx, effect) -> bool:
    """"Double a friendly unit's Might this turn": increase it by its current Might, fixed now (477.3.b);
    a negative Might is increased by 0 (477.3.c)."""
    if my_might(effect):                                   # "Double my Might this turn": the source's
        source = ctx.source()
        targets = [source] if source is not None and source.zone[0] in ("base", "battlefield") else []
    elif damage_doubling.doubling_form(effect):            # "Double all damage that would be dealt to it"
        return _double_damage(ctx, effect)
    elif "might" not in effect.options:
        raise Unsupported(f"doubling {effect.objects[0].types or 'that'}")
    else:
        targets = _targets(ctx, effect)
    if not targets:
        return _nothing(ctx, effect)
    for target in targets:
        current = might_of(ctx.state, target)
        gain = _snapshot_gain(ctx, target, Change("might_double"))
        ctx.state.note(f"double the Might of {target.name} ({current} [M]): {gain:+d} [M]", "432", "477.3.c")
        actions.give_might(ctx.state, target, gain)
    ctx.last = targets
    return True


def _double_damage(ctx, effect) -> bool:
    """"Double all damage that would be dealt to it this turn": kept on each unit named for the turn (432, 374)."""
    return _on_each(ctx, effect, _targets(ctx, effect), lambda unit: damage_doubling.keep(ctx.state, unit))


def play(ctx, effect) -> bool:
    """Play the chosen card as the effect instructs (419.3): from the zone it names, at once;
    "ignoring its cost" sets its base costs to 0 (356.1.b.1). With none eligible nothing happens (419.3.c)."""
    from .playing import play_card

    if effect.duration is not None and turn_play_form(effect):    # "you may play a gear ... this turn, ignoring ..."
        keep_turn_play(ctx.state, ctx.player, effect)
        return True
    if effect.duration is not None:
        raise Unsupported("a permission to play a card later this turn")
    if effect.keyword_cost is not None:        # [Flow]'s own permission is run by the play (playing.zone_permission)
        raise Unsupported(f"an instruction to play a card for its {effect.keyword_cost.name} cost")
    if any(sel.types == ("copy",) for sel in effect.objects):
        raise Unsupported("playing a copy of an object")
    targets = _targets(ctx, effect)
    if not targets:
        ctx.state.note("no eligible card to play: nothing happens", "419.3.c")
        return False
    # "its owner plays it": the owner of the card named before plays it (the player who makes the play, 419)
    by = players(ctx, effect.subject)[0] if effect.subject is not None else ctx.player
    # an instructed play the player can't make (its cost, its place) just doesn't happen
    def play_one(card):
        where = _play_place(ctx, effect, by) if card.card_type == "unit" else None
        permitted = ((where,) if _names_battlefield(effect.place) else ()) \
            + (ctx.unit_places if card.card_type == "unit" else ())          # handlers_played_here (355.2.b)
        play_card(ctx.state, by, card, where, limited=True, ignore_cost=_ignored_cost(effect.options),
                  reduction=_reduction(ctx, effect), permitted=permitted, accelerate=_accelerates(ctx, card))
    return _each_allowed(ctx, targets, play_one, "can't be played ({}): nothing happens", "419.3.c")


def _accelerates(ctx, card) -> bool:
    """Whether the player pays [Accelerate]'s optional additional cost for a unit an instruction plays: their
    choice as it is played (355.1.a), decided ahead (``state.optional_costs``); by default not. "Ignoring its
    cost" still leaves that additional cost to pay (356.1.b.3)."""
    return card.card_type == "unit" and "accelerate" in getattr(ctx.state, "optional_costs", ()) \
        and "Accelerate" in keywords_of(ctx.state, card)


def played_to_read(place) -> bool:
    """The places an instructed play reads: none (the player's choice, 355.2.a), "to base", "to a battlefield
    you control", "to any battlefield", "to that battlefield" (named before)."""
    return place is None or place.kind == "base" and place.owner in (None, "you", "their") \
        or place.kind == "battlefield" and place.qualifiers in (("a", "you_control"), ("any",), ("that",)) \
        and place.owner is None


def _play_place(ctx, effect, player: str) -> tuple | None:
    """Where the unit is played: the answer given ahead, else its base; "to a battlefield you control": one of
    those (the answer, else the first), never the base (419.3)."""
    wanted = ctx.take("location")
    place = effect.place
    if place is None or place.kind == "base":
        return wanted if place is None else ("base", player)
    if place.qualifiers == ("that",):      # "to that battlefield": the one the text named before (move_places)
        return named_destination(ctx, place, None)
    if place.qualifiers == ("any",):       # "plays it to any battlefield": whoever controls it (the answer, else the first)
        if wanted is not None and wanted[0] != "battlefield":
            raise IllegalAction("419.3", "the unit must be played to a battlefield")
        return wanted or (("battlefield", 0) if ctx.state.battlefields else _no_battlefield(player))
    controlled = [("battlefield", slot) for slot, bf in enumerate(ctx.state.battlefields) if bf.controller == player]
    if wanted is not None and wanted not in controlled:
        raise IllegalAction("419.3", "the unit must be played to a battlefield its player controls")
    if not controlled:
        raise IllegalAction("419.3", f"{player} controls no battlefield to play the unit to")
    return wanted or controlled[0]


def _names_battlefield(place) -> bool:
    """"plays it to any battlefield", "to that battlefield": the instruction makes the battlefield it names a
    valid place for the play, whoever controls it (355.2.b)."""
    return place is not None and place.kind == "battlefield" and place.owner is None \
        and place.qualifiers in (("any",), ("that",))


def _no_battlefield(player: str):
    raise IllegalAction("419.3", f"there is no battlefield for {player} to play the unit to")


def _each_allowed(ctx, targets, act, refusal: str, rule: str) -> bool:
    """``act`` on each target in turn; one the rules refuse is noted (``refusal`` with the reason, ``rule``)
    and left out, the instruction doing what it can. ``ctx.last`` is the targets it was done to."""
    done = []
    for target in targets:
        try:
            act(target)
        except IllegalAction as refused:
            ctx.state.note(f"{target.name} " + refusal.format(refused), rule, refused.rule)
            continue
        done.append(target)
    ctx.last = done
    return bool(done)


def _reduction(ctx, effect) -> int:
    """"reducing its cost by [3]": Energy taken off the cost of the instructed play (356.4); "Reduce its
    Energy cost by the Might of ...": that number, read as the play is made."""
    if "reduce_cost" not in effect.options:
        return 0
    if effect.amount is not None:
        return amount_of(ctx, effect.amount)
    return sum(c.amount for c in effect.cost if c.kind == "energy")


def _ignored_cost(options) -> str | None:
    """Which base cost an instructed play ignores: all of it, or only the Energy (356.1.b.1)."""
    if "ignore_cost" in options or "ignore_all_costs" in options:     # "ignoring any and all costs" too
        return "all"
    return "energy" if "ignore_energy_cost" in options else None


def replace_object(ctx, effect) -> bool:
    """"Replace this with the battlefield it replaced": swapping back (438.7); "replace that battlefield with a
    Brush battlefield token": a new token of the rules' definition takes its place (438.1, 438.3.b.1)."""
    targets = select(ctx, effect.objects[0])
    if not targets:
        return _nothing(ctx, effect)
    if effect.objects[1].reference == "replaced":
        # a battlefield token that replaced nothing (a new one, 438.3.b.1) has nothing to swap back to: the
        # instruction does what it can, nothing (359.3.e.11)
        try:
            ctx.last = [swap_back(ctx.state, targets[0])]
        except IllegalAction as refused:
            ctx.state.note(f"{targets[0].name} can't be swapped back ({refused}): it stays", "359.3.e.11", refused.rule)
            ctx.last = []
            return False
        return True
    chars = _token_of(effect.objects[1])
    ctx.last = [replace_with(ctx.state, target, chars, ctx.player) for target in targets]
    return True


def new_token_named(sel) -> bool:
    """"a Brush battlefield token": one token a rule defines (187) by its name."""
    from interpreter.rules.data import default_rules
    return sel.token is True and len(sel.names) == 1 and sel.names[0] in default_rules().tokens \
        and sel.reference is None and sel.quantity in ("one", "a", "an")


def _token_of(sel):
    """The characteristics of the rule-defined token ``sel`` names (187)."""
    from interpreter.compiler.compile import compiler
    from .state import token_characteristics
    return token_characteristics(compiler().token(sel.names[0], None))


def new_choices(ctx, effect) -> bool:
    """"You may make new choices for it" (751): the player who controls the chain item now chooses its targets
    again (752.1), as they were chosen when it was put on the chain (targeting.py); the answers given ahead may
    repeat old ones (753: any subset may be remade). A remake with no legal choice keeps the old ones (753.2)."""
    targets = [o for o in _targets(ctx, effect) if o.zone[0] == "chain"]
    if not targets:
        return _nothing(ctx, effect)
    from .targeting import in_pass
    for item in [i for i in ctx.state.chain if i.obj in targets]:
        if in_pass(ctx.state) is None:          # while this item's own targets are tried, none is remade yet
            _remake_targets(ctx.state, item)
    ctx.last = targets
    return True


def _remake_targets(state, item) -> None:
    from .targeting import choose_targets
    index = state.chain.index(item)

    def resolve_copy(trial) -> None:
        twin = trial.chain[index]
        twin.targets = []                                  # nothing chosen yet: every choice is made again
        bus.perform("run_item", trial, twin, spell=twin.obj)

    try:
        item.targets = choose_targets(state, item.controller, resolve_copy)
    except IllegalAction as refused:
        state.note(f"{item.controller} cannot make new choices for {item.name}: {refused.message}", "753.2")
        return
    state.note(f"{item.controller} makes new choices for {item.name}", "751", "752.1")


def gain_xp(ctx, effect) -> bool:
    """Increase the XP marked on the player (730.1)."""
    for player in players(ctx, effect.subject):
        ctx.state.players[player].xp += amount_of(ctx, effect.amount)
        turn_records.add(ctx.state, "gained_xp", player, amount_of(ctx, effect.amount))   # "If you've gained XP"
        ctx.state.note(f"{player} has {ctx.state.players[player].xp} XP", "730.1")
    return True


def spend_xp(ctx, effect) -> bool:
    """Reduce the player's XP (730.2); with too little XP the instruction cannot be done (203.3)."""
    player, count = ctx.state.players[ctx.player], amount_of(ctx, effect.amount)
    if player.xp < count:
        ctx.state.note(f"{ctx.player} has only {player.xp} XP and cannot spend {count}", "203.3")
        return False
    player.xp -= count
    ctx.state.note(f"{ctx.player} spends {count} XP", "730.2")
    return True


def win_game(ctx, effect) -> bool:
    """A player an effect tells to win wins (195)."""
    if ctx.state.winner is None:
        ctx.state.winner = players(ctx, effect.subject)[0]
        ctx.state.note(f"{ctx.state.winner} wins the game by an effect", ctx.state.rules.scoring["win_by_effect"]["rule"])
    return True


def reveal_until(ctx, effect) -> bool:
    """Reveal cards from the top of the deck one at a time until one is what the text names (424);
    "it" is that card, "the rest" the other cards revealed."""
    deck, wanted = effect.objects
    player = owners_of(ctx, deck.zone.owner)[0] if deck.zone is not None else ctx.player
    revealed, found = [], None
    for card in list(ctx.state.objects(("deck", player))):
        actions.reveal(ctx.state, card)
        revealed.append(card)
        if matches(ctx, wanted, card):
            found = card
            break
    ctx.looked = [(o, o.zone, o.identity) for o in revealed]
    ctx.last = [found] if found is not None else []
    return bool(revealed)


def increase_victory_score(ctx, effect) -> bool:
    """Card effects may alter the Victory Score (194.3.a): the points needed to win grow by the amount."""
    ctx.state.victory_increase += amount_of(ctx, effect.amount)
    from .victory_score import points
    total = points(ctx.state)
    ctx.state.note(f"the Victory Score is now {total} points", "194.3.a")
    return True


def put_back(ctx, effect) -> bool:
    """"Put the rest back in any order": the cards looked at that are still where they were go back on top of
    that zone, in the order the player answers (first named on top); by default in the order they were."""
    rest = _targets(ctx, effect)
    if not rest:
        return _nothing(ctx, effect)
    ordered = []
    while ctx.state.answers and len(ordered) < len(rest):
        answer = ctx.take("object")
        if answer not in rest or answer in ordered:
            raise IllegalAction("355.9.b", f"{getattr(answer, 'name', answer)} is not one of the cards to put back")
        ordered.append(answer)
    ordered += [o for o in rest if o not in ordered]
    for obj in reversed(ordered):                   # the first of the order ends on top
        ctx.state.remove(obj)
        ctx.state.place(obj, obj.zone, top=True)
    ctx.state.note(f"{ctx.player} puts back {', '.join(o.name for o in ordered)} (top first)", "128.4")
    ctx.last = ordered
    return True


def look_at(ctx, effect) -> bool:
    """Look at cards (128): only the player looking learns them; later instructions may use them."""
    seen = _targets(ctx, effect)
    ctx.state.note(f"{ctx.player} looks at {', '.join(o.name for o in seen) or 'nothing'}", "128.4")
    ctx.last = seen
    ctx.looked = [(o, o.zone, o.identity) for o in seen]
    return bool(seen)


def counter(ctx, effect) -> bool:
    """A countered card does nothing and goes from the chain to the trash; it is not played (425.1)."""
    targets = [o for sel in effect.objects for o in select(ctx, sel) if o.zone[0] == "chain"]
    if not targets:
        return _nothing(ctx, effect)
    for card in targets:
        if _says_cannot_be(card, "counter"):          # "This can't be countered." (364): not applied yet
            raise Unsupported(f"{card.name} says it can't be countered, which is not applied yet")
        ctx.state.note(f"{card.name} is countered: it does nothing and is not played", "425.1.a", "425.1.b")
        actions.change_zone(ctx.state, card, ("trash", card.owner), why="is cleared from the chain to",
                            rules=("425.1.a.1",))
    ctx.last = targets
    return True


def _says_cannot_be(card, action: str) -> bool:
    """Whether a card's own text says it can't be the object of ``action`` ("This can't be countered", on its
    own line or in a spell's sentences)."""
    return any(isinstance(s, fx.StaticEffect) and s.kind == "cannot_be" and s.value == action
               for ability in card.chars.abilities() for s in getattr(ability, "effects", ()))


def swap(ctx, effect) -> bool:
    """"Swap the Might of two units ... this turn": the lower gains the difference and the higher loses it
    (433.1.b), so their Mights are reversed; equal Mights change nothing (433.1.c)."""
    if "might" not in effect.options:
        raise Unsupported("a swap of anything but Might")
    units = _targets(ctx, effect)
    if len(units) != 2:
        return _nothing(ctx, effect)
    place = effect.objects[0].location
    if place is not None and "same" in place.qualifiers and \
            location_of(ctx.state, units[0]) != location_of(ctx.state, units[1]):
        raise IllegalAction("355.9.b", f"{units[0].name} and {units[1].name} are not at the same battlefield")
    low, high = sorted(units, key=lambda unit: might_of(ctx.state, unit) or 0)
    difference = (might_of(ctx.state, high) or 0) - (might_of(ctx.state, low) or 0)
    if difference == 0:
        ctx.state.note(f"{low.name} and {high.name} have the same Might: the swap changes nothing", "433.1.c")
    else:
        actions.give_might(ctx.state, low, difference)
        actions.give_might(ctx.state, high, -difference)
        ctx.state.note(f"{low.name} and {high.name} swap their Might this turn", "433.1.b")
    ctx.last = units
    return True


def kill(ctx, effect) -> bool:
    """Kill every chosen object by one action: the deaths are simultaneous (370.1.a.2)."""
    targets = _targets(ctx, effect)
    if not targets:
        return _nothing(ctx, effect)
    actions.kill_all(ctx.state, targets, ctx.player, via_of(ctx))
    ctx.last = targets
    return True


ACTIONS = {name: per_object for name in PER_OBJECT}
ACTIONS["kill"] = kill


def activate_effects(ctx, effect) -> bool:
    """"activate the conquer effects of units here": each such triggered ability of those objects goes on the
    chain as if it had triggered (383.3)."""
    from interpreter.compiler import effects as fx
    from .traits import active_abilities
    from .triggers import _push

    targets = select(ctx, effect.objects[0])
    event = effect.options[0]
    for obj in targets:
        for ability in active_abilities(ctx.state, obj):
            if isinstance(ability, fx.TriggeredAbility) and ability.trigger.event == event \
                    and ability.trigger.subject == "self":
                _push(ctx.state, obj.controller, obj, ability, f"{obj.name}: its {event} effect is activated",
                      rules=("383", "383.3"))
    ctx.last = targets
    return bool(targets)


ACTIONS.update({"activate_effects": activate_effects, "draw": draw, "discard": discard, "deal": deal, "move": move, "channel": channel,
                "score": score, "give": give, "replace": replace_object, "play": play, "gain_xp": gain_xp,
                "spend_xp": spend_xp, "win_game": win_game, "look_at": look_at, "counter": counter,
                "double": double, "put": put, "reveal_until": reveal_until, "become_copy": become_copy, "choose": choose,
                "increase_victory_score": increase_victory_score, "put_back": put_back, "swap": swap,
                "new_choices": new_choices, "return": return_to})
