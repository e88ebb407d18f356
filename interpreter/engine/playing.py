"""Playing cards and tokens, activating abilities, and resolving the chain (349-359, 400-406).

Playing puts the card on the chain (354), settles its location and cost (355-357),
and finalizes it (359). A permanent then resolves at once and enters the board; a
spell waits on the chain until ``resolve_top`` resolves it. A played token is created on the
chain first (439.2.c, 185.2.a) and costs 0 (185.3.a.1).
"""
from __future__ import annotations

from dataclasses import replace

from interpreter.compiler import effects as fx
from . import bus, payments, timing, trigger_watch, turn_records, turn_statements
from .context import Context
from .actions import change_zone, contest, require
from .happenings import happen
from .modes import choose_modes, keep_modes
from .cost_changes import (CostChange, Play, ability_changes, about_this_ability, changes_for, enters_ready, spend,
                           total_cost)
from .costs import Cost, card_cost, keyword_cost, pay, plan_payment
from .additional_costs import (check_additional, check_payable, choose_action_costs, choose_additional,
                               its_battlefields, mandatory_costs, mark_paid, pay_action_costs, pay_additional)
from .as_played_costs import as_played, linked
from .restricted_pool import Purpose, restriction_read
from .restrictions import check_activation, record_activation
from .state import ChainItem, Characteristics, GameObject, GameState, IllegalAction
from .targeting import announce, choose_targets, deflect_cost, may_choose
from .traits import _legion, active_abilities, all_abilities, keywords_of, location_of


# ---- locations -----------------------------------------------------------------------
def permanents(state: GameState) -> tuple[str, ...]:
    """The permanent types (133.4.a.2), from RulesData.categories."""
    return tuple(state.rules.categories["permanent"]["types"])


def playable_locations(state: GameState, player: str) -> list[tuple]:
    """Where a unit may be played: its controller's base or a battlefield they control (355.2.a)."""
    return [("base", player)] + [("battlefield", slot) for slot, bf in enumerate(state.battlefields)
                                 if bf.controller == player]


def unit_location(state: GameState, player: str, wanted: tuple | None, forced: tuple | None = None,
                  permitted: tuple = ()) -> tuple:
    """The play location of a unit: a forced one (811.1.d.1, 184.2), the wanted one, or base; ``permitted``:
    locations a permission makes valid too (355.2.b)."""
    if forced is not None:
        require(wanted is None or wanted == forced, "811.1.d.1", "this must be played where it is restricted to")
        return forced
    location = wanted or ("base", player)
    rule = state.runtime["unit_play_locations"]["rule"]
    require(location in playable_locations(state, player) + list(permitted), rule,
            f"{player} can play a unit only to their base or a battlefield they control")
    return location


# ---- playing a card ------------------------------------------------------------------
def play_card(state: GameState, player: str, obj: GameObject, to: tuple | None, accelerate: bool = False,
              repeat: bool = False, limited: bool = False, ignore_cost: str | None = None,
              reduction: int = 0, permitted: tuple = (), alternate: bool = False) -> None:
    """Play ``obj`` from hand, champion zone or facedown (419, 349-359), paying optional costs asked for.

    ``limited``: an effect instructs the play (419.3), from the zone it names and at once;
    ``ignore_cost``: "all" makes the base costs 0, "energy" only the Energy cost; additional costs
    still apply (356.1.b.1). ``reduction``: Energy an effect takes off the cost, a discount applied with the
    passives' cost changes (356.3-356.6, ``cost_changes``). ``permitted``: locations the instructing effect
    makes valid for a unit ("plays it to any battlefield", 355.2.b). ``alternate``: the player plays it from the
    hand for the cost of its own "you may play me for [B]" (356.1.a).
    """
    hidden = obj.zone[0] == "facedown"
    permission = None if limited or hidden else zone_permission(state, obj, player)      # [Flow] (829.1.b)
    if alternate:
        permission = (_hand_permission(state, obj, player), None)
    from . import play_permissions
    granted = None if limited or hidden or ignore_cost else play_permissions.turn_play(state, player, obj)
    ignore_cost = granted["ignore"] if granted is not None else ignore_cost      # "... this turn, ignoring its cost"
    if permission is None:
        _check_source(state, player, obj, accelerate, hidden, limited)
    keywords = keywords_of(state, obj)
    if hidden:
        keywords = dict(keywords, **facedown_grants(state.rules, keywords))  # 811.6
    keywords = dict(keywords, **inherent_keywords(state.rules, keywords))    # [Quick-Draw] has [Reaction] (819.1.b)
    hidden_at = ("battlefield", obj.zone[1]) if hidden else None
    if hidden:                              # a card played from facedown is revealed (811.1.c.3, 424)
        from .passive_statements import reveal_forbidden
        forbidding = reveal_forbidden(state, obj, hidden_at)
        require(forbidding is None, "364", f"{obj.name} can't be revealed there ({forbidding}), so it can't be played")
    forced = hidden_restriction(state.rules, keywords, "location", hidden_at)
    by_cost = tuple(its_battlefields(state, player, obj)) if forced is None else ()   # "to its battlefield"
    by_keyword = None if forced or limited else _keyword_permission(state, player, obj, keywords, to, by_cost)  # 822.1.b
    if not limited:
        timing.check(state, player, "spell" if obj.card_type == "spell" else None, _granted(keywords, by_keyword))
    location = _location(state, player, obj, to, forced, by_keyword, permitted + by_cost)
    _check_play_only_during(state, player, obj)
    banned = turn_statements.play_banned(state, player, obj.card_type)      # "Opponents can't play cards this turn"
    require(banned is None, "364", f"{player} can't play {obj.card_type}s this turn: {banned} says so")
    obj.chars.abilities()              # a text the grammar does not read yet stops here, with its diagnostic
    check_additional(obj)              # an additional cost not paid yet: refused before anything changes (204.2)
    play = Play(state, player, obj, location, obj.zone[0])
    cost = base = Cost() if hidden or ignore_cost == "all" else card_cost(obj, state)  # 421.3, 356.1.b.1
    if permission is not None and permission[0].cost:
        cost = _symbols_cost(permission[0].cost, "829.1.c.2")            # an alternate cost (829.1.c.1)
        state.note(f"{obj.name} is played from {obj.zone[0]} for {fx.symbols_text(permission[0].cost)} instead of "
                   "its cost", *(("356.1.a",) if alternate else ("829.1.b", "829.1.c.1")))
    if ignore_cost == "energy":
        cost = Cost(0, cost.power)                                      # the Power cost is still paid
    from .component_costs import discounted                           # 356.4.c: a component's own discounts
    if accelerate:
        require("Accelerate" in keywords, "805.1", f"{obj.name} has no Accelerate")
        extra = keyword_cost(state.rules, "Accelerate", "additional_cost")[0]                  # 805.1.a, 356.2
        cost = cost.add(discounted(state, player, obj, extra, "accelerate", location))
    repeat_actions = []
    if repeat:
        symbols, repeat_parts = _repeat_cost(state, obj, player)
        cost = cost.add(discounted(state, player, obj, symbols, "repeat", location))   # 820.1.c.3
        repeat_actions = _plan_cost_actions(state, player, obj, repeat_parts)       # "[Repeat] — Discard 1"
    paid = []                                                          # (the optional cost, paid with)
    additional = choose_additional(state, player, obj, cost, paid)     # 204.2: "You may pay [B] as an additional cost"
    if additional is not None:
        cost = cost.add(discounted(state, player, obj, additional, "optional", location))
    action_costs = choose_action_costs(state, player, obj, paid)       # "You may spend 3 XP as an additional cost"
    # "If you do, ignore this spell's cost" / "reduce my cost by [2]" (356.1.b.1, 356.4: as_played_costs.py)
    cost, own_discounts = as_played(state, obj, cost, base, paid)
    linked_discounts, linked_ready = linked(state, obj, paid)          # "If you do, I cost [3] less" (359.3.e.14)
    own_discounts = own_discounts + linked_discounts
    modes = choose_modes(state, player, obj, 1 + (repeat_count(state.rules) if repeat else 0))   # 355.3
    repeats = repeat_count(state.rules) if repeat else 0
    paid = additional is not None or bool(action_costs)
    targets = _spell_targets(state, player, obj, (modes, hidden_at, repeats, paid))         # 355.5-355.8
    cost = cost.add(deflect_cost(state, player, targets))              # 809.1.c, 356.2.a.2
    changes = changes_for(play) + own_discounts
    if reduction:                                                      # an instruction's discount (356.4)
        changes.append(CostChange("less", reduction, source="the instruction", rules=("356.4",)))
    cost = total_cost(state, cost, changes)                            # 356.3, 356.4, 356.6
    ready = True if accelerate or linked_ready or enters_ready(play) else None
    plan = plan_payment(state, player, cost, obj.chars.domains, purpose=Purpose("play", obj))
    required = mandatory_costs(obj)                                    # "As an additional cost to play me" (131)
    check_payable(required)
    there = location if location in by_cost and location not in playable_locations(state, player) else None
    paid_named = pay_additional(state, player, obj, required, there)   # 357: paid with the base cost
    item = _to_chain(state, player, obj, "354")
    item.named = paid_named                                            # "the killed unit" as it resolves
    item.hidden_at, item.repeats, item.targets = hidden_at, repeats, targets
    if permission is not None and permission[1] is not None:
        obj.leaves_chain_to = permission[1]                            # "Then banish it" (390.3.a, 829.1.b.1)
    pay(state, player, plan)
    turn_records.note_paid(state, item.obj, plan.energy_from_pool + len(plan.exhaust))   # "if you spent [4]" (357.1)
    if granted is not None:
        play_permissions.spend_turn_play(state, granted, obj)          # one play (356.1.b.1)
    pay_action_costs(state, player, obj, action_costs)                 # 357: paid with the base cost
    for action_cost in repeat_actions:                                 # 820.1.c.1: with the other costs
        payments.make(Context(state, player, obj.identity), action_cost)
        state.note(f"{player} pays the Repeat cost of {obj.name}", "820.1.c.1", "203.3")
    spend(state, changes)
    if obj.card_type == "spell":                  # "If you've spent [4] or more to play a spell this turn"
        turn_records.add(state, "spell_energy", player, 1, plan.energy_from_pool + len(plan.exhaust))
        turn_statements.claim(state, player, item.obj)        # "The next spell you play this turn deals ..." (391)
    _check_keyword_place(state, player, obj, by_keyword, location)   # 822.3
    _finalize(state, item, location, ready, ("805.6",) if accelerate else ("364.3.a", "184.1"))
    if additional is not None or action_costs:
        mark_paid(state, obj)               # "if you paid the additional cost": the object as it is now (124)
    keep_modes(state, obj, modes)
    announce(state, player, targets, "spell")                          # its choices are events (355.5)


def _spell_targets(state: GameState, player: str, obj: GameObject, play: tuple) -> list:
    """A spell's targets, chosen as it is put on the chain (355.5): its resolution tried on a copy of the game
    (engine/targeting.py), with the modes chosen and the costs decided (``play``: modes, the hidden card's
    battlefield, Repeat count, whether an optional additional cost is paid). Units and gear choose nothing as
    they are played (355.5.b)."""
    if obj.card_type != "spell" or not may_choose(tuple(obj.chars.abilities())):
        return []
    modes, hidden_at, repeats, paid = play

    def resolve_copy(trial: GameState) -> None:
        twin = next(o for o in trial.objects(obj.zone) if o.oid == obj.oid)
        item = _to_chain(trial, player, twin, "354")
        item.hidden_at, item.repeats = hidden_at, repeats
        keep_modes(trial, twin, modes)
        if paid:
            mark_paid(trial, twin)              # "If you paid the additional cost, choose ... instead"
        bus.perform("run_item", trial, item, spell=twin)

    return choose_targets(state, player, resolve_copy)


def zone_permission(state: GameState, obj: GameObject, player: str) -> tuple | None:
    """(the permission, the zone it goes to instead of leaving the chain, or None) when a keyword the card has
    is short for playing it from the zone it is in ("[Flow] [2]": "You may play this from your trash for its
    flow cost. Then banish it.", 829.1.b, compiled by keyword_definitions); None otherwise. With several such
    keywords the first is used (829.1.c.3 lets the player choose)."""
    if obj.owner != player:
        return None
    for ability in obj.chars.abilities():
        for part in getattr(ability, "definition", ()) if isinstance(ability, fx.KeywordAbility) else ():
            statements = part.effects if isinstance(part, fx.PassiveAbility) else ()
            for statement in statements:
                zone = statement.holder.zone if isinstance(statement, fx.StaticEffect) \
                    and statement.kind == "play_permission" and statement.holder.reference == "self" else None
                if zone is not None and zone.kind == obj.zone[0] and zone.owner in (None, "you"):
                    return statement, _instead_of_leaving(statements)
    from .play_from_zones import permission
    own = permission(state, obj, player)                # "You may play me from your trash for [3][R]" (355.2.b)
    return None if own is None else (own, None)


def _hand_permission(state: GameState, obj: GameObject, player: str):
    """The "you may play me for [B]" the player plays ``obj`` with (356.1.a); refused when it has none that holds."""
    from .play_from_zones import hand_permission
    action = hand_permission(state, obj, player)
    require(action is not None, "356.1.a", f"{obj.name} has no permission in force to be played for a cost of its own")
    return action


def _instead_of_leaving(statements) -> str | None:
    """The zone of a "Then banish it" (or "recycle") after the permitted play (390.3.a)."""
    return next((zone for zone in map(instead_of_leaving_chain, statements) if zone is not None), None)


def instead_of_leaving_chain(statement) -> str | None:
    """The zone of a "Then banish it" / "Then recycle it" after a play, a delayed replacement of where the card
    goes when it would leave the chain (390.3.a), or None. A recycled spell goes to its owner's main deck."""
    if not isinstance(statement, fx.Delayed) or statement.when != "after" or "390.3.a" not in statement.rules \
            or len(statement.effects) != 1:
        return None
    return {"banish": "banishment", "recycle": "deck"}.get(getattr(statement.effects[0], "action", None))


def _symbols_cost(costs, rule: str) -> Cost:
    """The Energy and Power of printed cost symbols; any other part of a cost is not paid here yet."""
    other = [c.kind for c in costs if c.kind not in ("energy", "power")]
    if other:
        from .errors import UnsupportedEffect
        raise UnsupportedEffect(f"a cost with “{other[0]}” is not paid by the runtime yet ({rule})")
    return Cost(sum(c.amount for c in costs if c.kind == "energy"),
                [c.domain for c in costs if c.kind == "power" for _ in range(c.amount)])


def facedown_grants(rules, keywords) -> dict:
    """Keywords that the object's keywords give it while facedown and as it is played from there
    (811.6: Hidden gives Reaction), read from the keyword definitions."""
    granted: dict = {}
    for name in keywords:
        for grant, how in (rules.keyword(name) or {}).get("grants", {}).items():
            if "played_from_facedown" in how["states"]:
                granted[grant] = None
    return granted


def inherent_keywords(rules, keywords) -> dict:
    """Keywords a card has because a keyword of its means it has them: "[Quick-Draw] means this has [Reaction]
    and ..." (819.1.b, 819.1.d), read from the keyword's ``reaction_attach`` meaning."""
    return {meaning["has"]: None for name in keywords
            for meaning in [((rules.keyword(name) or {}).get("meaning") or {})]
            if meaning.get("meaning") == "reaction_attach" and meaning.get("has")}


def hidden_restriction(rules, keywords, choice: str, hidden_at: tuple | None) -> tuple | None:
    """The battlefield ``hidden_at`` that a choice of a card played from there is restricted to
    (811.1.d.1-3), when one of its keywords restricts that choice; None when none does."""
    if hidden_at is None:
        return None
    for name in keywords:
        restriction = (rules.keyword(name) or {}).get("restrictions", {}).get(choice)
        if restriction and restriction["to"] == "hidden_battlefield":
            return hidden_at
    return None


def repeat_count(rules) -> int:
    """Extra executions for a paid Repeat cost (820.1.d.1), from the keyword's definition."""
    return rules.keyword("Repeat")["repeat"]["times"]


def _repeat_cost(state: GameState, obj: GameObject, player: str) -> tuple[Cost, tuple]:
    """The Repeat cost printed on the card (820.1.c.1), else the one a passive gives it ("your spells have
    [Repeat] [2][P]", zone_grants, 477.2): its symbols, and its parts that are game actions ("[Repeat] — Discard
    1", paid by payments.py)."""
    from .zone_grants import granted
    given = [m.ability for m in granted(state, obj) if m.keyword.name == "Repeat" and m.ability is not None]
    for ability in list(obj.chars.abilities()) + given:
        if isinstance(ability, fx.KeywordAbility) and ability.keyword.name == "Repeat":
            symbols = [c for part in ability.paid if isinstance(part, fx.PayCost) for c in part.costs] \
                if ability.paid else list(ability.cost)
            return _symbols_cost(symbols, "820.1.c.1"), tuple(p for p in ability.paid if not isinstance(p, fx.PayCost))
    kept = turn_statements.next_spell_repeats(state, player, obj) if obj.card_type == "spell" else []
    if kept:                                    # "Give the next spell you play this turn [Repeat] ..." (364)
        energy, power = kept[0]
        state.note(f"{obj.name} is the next spell and has [Repeat] [{energy}]{''.join(f'[{d}]' for d in power)}",
                   "820.1", "364")
        return Cost(energy, power), ()
    raise IllegalAction("820.1", f"{obj.name} has no Repeat")


def _plan_cost_actions(state: GameState, player: str, obj: GameObject, parts: tuple) -> list:
    """The parts of a cost that are game actions, each checked whole and its objects chosen before anything is
    paid (203.3, payments.py); one that can't be paid refuses the play."""
    ctx = Context(state, player, obj.identity, location_of(state, obj))
    planned = []
    for part in parts:
        if not payments.payment_form(part):
            from .errors import UnsupportedEffect
            raise UnsupportedEffect(f"{obj.name}: a cost in this form is not paid by the runtime yet (203)")
        plan = payments.plan(ctx, part)
        require(plan is not None, "203.3", f"a cost ({part.action}) of playing {obj.name} can't be paid")
        planned.append(plan)
    return planned


def _check_source(state: GameState, player: str, obj: GameObject, accelerate: bool, hidden: bool,
                  limited: bool = False) -> None:
    allowed = state.runtime["play_from"]
    if obj.zone[0] in ("base", "battlefield"):
        require(not accelerate, "805.2.a", "Accelerate can be paid only while playing the unit, not on the board")
    if limited:
        require(not obj.token and obj.zone[0] not in ("base", "battlefield", "chain"), "419.3",
                f"{obj.name} cannot be played from {obj.zone[0]}")
        return
    if hidden:
        require(obj.controller == player, "107.3.c", f"{obj.name} is not {player}'s facedown card")
        require(obj.hidden_turn is None or obj.hidden_turn < state.turn_number, "811.1.b",
                f"{obj.name} was hidden this turn and can be played from hidden on a later turn")
        return
    require(obj.zone[0] in allowed["zones"] and obj.owner == player, allowed["rule"],
            f"{player} can play cards only from their hand or champion zone, not from {obj.zone[0]}")


def _keyword_permission(state, player, obj, keywords, to, permitted: tuple = ()) -> dict | None:
    """The permission of a keyword ("[Ambush]", 822.1.b) the play to ``to`` needs: the location is not valid
    without it, or the time is not; None when the play is legal without it (822.3.a) or it does not apply."""
    from . import play_permissions
    permission = play_permissions.keyword_permission(state, player, obj, keywords, to)
    if permission is None:
        return None
    if to in playable_locations(state, player) + play_permissions.permitted(state, player, obj) + list(permitted) \
            and _in_time(state, player, keywords):
        return None
    state.note(f"{obj.name} may be played to a battlefield where {player} controls units, with "
               f"[{permission.get('has')}], by [{permission['keyword']}]", permission["rule"], "822.1.c")
    return permission


def _in_time(state, player, keywords) -> bool:
    """Whether a unit with these keywords may be played now, by its timing alone (308-310, 806, 813)."""
    try:
        timing.check(state, player, None, keywords)
    except IllegalAction:
        return False
    return True


def _check_keyword_place(state, player, obj, permission: dict | None, location: tuple) -> None:
    """822.3: no unit of the player left where [Ambush] let the unit be played (its costs killed the last one):
    the location is no longer valid, and the play would be undone (358), which the runtime does not do yet, so it
    stops there rather than finalize an illegal play."""
    from .play_permissions import keyword_permission_lost
    if keyword_permission_lost(state, player, permission, location):
        from .errors import UnsupportedEffect
        raise UnsupportedEffect(f"unsupported: {obj.name}: {player} controls no unit there any more, so "
                                f"[{permission['keyword']}] does not let it be played there (822.3); undoing the "
                                "play after its costs are paid (358) is not done yet")


def _granted(keywords, permission: dict | None) -> dict:
    """The keywords the card has while it is played with a keyword's permission ("I have [Reaction] as long as
    I'm being played to a battlefield where you control units", 822.1.b)."""
    if permission is None or not permission.get("has"):
        return keywords
    return dict(keywords, **{permission["has"]: None})


def _location(state, player, obj, to, forced, by_keyword: dict | None = None, permitted: tuple = ()) -> tuple | None:
    if obj.card_type == "unit":
        from . import play_permissions
        extra = tuple(play_permissions.permitted(state, player, obj)) + permitted if forced is None else ()
        extra += (to,) if by_keyword is not None else ()                           # 822.1.b
        location = unit_location(state, player, to, forced, extra)                  # 355.2.b
        banned = play_permissions.banned(state, location[1]) if location[0] == "battlefield" else None
        require(banned is None, "364", f"units can't be played to {banned}")
        _check_play_only_to(state, player, obj, location)
        return location
    if obj.card_type == "gear":
        if forced:
            return forced                                              # 811.1.d.1.a
        require(to in (None, ("base", player)), "149.2", "gear can only be played to its player's base")
        return ("base", player)
    require(obj.card_type == "spell", "349", f"a {obj.card_type} is not played")
    return None


def _check_play_only_to(state: GameState, player: str, obj: GameObject, location: tuple) -> None:
    """"While I'm at a battlefield, opponents can only play units to their base" (364): passives of the
    other players' permanents that hold now."""
    from .layer_sources import active_statements

    for statement in active_statements(state, obj):                    # "Play me only to ..." (366.1)
        if statement.kind == "play_only_to" and statement.holder.reference == "self" and statement.place is not None:
            require(_meets_place(state, player, location, statement.place), "366.1",
                    f"{obj.name} can be played only to {_place_words(statement.place)}")
    for source in state.board_objects():
        if source.controller in (None, player):
            continue
        for statement in active_statements(state, source):
            if statement.kind == "play_only_to" and statement.by is not None and "opponent" in statement.holder.types \
                    and obj.card_type in statement.by.types and statement.place.kind == "base":
                require(location == ("base", player), "364",
                        f"{source.name}: opponents can only play {obj.card_type}s to their base")


def _check_play_only_during(state: GameState, player: str, obj: GameObject) -> None:
    """"Play me only during an opponent's turn" (366.1): the turn is checked; another time is refused by name."""
    from .errors import UnsupportedEffect
    from .layer_sources import active_statements

    for ability in obj.chars.abilities():
        ignored = [s for s in getattr(ability, "effects", ()) if isinstance(s, fx.IgnoreAbility)]
        if isinstance(ability, fx.PassiveAbility) and ignored:   # 765: "Ignore [Deflect] while paying this spell's costs"
            raise UnsupportedEffect(f"{obj.name}: ignoring [{ignored[0].keyword.name}] while paying costs is not "
                                    "applied yet (766)")
    for statement in active_statements(state, obj):
        if statement.kind != "play_only_during":
            continue
        if statement.value != "an opponent's turn":
            raise UnsupportedEffect(f"“play me only during {statement.value}” is not checked yet")
        require(state.turn_player != player, "366.1", f"{obj.name} can be played only during an opponent's turn")


def _meets_place(state: GameState, player: str, location: tuple, place: fx.Place) -> bool:
    """Whether a play location is the place a "Play me only to ..." names; places not read yet never are."""
    if place.kind != "battlefield" or location[0] != "battlefield":
        return False
    if "conquered_this_turn" in place.qualifiers:
        conquered = state.__dict__.get("conquered_this_turn", {}).get((player, state.turn_number), set())
        return location[1] in conquered
    return set(place.qualifiers) <= {"a", "an"}


def _place_words(place: fx.Place) -> str:
    """The place a "Play me only to ..." names, for the refusal message (the engine does not render)."""
    words = [q for q in place.qualifiers if q not in ("a", "an")] + [place.kind.replace("_", " ")]
    return ("a " if tuple(place.qualifiers[:1]) in (("a",), ("an",)) else "") + " ".join(words)


def _to_chain(state: GameState, player: str, obj: GameObject, rule: str) -> ChainItem:
    item = ChainItem(player, obj, played_from=obj.zone[0])            # the zone it leaves (354.1)
    change_zone(state, obj, ("chain", None), why="is played and goes to", rules=(rule,))
    obj.controller = player                                            # 191.1
    state.chain.append(item)
    return item


def _finalize(state: GameState, item: ChainItem, location: tuple | None, ready: bool | None,
              rules: tuple = ("805.6",)) -> None:
    """Finalize (359): cards count for Legion (812.1.c); permanents enter the board at once."""
    obj, player = item.obj, item.controller
    item.finalized = True
    counter = "tokens_played" if obj.token else "cards_played"
    setattr(state.players[player], counter, getattr(state.players[player], counter) + 1)
    if not obj.token:
        state.players[player].finalized.append(obj)
    state.note(f"{obj.name} is finalized", "359.1", "812.1.c" if not obj.token else "185")
    from .replacement_events import as_event

    as_event(state, obj, "play", player)                               # "As you play me, ..." (370.1.b.1)
    if obj.card_type in permanents(state):
        enter_board(state, item, location, ready, rules)


def _origins(item: ChainItem) -> tuple[str, ...]:
    """What a play came from, for "played from [Hidden]" triggers (811.1.d)."""
    return ("Hidden",) if item.hidden_at is not None else ()


def enter_board(state: GameState, item: ChainItem, location: tuple, ready: bool | None,
                rules: tuple = ("805.6",), granted: tuple = ()) -> GameObject | None:
    """A permanent leaves the chain and enters the board (359.2): its type's entry state (143.4,
    149.1) unless ``ready`` says otherwise (Accelerate 805.6, the creating effect 184.1)."""
    obj, player = item.obj, item.controller
    entry = state.rules.defaults["entry_state"][obj.card_type]
    exhausted, why = entry["state"] == "exhausted", (entry["rule"],)
    if ready is not None:
        exhausted, why = not ready, rules
    from .replacement_events import entering

    location, now_ready = entering(state, obj, player, location, not exhausted)      # 369.3
    if now_ready == exhausted:
        exhausted, why = not now_ready, ("369.3", "370.1.c")
    identity = obj.identity
    placed = change_zone(state, obj, location, why="resolves and enters", rules=("359.2",))
    if placed is None:
        return None
    turn_records.carry_paid(state, identity, placed)                   # "if you spent [4] or more"
    placed.controller, placed.exhausted = player, exhausted            # 191.3
    placed.granted.extend((k.name, k.value, None) for k in granted)    # 184.3, as it enters
    state.note(f"{placed.name} enters {'exhausted' if exhausted else 'ready'}", *why)
    if location[0] == "battlefield":
        contest(state, location[1], player)
    trigger_watch.played(state, placed, _origins(item))
    return placed


# ---- playing a token -----------------------------------------------------------------
@bus.performs("play_token")
def play_token(state: GameState, player: str, chars: Characteristics, effect: fx.CreateTokens,
               location: tuple, granted: tuple) -> GameObject | None:
    """Create the token on the chain and play it (439.2.c, 185.2.a), for 0 (185.3.a.1)."""
    from .replacement_events import playing_token

    if playing_token(state, player, chars, effect, location):          # replaced (370.1.c, 375)
        return None
    obj = state.new_object(chars, player, player, ("chain", None), token=True)
    item = ChainItem(player, obj)
    state.chain.append(item)
    state.note(f"token {chars.name} is created on the chain to be played", *effect.created_to.rules)
    item.finalized = True
    state.players[player].tokens_played += 1
    state.note(f"token {chars.name} is finalized (a token, not a card: Legion does not count it)", "185", "359.1")
    if chars.card_type in permanents(state):
        return enter_board(state, item, location, effect.enters.value == "ready", effect.enters.rules, granted)
    return obj


# ---- activated abilities -------------------------------------------------------------
def activate(state: GameState, player: str, obj: GameObject, index: int) -> ChainItem | None:
    """Activate an ability (400-406): costs paid at once, Add abilities resolve at once (429.2)."""
    abilities = activated_abilities(state, obj)
    require(0 < index <= len(abilities), "376", f"{obj.name} has no activated ability number {index}")
    ability = abilities[index - 1]
    _check_dependent(state, obj, ability)                               # "[Level 6][>] [E]: ..." (135.2.e.7)
    own = [s for s in ability.effects if about_this_ability(s)]          # "This ability costs [3] less if ..."
    ability = replace(ability, effects=tuple(s for s in ability.effects if not about_this_ability(s)))
    require(obj.controller == player, "191.4.e", f"{player} does not control {obj.name}")
    require(obj.zone[0] in ("base", "battlefield", "legend"), "376", f"{obj.name} is not on the board")
    kind = f"activated_ability_{obj.card_type}"
    timing.check(state, player, kind if kind in state.rules.timing else None, [k.name for k in ability.permissions])
    check_activation(state, obj, index, ability)                       # "Use only ..." (377), before any cost
    cost, extra = Cost(), []
    for part in _cost_parts(ability.costs):
        if part.kind == "energy":
            cost = cost.add(Cost(part.amount, []))
        elif part.kind == "power":
            cost = cost.add(Cost(0, [part.domain] * part.amount))
        else:
            extra.append(part.kind)
    require("exhaust" not in extra or not obj.exhausted, "404", f"{obj.name} is exhausted and cannot pay [E]")
    if own:
        cost = total_cost(state, cost, ability_changes(state, player, obj, own))      # 356.3, 356.4
    targets = _ability_targets(state, player, obj, ability)           # 355.5-355.8, before the costs (357)
    cost = cost.add(deflect_cost(state, player, targets))              # 809.1.c
    plan = plan_payment(state, player, cost, obj.chars.domains, "404", Purpose("activate", obj))
    planned = _plan_action_costs(state, player, obj, ability.costs)     # "Spend my buff:", "Spend 1 XP, [E]:"
    record_activation(state, obj, index)
    return _pay_and_push(state, player, obj, ability, plan, extra, planned, targets)


def _ability_targets(state: GameState, player: str, obj: GameObject, ability) -> list:
    """An activated ability's targets, chosen as it is put on the chain (355.5, engine/targeting.py); an Add
    ability chooses nothing (429.2)."""
    if all(isinstance(e, fx.AddResources) for e in ability.effects) or not may_choose(tuple(ability.effects)):
        return []

    def resolve_copy(trial: GameState) -> None:
        item = ChainItem(player, None, ability.effects, f"{obj.name}: activated ability", obj.identity,
                         location_of(trial, trial.by_identity(obj.identity)), True)
        trial.chain.append(item)
        trial.chain.pop()
        bus.perform("run_item", trial, item)

    return choose_targets(state, player, resolve_copy)


def _plan_action_costs(state, player, obj, costs) -> list:
    """The costs that are game actions, each checked whole and its objects chosen before anything is paid
    (203.3, engine/payments.py); one that can't be paid refuses the activation."""
    ctx = Context(state, player, obj.identity, location_of(state, obj))
    planned = []
    for cost in (c for c in costs if isinstance(c, fx.GameAction) and not _kills_self(c)):
        plan = payments.plan(ctx, cost)
        require(plan is not None, "203.3", f"the cost ({cost.action}) of {obj.name}'s ability can't be paid")
        planned.append(plan)
    return planned


def _kills_self(cost) -> bool:
    return cost.action == "kill" and cost.objects[0].reference == "self"


def activated_abilities(state: GameState, obj: GameObject) -> list:
    """The activated abilities of an object in order: its own, those its keywords are short for ("[Empower] [5]"
    is "[5]: Empower this. ...", 827.1.c.1), each where its keyword is, those behind a dependent keyword
    ("[Level 6][>] [E]: ...", active or not, ``_check_dependent``), then those an attached Equipment's effect
    text gives it (136.2.c)."""
    found = []
    for ability in all_abilities(state, obj):
        if isinstance(ability, fx.ActivatedAbility):
            found.append(ability)
        elif isinstance(ability, fx.KeywordAbility):
            found.extend(part for part in ability.definition if isinstance(part, fx.ActivatedAbility))
        elif isinstance(ability, fx.KeywordedAbility) and isinstance(ability.ability, fx.ActivatedAbility):
            found.append(ability.ability)
    from .gained_abilities import gained
    found.extend(gained(state, obj))                # "Units here have "[E]: ..."" (gained_abilities, 477.2)
    found.extend(a for a in turn_statements.abilities_given(state, obj) if isinstance(a, fx.ActivatedAbility))
    return found


def _check_dependent(state: GameState, obj: GameObject, ability: fx.ActivatedAbility) -> None:
    """An activated ability behind a dependent keyword can be activated only while it is active: "[Level 6][>]"
    while its controller has 6 XP (135.2.e.7, 824.1.d), as ``traits.active_abilities`` decides."""
    behind = [a for a in all_abilities(state, obj) if isinstance(a, fx.KeywordedAbility) and a.ability is ability]
    if behind and not any(a is ability for a in active_abilities(state, obj)):
        rule = (state.rules.keyword(behind[0].keyword.name) or {}).get("rule", "135.2.e.7")
        raise IllegalAction(rule, f"{obj.name}'s ability behind [{behind[0].keyword.name}] is not active now "
                                  "(135.2.e.7)")


def _cost_parts(costs) -> list:
    """Cost symbols of an ability's costs; "Kill this" is the kill_self cost (377)."""
    parts = []
    for cost in costs:
        if isinstance(cost, fx.PayCost):
            parts.extend(cost.costs)
        elif isinstance(cost, fx.GameAction) and _kills_self(cost):
            parts.append(fx.Cost("kill_self"))
        elif isinstance(cost, fx.GameAction) and payments.payment_form(cost):
            continue                                                   # paid by payments.py (_plan_action_costs)
        else:
            raise IllegalAction("377", f"this cost is not supported by the runtime yet: {type(cost).__name__}")
    return parts


def _with_additional_adds(state, obj, ability):
    """"Your Gold [Add] an additional [1]": the ability's Add adds that too (364, 429), read while the Gold is
    still on the board (its cost may kill it, 429.2)."""
    from .passive_statements import additional_adds
    energy, power = additional_adds(state, obj)
    if not energy and not power:
        return ability
    first = next((i for i, e in enumerate(ability.effects) if isinstance(e, fx.AddResources)), None)
    if first is None:
        return ability
    add = ability.effects[first]
    state.note(f"{obj.name} adds an additional {energy} energy and power {list(power)}", "429", "364")
    more = replace(add, energy=add.energy + energy, power=tuple(add.power) + power)
    return replace(ability, effects=ability.effects[:first] + (more,) + ability.effects[first + 1:])


def _pay_and_push(state, player, obj, ability, plan, extra, planned=(), targets=()) -> ChainItem | None:
    from .actions import exhaust, kill

    source, here = obj.identity, location_of(state, obj)
    ability = _with_additional_adds(state, obj, ability)       # seen as it is activated, before its costs
    pay(state, player, plan)
    for action_cost in planned:
        payments.make(Context(state, player, source, here), action_cost)       # 203, 401
    if "exhaust" in extra:
        exhaust(state, obj, rules=("404",))
    if "kill_self" in extra:
        kill(state, obj, player)
    effects = ability.effects
    if any(k.name == "Legion" for k in ability.permissions) and not _legion(state, obj):
        state.note(f"{obj.name}: no other card played this turn, so its [Legion] text is not active", "812.1.c")
        effects = ()                                 # "[E]: [Legion] — ...": the cost is paid, the text does nothing
    item = ChainItem(player, None, effects, f"{obj.name}: activated ability", source, here, True,
                     paid_with=tuple((p.action, o) for p in planned for o in p.objects), targets=list(targets))   # 203
    state.note(f"{player} activates {obj.name}", "401")
    if all(_adds_resources(e) or isinstance(e, fx.Restriction) and restriction_read(e) for e in ability.effects):

        state.note("an Add ability resolves as soon as it is finalized", "429.2")
        bus.perform("run_item", state, item)
        happen(state, "activate", player, (obj,))            # "When you use an activated ability of a gear" (401)
        return None
    state.chain.append(item)
    happen(state, "activate", player, (obj,))
    announce(state, player, targets, "ability")                        # its choices are events (355.5)
    return item


def _adds_resources(effect) -> bool:
    """An instruction that adds resources: "[Add] [R]", and "Pay any amount of Energy to [Add] that much [A]"
    (an Add ability, 429.2)."""
    if isinstance(effect, fx.PayToDo):
        effect = effect.result
    return isinstance(effect, fx.AddResources) or isinstance(effect, fx.GameAction) and effect.action == "add"


# ---- resolving -----------------------------------------------------------------------
def choose_trigger_targets(state: GameState) -> None:
    """The targets of the triggered abilities on the chain that have not chosen them, top first: they are
    chosen as each trigger is put on the chain (355.5.b), with the answers the player gives for that choice
    (a scenario's ``choose:``), at the latest as it resolves. An enemy's [Deflect] costs [A] then; a trigger
    whose targets can't be chosen or whose Deflect cost is not paid leaves the chain (355.8; seed 004 ruling 2:
    declining the Deflect cost removes the trigger)."""
    for item in reversed(list(state.chain)):
        if item.obj is None and not item.chosen:
            _choose_for_trigger(state, item)


def _choose_for_trigger(state: GameState, item: ChainItem) -> None:
    item.chosen = True
    if not may_choose(tuple(item.effects)):
        return
    index = state.chain.index(item)

    def resolve_copy(trial: GameState) -> None:
        bus.perform("run_item", trial, trial.chain[index])

    try:
        targets = choose_targets(state, item.controller, resolve_copy)
        extra = deflect_cost(state, item.controller, targets)
        plan = plan_payment(state, item.controller, extra, (), "809.1.c") if extra.power else None
    except IllegalAction as refused:
        # the choices its player made for it are spent with it (the answers its trial took)
        taken = getattr(refused, "taken", None)
        del state.answers[:getattr(state, "answers_taken", 0) if taken is None else taken]
        state.chain.remove(item)
        state.note(f"{item.label} leaves the chain: {refused.message}", refused.rule, "355.8")
        return
    if plan is not None:
        pay(state, item.controller, plan)
    item.targets = targets
    announce(state, item.controller, targets, "ability")


def resolve_top(state: GameState) -> None:
    """Resolve the top item of the chain (359.3.d): a spell's text, then its owner's trash (157)."""

    if not state.chain:
        raise IllegalAction("309.2", "the chain is empty: nothing to resolve")
    item = state.chain[-1]
    bus.perform("refuse_unrun", state, item)        # engine/runs.py: a refusal before anything is done
    if not item.chosen:
        choose_trigger_targets(state)               # the trigger's targets, if no answer chose them before
        if not state.chain or state.chain[-1] is not item:
            return                                   # it left the chain: its targets could not be chosen
    if item.obj is None:
        state.chain.pop()
        state.note(f"{item.label} resolves", "359.3.d")
        bus.perform("run_item", state, item)
    else:
        obj, identity = item.obj, item.obj.identity
        state.note(f"{obj.name} resolves", "359.3.d")
        bus.perform("run_item", state, item, spell=obj)
        if obj.zone[0] == "chain":
            change_zone(state, obj, ("trash", obj.owner), why="has resolved and goes to", rules=("157",))
        turn_records.carry_paid(state, identity, obj)                  # "if you spent [4] or more"
        trigger_watch.played(state, obj, _origins(item))
    state.cleanup_due = True                                           # 319.5


# ---- hiding --------------------------------------------------------------------------
def _additional_hiding(battlefield: GameObject) -> int:
    """Cards a battlefield's own passives let its controller hide there beyond the one of 811.1.b ("You may
    hide an additional card here"); hiding already needs that battlefield's control (107.3.c)."""
    from .traits import abilities_of

    return sum(1 for a in abilities_of(battlefield) if isinstance(a, fx.PassiveAbility) for e in a.effects
               if isinstance(e, fx.StaticEffect) and e.kind == "hide_permission" and e.value == "additional"
               and e.holder.reference == "you" and e.by.location is not None and e.by.location.kind == "here")


def _other_hide_cost(state: GameState, player: str, obj: GameObject, cost: Cost) -> Cost:
    """The cost a permanent of the player offers in place of [Hidden]'s (811.1.b); refused when none does."""
    from .hide_costs import offered
    offer = offered(state, player, cost)
    require(offer is not None, "811.1.b", f"nothing {player} controls lets them hide for another cost")
    state.note(f"{offer[1]}: {player} hides {obj.name} for {fx.symbols_text(offer[0])} instead", "811.1.b")
    return _symbols_cost(offer[0], "811.1.b")


def hide(state: GameState, player: str, obj: GameObject, slot: int, alternate: bool = False) -> None:
    """Hide a card facedown at a battlefield you control, in an empty facedown zone (421, 811.1.b, 107.3);
    ``alternate``: for the other cost a permanent of the player offers ("You may pay [1] to hide a card with
    [Hidden] instead of [A]", hide_costs)."""
    zone_rule = state.zone_rule("facedown")
    require(not obj.token, "185", "tokens are not cards and cannot be hidden")
    require(obj.zone[0] in ("hand", "champion") and obj.owner == player, "811.1.b",
            f"{obj.name} is not in {player}'s hand or champion zone")
    require("Hidden" in keywords_of(state, obj), "811.1", f"{obj.name} has no Hidden keyword")
    require(player == state.turn_player and not state.chain and not state.showdown, "811.1.b",
            "a card can be hidden only on your own turn in an open state")
    battlefield = state.battlefields[slot]
    require(battlefield.controller == player, zone_rule["control_rule"],
            f"{player} does not control {battlefield.name}, so nothing of theirs can be hidden there")
    capacity = zone_rule["capacity"] + _additional_hiding(battlefield)
    require(len(state.objects(("facedown", slot))) < capacity, zone_rule["capacity_rule"],
            f"the facedown zone of {battlefield.name} already holds a card")
    cost, rule = keyword_cost(state.rules, "Hidden", "hide")                  # 811.1.b
    if alternate:
        cost = _other_hide_cost(state, player, obj, cost)
    free = [m for m in turn_statements.this_turn(state, "hide_free") if m["player"] == player]
    if free:                                      # "You can hide cards ignoring costs this turn" (356.1.b)
        cost = Cost()
        state.note(f"{free[0]['source']}: {player} hides {obj.name} ignoring its cost", "811.1.b", "356.1.b")
    plan = plan_payment(state, player, cost, obj.chars.domains, rule)
    pay(state, player, plan)
    hidden = change_zone(state, obj, ("facedown", slot), why="is hidden facedown at", rules=("421.1",))
    hidden.controller, hidden.facedown, hidden.hidden_turn = player, True, state.turn_number
    happen(state, "hide", player, (hidden,))                                  # "When you hide a card" (421)
