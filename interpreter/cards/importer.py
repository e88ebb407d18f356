"""Importer: corpus JSONL cards to card files (DESIGN.md section 4), a folder per set.

Reproducible: the same corpus gives the same files. Each file is written whole
to a temporary name, then renamed, so an interrupted import leaves no half file.
"""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from interpreter.base.diagnostics import Diagnostic, InputError
from .card_files import check_json_card, jsonl_objects, read_text_file
from interpreter.base.files import write_atomically

_CARRIED = ("might", "might_bonus", "domains", "tags", "legend_champion", "text", "effect_text",
            "text_riot_gallery_2026_03", "set", "id")


class _CardDumper(yaml.SafeDumper):
    """Writes multi-line texts as literal blocks, so card files read like the card."""


def _represent_text(dumper, value: str):
    style = "|" if "\n" in value and not any(line != line.rstrip() for line in value.split("\n")) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_CardDumper.add_representer(str, _represent_text)


def card_fields(entry: dict) -> dict:
    """The card-file fields of one corpus entry, in the format's order."""
    fields = {"name": entry["name"], "type": entry["type"]}
    if entry.get("supertype"):
        fields["supertype"] = entry["supertype"]
    cost = _cost(entry)
    if cost:
        fields["cost"] = cost
    for key in _CARRIED:
        value = entry.get(key)
        if value not in (None, "", []):
            fields[key] = value
    return fields


def _cost(entry: dict) -> dict:
    """Energy and power; a power count without its domains becomes [C] pips (135.2.e.6)."""
    cost = {}
    if entry.get("cost_energy") is not None:
        cost["energy"] = entry["cost_energy"]
    power = entry.get("cost_power")
    if isinstance(power, dict):
        power = ["C"] * int(power.get("raw") or 0)
    if power:
        cost["power"] = list(power)
    return cost


def file_name(entry: dict) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", entry["name"].lower()).strip("-")
    return f"{slug}.yaml"


def import_corpus(corpus: Path, out: Path, names: set[str] | None = None) -> list[Path]:
    """Write every card (or those named) of ``corpus`` under ``out/<SET>/``."""
    written = []
    text = read_text_file(corpus)
    for number, _start, raw, entry, values in jsonl_objects(text, str(corpus)):
        check_json_card(entry, values, raw, number, str(corpus))     # a bad line is a located error
        if "set" not in entry or "id" not in entry:
            raise InputError(Diagnostic("E008", f"{entry['name']}: a corpus card needs set and id", str(corpus),
                                        number, 1, raw, "expected the \"set\" and \"id\" fields of the corpus"))
        if names and entry["name"] not in names:
            continue
        target = out / entry["set"] / file_name(entry)
        write_atomically(target, _document(entry))
        written.append(target)
    return written


def _document(entry: dict) -> str:
    header = f"# Imported from the corpus ({entry['id']}); regenerate with `riftbound import`.\n"
    return header + yaml.dump(card_fields(entry), Dumper=_CardDumper, sort_keys=False, allow_unicode=True,
                              width=1000)
