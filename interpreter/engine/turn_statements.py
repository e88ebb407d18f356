"""Statements a spell or ability makes for the rest of the turn (the "this turn" of 364 statements).

"Units you play this turn enter ready", "The next unit you play this turn enters ready", "Opponents
can't play cards this turn", "Its controller can't play spells this turn", "Buffs give an additional
+1 [M] to friendly units this turn": an instruction that resolves keeps its statement here
(``keep``) for the turn, and the code of the game action it changes reads it:

- entering ready: ``replacements.in_play`` makes each one a replacement of the entry (369.3), used
  up after one entry when it says "the next";
- not playing: ``playing`` refuses the play (364);
- not moving one object ("They can't move it this turn"): ``actions.move`` refuses a move by that player;
- gaining a quoted ability ("This turn, that unit has "When I conquer, ...""): ``traits.active_abilities``
  and ``playing.activated_abilities`` give it to that object while the turn lasts (477.2);
- looking at facedown cards ("You can look at their facedown cards this turn"): ``traits.visible_to``
  shows them to the player (128.4, 364);
- hiding ignoring costs: ``playing.hide`` pays nothing for the hide (811.1.b);
- the extra buff Might: ``layer_sources`` adds it to the buffs present when the statement was made
  (the FAQ ruling on Stand United: a buff given afterwards gets nothing), while they stay buffed;
- "Give the next spell you play this turn [Repeat] equal to its cost": a give of a spell not played yet
  (``keep_given``); the next spell the player plays this turn has that Repeat as it is played
  (``playing._repeat_cost``, 820.1) and claims it (``claim``).

``runs`` is the static check of the forms read here; ``engine/runs.py`` and the instruction handler
use it, so no other form is kept without a reader.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from interpreter.compiler import effects as fx

PLAYABLE = {"card", "spell", "unit", "gear"}


@dataclass(frozen=True)
class Maker:
    """What made a statement, as a replacement effect of it names its source (370, 374)."""

    name: str
    identity: int | None
    controller: str
    owner: str
    arrival: int
    zone: tuple = ("trash",)


# ---- the forms ----------------------------------------------------------------------------
def runs(statement: fx.StaticEffect) -> bool:
    """Whether ``statement``, made by an instruction, is one of the forms kept and read here."""
    kind = _form(statement)
    return kind is not None


def _form(s: fx.StaticEffect) -> str | None:
    """The form a kept statement of this kind is read as (``_FORMS``), when its reader reads it; else None."""
    form, read = _FORMS.get(s.kind, (None, None))
    return form if read is not None and read(s) else None


def _gain_read(s) -> bool:
    """"This turn, that unit has "When I conquer, ..."": quoted triggered or activated abilities the objects a
    phrase before named have this turn (477.2); ``engine/runs.py`` checks each ability itself (``given``)."""
    h = s.holder
    return s.duration == "this_turn" and h.reference in ("that", "it") and h.antecedent is not None \
        and s.place is None and s.by is None and s.per is None and bool(s.modifications) \
        and all(m.kind == "ability" and isinstance(m.ability, (fx.TriggeredAbility, fx.ActivatedAbility))
                for m in s.modifications)


def given(statement: fx.StaticEffect) -> tuple:
    """The quoted abilities a kept statement gives ("This turn, that unit has "..."")."""
    return tuple(m.ability for m in statement.modifications if m.ability is not None) \
        if _form(statement) == "gains_ability" else ()


def _look_read(s) -> bool:
    """"You can look at their facedown cards this turn" after "Choose an opponent." (128.4, 364)."""
    by = s.by
    return s.duration == "this_turn" and s.holder.reference == "you" and by is not None \
        and by.states == ("facedown",) and by.types in ((), ("card",)) and by.controller == "their" \
        and _chose_one_player(by.antecedent) and not by.filters and by.location is None and by.zone is None


def _chose_one_player(sel) -> bool:
    return sel is not None and sel.reference is None and sel.types in (("player",), ("opponent",)) \
        and sel.quantity in ("one", "a", "an") and not sel.other and not sel.filters


def _move_ban_read(s) -> bool:
    """"They can't move it this turn" after an instruction on a unit: its controller (the player who played it)
    can't move that object this turn (364), by its standard move or by their spells and abilities."""
    h, by = s.holder, s.by
    return s.value == "move" and s.duration == "this_turn" and h.reference == "they" and h.antecedent is not None \
        and set(h.antecedent.types) <= {"opponent", "player"} and bool(h.antecedent.types) \
        and by is not None and by.reference == "it" and s.place is None


def _hide_free_read(s) -> bool:
    """"You can hide cards ignoring costs this turn": read by ``playing.hide`` (811.1.b, 356.1.b)."""
    by = s.by
    return s.value == "ignoring_costs" and s.duration == "this_turn" and s.holder.reference == "you" \
        and s.place is None and by is not None and by.types == ("card",) and _plain(by) and not by.filters \
        and not by.states and by.relation is None and by.controller is None


def _next_spell_bonus(s) -> bool:
    """"The next spell you play this turn deals 1 Bonus Damage" (391, 712)."""
    h, mods = s.holder, s.modifications
    return h.types == ("spell",) and h.states == ("next",) and h.relation is None and h.controller is None \
        and [(f.kind, f.value) for f in h.filters] == [("played_by", "you_this_turn")] and _plain(h) \
        and len(mods) == 1 and mods[0].kind == "damage" and isinstance(mods[0].amount, int) and mods[0].amount > 0


def _plain(sel: fx.Selector) -> bool:
    return not (sel.tags or sel.names or sel.zone or sel.location or sel.keywords_with or sel.keywords_without
                or sel.alternatives or sel.reference or sel.token is not None or sel.other)


def _enter_read(s) -> bool:
    """"Units you play this turn enter ready", "Friendly units enter ready this turn", "The next unit you play
    this turn enters ready" (369.3)."""
    h = s.holder
    if s.value != "ready" or s.place is not None or s.by is not None or not _plain(h) or h.types not in (("unit",),):
        return False
    played = [f for f in h.filters if f.kind == "played_by"]
    if len(played) != len(h.filters) or h.controller is not None:
        return False
    if played:
        return played[0].value == "you_this_turn" and h.relation is None and h.states in ((), ("next",))
    return h.relation == "friendly" and s.duration == "this_turn" and not h.states


def _ban_read(s) -> bool:
    """"Opponents can't play cards this turn", "Its controller can't play spells this turn" (364)."""
    h, by = s.holder, s.by
    who = h.types == ("opponent",) and h.controller is None or h.types == ("controller",) and h.controller == "its"
    return s.duration == "this_turn" and who and not h.filters and by is not None and bool(by.types) \
        and set(by.types) <= PLAYABLE and _plain(by) and not by.filters and not by.states and by.relation is None


def _buff_read(s) -> bool:
    """"Buffs give an additional +1 [M] to friendly units this turn" (702, 703)."""
    return s.duration == "this_turn" and s.holder.types == ("buff",) and s.by is not None \
        and s.by.types == ("unit",) and s.by.relation == "friendly" and _plain(s.by) and not s.by.filters \
        and len(s.modifications) == 1 and s.modifications[0].kind == "might" and bool(s.modifications[0].amount)


# "[Repeat] equal to its cost": the cost of the spell that claims it, printed or copied (206, 356.1.c)
_OWN_COST = ("cost", "base_cost")


def next_spell_give(effect) -> bool:
    """"Give the next spell you play this turn [Repeat] [2]", "give your next spell this turn [Repeat] equal to
    its base cost": a keyword read as the spell is played ([Repeat], 820.1) given to a spell not played yet."""
    if getattr(effect, "action", None) != "give" or len(effect.objects) != 1 or effect.duration not in (None, "this_turn"):
        return False
    return _next_spell(effect.objects[0]) and bool(effect.modifications) \
        and all(_repeat_given(m) for m in effect.modifications)


def _next_spell(sel: fx.Selector) -> bool:
    filters = [(f.kind, f.value) for f in sel.filters]
    yours = filters == [("played_by", "you_this_turn")] and sel.controller is None \
        or not filters and sel.controller == "you"
    return sel.types == ("spell",) and sel.states == ("next",) and sel.relation is None and yours and _plain(sel)


def _repeat_given(m: fx.Modification) -> bool:
    if m.kind != "keyword" or m.keyword is None or m.keyword.name != "Repeat":
        return False
    if m.ability is not None:
        return not m.ability.paid and m.measure is None
    measure = m.measure
    return measure is not None and measure.kind in _OWN_COST and measure.of is not None \
        and measure.of.reference == "it"


def keep_given(state, player: str, effect, obj) -> None:
    """Keep "Give the next spell you play this turn [Repeat] ..." for ``player``'s next spell this turn."""
    source = obj.name if obj is not None else "an instruction"
    _made(state).append({"turn": state.turn_number, "player": player, "kind": "next_spell_keyword",
                         "effect": effect, "source": source, "key": len(_made(state)) + 1, "spent": False})
    state.note(f"{source}: the next spell {player} plays this turn has [Repeat]", "364", "820.1")


def next_spell_repeats(state, player: str, spell) -> list[tuple]:
    """The Repeat costs (Energy, Power domains) the next spell ``player`` plays has from kept gives: a fixed
    one, or the spell's own printed cost (206)."""
    costs = []
    for made in this_turn(state, "next_spell_keyword"):
        if made["player"] != player:
            continue
        for m in made["effect"].modifications:
            if m.ability is not None:
                costs.append((sum(c.amount for c in m.ability.cost if c.kind == "energy"),
                              [c.domain for c in m.ability.cost if c.kind == "power"]))
            else:
                costs.append((spell.chars.energy or 0, list(spell.chars.power)))
    return costs


# The statement's kind -> (the form it is kept as, the check that its words are those its reader reads)
_FORMS = {
    "enter": ("enter", _enter_read),
    "cannot_play": ("cannot_play", _ban_read),
    "give": ("buff_might", _buff_read),
    "bonus_damage": ("next_spell_bonus", _next_spell_bonus),
    "hide_permission": ("hide_free", _hide_free_read),
    "cannot_act": ("cannot_move", _move_ban_read),
    "look_permission": ("look_facedown", _look_read),
    "modify": ("gains_ability", _gain_read),
}


# ---- keeping them -------------------------------------------------------------------------
def keep(state, player: str, statement: fx.StaticEffect, obj, last: list, chosen: dict | None = None,
         named: dict | None = None) -> None:
    """Keep a statement an instruction of ``player`` makes (from ``obj``, the spell or ability's source, if
    any), for this turn; ``last``: what the instruction before it acted on ("Its controller": the controller
    of the spell it countered); ``chosen``: the players phrases before chose ("their": the opponent chosen);
    ``named``: the objects each phrase before named ("that unit")."""
    kind = _form(statement)
    source = obj.name if obj is not None else "an instruction"
    maker = Maker(source, getattr(obj, "identity", None), player, player, state.next_arrival())
    made = {"turn": state.turn_number, "player": player, "kind": kind, "statement": statement, "source": source,
            "key": len(_made(state)) + 1, "spent": False, "maker": maker}
    if kind == "cannot_play":
        if statement.holder.types == ("opponent",):
            made["players"] = tuple(p for p in state.order if p != player)
        else:
            made["players"] = tuple(dict.fromkeys(o.controller for o in last if o.controller is not None))
    if kind == "look_facedown":        # "their": the player "Choose an opponent." chose
        whose = (chosen or {}).get(statement.by.antecedent)
        made["players"] = (whose,) if whose is not None else ()     # no player chosen: nobody's are shown
    if kind == "gains_ability":        # "that unit": the objects its phrase named, else the last ones acted on
        holder = statement.holder
        found = (named or {}).get(holder.antecedent)
        found = [o for o in (found if found is not None else last) if o.zone[0] != "ceased"
                 and (not holder.types or o.card_type in holder.types)]
        made["about"], made["names"] = frozenset(o.identity for o in found), tuple(o.name for o in found)
    if kind == "cannot_move":          # "it": what the instruction before acted on; "they": its controller
        made["about"] = frozenset(o.identity for o in last)
        made["players"] = tuple(dict.fromkeys(o.controller for o in last if o.controller is not None))
    if kind == "buff_might":           # the buffs there now (FAQ: not a buff given afterwards)
        made["about"] = frozenset(o.identity for o in state.board_objects()
                                  if o.card_type == "unit" and o.buffed and o.controller == player)
    _made(state).append(made)
    state.note(f"{source}: {_words(made)} this turn", "364")


def _words(made: dict) -> str:
    if made["kind"] == "enter":
        return "units enter ready"
    if made["kind"] == "cannot_play":
        return f"{', '.join(made['players']) or 'nobody'} can't play {', '.join(made['statement'].by.types)}"
    if made["kind"] == "hide_free":
        return f"{made['player']} hides cards ignoring costs"
    if made["kind"] == "cannot_move":
        return f"{', '.join(made['players']) or 'nobody'} can't move it"
    if made["kind"] == "gains_ability":
        return f"{', '.join(made['names']) or 'nothing'} has the quoted ability"
    if made["kind"] == "look_facedown":
        return f"{made['player']} can look at {', '.join(made['players']) or 'nobody'}'s facedown cards"
    if made["kind"] == "next_spell_bonus":
        return f"the next spell deals {made['statement'].modifications[0].amount} Bonus Damage"
    return f"buffs give {made['statement'].modifications[0].amount:+d} [M] more"


def _made(state) -> list:
    return state.__dict__.setdefault("turn_statements", [])


def this_turn(state, kind: str) -> list[dict]:
    """The statements of ``kind`` made this turn and not used up."""
    return [m for m in _made(state) if m["turn"] == state.turn_number and m["kind"] == kind and not m["spent"]]


def fingerprint(state) -> int:
    """How many were made (for the layer cache)."""
    return len(_made(state))


# ---- the readers' helpers -----------------------------------------------------------------
def entry_holder(made: dict) -> fx.Selector:
    """"units you play this turn" read as "units you play" (the turn is kept by the record, the once by it)."""
    h = made["statement"].holder
    filters = tuple(replace(f, value="you") if f.kind == "played_by" else f for f in h.filters)
    return replace(h, quantity="all", states=(), filters=filters)


def once(made: dict) -> bool:
    return made["statement"].holder.states == ("next",)


def play_banned(state, player: str, card_type: str) -> str | None:
    """The source of a "can't play ... this turn" that forbids ``player`` playing a card of ``card_type``."""
    for made in this_turn(state, "cannot_play"):
        types = set(made["statement"].by.types)
        if player in made["players"] and ("card" in types or card_type in types):
            return made["source"]
    return None


def abilities_given(state, obj) -> list:
    """The quoted abilities "This turn, that unit has ..." gives ``obj`` this turn (477.2), in order made."""
    return [m.ability for made in this_turn(state, "gains_ability") if obj.identity in made["about"]
            for m in made["statement"].modifications]


def may_look_at(state, obj) -> list[str]:
    """The players a "You can look at their facedown cards this turn" lets see the facedown ``obj``."""
    return [m["player"] for m in this_turn(state, "look_facedown") if obj.controller in m["players"]]


def move_banned(state, player: str, obj) -> str | None:
    """The source of a "They can't move it this turn" that forbids ``player`` moving ``obj`` (364)."""
    for made in this_turn(state, "cannot_move"):
        if player in made["players"] and obj.identity in made["about"]:
            return made["source"]
    return None


def claim(state, player: str, spell) -> None:
    """A spell ``player`` plays takes the "next spell you play this turn" statements not yet claimed (391)."""
    for made in this_turn(state, "next_spell_keyword"):
        if made["player"] == player:
            made["spent"], made["claimed"] = True, spell.identity
    for made in this_turn(state, "next_spell_bonus"):
        if made["player"] == player:
            made["spent"], made["claimed"] = True, spell.identity
            state.note(f"{made['source']}: {spell.name} is the next spell, and deals "
                       f"{made['statement'].modifications[0].amount} Bonus Damage", "391")


def claimed_bonus(state, source) -> int:
    """The Bonus Damage the spell ``source`` claimed as it was played (712)."""
    if source is None:
        return 0
    return sum(m["statement"].modifications[0].amount for m in _made(state)
               if m["kind"] == "next_spell_bonus" and m.get("claimed") == source.identity)


def buff_bonus(state, obj) -> int:
    """The extra Might a buffed unit gets from "Buffs give an additional +1 [M]" statements of this turn."""
    return sum(m["statement"].modifications[0].amount for m in this_turn(state, "buff_might")
               if obj.identity in m["about"])
