"""Permissions to play units to locations that are not valid by default (355.2.b) and bans on playing there.

"I can be played to a battlefield where there are enemy units", "Friendly units can be played to an
occupied battlefield if an enemy unit is alone there", "I can be played to a battlefield you're
attacking", "You may play me to an open battlefield", "... to an occupied enemy battlefield": the battlefields such a statement names become valid play locations for the units it
covers (``permitted``); "Units can't be played here" takes its battlefield away (``banned``).
``FORMS`` is the static check; ``passive_support`` gives every other form a gap.

"You may play a gear with Energy cost no more than [7] from hand this turn, ignoring its Energy cost": an
instruction's permission for one play this turn (``keep_turn_play``), used by the next play of its player that
fits it (``turn_play``, read by ``playing.play_card``) and spent by it (356.1.b.1, 419).
"""
from __future__ import annotations

from interpreter.compiler import effects as fx


def _holder_read(s: fx.StaticEffect) -> bool:
    from .layer_sources import supported
    h = s.holder
    return h.reference == "self" or h.reference is None and h.types == ("unit",) and h.relation == "friendly" \
        and supported(h) and not h.filters and not h.states and h.location is None


def _where(place: fx.Place) -> str | None:
    """Which of the forms below a permitted place is, or None."""
    q, w = set(place.qualifiers) - {"a", "an"}, place.where
    if place.kind not in ("battlefield", "battlefields") or place.owner is not None or place.of is not None:
        return None
    if q == {"you_are_attacking"} and w is None:
        return "attacking"
    if q == {"open"} and w is None:                          # "an open battlefield" (170.11.c)
        return "open"
    if q == {"occupied", "enemy"} and w is None:             # "an occupied enemy battlefield" (170.11.a)
        return "occupied_enemy"
    if not q and w is not None and w.kind == "exists" and _enemy_units(w.object) and w.subject is None \
            and not w.negated:
        return "enemies"
    if q == {"occupied"} and w is not None and w.kind == "is" and w.value == "alone" and _enemy_units(w.subject) \
            and w.place is not None and w.place.kind == "there" and w.object is None:
        return "enemy_alone"
    return None


def _enemy_units(sel) -> bool:
    return sel is not None and sel.types == ("unit",) and sel.relation == "enemy" and not sel.filters \
        and not sel.states and not sel.tags and sel.location is None and sel.reference is None


def permission_read(s: fx.StaticEffect) -> bool:
    return _holder_read(s) and s.place is not None and _where(s.place) is not None and s.by is None \
        and s.value is None and not s.modifications and s.waived is None   # a keyword's permissions (822.1.d): not yet


def ban_read(s: fx.StaticEffect) -> bool:
    """"Units can't be played here" (a battlefield's)."""
    h = s.holder
    return s.place is not None and s.place.kind == "here" and h.types == ("unit",) and h.reference is None \
        and not (h.filters or h.states or h.tags or h.relation or h.controller or h.location)


def _statements(state, kind: str, obj):
    """(source, statement) of ``kind`` that cover ``obj``: its own, and those of its controller's permanents
    about friendly units; for a ban, those of every battlefield."""
    from .layer_sources import active_statements
    sources = [obj] + [o for o in state.board_objects() if o is not obj]
    if kind == "cannot_be_played":
        sources = list(state.battlefields)
    for source in sources:
        for statement in active_statements(state, source):
            if statement.kind != kind:
                continue
            if kind == "play_permission" and (statement.holder.reference == "self") != (source is obj):
                continue
            yield source, statement


def permitted(state, player: str, obj) -> list[tuple]:
    """The battlefields ``obj`` may be played to besides the default ones, by a permission (355.2.b)."""
    found = []
    for source, statement in _statements(state, "play_permission", obj):
        if source is not obj and source.controller != player:
            continue
        form = _where(statement.place)
        for slot, _battlefield in enumerate(state.battlefields):
            if _meets(state, player, slot, form):
                found.append(("battlefield", slot))
    return list(dict.fromkeys(found))


def _meets(state, player: str, slot: int, form: str) -> bool:
    units = [o for o in state.objects(("battlefield", slot)) if o.card_type == "unit"]
    enemies = [o for o in units if o.controller not in (None, player)]
    if form == "attacking":
        combat = getattr(state, "combat", None)
        return combat is not None and combat.slot == slot and combat.side_of(player) == "attacker"
    if form == "enemies":
        return bool(enemies)
    controller = state.battlefields[slot].controller
    if form == "open":                       # unoccupied and uncontrolled (170.11.c)
        return not units and controller is None
    if form == "occupied_enemy":             # a unit there (170.11.a), controlled by an opponent
        return bool(units) and controller not in (None, player)
    # "an occupied battlefield if an enemy unit is alone there": no other unit of its controller there (740.2.a)
    return any(sum(1 for o in units if o.controller == e.controller) == 1 for e in enemies)


def banned(state, slot: int) -> str | None:
    """The battlefield's name when it says units can't be played there (364), else None."""
    battlefield = state.battlefields[slot]
    for source, statement in _statements(state, "cannot_be_played", None):
        if source is battlefield:
            return source.name
    return None


FORMS = {"play_permission": (permission_read, "a permission to play units elsewhere"),
         "cannot_be_played": (ban_read, "“... can't be played here”")}


def form_gap(statement: fx.StaticEffect) -> str | None:
    test, words = FORMS[statement.kind]
    return None if test(statement) else f"{words} is not applied by the runtime in this form yet"


# ---- "you may play a gear ... from hand this turn, ignoring its Energy cost" ---------------------------------
_TURN_PLAYS = "turn_play_permissions"
_IGNORED = {"ignore_energy_cost": "energy", "ignore_cost": "all", "ignore_all_costs": "all"}


def turn_play_form(action: fx.GameAction) -> bool:
    """A permission for one play this turn of one card from the player's hand, ignoring a cost (356.1.b.1)."""
    if action.action != "play" or action.duration != "this_turn" or action.subject is not None \
            or action.place is not None or len(action.objects) != 1 or action.keyword_cost is not None:
        return False
    sel = action.objects[0]
    from .selectors import runs_selector
    return sel.quantity in ("one", "a", "an") and sel.reference is None and sel.zone is not None \
        and sel.zone.kind == "hand" and sel.zone.owner in (None, "you") and runs_selector(sel) \
        and len([o for o in action.options if o in _IGNORED]) == 1 and set(action.options) <= set(_IGNORED)


def keep_turn_play(state, player: str, action: fx.GameAction) -> None:
    """Keep the permission for this turn (its player's next play that fits it)."""
    ignored = next(_IGNORED[o] for o in action.options if o in _IGNORED)
    state.__dict__.setdefault(_TURN_PLAYS, []).append({"turn": state.turn_number, "player": player,
                                                       "cards": action.objects[0], "ignore": ignored, "spent": False})
    state.note(f"{player} may play a card from hand this turn ignoring its {'Energy ' if ignored == 'energy' else ''}"
               "cost", "419", "356.1.b.1")


def turn_play(state, player: str, obj) -> dict | None:
    """The permission of this turn ``player``'s play of ``obj`` from their hand uses, if one fits it."""
    from .context import Context
    from .selectors import matches
    if obj.zone != ("hand", player):
        return None
    ctx = Context(state, player)
    return next((kept for kept in state.__dict__.get(_TURN_PLAYS, []) if kept["turn"] == state.turn_number
                 and kept["player"] == player and not kept["spent"] and matches(ctx, kept["cards"], obj)), None)


def spend_turn_play(state, kept: dict, obj) -> None:
    kept["spent"] = True
    state.note(f"{obj.name} is played with the permission of this turn, ignoring its "
               f"{'Energy ' if kept['ignore'] == 'energy' else ''}cost", "356.1.b.1")


# ---- play location permissions of keywords (822.1.b) -----------------------------------------------------
def _your_units_there(state, player: str, slot: int) -> bool:
    return any(o.card_type == "unit" and o.controller == player for o in state.objects(("battlefield", slot)))


# The places a ``play_location_permission`` meaning names by its ``to`` (rules_data, 822.1.b)
KEYWORD_PLACES = {"battlefield_with_your_units": _your_units_there}


def keyword_permission(state, player: str, obj, keywords, to: tuple | None) -> dict | None:
    """The ``play_location_permission`` meaning of one of the unit's keywords that makes ``to`` a valid play
    location ("[Ambush]": "I may be played to a battlefield where you control units" and "I have [Reaction] as
    long as I'm being played to" one, 822.1.b, 822.1.c), read from the keyword's meanings in the rules data;
    None when none does. Multiple instances are redundant (822.2): the first one found is used."""
    if obj.card_type != "unit" or to is None or to[0] != "battlefield":
        return None
    for name in keywords:
        for meaning in (state.rules.keyword(name) or {}).get("meanings", ()):
            place = KEYWORD_PLACES.get(meaning.get("to")) if meaning.get("meaning") == "play_location_permission" \
                else None
            if place is not None and place(state, player, to[1]):
                return dict(meaning, keyword=name)
    return None


def keyword_permission_lost(state, player: str, permission: dict | None, location: tuple) -> bool:
    """Whether the place of a keyword's permission no longer holds as the play is finalized: no unit of the
    player is left there (822.3), so the permission and what it gives are not valid any more."""
    return permission is not None and not KEYWORD_PLACES[permission["to"]](state, player, location[1])
