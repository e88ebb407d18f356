"""`riftbound card FILE --svg OUT`: every card of the pool drawn as an SVG that parses, with its
name, cost, Might, type line and rules text; symbols as icons and reminder text in italics."""
from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from interpreter.cards.card_files import card_files, load_cards
from interpreter.cli.main import main
from interpreter.picture import png
from interpreter.picture.card_svg import card_svg
from interpreter.picture.text import run_width, runs, wrap
from interpreter.rules.data import default_rules

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent
POOL = [card for path in card_files(ROOT / "cards") for card in load_cards(path)]


def _texts(root) -> list[ElementTree.Element]:
    return [element for element in root.iter(f"{SVG}text")]


def test_every_card_of_the_pool_is_an_svg_that_parses():
    rules = default_rules()
    assert len(POOL) > 700
    for card in POOL:
        root = ElementTree.fromstring(card_svg(card, rules))
        assert root.tag == f"{SVG}svg", card.name
        assert root.find(f"{SVG}title").text == card.name
        drawn = " ".join(element.text or "" for element in _texts(root))
        assert card.name in drawn, card.name


def test_a_unit_shows_its_cost_might_tags_and_text_with_icons_and_italic_reminders():
    card = next(c for c in POOL if c.name == "Blitzcrank, Impassive")
    root = ElementTree.fromstring(card_svg(card, default_rules()))
    texts = _texts(root)
    words = [t.text for t in texts]
    assert "5" in words                                   # energy cost and Might, both 5
    assert words.count("5") == 2
    assert "CHAMPION UNIT \u2022 Mech, Blitzcrank, Zaun" in words
    assert "Tank" in words                                # the keyword as a bold label
    italic = [t.text for t in texts if t.get("font-style") == "italic"]
    assert italic[:2] == ["(I", "must"] and "first.)" in italic   # its reminder text (135.2.d)
    assert "When" in words and "first.)" not in [t.text for t in texts if t.get("font-style") is None]


def test_symbols_become_icons_not_letters():
    rules = default_rules()
    items = runs("Pay [2][R], [E]: give a unit +1 [M]. [A] [C]", rules)
    icons = [(r.icon, r.text) for r in items if r.kind == "icon"]
    assert icons == [("energy", "2"), ("power", "[R]"), ("exhaust", "[E]"), ("might", "[M]"), ("any", "[A]"),
                     ("own", "[C]")]
    card = next(c for c in POOL if c.name == "Rumble, Scrapper")
    svg = card_svg(card, rules)
    assert "[M]" not in svg                               # drawn as the Might icon, never as its shorthand


def test_text_wraps_inside_the_box():
    rules = default_rules()
    items = runs("When you play me, deal 3 to an enemy unit at a battlefield and draw 1 for each [M] it had.", rules)
    lines = wrap(items, 120, 12)
    assert len(lines) > 3
    for line in lines:
        x, last = line[-1]
        assert x + run_width(last, 12) <= 120 + 1e-6
    every = max(POOL, key=lambda c: len(c.text))          # the longest text still fits its box
    root = ElementTree.fromstring(card_svg(every, rules))
    box = [r for r in root.iter(f"{SVG}rect") if r.get("fill") == "#f7f3ea"][0]
    bottom = float(box.get("y")) + float(box.get("height"))
    assert all(float(t.get("y")) <= bottom for t in _texts(root))


def test_the_command_writes_the_svg(tmp_path, capsys):
    out = tmp_path / "card.svg"
    assert main(["card", str(ROOT / "cards/SFD/rumble-scrapper.yaml"), "--svg", str(out)]) == 0
    assert ElementTree.parse(out).getroot().tag == f"{SVG}svg"
    assert "wrote" in capsys.readouterr().out


def test_png_without_cairosvg_says_so(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(png, "available", lambda: False)
    out = tmp_path / "card.png"
    assert main(["card", str(ROOT / "cards/SFD/rumble-scrapper.yaml"), "--png", str(out)]) == 2
    err = capsys.readouterr().err
    assert "needs the optional cairosvg package" in err and "help:" in err
    assert not out.exists()


@pytest.mark.skipif(not png.available(), reason="the optional cairosvg extra is not installed")
def test_png_with_cairosvg(tmp_path):
    out = tmp_path / "card.png"
    assert main(["card", str(ROOT / "cards/SFD/rumble-scrapper.yaml"), "--png", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_file_of_several_cards_needs_a_name(tmp_path, capsys):
    path = tmp_path / "two.yaml"
    path.write_text("- {name: A Unit, type: Unit, might: 1, text: ''}\n- {name: B Spell, type: Spell, text: ''}\n",
                    encoding="utf-8")
    assert main(["card", str(path), "--svg", str(tmp_path / "x.svg")]) == 2
    assert "expected --name NAME" in capsys.readouterr().err
    assert main(["card", str(path), "--name", "B Spell", "--svg", str(tmp_path / "x.svg")]) == 0


def test_the_readme_example_is_current():
    card = next(c for c in POOL if c.name == "Blitzcrank, Impassive")
    assert (ROOT / "docs" / "card-example.svg").read_text(encoding="utf-8") == card_svg(card, default_rules())


def test_the_frame_follows_the_type_and_the_domains():
    rules = default_rules()
    spell = next(c for c in POOL if c.name == "Bullet Time")            # Body and Chaos (134.2.d-e)
    root = ElementTree.fromstring(card_svg(spell, rules))
    stops = [s.get("stop-color") for s in root.find(f"{SVG}defs").find(f"{SVG}linearGradient").iter(f"{SVG}stop")]
    assert stops == ["#d9822b", "#d9822b", "#7d3c98", "#7d3c98"]          # orange, then purple: split in two
    art = [p for p in root.iter(f"{SVG}path") if p.get("fill") == "url(#art)"]
    assert art and " L" in art[0].get("d")                                 # a spell's pointed art window
    field = next(c for c in POOL if c.card_type == "battlefield")
    root = ElementTree.fromstring(card_svg(field, rules))
    assert (root.get("width"), root.get("height")) == ("504", "360")        # a battlefield lies sideways
    unit = next(c for c in POOL if c.name == "Rumble, Scrapper")
    root = ElementTree.fromstring(card_svg(unit, rules))
    assert not [p for p in root.iter(f"{SVG}path") if p.get("fill") == "url(#art)"]   # a unit's is rounded
    assert [r for r in root.iter(f"{SVG}rect") if r.get("fill") == "url(#art)" and r.get("rx") == "14"]
