"""Another cost to hide a card, offered by a permanent of the hiding player (811.1.b, 356.1.a).

"You may pay [1] to hide a card with [Hidden] instead of [A]." (Swift Scout): while the player controls it, they
may hide a card with [Hidden] for the cost it names in place of the one [Hidden] gives (811.1.b). ``statement_read``
is the static check passive_support asks; ``offered`` is what ``playing.hide`` uses when the player hides with it.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx


def _instead(statement) -> fx.PayToDo | None:
    """The "pay [1] to hide a card with [Hidden] instead of [A]" of a ``MayDo`` passive statement, or None."""
    if not isinstance(statement, fx.MayDo) or statement.player is None or statement.player.reference != "you":
        return None
    offer = statement.effect
    if not isinstance(offer, fx.PayToDo) or not isinstance(offer.result, fx.GameAction):
        return None
    payment, hiding = offer.payment, offer.result
    if not isinstance(payment, fx.GameAction) or payment.action != "pay" or payment.objects or payment.amount \
            or payment.options or not payment.cost or not all(c.kind in ("energy", "power") for c in payment.cost):
        return None
    if hiding.action != "hide" or tuple(hiding.options) != ("instead_of",) or not hiding.cost \
            or len(hiding.objects) != 1 or hiding.place is not None or hiding.subject is not None:
        return None
    sel = hiding.objects[0]
    plain = sel.reference is None and sel.types == ("card",) and len(sel.filters) == 1 \
        and sel.filters[0].kind == "keyword" and sel.filters[0].value == "Hidden" and sel.controller is None
    return offer if plain else None


def statement_read(statement) -> bool:
    """Whether the passive statement is an offer of another hide cost that ``playing.hide`` applies."""
    return _instead(statement) is not None


def offered(state, player: str, replaced) -> tuple | None:
    """(the cost to pay, its source's name) of a permanent of ``player`` that offers to hide for another cost in
    place of ``replaced`` (the Cost [Hidden]'s is, 811.1.b), or None."""
    from .traits import active_abilities
    for source in state.board_objects():
        if source.controller != player:
            continue
        statements = [s for a in active_abilities(state, source) if isinstance(a, fx.PassiveAbility) for s in a.effects]
        for statement in statements:
            offer = _instead(statement)
            if offer is not None and _as_cost(offer.result.cost) == (replaced.energy, sorted(replaced.power)):
                return offer.payment.cost, source.name
    return None


def _as_cost(costs) -> tuple:
    """(Energy, sorted Power symbols) of printed cost symbols."""
    return (sum(c.amount for c in costs if c.kind == "energy"),
            sorted(c.domain for c in costs if c.kind == "power" for _ in range(c.amount)))
