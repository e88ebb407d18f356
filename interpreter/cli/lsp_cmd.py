"""``riftbound lsp``: the language server for card files, over stdio (needs the lsp extra)."""
from __future__ import annotations


def register(commands) -> None:
    command = commands.add_parser("lsp", help="run the language server for card files on stdin/stdout "
                                              "(needs pygls: pip install 'riftbound-rules[lsp]')")
    command.add_argument("--stdio", action="store_true", help="speak LSP over stdin/stdout (the default; "
                                                               "accepted because editors often pass it)")
    command.set_defaults(run=run)


def run(args) -> int:
    from interpreter.base.diagnostics import Diagnostic, InputError

    try:
        from interpreter.lsp.server import serve
    except ImportError as error:
        if (error.name or "").split(".")[0] not in ("pygls", "lsprotocol", "cattrs"):
            raise
        raise InputError(Diagnostic("E020", f"the language server needs pygls, which is not installed ({error.name})",
                                    "riftbound lsp", 1, 1, help="expected `pip install 'riftbound-rules[lsp]'`")) from None
    serve()
    return 0
