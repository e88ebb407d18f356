"""Command line: ``riftbound COMMAND ...`` (DESIGN.md section 6).

Each command is a module of ``interpreter/cli`` with ``register(subparsers)``;
``COMMAND_MODULES`` maps each command to its module, in the order ``--help`` shows;
only the module of the command being run is imported. Exit codes: 0 success,
1 findings or failures, 2 usage or input error, 3 internal error. Bad input is one
diagnostic on stderr, never a traceback. Any other exception is a bug of the tool, never
dressed as a diagnostic of the input: it is reported as an internal error with what to
send in a report, and exit code 3 (``INTERNAL_ERROR``). Output is safe for any string: a
character the terminal's encoding cannot hold (a lone surrogate from a JSON escape) is
printed as its escape. Command modules import heavy stages lazily.
"""
from __future__ import annotations

import argparse
import importlib
import platform
import sys
import traceback

from interpreter.base.diagnostics import InputError

# Command name -> the module of interpreter/cli that registers it, in --help order.
COMMAND_MODULES = {
    "parse": "parse_cmd",
    "compile": "compile_cmd",
    "render": "render_cmd",
    "coverage": "coverage_cmd",
    "import": "import_cmd",
    "lint": "lint_cmd",
    "scenario": "scenario_cmd",
    "rule": "rule_cmd",
    "rules": "rule_cmd",
    "explain": "explain_cmd",
    "deck": "deck_cmd",
    "play": "play_cmd",
    "interactions": "interactions_cmd",
    "card": "card_cmd",
    "lsp": "lsp_cmd",
}

# The commands whose --rules-data DIR changes the words the language reads (the rule commands load theirs).
RULES_DATA_COMMANDS = ("parse", "compile", "render", "lint", "coverage")


INTERNAL_ERROR = 3


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    _safe_output()
    args = argument_parser(argv[0] if argv else None).parse_args(argv)
    other_rules = args.command in RULES_DATA_COMMANDS and bool(args.rules_data)
    try:
        if other_rules:
            from .common import use_rules_data
            use_rules_data(args.rules_data)
        return args.run(args)
    except InputError as error:
        print(error.diagnostic.format(), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    except (Exception, RecursionError, MemoryError) as error:   # a bug of the tool, not of the input
        print(internal_error_report(error, argv), file=sys.stderr)
        return INTERNAL_ERROR
    finally:
        if other_rules:                  # a caller in the same process (a test) gets the shipped rules back
            from interpreter.rules.data import use_rules_folder
            use_rules_folder(None)


def internal_error_report(error: BaseException, argv: list[str]) -> str:
    """What an internal error prints: that it is one, where it happened, and what to report."""
    frames = traceback.extract_tb(error.__traceback__)
    where = next((f"{frame.filename.rsplit('interpreter', 1)[-1].lstrip('/')}:{frame.lineno} in {frame.name}"
                  for frame in reversed(frames) if "interpreter" in frame.filename), "?")
    detail = str(error).strip().splitlines()[0][:200] if str(error).strip() else ""
    command = " ".join(repr(arg) if " " in arg or not arg else arg for arg in argv)
    return (f"internal error: {type(error).__name__}{': ' + detail if detail else ''} (at {where})\n"
            "This is a bug in riftbound, not a problem with your input. Please report it with:\n"
            f"  the command: riftbound {command[:500]}\n"
            "  the input file or text it read, and this message\n"
            f"  riftbound-rules on Python {platform.python_version()}")


def _safe_output() -> None:
    """Print any string: what the stream's encoding cannot hold comes out as an escape."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def argument_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line parser; when ``command`` names a command, only its module is imported
    (a start-up saving), otherwise every command is registered (for --help and typos)."""
    parser = argparse.ArgumentParser(prog="riftbound", description="Riftbound card text as a DSL: "
                                     "parse, compile to effects, and run.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    modules = [COMMAND_MODULES[command]] if command in COMMAND_MODULES else list(dict.fromkeys(COMMAND_MODULES.values()))
    for module in modules:
        importlib.import_module(f"{__package__}.{module}").register(commands)
    return parser


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
