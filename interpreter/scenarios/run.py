"""Running scenarios: set up ``given``, do each ``when`` step, check ``then`` (DESIGN.md section 5).

A step the rules refuse (``IllegalAction``) restores the state from before the step;
the next assertion must be ``error:`` citing the rule, which also checks that the
refused step had changed nothing before it was refused. Every step ends with a cleanup
when one is due (319) and the chain is not resolving (321).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from interpreter.engine import actions, combat, showdown
from interpreter.engine.cleanup import cleanup
from interpreter.base.diagnostics import Diagnostic, InputError
from interpreter.engine.context import Context
from interpreter.engine.effect_run import run_effects
from interpreter.engine.errors import UnsupportedEffect
from interpreter.engine.invariants import fingerprint
from interpreter.engine.passive_support import board_gaps
from interpreter.engine.priority import pass_priority, settle
from interpreter.engine.playing import activate, choose_trigger_targets, hide, play_card, resolve_top
from interpreter.engine.targeting import snapshot as copy_of
from interpreter.engine.replace_action import replace, swap_back

from .check import Checker, plain
from .load import Scenario
from .refs import References, ScenarioFailure
from .setup import Setup
from interpreter.engine.state import GameState, IllegalAction
from interpreter.engine.traits import location_of
from interpreter.engine.priority import holder
from interpreter.engine.turn import PHASES, end_turn

# Steps that apply one game action to one referenced object.
OBJECT_ACTIONS = {
    "kill": lambda s, o, by: actions.kill(s, o, by), "banish": lambda s, o, by: actions.banish(s, o),
    "recall": lambda s, o, by: actions.recall(s, o), "recycle": lambda s, o, by: actions.recycle(s, o),
    "heal": lambda s, o, by: actions.heal(s, o), "buff": lambda s, o, by: actions.buff(s, o),
    "spend_buff": actions.spend_buff, "ready": lambda s, o, by: actions.ready(s, o),
    "exhaust": lambda s, o, by: actions.exhaust(s, o), "stun": lambda s, o, by: actions.stun(s, o),
    "discard": lambda s, o, by: actions.discard(s, o), "return_to_hand": lambda s, o, by: actions.return_to_hand(s, o),
    "reveal": lambda s, o, by: actions.reveal(s, o), "take_control": lambda s, o, by: actions.take_control(s, o, by),
    "swap_back": lambda s, o, by: swap_back(s, o),
}


@dataclass
class Result:
    """The outcome of one scenario: passed, failed (with reasons) or pending."""

    scenario: Scenario
    status: str                       # pass | fail | pending
    reasons: list[str] = field(default_factory=list)
    log: list = field(default_factory=list)


def run_scenario(scenario: Scenario) -> Result:
    """Run one scenario. A pending one is run too: it stays pending while it fails, and fails once
    it passes, so that its ``pending:`` is removed when the feature it waits for lands. A pending
    scenario without assertions only records what is waited for."""
    if scenario.pending is not None and not _has_assertions(scenario):
        return Result(scenario, "pending", [scenario.pending])
    result = _run(scenario)
    if scenario.pending is None:
        return result
    if result.status == "pass":
        return Result(scenario, "fail", ["passes now: remove its pending: line"], result.log)
    return Result(scenario, "pending", [scenario.pending], result.log)


def _has_assertions(scenario: Scenario) -> bool:
    return bool(scenario.then) or any(step["kind"] == "check" for step in scenario.steps)


def _run(scenario: Scenario) -> Result:
    runner = Runner(scenario)
    try:
        runner.refuse_unapplied("given")
        for number, step in enumerate(scenario.steps, start=1):
            runner.step(number, step, scenario.steps[number:])
        runner.no_answers_left()
        runner.assert_all(scenario.then, "then")
    except ScenarioFailure as failure:
        return Result(scenario, "fail", str(failure).split("\n"), runner.state.log)
    return Result(scenario, "pass", [], runner.state.log)


class Runner:
    """One scenario's game, its references and the last refused step."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        setup = Setup(scenario)
        self.state = setup.build()
        self.setup = setup
        self.known = set(setup.pool.names()) | set(self.state.rules.tokens)
        self.refusal = None
        self._bind()

    def _bind(self) -> None:
        self.refs = References(self.scenario, self.state, self.known)
        self.state.resolver = self.resolve_answer

    # ---- steps -------------------------------------------------------------------------
    def step(self, number: int, step: dict, upcoming: list = ()) -> None:
        if step["kind"] == "check":
            self.assert_all(step["value"], f"check at step {number}")
            return
        self._no_refusal_left()
        if step["kind"] != "assign":
            self._carry_on([step])                                    # a decision this step does not answer
        saved, before = snapshot(self.state), fingerprint(self.state)
        try:
            self._handler(step["kind"])(step, step["by"] or self.state.turn_player)
            if self.state.cleanup_due:
                cleanup(self.state)
            self._carry_on(upcoming)
            self.refuse_unapplied(f"step {number} ({step['kind']})")
        except IllegalAction as refused:
            changed = fingerprint(self.state) != before
            self.state = saved
            self._bind()
            self.refusal = (number, step["kind"], refused, changed)
        except UnsupportedEffect as gap:
            raise ScenarioFailure(f"step {number} ({step['kind']}): {gap}") from None
        except InputError as error:
            if error.diagnostic.path == self.scenario.path and error.diagnostic.code.startswith("E2"):
                raise
            raise ScenarioFailure(f"step {number} ({step['kind']}): a card text does not compile yet:\n"
                                  + error.diagnostic.format()) from None

    def _carry_on(self, upcoming: list) -> None:
        """Everything the rules make happen before the next decision; an assignment of combat damage the next
        step does not give takes the default (DESIGN.md section 5)."""
        settle(self.state)
        following = next((s["kind"] for s in upcoming if s["kind"] != "check"), None)
        while combat.awaiting(self.state) is not None and following != "assign":
            combat.assign(self.state, combat.awaiting(self.state), None)
            settle(self.state)

    def refuse_unapplied(self, where: str) -> None:
        """Stop as unsupported when the board holds a passive the runtime would not apply: what the
        scenario checks next could depend on it (interpreter/passive_support.py)."""
        gaps = board_gaps(self.state)
        if gaps:
            raise ScenarioFailure(f"{where}: unsupported ability on the board: " + "; ".join(gaps))

    def _no_refusal_left(self) -> None:
        if self.refusal is not None:
            number, kind, refused, _ = self.refusal
            raise ScenarioFailure(f"step {number} ({kind}) was refused: {refused.message} (rule {refused.rule}); "
                                  "add an error: assertion if that is expected")

    def no_answers_left(self) -> None:
        if self.state.answers:
            unused = [value for value, _ in self.state.answers]
            raise ScenarioFailure(f"choices given but never asked for: {unused}")
        if getattr(self.state, "replacement_order", None) and self.refusal is None:
            raise ScenarioFailure("an order: was given but no ordering choice was asked for it")

    def take_refusal(self, rule: str) -> list[str]:
        refusal, self.refusal = self.refusal, None
        if refusal is None:
            return [f"the last step should have been refused citing {rule}, but it was done"]
        number, kind, refused, changed = refusal
        problems = []
        if refused.rule != rule:
            problems.append(f"step {number} ({kind}) was refused citing {refused.rule} ({refused.message}), "
                            f"not {rule}")
        if changed:
            problems.append(f"step {number} ({kind}) changed the state before it was refused")
        return problems

    def assert_all(self, assertions: list, where: str) -> None:
        checker = Checker(self.refs, self.state, self)
        problems = [p for a in assertions for p in checker.check(a)]
        self._no_refusal_left()
        if problems:
            raise ScenarioFailure("\n".join(f"{where}: {p}" for p in problems))

    def answers(self, step: dict) -> None:
        if "choose" in step["fields"]:
            value, _ = step["fields"]["choose"]
            self.state.answers.extend((v.value, (v.line, v.column)) for v in value)

    def resolve_answer(self, raw, kind: str, player: str):
        value, at = raw
        if kind == "yes_no":
            return value not in (False, "no")
        if kind == "location":
            return self.refs.location(value, player, at)
        if kind == "word":                               # "top" or "bottom": a plain answer
            return str(value)
        if kind == "number":                             # "Pay any amount of [A]": how much
            return self._number(value, at)
        return self.refs.object(value, at)

    def _number(self, value, at) -> int:
        if isinstance(value, str) and value.strip().isdigit():
            return int(value)
        raise self.scenario.error("E205", f"{value!r} is not a number", at, "expected a whole number such as 2")

    def obj(self, step: dict):
        return self.refs.object(plain(step["value"]), step["value_at"])

    def field(self, step: dict, name: str, default=None):
        value = step["fields"].get(name)
        return default if value is None else plain(value[0])

    # ---- one method a step kind ----------------------------------------------------------
    def _play(self, step, by):
        obj = self._card_to_play(step, by)
        self.answers(step)
        to = self.field(step, "to")
        where = self.refs.location(to, by, step["fields"]["to"][1]) if to is not None else None
        pay = self.field(step, "pay", {})
        unknown = set(pay) - {"accelerate", "repeat", "alternate"}
        if unknown:
            raise self.scenario.error("E201", f"unknown optional cost {sorted(unknown)[0]!r}", step["fields"]["pay"][1],
                                      "expected accelerate: true, repeat: true or alternate: true")
        play_card(self.state, by, obj, where, accelerate=bool(pay.get("accelerate")), repeat=bool(pay.get("repeat")),
                  alternate=bool(pay.get("alternate")))
        showdown.acted(self.state, by)                                 # 347.1

    def _card_to_play(self, step, by):
        name, at = plain(step["value"]), step["value_at"]
        if ":" in str(name):
            return self.refs.object(name, at)
        source = self.field(step, "from", "hand")
        if source in ("hand", "champion", "trash", "deck", "banishment"):
            zone = (source, by)
        elif source.startswith("facedown[") and source.endswith("]"):
            zone = ("facedown", self.setup.slot(source[len("facedown["):-1], step["fields"]["from"][1]))
        else:
            raise self.scenario.error("E204", f"cannot play from {source!r}", step["fields"]["from"][1],
                                      "expected hand, champion, trash, deck, banishment or facedown[Battlefield]")
        for obj in self.state.objects(zone):
            if obj.name == name:
                return obj
        self.refs._known(name, at)
        card = self.setup.pool.get(name)
        if name in self.state.rules.tokens or (card is not None and card.card.fields.get("supertype") == "Token"):
            raise IllegalAction("186.1", f"{name} is a token: tokens are never in a hand and are played only "
                                "by the effect that creates them (185.2.a)")
        raise ScenarioFailure(f"{by} has no {name} in {zone[0]} to play")

    def _do(self, step, by):
        from interpreter.compiler.pipeline import compile_text

        text = plain(step["value"])
        try:
            effects = compile_text(text, start="effect_text", path=self.scenario.path)
        except InputError as error:
            raise ScenarioFailure("the do: text does not compile yet:\n" + self._in_file(error.diagnostic, step))
        source = self.field(step, "source")
        obj = self.refs.object(source, step["fields"]["source"][1]) if source is not None else None
        self.answers(step)
        pay = self.field(step, "pay", {})
        if set(pay) - {"accelerate"}:
            raise self.scenario.error("E201", f"unknown optional cost {sorted(set(pay) - {'accelerate'})[0]!r} for "
                                      "a play the text instructs", step["fields"]["pay"][1], "expected accelerate: true")
        self.state.optional_costs = {name for name, wanted in pay.items() if wanted}   # 355.1.a: decided ahead
        ctx = Context(self.state, by, obj.identity if obj else None, location_of(self.state, obj) if obj else None)
        self.state.note(f"{by} does “{text}”", *{r for e in effects for r in e.rules})
        try:
            run_effects(ctx, effects)
        finally:
            self.state.optional_costs = set()

    def _in_file(self, diagnostic: Diagnostic, step: dict) -> str:
        line, column = step["value_at"]
        quoted = self.scenario.text.splitlines()[line - 1][column - 1:column] in ("'", '"')
        moved = Diagnostic(diagnostic.code, diagnostic.message, self.scenario.path, line,
                           column + diagnostic.column - (0 if quoted else 1),
                           self.scenario.text.splitlines()[line - 1], diagnostic.help)
        return moved.format()

    def _activate(self, step, by):
        obj = self.obj(step)
        self.answers(step)
        item = activate(self.state, by, obj, int(self.field(step, "ability", 1)))
        if item is not None:                   # an Add ability resolved at once: focus does not pass (429.2.a)
            showdown.acted(self.state, by)                             # 347.1

    def _hide(self, step, by):
        name, at = plain(step["value"]), step["value_at"]
        obj = self.refs.object(name, at) if ":" in name else self._card_to_play(step, by)
        place = self.field(step, "at")
        where = self.refs.location(place, by, step["fields"]["at"][1] if "at" in step["fields"] else at)
        if where[0] != "battlefield":
            raise IllegalAction("421.1", "cards are hidden at a battlefield, not in a base")
        hide(self.state, by, obj, where[1], alternate=bool(self.field(step, "pay", {}).get("alternate")))

    def _choose(self, step, by):
        self.state.answers.extend((v.value, (v.line, v.column)) for v in step["value"])
        choose_trigger_targets(self.state)            # the choice pending: a trigger's targets (355.5.b)

    def _split(self, step, by):
        """How the next effect that splits damage divides it (355.14.e): the units and the damage each gets,
        given ahead like ``choose:``."""
        given = {}
        for key, (key_at, _value_at) in step["value"]["__pos__"].items():
            amount = step["value"][key]
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise self.scenario.error("E202", f"the damage split to {key} must be a whole number", key_at,
                                          'write e.g. split: {"B:Iron Sentry": 3, "B:Recruit": 1}')
            given[self.refs.object(key, key_at).identity] = amount
        self.state.__dict__.setdefault("splits", []).append(given)

    def _order(self, step, by):
        """The order of replacement effects, by their sources, for the next choice (372, 373)."""
        from interpreter.engine.replacement_graph import give_order

        if not step["value"]:
            raise self.scenario.error("E202", "order: names no replacement effect", step["value_at"],
                                      'list their sources, first applied first: ["A:Name", "B:Other"]')
        give_order(self.state, by, [self.refs.object(v.value, (v.line, v.column)) for v in step["value"]])

    def _move(self, step, by):
        obj = self.obj(step)
        to = self.field(step, "to")
        at = step["fields"]["to"][1] if "to" in step["fields"] else step["at"]
        actions.move(self.state, obj, self.refs.location(to, obj.controller, at), bool(self.field(step, "standard")))

    def _resolve(self, step, by):
        """Every player passes until the chain is empty; on an empty chain, nothing (DESIGN.md section 5)."""
        self.state.chain_passes = (0, 0)
        while self.state.chain and self.state.winner is None:
            resolve_top(self.state)
            cleanup(self.state)                                        # 319.5

    def _cleanup(self, step, by):
        cleanup(self.state)

    def _end_turn(self, step, by):
        if self.state.chain:
            raise IllegalAction("305", "the turn cannot end while the chain holds items")
        if self.state.showdown is not None:
            raise IllegalAction("305", "the turn cannot end while a showdown or combat is in progress")
        value = plain(step["value"]) or {}
        stop = value.get("stop", "main")
        if set(value) - {"stop"} or stop not in PHASES:
            raise self.scenario.error("E202", f"unknown end_turn option {value!r}", step["value_at"],
                                      "expected {stop: awaken|beginning|channel|draw|main|ending}")
        end_turn(self.state, stop)

    def _pass(self, step, by):
        named = plain(step["value"])
        player = named or holder(self.state)
        if player is None:
            raise IllegalAction("312.1.b", "no player has priority now: combat damage is being assigned")
        pass_priority(self.state, player)

    def _assign(self, step, by):
        """Combat damage assignment (465.2.c) by ``by``, or by the other side of the units it names."""
        wanted, player = {}, step["by"]
        for key, (key_at, _value_at) in step["value"]["__pos__"].items():
            obj = self.refs.object(key, key_at)
            amount = step["value"][key]
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise self.scenario.error("E202", f"the damage assigned to {key} must be a whole number", key_at,
                                          'write e.g. assign: {"B:Iron Sentry": 3}')
            wanted[obj.identity] = wanted.get(obj.identity, 0) + amount
            fight = self.state.combat
            if player is None and fight is not None and obj.controller in (fight.attacker, fight.defender):
                player = fight.defender if obj.controller == fight.attacker else fight.attacker
        combat.assign(self.state, player or by, wanted)

    def _damage(self, step, by):
        actions.deal_damage(self.state, self.obj(step), int(self.field(step, "amount", 1)), by)

    def _might(self, step, by):
        actions.give_might(self.state, self.obj(step), int(self.field(step, "amount", 1)))

    def _grant(self, step, by):
        actions.grant_keyword(self.state, self.obj(step), self.field(step, "keyword"), self.field(step, "value"),
                              self.field(step, "duration"), ("184.3",))

    def _replace(self, step, by):
        token = self.field(step, "with")
        chars = self.setup.characteristics(token, True, step["fields"]["with"][1])
        replace(self.state, self.obj(step), chars, by)

    def _draw(self, step, by):
        actions.draw(self.state, by, int(plain(step["value"]) or 1))

    def _channel(self, step, by):
        actions.channel(self.state, by, int(plain(step["value"]) or 1))

    def _add(self, step, by):
        value = plain(step["value"]) or {}
        actions.add_resources(self.state, by, int(value.get("energy", 0)), tuple(value.get("power", ())))

    def _gain_points(self, step, by):
        actions.gain_points(self.state, by, int(plain(step["value"])))

    def _handler(self, kind: str):
        """The method for a step kind, or the game action of ``OBJECT_ACTIONS`` on its object."""
        if kind in OBJECT_ACTIONS:
            return lambda step, by: OBJECT_ACTIONS[kind](self.state, self.obj(step), by)
        return getattr(self, "_" + kind)


def snapshot(state: GameState) -> GameState:
    """A copy of the state to restore after a refused step (the engine's throw-away copy, engine/targeting.py)."""
    return copy_of(state)
