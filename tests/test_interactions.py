"""`riftbound interactions`: layer dependencies (478-479) and competing replacements (372-373)
over the embedded pool, for a new card made up here."""
from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import networkx as nx
import pytest

from interpreter.cli.main import main
from interpreter.interactions import board, competition, layers, report

MECH_GIVER = """\
name: Test Mech Foundry
type: Unit
cost: {energy: 3, power: [B]}
might: 2
domains: [Mind]
tags: [Piltover]
text: Other friendly units are Mechs.
"""

DEATH_SAVER = """\
name: Test Last Stand
type: Gear
cost: {energy: 2}
domains: [Order]
text: If a friendly unit would die, recall it instead.
"""


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_new_card_that_grants_tags_is_named_with_the_cards_reading_them(tmp_path, capsys):
    new = _write(tmp_path, "foundry.yaml", MECH_GIVER)
    assert main(["interactions", "cards/", "--card", str(new)]) == 0
    out = capsys.readouterr().out
    # Rumble, Scrapper: "Your Mechs have +1 [M]": which units it affects changes once the new card
    # made them Mechs (478.1.b); the trait layer applies first (477).
    assert ("Rumble, Scrapper depends on Test Mech Foundry: Rumble, Scrapper: +1 [M] <- Test Mech Foundry: "
            "is a Mech; which objects it affects (478.1.b)") in out
    assert "Breakneck Mech depends on Test Mech Foundry" in out
    # Only what involves the new card is listed: Fiora's "While I'm Mighty" on Darius is not.
    assert "Fiora, Victorious depends on" not in out
    assert "Continuous effects that depend on another (478-479): 6" in out


def test_a_new_card_that_reads_a_tag_is_named_with_the_embedded_card_granting_it(tmp_path, capsys):
    # Experimental Hexplate's effect text "I am a Mech." makes the unit it is attached to a Mech
    # (136.2.c, 477.1): a new card that gives Mechs [Deflect] depends on it.
    reader = _write(tmp_path, "mech-boss.yaml", """\
name: Test Mech Boss
type: Unit
cost: {energy: 4}
might: 3
domains: [Mind]
text: Your Mechs have [Deflect].
""")
    assert main(["interactions", "cards/", "--card", str(reader)]) == 0
    out = capsys.readouterr().out
    assert ("Test Mech Boss depends on Experimental Hexplate: Test Mech Boss: [Deflect] <- Experimental "
            "Hexplate's effect text: is a Mech; which objects it affects (478.1.b)") in out


def test_a_new_card_that_reads_tags_is_named_with_the_pool_card_granting_them(tmp_path, capsys):
    # The pool gains a card that makes units Birds; the new card gives Birds [Shield] and +1 [M].
    granter = _write(tmp_path, "aviary.yaml", MECH_GIVER.replace("Test Mech Foundry", "Test Aviary")
                     .replace("Mechs.", "Birds."))
    reader = _write(tmp_path, "flock.yaml", """\
name: Test Flock Leader
type: Unit
cost: {energy: 4}
might: 3
domains: [Calm]
text: |
  Friendly Birds have [Shield].
  Your Birds have +1 [M].
""")
    assert main(["interactions", "cards/", str(granter), "--card", str(reader)]) == 0
    out = capsys.readouterr().out
    assert "Interactions of new card Test Flock Leader" in out
    assert ("Test Flock Leader depends on Test Aviary: Test Flock Leader: [Shield] <- Test Aviary: is a Bird; "
            "which objects it affects (478.1.b); trait-altering effects before ability-altering effects by the "
            "layer order (477)") in out
    assert "Test Flock Leader depends on Test Aviary: Test Flock Leader: +1 [M] <- Test Aviary: is a Bird" in out
    assert "Continuous effects that depend on another (478-479): 2" in out


def test_the_whole_pool_lists_might_that_decides_whether_an_effect_exists(capsys):
    assert main(["interactions", "cards/"]) == 0
    out = capsys.readouterr().out
    # Fiora, Victorious: "While I'm [Mighty], I have [Deflect]..." exists only with enough Might (478.1.a).
    assert "Fiora, Victorious depends on Darius, Executioner: Fiora, Victorious: [Deflect] <- " \
           "Darius, Executioner: +1 [M]; whether it exists (478.1.a)" in out
    assert "the death of" in out and "Zhonya's Hourglass (ability 2)" in out
    assert "Rumble, Scrapper depends on Experimental Hexplate" in out   # an equipment's "I am a Mech."


def test_a_new_replacement_competes_with_the_pool_for_a_death(tmp_path):
    from interpreter.cards.card_files import card_files, load_cards
    from pathlib import Path

    pool = [card for path in card_files(Path("cards")) for card in load_cards(path)]
    new = load_cards(_write(tmp_path, "stand.yaml", DEATH_SAVER))
    laid = board.lay_out(pool, new)
    found = report.Interactions(laid, layers.study(laid), competition.study(laid))
    deaths = [c for c in found.competitions() if c.event.startswith("the death of")]
    assert deaths, "the new death replacement competes with the pool's"
    names = {r.source.name for c in deaths for r in c.replacements}
    assert {"Test Last Stand", "Zhonya's Hourglass", "Soraka, Wanderer"} <= names
    first = deaths[0]
    assert first.chooser == "A" and first.rule == "372"       # the dying unit's controller orders them
    assert first.graph.number_of_edges() > 0                  # each replaces the event: order matters (370.2)


@pytest.mark.parametrize("suffix", [".graphml", ".dot"])
def test_the_graph_is_written_in_a_format_a_viewer_opens(tmp_path, capsys, suffix):
    new = _write(tmp_path, "foundry.yaml", MECH_GIVER)
    out = tmp_path / f"graph{suffix}"
    assert main(["interactions", "cards/", "--card", str(new), "--graph", str(out)]) == 0
    if suffix == ".graphml":
        ElementTree.parse(out)
        graph = nx.read_graphml(out)
        edge = ("effect: Test Mech Foundry: is a Mech @", "effect: Rumble, Scrapper: +1 [M] @")
        assert any(a.startswith(edge[0]) and b.startswith(edge[1]) for a, b in graph.edges)
        assert any(data["new"] for _, data in graph.nodes(data=True))
    else:
        text = out.read_text(encoding="utf-8")
        assert text.startswith("digraph interactions {") and text.rstrip().endswith("}")
        assert '[label="Test Mech Foundry: is a Mech", style=bold]' in text


def test_an_unknown_graph_format_is_a_usage_error(tmp_path, capsys):
    assert main(["interactions", "cards/", "--graph", str(tmp_path / "g.png")]) == 2
    err = capsys.readouterr().err
    assert "E020 cannot tell the graph format" in err and "help: expected a file name ending in .graphml" in err
    assert not (tmp_path / "g.png").exists()


def test_a_missing_pool_is_an_input_error(tmp_path, capsys):
    assert main(["interactions", str(tmp_path / "nowhere.yaml")]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_a_new_card_that_does_not_compile_is_reported(tmp_path, capsys):
    new = _write(tmp_path, "typo.yaml", MECH_GIVER.replace("Other friendly units are Mechs.", "Kill an enemy unti."))
    assert main(["interactions", "cards/", "--card", str(new)]) == 1
    err = capsys.readouterr().err
    assert "E010 cannot read “unti” as a name or a tag" in err
    assert "Test Mech Foundry does not compile: its interactions are not studied" in err


def test_the_representative_objects_find_every_dependency_all_objects_find(monkeypatch):
    # The trials run on one object per set of traits effects can tell apart (layers._representatives);
    # on a set's pool that must give exactly what trials on every object give.
    from interpreter.cards.card_files import card_files, load_cards
    from pathlib import Path

    pool = [card for path in card_files(Path("cards/SFD")) for card in load_cards(path)]
    laid = board.lay_out(pool)
    found = sorted((d.first.label, d.dependent.label, d.rule) for d in layers.study(laid).dependencies)
    monkeypatch.setattr(layers, "_representatives", lambda board, view, effects: set(view.traits))
    every = sorted((d.first.label, d.dependent.label, d.rule) for d in layers.study(laid).dependencies)
    assert found == every and len(found) >= 6
    assert ("Experimental Hexplate's effect text: is a Mech", "Rumble, Scrapper: +1 [M]", "478.1.b") in found
