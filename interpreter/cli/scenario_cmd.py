"""``riftbound scenario run PATH...``: run scenario files or folders, print each result."""
from __future__ import annotations

from pathlib import Path

from interpreter.base.diagnostics import Diagnostic, InputError


def register(commands) -> None:
    command = commands.add_parser("scenario", help="run scenarios: a game state, steps, and what must hold")
    actions = command.add_subparsers(dest="action", required=True, metavar="ACTION")
    run_parser = actions.add_parser("run", help="run scenario files or folders (exit 1 if any fails)")
    run_parser.add_argument("paths", nargs="+", metavar="PATH")
    run_parser.add_argument("--quiet", action="store_true", help="print failures and the summary only")
    run_parser.add_argument("--log", action="store_true", help="print each scenario's event log with its rules")
    run_parser.set_defaults(run=run)


def scenario_files(paths: list[str]) -> list[Path]:
    """The .yaml files named or found below the folders named, in a stable order. In a folder, index files
    (``*_index.yaml``) and card files that scenarios include (``*.cards.yaml``) are not scenarios."""
    files = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file()
                                and not p.name.endswith(("_index.yaml", ".cards.yaml"))))
        elif path.is_file():
            files.append(path)
        else:
            raise InputError(Diagnostic("E003", "no such file or folder", text, 1, 1,
                                        help="expected a scenario file (.yaml) or a folder of them"))
    return files


def run(args) -> int:
    from interpreter.scenarios.load import load_scenarios
    from interpreter.scenarios.run import run_scenario

    scenarios = [scenario for path in scenario_files(args.paths) for scenario in load_scenarios(path)]
    counts = {"pass": 0, "fail": 0, "pending": 0}
    for scenario in scenarios:
        result = run_scenario(scenario)
        counts[result.status] += 1
        if result.status != "pass" or not args.quiet:
            print(f"{result.status.upper()}  {scenario.path}:{scenario.line}: {scenario.name}")
        for reason in result.reasons:
            print(f"    {reason}")
        if args.log:
            for event in result.log:
                print(f"      | {event.text}" + (f"  [{', '.join(event.rules)}]" if event.rules else ""))
    print(f"{counts['pass']} passed, {counts['fail']} failed, {counts['pending']} pending")
    return 1 if counts["fail"] else 0
