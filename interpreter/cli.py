"""Command line: ``riftbound COMMAND ...`` (DESIGN.md section 6).

Each command is a module of ``interpreter/commands`` with ``register(subparsers)``;
``COMMAND_MODULES`` lists them in the order ``--help`` shows. Exit codes: 0 success,
1 findings or failures, 2 usage or input error. Bad input is one diagnostic on
stderr, never a traceback. Command modules import heavy stages lazily.
"""
from __future__ import annotations

import argparse
import importlib
import sys

from .diagnostics import InputError

COMMAND_MODULES = (
    "parse_cmd",
    "compile_cmd",
    "render_cmd",
    "coverage_cmd",
    "import_cmd",
    "lint_cmd",
    "scenario_cmd",
    "rule_cmd",
    "explain_cmd",
)


def main(argv: list[str] | None = None) -> int:
    args = argument_parser().parse_args(argv)
    try:
        return args.run(args)
    except InputError as error:
        print(error.diagnostic.format(), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="riftbound", description="Riftbound card text as a DSL: "
                                     "parse, compile to effects, and run.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(f"{__package__}.commands.{name}").register(commands)
    return parser


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
