"""Paying costs (357, 444): the rune pool first, then basic runes (164.2, 357.1.a).

``plan_payment`` decides everything before anything is paid, so a cost that cannot be
paid refuses the step with the state untouched. Runes pay as their two Reaction
abilities allow during the pay step: exhaust for [1], recycle for [C] of their domain.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import restricted_pool, turn_records
from .cost_values import Cost, symbols_cost
from .restricted_pool import Purpose
from .state import GameObject, GameState, IllegalAction

ANY = "A"


def keyword_cost(rules, keyword: str, meaning: str) -> tuple[Cost, str]:
    """The cost a keyword's meaning names (805.1.a Accelerate's [1][C], 811.1.b Hidden's [A]) and its rule."""
    for entry in rules.keyword(keyword)["meanings"]:
        if entry["meaning"] == meaning:
            return symbols_cost(entry["cost"]), entry["rule"]
    raise KeyError(f"[{keyword}] has no {meaning} meaning in the rules data")


@dataclass
class Payment:
    """How a cost will be paid: from the pool, and which runes exhaust or recycle."""

    energy_from_pool: int = 0
    power_from_pool: list = field(default_factory=list)
    exhaust: list = field(default_factory=list)
    recycle: list = field(default_factory=list)
    purpose: Purpose | None = None        # what it pays for: restricted resources pay only for theirs (429.1)


def power_options(symbol: str, domains: tuple[str, ...]) -> tuple[str, ...] | None:
    """Which domains may pay a power symbol; None means any (135.2.e.5-6)."""
    if symbol == ANY:
        return None
    if symbol == "C":
        return tuple(domains) or None                                # 135.2.e.6.b
    return (symbol,)


def plan_payment(state: GameState, player: str, cost: Cost, domains: tuple[str, ...], rule: str = "357.1",
                 purpose: Purpose | None = None) -> Payment:
    """Decide how to pay ``cost`` for ``purpose`` (a card played, an ability activated); raises IllegalAction
    when it cannot be paid. Resources added "only to play spells" pay only for that (429.1, restricted_pool)."""
    pool = state.players[player]
    plan = Payment(purpose=purpose)
    locked_energy, locked_power = restricted_pool.locked(state, player, purpose)
    plan.energy_from_pool = min(max(pool.energy - locked_energy, 0), cost.energy)
    runes = [r for r in state.objects(("base", player)) if r.card_type == "rune" and r.controller == player]
    ready = [r for r in runes if not r.exhausted]
    missing = cost.energy - plan.energy_from_pool
    if missing > len(ready):
        raise IllegalAction(rule, f"{player} cannot pay {cost.energy} energy: {pool.energy} in the pool "
                            f"and {len(ready)} ready runes")
    plan.exhaust = ready[:missing]
    available = list(pool.power)
    for letter in locked_power:
        if letter in available:
            available.remove(letter)
    # Specific symbols first, so [A] does not take a power a specific symbol needed.
    for symbol in sorted(cost.power, key=lambda s: power_options(s, domains) is None):
        options = power_options(symbol, domains)
        _pay_symbol(plan, available, runes, symbol, options, player, rule)
    return plan


def _pay_symbol(plan: Payment, available: list, runes: list, symbol: str, options, player: str, rule: str) -> None:
    fits = (lambda d: True) if options is None else (lambda d: d in options)
    for letter in sorted(available, key=lambda p: p == ANY):          # exact power before [A]
        if letter == ANY or fits(letter):
            available.remove(letter)
            plan.power_from_pool.append(letter)
            return
    for rune in sorted(runes, key=lambda r: not r.exhausted and r not in plan.exhaust):
        domain = rune.chars.domains[0] if rune.chars.domains else ANY
        if rune not in plan.recycle and (domain == ANY or fits(domain)):
            plan.recycle.append(rune)
            return
    wanted = "any power" if options is None else "power of " + "/".join(options)
    raise IllegalAction(rule, f"{player} cannot pay [{symbol}]: no {wanted} in the pool or runes")


def pay(state: GameState, player: str, plan: Payment) -> None:
    """Carry out a payment plan: runes add to the pool (164.2), then the pool pays (444.1)."""
    from .actions import change_zone, exhaust
    from .happenings import happen, snapshot

    pool = state.players[player]
    for rune in plan.exhaust:
        exhaust(state, rune, rules=("164.2.a",))
        pool.energy += state.runtime["basic_rune"]["exhaust_adds_energy"]
    for rune in plan.recycle:
        domain = rune.chars.domains[0] if rune.chars.domains else ANY
        was = snapshot(rune)
        change_zone(state, rune, ("rune_deck", rune.owner), why="is recycled to", rules=("164.2.b", "416.1.b"))
        happen(state, "recycle", player, (was,), now=(rune,), dest=("rune_deck", rune.owner))   # "When you recycle a rune"
        pool.power.append(domain)
    spent_energy = plan.energy_from_pool + len(plan.exhaust)
    restricted_pool.spend(state, player, plan.energy_from_pool, list(plan.power_from_pool), plan.purpose)
    pool.energy -= spent_energy
    for letter in plan.power_from_pool:
        pool.power.remove(letter)
    for rune in plan.recycle:
        pool.power.remove(rune.chars.domains[0] if rune.chars.domains else ANY)
    turn_records.add(state, "spent_energy", player, spent_energy)            # "If you've spent ... this turn"
    for letter in list(plan.power_from_pool) + [r.chars.domains[0] if r.chars.domains else ANY for r in plan.recycle]:
        turn_records.add(state, "spent_power", player, 1, letter)
    state.note(f"{player} pays {spent_energy} energy and {len(plan.power_from_pool) + len(plan.recycle)} power",
               "357.1", "444.1")


def card_cost(obj: GameObject, state: GameState) -> Cost:
    """A card's base cost; a token's counts as 0 (185.3.a.1)."""
    if obj.token:
        return Cost(state.runtime["token_cost"]["energy"], [])
    return Cost(obj.chars.energy, list(obj.chars.power))
