"""Bad input for ``riftbound lint``: never a traceback, no half-written file.

A file that cannot be read as cards is what the linter is for: one RB000 finding located where
the loader's diagnostic points, exit 1, and the other files are still linted. A path that does
not exist, bad settings and a fix that cannot be written are input errors: one diagnostic, exit 2.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from interpreter.base.diagnostics import InputError
from interpreter.lint.config import LintConfig
from interpreter.lint.fixer import fix_source, write_atomic
from interpreter.lint.source import load_source

CARD = "name: Poro\ntype: Unit\nmight: 1\ntext: Play two [1] [M] Bird unit tokens.\n"
# "Billion laughs": nine anchors, each a list of ten aliases of the one before (10**9 nodes expanded).
_LEVELS = ["&l0 [x, x, x, x, x, x, x, x, x, x]"] + [f"&l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, 9)]
BOMB = "name: Bomb\ntype: Unit\ntags: [" + ", ".join(_LEVELS) + "]\n"


def lint(run_cli, path: Path, *options: str):
    return run_cli("lint", str(path), *options)


@pytest.mark.parametrize(("content", "code", "message"), [
    (b"name: X\x00\x01\x02binary", "E004", "file is binary"),
    (b"name: Caf\xe9\ntype: Unit\n", "E004", "file is not UTF-8 text"),
    (b"name: [unclosed\n", "E005", "invalid YAML"),
    (b"- just a string\n", "E006", "a card must be a mapping"),
    (b"name: X\ntype: Unit\ncolour: red\n", "E007", "unknown card field 'colour'"),
    (b"&a [*a]\n", "E009", "a YAML alias refers to the node that holds it"),
    (b'{"name": "X", "text": \n', "E005", "invalid JSON"),
    (b"name: X\ntype: Unit\ncost: !!python/object:os.system {}\n", "E005", "the YAML tag 'tag:yaml.org,2002:python/object:os.system' is not supported"),
])
def test_bad_files(run_cli, tmp_path, content, code, message):
    path = tmp_path / ("cards.jsonl" if content.startswith(b"{") else "card.yaml")
    path.write_bytes(content)
    status, out, err = lint(run_cli, path)
    assert status == 1 and err == "" and "Traceback" not in out
    assert f"RB000 Card file does not load: {code} {message}" in out and f"--> {path}:" in out


def test_yaml_bomb_is_refused_without_expanding_it(run_cli, tmp_path):
    path = tmp_path / "bomb.yaml"
    path.write_text(BOMB, encoding="utf-8")
    status, out, _ = lint(run_cli, path)
    assert status == 1 and "RB000 Card file does not load: E009 YAML aliases expand to" in out


def test_reused_anchor_is_not_a_bomb(run_cli, tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("- {name: A, type: Unit, might: 1, tags: &tags [Poro, Bird], text: Draw 1.}\n"
                    "- {name: B, type: Unit, might: 1, tags: *tags, text: Draw 1.}\n", encoding="utf-8")
    assert lint(run_cli, path, "--select", "RB1")[0] == 0


def test_ten_megabyte_file(run_cli, tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_text(CARD + "# " + "x" * (10 * 1024 * 1024) + "\n", encoding="utf-8")
    status, out, _ = lint(run_cli, path)
    assert status == 1 and "E003 file is too large" in out and "max-file-size" in out


def test_overlong_card_text(run_cli, tmp_path):
    path = tmp_path / "long.yaml"
    path.write_text("name: Long\ntype: Spell\ntext: " + "Draw 1. " * 3000 + "\n", encoding="utf-8")
    status, out, _ = lint(run_cli, path)      # the loader's field check refuses it, located at the card
    assert status == 1 and "RB000 Card file does not load: E008 Long: text is 23999 characters long" in out


def test_not_a_regular_file(run_cli, tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    status, out, _ = lint(run_cli, fifo)
    assert status == 1 and "RB000 Card file does not load: E003 not a regular file" in out


def test_a_missing_path_is_an_input_error(run_cli, tmp_path):
    status, out, err = lint(run_cli, tmp_path / "nope.yaml")
    assert status == 2 and "E003 no such file or folder" in err and "Traceback" not in out + err


def test_good_files_are_still_linted_next_to_a_bad_one(run_cli, tmp_path):
    (tmp_path / "a.yaml").write_bytes(b"\xff\xfe")
    (tmp_path / "b.yaml").write_text(CARD, encoding="utf-8")
    status, out, err = lint(run_cli, tmp_path, "--select", "RB102")
    assert status == 1 and "RB000 Card file does not load: E004" in out and "RB102" in out


def test_file_vanishing_during_fix_writes_nothing(tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text(CARD, encoding="utf-8")
    config = LintConfig(select=("RB102",)).resolve()
    fixed, count = fix_source(load_source(path), config)
    assert count == 1
    path.unlink()
    with pytest.raises(InputError) as caught:
        write_atomic(fixed)
    assert caught.value.diagnostic.code == "E030"
    assert list(tmp_path.iterdir()) == []


def test_read_only_folder(run_cli, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "card.yaml"
    path.write_text(CARD, encoding="utf-8")
    folder.chmod(0o555)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as a user who can write anywhere")
        status, _, err = lint(run_cli, path, "--fix")
    finally:
        folder.chmod(0o755)
    assert status == 2 and "E032 cannot write the fixed file" in err and path.read_text(encoding="utf-8") == CARD


def test_file_changed_during_fix_is_left_alone(tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text(CARD, encoding="utf-8")
    config = LintConfig(select=("RB102",)).resolve()
    fixed, _ = fix_source(load_source(path), config)
    path.write_text(CARD + "# edited meanwhile\n", encoding="utf-8")
    os.utime(path, ns=(1, 1))
    with pytest.raises(InputError) as caught:
        write_atomic(fixed)
    assert caught.value.diagnostic.code == "E031"
    assert path.read_text(encoding="utf-8").endswith("# edited meanwhile\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["card.yaml"]
