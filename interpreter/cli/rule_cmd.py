"""``riftbound rule ID`` and ``riftbound rules --coverage``: the rules kept as data.

``rule ID`` prints a rule's text, its encoding (each statement and what it parsed to),
the rules under it, and where it is used (rules tables, compiled effects of the card
pool, interpreter code). ``rules --coverage`` counts, per section, the rules encoded (in
the DSL or a data file), descriptive, and not yet applied from data (and of those, the ones
the runtime applies in code); ``rules --check`` loads a rules_data folder and reports the
first problem in it.
"""
from __future__ import annotations

import json
from pathlib import Path

from interpreter.base.diagnostics import Diagnostic, InputError


def register(commands) -> None:
    rule = commands.add_parser("rule", help="a rule's text, its DSL encoding, the rules under it, and where it is used")
    rule.add_argument("rule_id", metavar="ID")
    rule.add_argument("--rules-data", metavar="DIR", help="a rules_data folder (default: the shipped one)")
    rule.set_defaults(run=run_rule)
    rules = commands.add_parser("rules", help="the rules kept as data: coverage per section, or a check of a folder")
    rules.add_argument("--coverage", action="store_true", help="per section: encoded / descriptive / not yet")
    rules.add_argument("--check", action="store_true", help="load the rules_data folder and report its first problem")
    rules.add_argument("--format", choices=("text", "json"), default="text")
    rules.add_argument("--rules-data", metavar="DIR", help="a rules_data folder (default: the shipped one)")
    rules.set_defaults(run=run_rules)


def _load(folder: str | None):
    from interpreter.rules.data import RulesData, default_rules

    if folder is None:
        return default_rules()
    if not Path(folder).is_dir():
        raise InputError(Diagnostic("E003", "no such folder", folder, 1, 1, help="expected a rules_data folder"))
    return RulesData(Path(folder))


def run_rule(args) -> int:
    from interpreter.coverage.usage import usages

    rules = _load(args.rules_data)
    entry = rules.book.get(args.rule_id)
    if entry is None:
        raise InputError(_unknown(args.rule_id, rules))
    print("\n".join(describe_rule(entry, rules.book)))
    print("used by:")
    found = _deepest(usages(entry.id, rules))
    for usage in found:
        print(f"  {usage.kind:<6} {usage.where}  {usage.what}")
    if not found:
        print("  (nothing cites this rule yet)")
    return 0


def _deepest(found):
    """One line per compiled card effect: the most precise place that cites the rule."""
    kept: dict = {}
    for usage in found:
        key = (usage.kind, usage.where) if usage.kind == "effect" else (usage.kind, usage.where, usage.what)
        if key not in kept or len(usage.what) > len(kept[key].what):
            kept[key] = usage
    return list(kept.values())


def describe_rule(entry, book) -> list[str]:
    """The rule, its encoding or reason, and the rules under it."""
    lines = [f"{entry.id}" + (f"  {entry.title}" if entry.title else ""),
             f"  {_short(entry.where.path)}:{entry.where.line}",
             f"text: {entry.text}",
             f"status: {entry.status}"]
    if entry.encoding:
        lines.append(f"encoding ({entry.start}):")
        for text, statement in zip(entry.encoding, entry.statements):
            lines.append(f"  {text}")
            lines.append(f"    -> {_shown(statement)}")
    elif entry.data:
        lines.append(f"data: {entry.data} (rules_data/{entry.data} keeps its meaning)")
    elif entry.descriptive:
        lines.append(f"descriptive: {entry.descriptive}")
    elif entry.reason:
        lines.append(f"not yet: {entry.reason}")
    if entry.code:
        lines.append("applied in code: " + ", ".join(f"interpreter/{module}" for module in entry.code))
    if entry.see:
        lines.append("see: " + ", ".join(entry.see))
    under = book.children(entry.id)
    if under:
        lines.append("rules under it:")
        lines.extend(f"  {child.id:<12} {child.status:<11} {child.text[:80]}" for child in under)
    return lines


def _short(path: str) -> str:
    from interpreter.coverage.usage import _short as short

    return short(path)


def _shown(statement) -> str:
    describe = getattr(statement, "describe", None)
    if describe:
        return describe()
    name = " ".join(getattr(statement, "name", ()) or ("?",))
    traits = ", ".join(f"{t.kind} {t.value if t.kind != 'ability' else type(t.value).__name__}"
                       for t in getattr(statement, "traits", ()))
    return f"token_definition(name={name}, type={statement.card_type}, traits=[{traits}])"


def _unknown(rule_id: str, rules) -> Diagnostic:
    from interpreter.rules.book import INDEX_FILE, index_ids

    stems = sorted({Path(p).stem for p in rules.book.files})
    exists = rule_id in index_ids(rules.folder / "rules" / INDEX_FILE)
    message = (f"rule {rule_id} is in the Core Rules but not kept in rules_data yet" if exists
               else f"no rule {rule_id} in rules_data")
    return Diagnostic("E120", message, "<rule>", 1, 1, rule_id,
                      "expected the id of a rule kept in rules_data, e.g. 187.1 or 439.2.b.1 (sections "
                      + ", ".join(stems) + ")")


def run_rules(args) -> int:
    rules = _load(args.rules_data)
    if args.check:
        print(f"{rules.folder}: {len(rules.book.entries)} rules, no problems")
        return 0
    table = coverage(rules.book)
    if args.format == "json":
        print(json.dumps(table, indent=2))
        return 0
    print(f"{'section':<10} {'encoded':>8} {'descriptive':>12} {'not yet':>8} {'(in code)':>10} {'total':>6}")
    for name, row in [*table["sections"].items(), ("all", table["total"])]:
        print(f"{name:<10} {row['encoded']:>8} {row['descriptive']:>12} {row['not yet']:>8} {row['in code']:>10}"
              f" {row['total']:>6}")
    return 0


def coverage(book) -> dict:
    """Counts of encoded / descriptive / not yet rules, per section file and in total; "in code"
    counts the not-yet rules whose entry names the interpreter modules that apply them."""
    sections: dict[str, dict] = {}
    for entry in book.entries.values():
        row = sections.setdefault(Path(entry.where.path).stem,
                                  {"encoded": 0, "descriptive": 0, "not yet": 0, "in code": 0})
        row[entry.status] += 1
        row["in code"] += entry.status == "not yet" and bool(entry.code)
    for row in sections.values():
        row["total"] = row["encoded"] + row["descriptive"] + row["not yet"]
    keys = ("encoded", "descriptive", "not yet", "in code", "total")
    total = {key: sum(row[key] for row in sections.values()) for key in keys}
    return {"sections": dict(sorted(sections.items())), "total": total}
