"""The rule book: the numbered rules of rules_data/rules/*.yaml, checked and parsed.

Each entry has an ``id``, the rule's ``text`` (and ``title`` for headings), the rules it
refers to (``see``), and one classification:

- ``encoding``: one or more DSL statements, parsed from the start rule ``rule_statement``
  (or ``token_definition`` when the entry says ``start:``);
- ``data``: the name of a file of the rules_data folder that keeps the rule's meaning
  (``actions.yaml``, ``vocabulary.yaml``); the rule counts as encoded;
- ``descriptive``: a one-line reason why no program could run or check the rule;
- ``not_yet``: a one-line reason saying what would apply the rule (the tool does not yet).

``code`` (a list of modules under interpreter/) may go with ``not_yet``, or stand alone:
the runtime applies the rule in those modules, which cite its id, but not from data.

Bad data stops the load with one diagnostic at the file and line concerned: a duplicate
id, a reference to a rule that does not exist, a statement that does not parse, a cycle
of "see rule" references, a rule with both an encoding and a reason.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from interpreter.base.diagnostics import Diagnostic, InputError, line_of
from interpreter.language.parse import parse

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C build of the safe loader when present
_KEYS = {"id", "title", "text", "see", "encoding", "descriptive", "start", "data", "not_yet", "code"}
_CLASSES = ("encoding", "data", "descriptive", "not_yet")  # an entry has at most one of them
_STARTS = ("rule_statement", "token_definition")
INDEX_FILE = "index.txt"


@dataclass(frozen=True, slots=True)
class Where:
    """A place in a rules_data file."""

    path: str
    line: int
    column: int = 1


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """One numbered rule as kept in rules_data."""

    id: str
    title: str | None
    text: str
    see: tuple[str, ...]
    encoding: tuple[str, ...]
    statements: tuple
    descriptive: str | None
    start: str
    where: Where
    statement_wheres: tuple = ()
    data: str | None = None
    not_yet: str | None = None
    code: tuple[str, ...] = ()

    @property
    def status(self) -> str:
        """encoded (in the DSL or a data file), descriptive or not yet."""
        if self.encoding or self.data:
            return "encoded"
        return "descriptive" if self.descriptive else "not yet"

    @property
    def reason(self) -> str | None:
        """Why a rule is descriptive or not yet (for a rule applied in code, where)."""
        if self.descriptive or self.not_yet:
            return self.descriptive or self.not_yet
        if self.code and self.status == "not yet":
            return f"applied in code ({len(self.code)} module{'s' * (len(self.code) > 1)} cite it), not yet as data"
        return None

    @property
    def section(self) -> str:
        return self.id.split(".")[0]


class RuleBook:
    """Every rule entry of a rules_data folder, by id, in file order."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.entries: dict[str, RuleEntry] = {}
        self.files: list[str] = []
        raw = _read_all(self.folder / "rules")
        known = index_ids(self.folder / "rules" / INDEX_FILE)
        for path, text, node in raw:
            self.files.append(path)
            for item in node.value if node is not None else ():
                self._add(_entry(path, text, item))
        _check_references(self.entries, known | set(self.entries), raw)
        _check_cycles(self.entries, raw)

    def _add(self, entry: RuleEntry) -> None:
        first = self.entries.get(entry.id)
        if first is not None:
            _fail("E111", f"rule {entry.id} appears twice", entry.where, _source(entry.where),
                  f"expected each rule id once; the first {entry.id} is at {first.where.path}:{first.where.line}")
        self.entries[entry.id] = entry

    def get(self, rule_id: str) -> RuleEntry | None:
        return self.entries.get(rule_id)

    def statements(self, kind: str):
        """(rule id, statement) for every parsed statement of ``kind``, in rule order."""
        for entry in self.entries.values():
            for statement in entry.statements:
                if getattr(statement, "kind", None) == kind:
                    yield entry.id, statement

    def where(self, rule_id: str, statement) -> Where:
        """Where a statement of a rule is written (for diagnostics about its meaning)."""
        entry = self.entries[rule_id]
        for candidate, where in zip(entry.statements, entry.statement_wheres):
            if candidate is statement:
                return where
        return entry.where

    def fail(self, code: str, message: str, rule_id: str, statement, help: str):
        """Stop with a diagnostic at a statement whose words parse but mean nothing known."""
        where = self.where(rule_id, statement)
        _fail(code, f"rule {rule_id}: {message}", where, _source(where), help)

    def children(self, rule_id: str) -> list[RuleEntry]:
        """The rules directly under ``rule_id``: 107 -> 107.1, 107.2 ...; a top-level heading such
        as 179 (Tokens) -> the top-level rules after it up to the next heading (180-187)."""
        depth = rule_id.count(".") + 1
        prefix = rule_id + "."
        found = [e for e in self.entries.values() if e.id.startswith(prefix) and e.id.count(".") == depth]
        entry = self.entries.get(rule_id)
        if found or entry is None or not entry.title or "." in rule_id:
            return found
        return self._section_after(entry)

    def _section_after(self, heading: RuleEntry) -> list[RuleEntry]:
        tops = [e for e in self.entries.values() if "." not in e.id and e.where.path == heading.where.path]
        after = tops[tops.index(heading) + 1:]
        section = []
        for entry in after:
            if entry.title:
                break
            section.append(entry)
        return section


def _read_all(folder: Path) -> list[tuple[str, str, yaml.Node]]:
    if not folder.is_dir():
        raise InputError(Diagnostic("E100", "no rules folder", str(folder), 1, 1,
                                    help="expected rules_data/rules/ with one YAML file per section"))
    out = []
    for path in sorted(folder.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        try:
            node = yaml.compose(text, Loader=_LOADER)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            where = Where(str(path), mark.line + 1, mark.column + 1) if mark else Where(str(path), 1)
            _fail("E101", f"rules data is not valid YAML: {getattr(error, 'problem', error)}", where,
                  line_of(text, where.line), "expected a list of rules, one `- id: ...` mapping each")
        if node is not None and not isinstance(node, yaml.SequenceNode):
            _fail("E102", "a rules file must be a list of rules", Where(str(path), node.start_mark.line + 1),
                  line_of(text, node.start_mark.line + 1), "expected `- id: \"107.1\"` entries")
        out.append((str(path), text, node))
    return out


def index_ids(path: Path) -> set[str]:
    """Every rule id of the Core Rules, when the folder has the index."""
    if not path.exists():
        return set()
    return {line.strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}


def _entry(path: str, text: str, item: yaml.Node) -> RuleEntry:
    where = Where(path, item.start_mark.line + 1, item.start_mark.column + 1)
    if not isinstance(item, yaml.MappingNode):
        _fail("E102", "a rule must be a mapping", where, line_of(text, where.line),
              "expected `- id: \"107.1\"` followed by `text:` and `encoding:` or `descriptive:`")
    fields = {}
    for key, value in item.value:
        if key.value not in _KEYS:
            _fail("E103", f"unknown key {key.value!r}", _at(path, key), line_of(text, key.start_mark.line + 1),
                  "expected one of " + ", ".join(sorted(_KEYS)))
        fields[key.value] = value
    rule_id = _rule_id(path, text, fields, where)
    encoding_nodes = _strings(fields.get("encoding"))
    descriptive = fields.get("descriptive")
    _check_classes(path, text, rule_id, fields)
    data = _data_file(path, text, rule_id, fields.get("data"))
    code = _code(path, text, rule_id, fields)
    start = fields["start"].value if "start" in fields else "rule_statement"
    if start not in _STARTS:
        _fail("E105", f"unknown start rule {start!r}", _at(path, fields["start"]),
              line_of(text, fields["start"].start_mark.line + 1), "expected " + " or ".join(_STARTS))
    statements = tuple(_statement(path, text, rule_id, node, start) for node in encoding_nodes)
    see = tuple(str(node.value) for node in _strings(fields.get("see")))
    wheres = tuple(_at(path, node) for node in encoding_nodes)
    return RuleEntry(rule_id, _value(fields.get("title")), _value(fields.get("text")) or "", see,
                     tuple(node.value for node in encoding_nodes), statements,
                     _reason(path, text, descriptive), start, where, wheres, data,
                     _reason(path, text, fields.get("not_yet")), code)


_NAMES = {"encoding": "an encoding", "data": "a data file", "descriptive": "a descriptive reason",
          "not_yet": "a not-yet reason"}


def _check_classes(path: str, text: str, rule_id: str, fields: dict) -> None:
    """At most one of encoding / data / descriptive / not_yet; ``code`` only beside not_yet."""
    present = [key for key in _CLASSES if key in fields]
    if len(present) > 1:
        first, second = present[:2]
        node = fields[second]
        _fail("E104", f"rule {rule_id} has both {_NAMES[first]} and {_NAMES[second]}", _at(path, node),
              line_of(text, node.start_mark.line + 1), f"expected one of them: drop `{first}:` or `{second}:`")
    if "code" in fields and present and present[0] != "not_yet":
        node = fields["code"]
        _fail("E104", f"rule {rule_id} has both {_NAMES[present[0]]} and `code`", _at(path, node),
              line_of(text, node.start_mark.line + 1),
              "expected `code:` alone or beside `not_yet:` (a rule encoded as data needs no code list)")


def _data_file(path: str, text: str, rule_id: str, node) -> str | None:
    """The rules_data file named by ``data:``; it must exist in the folder above rules/."""
    if node is None:
        return None
    name = str(node.value)
    folder = Path(path).parent.parent
    if not isinstance(node, yaml.ScalarNode) or "/" in name or "\\" in name or not (folder / name).is_file():
        files = sorted(p.name for p in folder.iterdir() if p.is_file() and p.suffix == ".yaml")
        _fail("E113", f"rule {rule_id}: no data file {name!r} in {folder}", _at(path, node),
              line_of(text, node.start_mark.line + 1),
              "expected the name of a file of the rules_data folder: " + (", ".join(files) or "(none there)"))
    return name


def _reason(path: str, text: str, node) -> str | None:
    """A one-line, non-empty reason (``descriptive:`` or ``not_yet:``)."""
    if node is None:
        return None
    value = str(node.value) if isinstance(node, yaml.ScalarNode) else ""
    if not value.strip() or "\n" in value:
        _fail("E114", "a reason must be one non-empty line", _at(path, node), line_of(text, node.start_mark.line + 1),
              "expected a short sentence, e.g. `not_yet: \"deck building is not checked; scenarios start after it\"`")
    return value


def _code(path: str, text: str, rule_id: str, fields: dict) -> tuple[str, ...]:
    """The modules named by ``code:`` (paths under interpreter/, e.g. engine/cleanup.py)."""
    nodes = _strings(fields.get("code"))
    for node in nodes:
        if not isinstance(node, yaml.ScalarNode) or not str(node.value).endswith(".py"):
            _fail("E115", f"rule {rule_id}: `code` lists modules", _at(path, node),
                  line_of(text, node.start_mark.line + 1),
                  "expected paths of modules under interpreter/, e.g. `code: [\"engine/cleanup.py\"]`")
    return tuple(str(node.value) for node in nodes)


def _rule_id(path: str, text: str, fields: dict, where: Where) -> str:
    node = fields.get("id")
    if node is None:
        _fail("E102", "a rule without an id", where, line_of(text, where.line), "expected `id: \"107.1\"`")
    if getattr(node, "tag", "").endswith(("float", "int")):
        _fail("E106", f"rule id {node.value} is a number", _at(path, node), line_of(text, node.start_mark.line + 1),
              "expected the id in quotes, e.g. \"170.10\" (YAML reads 170.10 as 170.1)")
    return str(node.value)


def _strings(node) -> list:
    """A scalar or a list of scalars, as scalar nodes."""
    if node is None:
        return []
    return list(node.value) if isinstance(node, yaml.SequenceNode) else [node]


def _value(node):
    return None if node is None else str(node.value)


def _statement(path: str, text: str, rule_id: str, node: yaml.ScalarNode, start: str):
    """Parse one encoded statement; an error points into the YAML file."""
    from interpreter.language.transform import DslTransformer

    try:
        tree = parse(str(node.value), start=start, path=path)
    except InputError as error:
        inner = error.diagnostic
        quoted = 1 if node.style in ('"', "'") else 0
        where = Where(path, node.start_mark.line + inner.line,
                      node.start_mark.column + quoted + inner.column if inner.line == 1 else inner.column)
        _fail(inner.code, f"rule {rule_id}: {inner.message}", where, line_of(text, where.line), inner.help)
    return DslTransformer().transform(tree)


def _check_references(entries: dict[str, RuleEntry], known: set[str], raw) -> None:
    """Every "see rule" reference names a rule of the Core Rules or of rules_data."""
    for entry in entries.values():
        for target in entry.see:
            if target not in known:
                where = _see_where(entry, raw)
                _fail("E107", f"rule {entry.id} refers to rule {target}, which does not exist", where,
                      _source(where), "expected the id of a rule of the Core Rules, e.g. \"197\" or \"318.2.a\"")


def _check_cycles(entries: dict[str, RuleEntry], raw) -> None:
    """No chain of "see rule" references leads back to where it started."""
    import networkx

    graph = networkx.DiGraph()
    graph.add_edges_from((entry.id, target) for entry in entries.values() for target in entry.see)
    try:
        cycle = networkx.find_cycle(graph)
    except networkx.NetworkXNoCycle:
        return
    path = " -> ".join([edge[0] for edge in cycle] + [cycle[0][0]])
    entry = entries[cycle[0][0]]
    where = _see_where(entry, raw)
    _fail("E108", f"the \"see rule\" references form a cycle: {path}", where, _source(where),
          "expected references that end somewhere; drop one reference of the cycle")


def _see_where(entry: RuleEntry, raw) -> Where:
    """The line of an entry's `see:` key (its `- id:` line when there is none)."""
    for path, text, _node in raw:
        if path != entry.where.path:
            continue
        lines = text.splitlines()
        for number in range(entry.where.line, min(len(lines), entry.where.line + 40) + 1):
            if lines[number - 1].lstrip().startswith("see:"):
                return Where(path, number, lines[number - 1].index("see:") + 1)
            if number > entry.where.line and lines[number - 1].startswith("- "):
                break
    return entry.where


def _at(path: str, node) -> Where:
    return Where(path, node.start_mark.line + 1, node.start_mark.column + 1)


def _source(where: Where) -> str:
    try:
        return line_of(Path(where.path).read_text(encoding="utf-8"), where.line)
    except OSError:
        return ""


def _fail(code: str, message: str, where: Where, source_line: str, help: str):
    raise InputError(Diagnostic(code, message, where.path, where.line, where.column, source_line, help))
