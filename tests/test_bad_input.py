"""Bad input: one diagnostic (path:line:col: CODE, the line, a caret, help), no traceback.

Exit 2 for input and usage errors (a missing or malformed file, an empty text); exit 1 for a
text or a card that does not parse or compile (a failure, as for a folder of such cards).
"""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

DIAGNOSTIC = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<code>E\d{3}) (?P<message>.+)$")


def _diagnostic(stderr: str) -> dict:
    lines = stderr.rstrip("\n").splitlines()
    head = DIAGNOSTIC.match(lines[0])
    assert head, f"first line is not path:line:col: CODE message: {lines[0]!r}"
    assert "Traceback" not in stderr
    assert lines[-1].startswith("help: expected") or lines[-1].startswith("help: write")
    return {**head.groupdict(), "lines": lines}


def _caret_column(lines) -> int:
    caret_line = next(line for line in lines if line.strip() == "|" + " " * (len(line) - 3) + "^"
                      or line.rstrip().endswith("^"))
    return caret_line.index("^") - caret_line.index("|") - 2 + 1


@pytest.mark.parametrize("text, column, code", [
    ("Play a 1 [M] Recruit unit token heer.", 33, "E002"),        # unknown word
    ("Play a 1 [M] Goblin unit token here.", 14, "E010"),         # unknown token
    ("Create a “Recruit” token", 10, "E002"),                     # curly quotes
    ("Play a 1 [M] Recruit unit token — here.", 33, "E002"),      # an em dash out of place
    ("Play a 1 [M] Recruit gear token here.", 14, "E010"),         # the wrong type for the token
    ("Give me [Sparkle] this turn.", 9, "E010"),                  # unknown keyword
])
def test_unreadable_text(run_cli, text, column, code):
    status, out, err = run_cli("compile", text)
    assert status == 1 and out == ""
    diagnostic = _diagnostic(err)
    assert diagnostic["code"] == code
    assert (diagnostic["path"], int(diagnostic["line"]), int(diagnostic["col"])) == ("<text>", 1, column)
    assert diagnostic["lines"][1] == f"  | {text}"
    assert _caret_column(diagnostic["lines"]) == column


def test_trailing_spaces_are_fine(run_cli):
    status, out, err = run_cli("compile", "Play a 1 [M] Recruit unit token here.   ", "--start", "effect_text")
    assert status == 0 and "CreateTokens" in out and err == ""


@pytest.mark.parametrize("text", ["", "   ", "\n\n"])
def test_empty_text(run_cli, text):
    status, out, err = run_cli("compile", text)
    assert status == 2
    assert _diagnostic(err)["code"] == "E001"


def test_a_one_megabyte_line_gives_a_short_diagnostic(run_cli):
    text = "Play a 1 [M] Recruit unit token here. " * 10 + "§" * 1_000_000
    status, out, err = run_cli("compile", text)
    assert status == 1
    diagnostic = _diagnostic(err)
    assert int(diagnostic["col"]) == len("Play a 1 [M] Recruit unit token here. " * 10) + 1
    assert len(err) < 2000


def test_missing_file(run_cli, tmp_path):
    missing = str(tmp_path / "nope.yaml")
    status, out, err = run_cli("compile", missing)
    assert status == 2
    diagnostic = _diagnostic(err)
    assert diagnostic["code"] == "E003" and diagnostic["path"] == missing


def test_yaml_error_points_at_the_line(run_cli, tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("name: Broken\ntype: Unit\ntext: [unclosed\n", encoding="utf-8")
    status, out, err = run_cli("compile", str(path))
    assert status == 2
    diagnostic = _diagnostic(err)
    # the end of the input is shown on the last line written, with its text and a caret
    assert diagnostic["code"] == "E005" and int(diagnostic["line"]) == 3
    assert diagnostic["lines"][1] == "  | text: [unclosed"


def test_error_in_a_card_file_points_into_the_file(run_cli, tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text("# a comment\nname: Test Forge\ntype: Gear\ntext: |\n  [Shield]\n  When you play me, play a 1 [M] Goblin unit token in your base.\n",
                    encoding="utf-8")
    status, out, err = run_cli("compile", str(path))
    assert status == 1
    diagnostic = _diagnostic(err)
    assert (int(diagnostic["line"]), int(diagnostic["col"])) == (6, 34)
    assert diagnostic["lines"][1] == "  |   When you play me, play a 1 [M] Goblin unit token in your base."
    assert "unknown token Goblin" in diagnostic["message"]


def test_unknown_card_field(run_cli, tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text("name: X\ntype: Unit\ncolour: red\n", encoding="utf-8")
    status, out, err = run_cli("compile", str(path))
    assert status == 2
    diagnostic = _diagnostic(err)
    assert diagnostic["code"] == "E007" and (diagnostic["line"], diagnostic["col"]) == ("3", "1")


def test_non_utf8_file(run_cli, tmp_path):
    path = tmp_path / "card.yaml"
    path.write_bytes(b"name: X\ntype: Unit\ntext: \xff\xfe\n")
    status, out, err = run_cli("compile", str(path))
    assert status == 2
    assert _diagnostic(err)["code"] == "E004"


def test_no_traceback_from_a_real_process(tmp_path):
    result = subprocess.run([sys.executable, "-m", "interpreter", "compile", "Play a Goblin token."],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert _diagnostic(result.stderr)["code"] == "E010"


def test_usage_error_exits_2(run_cli):
    with pytest.raises(SystemExit) as exit_info:
        run_cli("compile")
    assert exit_info.value.code == 2


def test_compile_refuses_a_yaml_anchor_bomb_and_a_binary_file(run_cli, tmp_path):
    """The card reader shares the linter's bounded reading (file_input): no alias expansion, no NUL bytes."""
    bomb = tmp_path / "bomb.yaml"
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
              f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]"
              for i in range(8)]
    bomb.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, err = run_cli("compile", str(bomb))
    assert status == 2 and _diagnostic(err)["code"] == "E009" and "Traceback" not in err + out
    binary = tmp_path / "card.yaml"
    binary.write_bytes(b"name: X\x00\ntype: Unit\n")
    status, out, err = run_cli("compile", str(binary))
    assert status == 2 and _diagnostic(err)["code"] == "E004"
