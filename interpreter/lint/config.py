"""Lint settings: ``[tool.riftbound.lint]`` in pyproject.toml, then the command line.

Keys: ``select`` (codes or prefixes to run; default: every rule on by default),
``extend-select`` (add rules, e.g. the off-by-default RB206), ``ignore``,
``quote-style`` (consistent | straight | curly), ``max-file-size`` (bytes), and the
table ``per-file-ignores`` (glob relative to the pyproject folder -> codes), as in ruff.
A code prefix selects every rule it starts: ``RB2`` is the keyword rules, ``ALL`` all.
The nearest pyproject.toml above the first path linted is used (else above the
working folder), or the file ``--config`` names.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fnmatch import fnmatch
from pathlib import Path

from interpreter.base.diagnostics import Diagnostic, InputError
from .registry import RULES, codes_matching

_KEYS = {"select", "extend-select", "ignore", "quote-style", "max-file-size", "per-file-ignores"}
QUOTE_STYLES = ("consistent", "straight", "curly")


@dataclass(frozen=True)
class LintConfig:
    """Which rules run, and the options some rules read."""

    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    quote_style: str = "consistent"
    max_file_size: int = 2 * 1024 * 1024
    source: str = "defaults"
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    root: Path | None = None
    enabled: frozenset[str] = field(default=frozenset(), compare=False)

    def ignored_in(self, path: Path) -> frozenset[str]:
        """Codes ``per-file-ignores`` turns off for ``path``."""
        if not self.per_file_ignores:
            return frozenset()
        resolved = Path(path).resolve()
        try:
            relative = resolved.relative_to(self.root).as_posix() if self.root else Path(path).as_posix()
        except ValueError:
            relative = Path(path).as_posix()
        return frozenset(code for pattern, codes in self.per_file_ignores if fnmatch(relative, pattern)
                         for code in _codes(codes, self.source))

    def resolve(self) -> "LintConfig":
        """The same settings with ``enabled``, the codes that run, worked out."""
        if self.select is None:
            chosen = {rule.code for rule in RULES if rule.default}
        else:
            chosen = set(_codes(self.select, self.source))
        chosen |= set(_codes(self.extend_select, self.source))
        chosen -= set(_codes(self.ignore, self.source))
        return replace(self, enabled=frozenset(chosen))


def _codes(selectors, where: str) -> list[str]:
    found = []
    for selector in selectors:
        codes = codes_matching(str(selector))
        if not codes:
            raise InputError(Diagnostic("E020", f"unknown rule code or prefix {selector!r}", where, 1, 1,
                                        help="expected a code such as RB101, a prefix such as RB1, or ALL "
                                             "(riftbound lint --explain CODE describes a rule)"))
        found.extend(codes)
    return found


def find_pyproject(start: Path) -> Path | None:
    for folder in (start, *start.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def load_config(path: Path | None) -> LintConfig:
    """Settings from ``[tool.riftbound.lint]`` of ``path`` (defaults when there is none)."""
    if path is None:
        return LintConfig()
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(Diagnostic("E021", f"cannot read configuration: {error}", str(path), 1, 1,
                                    help="expected a readable pyproject.toml")) from None
    except tomllib.TOMLDecodeError as error:
        raise InputError(Diagnostic("E021", f"invalid TOML: {error}", str(path), 1, 1,
                                    help="expected a valid pyproject.toml")) from None
    section = data.get("tool", {}).get("riftbound", {}).get("lint", {})
    return replace(_from_table(section, str(path)), root=path.resolve().parent)


def _from_table(section: dict, where: str) -> LintConfig:
    unknown = sorted(set(section) - _KEYS)
    if unknown:
        raise InputError(Diagnostic("E021", f"unknown [tool.riftbound.lint] key {unknown[0]!r}", where, 1, 1,
                                    help="expected one of: " + ", ".join(sorted(_KEYS))))
    lists = {}
    for key in ("select", "extend-select", "ignore"):
        value = section.get(key)
        if value is not None and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise InputError(Diagnostic("E021", f"{key} must be a list of rule codes", where, 1, 1,
                                        help=f'expected e.g. {key} = ["RB101", "RB2"]'))
        lists[key] = value
    quote_style = section.get("quote-style", "consistent")
    if quote_style not in QUOTE_STYLES:
        raise InputError(Diagnostic("E021", f"quote-style must be one of {', '.join(QUOTE_STYLES)}", where, 1, 1,
                                    help='expected e.g. quote-style = "consistent"'))
    size = section.get("max-file-size", LintConfig.max_file_size)
    if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
        raise InputError(Diagnostic("E021", "max-file-size must be a positive number of bytes", where, 1, 1,
                                    help="expected e.g. max-file-size = 2097152"))
    return LintConfig(tuple(lists["select"]) if lists["select"] is not None else None,
                      tuple(lists["extend-select"] or ()), tuple(lists["ignore"] or ()), quote_style, size, where,
                      _per_file(section.get("per-file-ignores", {}), where))


def _per_file(table, where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if not isinstance(table, dict) or not all(isinstance(codes, list) and all(isinstance(c, str) for c in codes)
                                              for codes in table.values()):
        raise InputError(Diagnostic("E021", "per-file-ignores must map file globs to lists of rule codes", where, 1, 1,
                                    help='expected e.g. [tool.riftbound.lint.per-file-ignores] "cards/*" = ["RB203"]'))
    for codes in table.values():
        _codes(codes, where)             # unknown codes are an error now, not when a file matches
    return tuple((pattern, tuple(codes)) for pattern, codes in table.items())


def with_options(config: LintConfig, select=None, extend_select=None, ignore=None) -> LintConfig:
    """Command-line options over the file's settings (``--select`` replaces, the others add)."""
    return replace(config,
                   select=tuple(select) if select else config.select,
                   extend_select=config.extend_select + tuple(extend_select or ()),
                   ignore=config.ignore + tuple(ignore or ()),
                   source="command line" if (select or extend_select or ignore) else config.source)
