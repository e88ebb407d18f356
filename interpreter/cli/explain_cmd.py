"""``riftbound explain SCENARIO|--cards FILE...``: the layers applied, in order, and why.

For a scenario, the state after its steps (``--given``: before them); for card files, every
card of them put in player A's base. Prints each effect applied by sequence and layer (476,
477) with the reason it came where it did (a dependency, 479.2, or its timestamp, 480.3),
each dependency edge with the criterion of 478.1 that made it, loops, and the resulting might
and keywords of the objects.
"""
from __future__ import annotations

from pathlib import Path

from interpreter.base.diagnostics import Diagnostic, InputError


def register(commands) -> None:
    command = commands.add_parser("explain", help="the continuous effects applied in layers, their order and why")
    command.add_argument("paths", nargs="+", metavar="PATH", help="a scenario file, or card files with --cards")
    command.add_argument("--cards", action="store_true", help="put every card of the files in A's base")
    command.add_argument("--given", action="store_true", help="explain the scenario's given state, before its steps")
    command.add_argument("--document", type=int, default=1, metavar="N", help="which scenario of the file (from 1)")
    command.add_argument("--replacements", action="store_true",
                         help="instead: the replacement effects the steps applied, each event's graph and who ordered")
    command.set_defaults(run=run)


def run(args) -> int:
    from interpreter.engine.layer_sources import resolve_state

    state = _cards_state(args.paths) if args.cards else _scenario_state(args)
    if getattr(args, "replacements", False):
        from interpreter.engine.replacement_graph import explain_lines as replacement_lines

        print("\n".join(replacement_lines(state)))
        return 0
    print("\n".join(explain_lines(state, resolve_state(state))))
    return 0


def _scenario_state(args):
    from interpreter.scenarios.load import load_scenarios
    from interpreter.scenarios.run import Runner

    if len(args.paths) != 1:
        raise InputError(Diagnostic("E003", "explain takes one scenario file", args.paths[1], 1, 1,
                                    help="expected one scenario file, or --cards with card files"))
    path = Path(args.paths[0])
    if not path.is_file():
        raise InputError(Diagnostic("E003", "no such file", str(path), 1, 1, help="expected a scenario file (.yaml)"))
    scenarios = load_scenarios(path)
    if not 1 <= args.document <= len(scenarios):
        raise InputError(Diagnostic("E003", f"no scenario {args.document} in the file", str(path), 1, 1,
                                    help=f"expected --document between 1 and {len(scenarios)}"))
    runner = Runner(scenarios[args.document - 1])
    if not args.given:
        _run_steps(runner)
    return runner.state


def _run_steps(runner) -> None:
    """Do the scenario's steps (checks skipped; a refused step is left undone, as the runner does)."""
    from interpreter.scenarios.refs import ScenarioFailure

    for number, step in enumerate(runner.scenario.steps, start=1):
        if step["kind"] == "check":
            continue
        try:
            runner.step(number, step)
        except ScenarioFailure as failure:
            print(f"note: stopped before the end, at step {number}: {str(failure).splitlines()[0]}")
            return
        if runner.refusal is not None:
            print(f"note: step {number} ({step['kind']}) was refused (rule {runner.refusal[2].rule}) and left undone")
            runner.refusal = None


def _cards_state(paths: list[str]):
    from interpreter.engine.card_pool import CardDef
    from interpreter.rules.data import default_rules
    from interpreter.engine.state import GameState
    from .common import cards_of

    state = GameState(default_rules(), ["A", "B"], "A")
    for path in paths:
        if not Path(path).exists():
            raise InputError(Diagnostic("E003", "no such file or folder", path, 1, 1,
                                        help="expected card files (.yaml) or folders of them"))
        for card in cards_of(path):
            state.new_object(CardDef(card).characteristics(), "A", "A", ("base", "A"))
    return state


def explain_lines(state, resolution) -> list[str]:
    """The explanation as lines of text."""
    names = {obj.oid: f"{obj.controller or '-'}:{obj.name}" for obj in state.battlefields + state.board_objects()}
    lines = [f"Layers in order (477): {', '.join(state.rules.layer_order())}",
             f"{len(resolution.steps)} effects applied in {resolution.sequences} sequences (476)"]
    current = None
    for number, step in enumerate(resolution.steps, start=1):
        if (step.sequence, step.layer) != current:
            current = (step.sequence, step.layer)
            lines.append(f"sequence {step.sequence}, {step.layer}:")
        targets = ", ".join(names.get(oid, str(oid)) for oid in sorted(step.objects))
        lines.append(f"  {number}. {step.effect.label} -> {targets}   [{step.reason}]")
    lines.append("Dependencies (478-479):" if resolution.edges else "Dependencies: none (480: timestamps)")
    lines.extend(f"  {edge.reason()}" for edge in resolution.edges)
    for loop in resolution.loops:
        lines.append(f"  loop, ordered by timestamp (480): {', '.join(e.label for e in loop)}")
    lines.append("Result:")
    for oid, traits in resolution.view.traits.items():
        if traits.might is not None or traits.keywords:
            keywords = ", ".join(sorted(traits.keywords)) or "none"
            lines.append(f"  {names.get(oid, oid)}: might {traits.might}, keywords {keywords}")
    return lines
