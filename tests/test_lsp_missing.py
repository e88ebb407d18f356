"""`riftbound lsp` without the optional pygls: one diagnostic saying how to install it, exit 2."""
from __future__ import annotations

import sys

from interpreter.cli.main import main


def test_without_pygls_the_command_says_how_to_install_it(monkeypatch, capsys):
    for name in ("pygls", "pygls.lsp", "pygls.lsp.server", "pygls.server", "lsprotocol", "lsprotocol.types"):
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, "interpreter.lsp.server", raising=False)
    assert main(["lsp"]) == 2
    err = capsys.readouterr().err
    assert "E020 the language server needs pygls, which is not installed" in err
    assert "help: expected `pip install 'riftbound-rules[lsp]'`" in err
