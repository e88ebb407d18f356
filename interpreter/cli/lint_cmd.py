"""``riftbound lint PATH|TEXT...``: templating rules over card files or texts, with fixes; ``--explain CODE``.

Exit 0 when nothing is found, 1 for findings (a file or card that does not load is one,
RB000), 2 for a path that does not exist, bad settings, or a fix that cannot be written.
"""
from __future__ import annotations

import sys
from pathlib import Path

from .common import add_type_option

FORMATS = ("text", "json", "sarif", "github")


def register(commands) -> None:
    command = commands.add_parser("lint", help="check card wording against Riftbound templating; --fix what is safe")
    from .common import rules_data_option
    rules_data_option(command)
    command.add_argument("paths", nargs="*", metavar="PATH|TEXT",
                         help="card files (.yaml, .jsonl), folders, or a card text in quotes")
    add_type_option(command)
    command.add_argument("--fix", action="store_true", help="apply safe fixes to the files")
    command.add_argument("--unsafe-fixes", action="store_true", help="with --fix, also apply unsafe fixes")
    command.add_argument("--select", action="append", metavar="CODES", help="run only these codes or prefixes (comma-separated)")
    command.add_argument("--extend-select", action="append", metavar="CODES", help="also run these codes (e.g. RB206)")
    command.add_argument("--ignore", action="append", metavar="CODES", help="do not run these codes or prefixes")
    command.add_argument("--format", choices=FORMATS, default="text")
    command.add_argument("--statistics", action="store_true", help="print the number of findings per rule")
    command.add_argument("--summary", action="store_true",
                         help="print only the counts per rule and the totals, not each finding")
    command.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    command.add_argument("--config", type=Path, metavar="PYPROJECT", help="read [tool.riftbound.lint] from this file")
    command.add_argument("--explain", metavar="CODE", help="describe a rule and exit")
    command.set_defaults(run=run)


def run(args) -> int:
    from interpreter.base.diagnostics import Diagnostic, InputError

    if args.explain:
        return _explain(args.explain)
    if not args.paths:
        raise InputError(Diagnostic("E020", "no path to lint", "riftbound lint", 1, 1,
                                    help="expected card files or folders, e.g. riftbound lint cards/"))
    from interpreter.lint.runner import lint_paths, lint_text
    from .common import source_kind

    kinds = [source_kind(item) for item in args.paths]
    texts = [item for item, kind in zip(args.paths, kinds) if kind == "text"]
    if any(not text.strip() for text in texts):
        raise InputError(Diagnostic("E001", "empty text", "riftbound lint", 1, 1,
                                    help="expected a card text in quotes, or card files or folders"))
    if texts and args.fix:
        raise InputError(Diagnostic("E020", "--fix needs card files, not a text", "riftbound lint", 1, 1,
                                    help="expected card files or folders with --fix; without it a text is linted"))
    args.paths = [Path(item) for item, kind in zip(args.paths, kinds) if kind == "path"]
    config = _config(args)
    outcome = lint_paths(args.paths, config, fix=args.fix, unsafe=args.unsafe_fixes)
    for text in texts:
        lint_text(text, config, outcome, args.card_type)
    for diagnostic in outcome.errors:
        print(diagnostic.format(), file=sys.stderr)
    _print(outcome, args)
    if outcome.errors:
        return 2
    return 1 if outcome.reports and not args.exit_zero else 0


def _split(values) -> list[str]:
    return [code.strip() for value in values or () for code in value.split(",") if code.strip()]


def _config(args):
    from interpreter.base.file_input import resolved
    from interpreter.lint.config import find_pyproject, load_config, with_options

    first = resolved(args.paths[0]) if args.paths else Path.cwd()
    path = args.config or find_pyproject(first if first.is_dir() else first.parent) or find_pyproject(Path.cwd())
    config = load_config(path)
    return with_options(config, _split(args.select), _split(args.extend_select), _split(args.ignore)).resolve()


def _print(outcome, args) -> None:
    from interpreter import __version__
    from interpreter.lint import output

    reports = outcome.reports
    if args.format == "json":
        print(output.json_document(reports))
    elif args.format == "sarif":
        print(output.sarif_document(reports, __version__))
    elif args.format == "github":
        for report in reports:
            print(output.github_line(report))
    else:
        for report in reports if not args.summary else ():
            print(output.text_report(report) + "\n")
        if (args.statistics or args.summary) and reports:
            print(output.statistics(reports))
        print(f"Linted {outcome.cards} card{'s' if outcome.cards != 1 else ''} in {outcome.files} "
              f"file{'s' if outcome.files != 1 else ''}.")
        print(output.summary(reports, outcome.fixed, args.unsafe_fixes, len(outcome.errors)))


def _explain(code: str) -> int:
    from interpreter.base.diagnostics import Diagnostic, InputError
    from interpreter.lint.registry import RULES, rule

    found = rule(code)
    if found is None:
        raise InputError(Diagnostic("E020", f"unknown rule code {code!r}", "riftbound lint --explain", 1, 1,
                                    help="expected one of: " + ", ".join(r.code for r in RULES)))
    default = "on by default" if found.default else "off by default (enable with --extend-select)"
    fixable = getattr(found.module, "FIX", "no fix")
    print(f"# {found.code} ({found.name})\n\n{default}; fix: {fixable}\n\n{found.doc}")
    return 0
