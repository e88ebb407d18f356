"""The rules as data: loads rules_data/ (token definitions, defaults, keywords, zones, scoring).

Nothing the rules decide is written in Python: token stats come from the rule-187
definitions (parsed by the grammar's ``token_definition`` start rule), entry states,
default zones, owners and controllers from defaults.yaml, keywords from keywords.yaml.
A ``RulesData`` can be loaded from any folder, so a modified copy changes behaviour.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from .diagnostics import Diagnostic, InputError
from .nodes import TokenDefinition
from .parse import parse
from .resources import rules_data_dir
from .transform import DslTransformer


@dataclass(frozen=True)
class TokenRule:
    """One rule-187 token definition: its rule id and its parsed statement."""

    rule: str
    definition: TokenDefinition

    @property
    def name(self) -> str:
        return " ".join(self.definition.name)


class RulesData:
    """The rules_data folder, read once: tokens, defaults and keywords."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.defaults: dict = _load_yaml(self.folder / "defaults.yaml")
        self.keywords: dict = _load_yaml(self.folder / "keywords.yaml")
        self.tokens: dict[str, TokenRule] = _load_tokens(self.folder / "tokens.yaml")
        self.actions: dict = _load_yaml(self.folder / "actions.yaml")
        game = _load_yaml(self.folder / "game.yaml")
        self.zones: dict = game["zones"]
        self.token_zones: dict = game["token_zones"]
        self.new_object_rule: str = game["new_object_rule"]
        self.scoring: dict = game["scoring"]

    def keyword(self, name: str) -> dict | None:
        """The definition of keyword ``name`` (case as printed), or None."""
        return self.keywords.get(name)

    def reminder(self, name: str, value: int | None = None, cost: str | None = None,
                 domain: str | None = None) -> str | None:
        """The reminder text of keyword ``name`` (135.2.d), without parentheses, or None.

        The text comes only from the keyword's ``reminder`` template in keywords.yaml.
        """
        definition = self.keywords.get(name)
        if definition is None or "reminder" not in definition:
            return None
        return render_reminder(definition["reminder"], value, cost, domain)


def render_reminder(template: str, value: int | None = None, cost: str | None = None,
                    domain: str | None = None) -> str:
    """Fill a reminder template's placeholders ({value}, {power}, {cost}, {domain})."""
    number = 1 if value is None else value  # 807.1.b.3, 809.1.b.3: an omitted X is 1
    fields = {"value": str(number), "power": "[A]" * number,
              "cost": cost if cost is not None else "[Cost]", "domain": domain or "[C]"}  # 135.2.e.6
    return template.format_map(fields)


@cache
def default_rules() -> RulesData:
    """The rules_data shipped with the project."""
    return RulesData(rules_data_dir())


def _load_yaml(path: Path):
    try:
        text = path.read_text(encoding="utf-8")
        return yaml.safe_load(text)
    except OSError as error:
        raise InputError(Diagnostic("E100", f"cannot read rules data: {error.strerror}", str(path), 1, 1,
                                    help="expected the rules_data folder to hold this file")) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise InputError(Diagnostic("E101", f"rules data is not valid YAML: {getattr(error, 'problem', error)}",
                                    str(path), line, column, help="expected a YAML mapping or list")) from None


def _load_tokens(path: Path) -> dict[str, TokenRule]:
    """Parse every rule-187 definition; a statement that does not parse names its file and line."""
    text = path.read_text(encoding="utf-8")
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    tokens: dict[str, TokenRule] = {}
    for item in node.value if node else ():
        fields = {key.value: value for key, value in item.value}
        rule, statement = fields["rule"].value, fields["text"]
        try:
            tree = parse(statement.value, start="token_definition", path=str(path))
        except InputError as error:
            diagnostic = error.diagnostic
            line = statement.start_mark.line + diagnostic.line
            column = statement.start_mark.column + diagnostic.column + 1
            raise InputError(Diagnostic(diagnostic.code, f"rule {rule}: {diagnostic.message}", str(path),
                                        line, column, text.splitlines()[line - 1], diagnostic.help)) from None
        token = TokenRule(rule, DslTransformer().transform(tree))
        tokens[token.name] = token
    return tokens
