"""A replacement bought with a payment: "<player> may pay [X] to <do> ... instead" (367, 371.2, 203.3).

Standing replacements ("If a unit you control would die, its controller may pay [A][A][A] to heal it, exhaust it,
and recall it instead", ``replacements``) and delayed ones ("The next time it dies this turn, you may pay [R] to
recall it exhausted instead", ``delayed_replacements``) open their instructions with the same optional payment.
``paid_instead`` reads that opening once: who pays, the payment, what it buys and the instructions after it;
each reader then says which of these it applies. It sits at the bottom of the engine so that both may import it.
"""
from __future__ import annotations

from dataclasses import dataclass

from interpreter.compiler import effects as fx


@dataclass(frozen=True)
class PaidInstead:
    """The optional payment that opens a replacement's instructions, and what the instructions say after it."""

    payer: str | None          # controller ("you", or no player said) | its_controller | None: a player not read
    payment: fx.Effect         # "pay [R]": done as the price of ``result`` (203.3)
    result: fx.Effect          # "recall it exhausted": what the payment buys
    rest: tuple                # the instructions after the first, as written

    def if_you_do(self) -> tuple | None:
        """The instructions after the payment, each an "if you do" of it, without that wrapper; None when one
        is not (it would then not depend on the payment, 371.2)."""
        if not all(isinstance(e, fx.IfYouDo) for e in self.rest):
            return None
        return tuple(e.effect for e in self.rest)


def paid_instead(instructions: tuple) -> PaidInstead | None:
    """The "<player> may pay [X] to <do>" that opens ``instructions``, or None when they open otherwise."""
    first = instructions[0] if instructions else None
    if not (isinstance(first, fx.MayDo) and isinstance(first.effect, fx.PayToDo)):
        return None
    return PaidInstead(_payer(first.player), first.effect.payment, first.effect.result, tuple(instructions[1:]))


def _payer(player: fx.Selector | None) -> str | None:
    """Who may pay: the replacement's controller ("you", or no player said) or the controller of the object of
    the event ("its controller"); None for a player the runtime does not read here."""
    if player is None or player.reference == "you":
        return "controller"
    if player.types == ("controller",) and player.controller == "its":
        return "its_controller"
    return None
