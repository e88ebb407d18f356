"""The abilities an attached Equipment's effect text gives the unit it is attached to (136.2.c-d).

While an Equipment is attached to a unit, the unit has the abilities of the Equipment's effect text,
triggered, activated, passive and replacement abilities alike (136.2.c); they are lost as it is
detached. In that text "I" and "me" are the unit and "this" (or the Equipment's name) is the Equipment
(136.2.d): the compiler reads "this" as the reference ``equipment``, and each ability given here names its
Equipment (``names``), so that ``selectors`` finds that Equipment attached to the unit. An attached
Equipment is at its unit's location (434.4), so only the objects there are looked at.

NOTE: two copies of one Equipment attached to the same unit give the same abilities, and "this" of
either means the first of them: the copies are the same card in the same place, so the outcome is the same.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from functools import cache

from interpreter.base.diagnostics import InputError
from interpreter.compiler import effects as fx
from .state import GameObject, GameState


ON_BOARD = ("base", "battlefield")          # where a unit with attached cards stands (434.4, 719.3)


@cache
def effect_text_abilities(text, equipment: str = "") -> tuple | None:
    """The abilities of an Equipment's effect text, read as text of the unit it is attached to (136.2.c):
    () when it has none, None when it does not compile. ``equipment`` is its name, which the text may use
    for "this" ("kill Guardian Angel instead"). Compiled once per text."""
    if not isinstance(text, str) or not text.strip():
        return ()
    from interpreter.compiler.pipeline import compile_text
    try:   # "this" and the Equipment's name are the Equipment (136.2.d)
        return compile_text(text, card_type="unit", equipment=equipment)
    except InputError:
        return None


def attached_equipment(state: GameState, unit: GameObject) -> list[GameObject]:
    """The cards attached to ``unit`` (434.1), which stand at its location (434.4)."""
    if unit.card_type != "unit" or unit.zone[0] not in ON_BOARD:
        return []
    return [o for o in state.objects(unit.zone) if o.attached_to == unit.identity and o is not unit]


def given_abilities(state: GameState, unit: GameObject) -> tuple:
    """The abilities the effect texts of the Equipment attached to ``unit`` give it now (136.2.c), each
    "this" naming its Equipment (136.2.d); () when none is attached."""
    return tuple(ability for _gear, abilities in given_by(state, unit) for ability in abilities)


def given_by(state: GameState, unit: GameObject) -> list[tuple[GameObject, tuple]]:
    """(Equipment, the abilities its effect text gives ``unit``) for each card attached to it (136.2.c)."""
    found = []
    for gear in attached_equipment(state, unit):
        card = getattr(gear.chars.source, "card", None)
        if card is not None:
            found.append((gear, _naming(card.fields.get("effect_text"), card.name or "", gear.name)))
    return found


@cache
def _naming(text, equipment: str, name: str) -> tuple:
    """The abilities of effect text ``text`` with each reference to the Equipment ("this", 136.2.d) carrying
    the Equipment's name; () when it has none or does not compile (its gap says so)."""
    return tuple(_named(ability, name) for ability in effect_text_abilities(text, equipment) or ())


def _named(value, name: str):
    if isinstance(value, fx.Selector) and value.reference == "equipment":
        return replace(value, names=(name,))
    if isinstance(value, tuple):
        return tuple(_named(part, name) for part in value)
    if is_dataclass(value) and not isinstance(value, type):
        changed = {f.name: _named(getattr(value, f.name), name) for f in fields(value)}
        return replace(value, **changed) if any(changed[k] is not getattr(value, k) for k in changed) else value
    return value


def equipment_meant(state: GameState, unit: GameObject | None, sel: fx.Selector) -> list[GameObject]:
    """What "this" of an effect text means (136.2.d): the Equipment of that name attached to ``unit``, the
    unit having the ability; [] once it is no longer attached."""
    if unit is None:
        return []
    found = [o for o in attached_equipment(state, unit) if not sel.names or o.name in sel.names]
    return found[:1]
