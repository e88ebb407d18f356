"""The rules as data: RulesData, the tables the interpreter reads, built from rules_data/rules/.

Nothing the rules decide is written in Python. The numbered rules of rules_data/rules/*.yaml
carry DSL statements (grammar/statements.lark, and definitions.lark for the rule-187 tokens);
``rules.model`` turns them into the tables below, each entry citing its rule:

- ``tokens``: rule-187 token definitions by name;
- ``defaults``: entry states, creation zones, play destinations, owner and controller (143.4, 149, 182-185, 439);
- ``keywords``: kind, value, reminder template and meaning of each keyword (800-829);
- ``zones``, ``token_zones``, ``new_object_rule``: zone properties (106-109, 186.1, 124);
- ``scoring``: victory score and the win check (194-195);
- ``layers``, ``layer_rules``, ``might``, ``power_symbols``, ``rune_pool``, ``cleanup``,
  ``cannot``, ``replacement``, ``chain_opening``, ``death_trigger``, ``categories``, ``timing``, ``standard_move``, ``recycle``, ``control``, ``privacy``;
- ``turn``: phases and steps, turn states, priority and focus (301-348, 463-472; rules/turn_model.py).

A ``RulesData`` can be loaded from any folder, so a modified copy changes behaviour. The
parsed rule book is kept in a cache file keyed by the content of the rules and grammar
files, so a start-up does not parse every statement again.

NOTE: rules_data/game.yaml keeps only the ``runtime`` values the game-state runtime reads
directly; everything else it held is now encoded in the rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from interpreter.language.lexicon import Lexicon, load_lexicon
from interpreter.language.nodes import TokenDefinition
from .cache import load_book
from .model import RulesModel
from interpreter.base.resources import rules_data_dir


@dataclass(frozen=True)
class TokenRule:
    """One rule-187 token definition: its rule id and its parsed statement."""

    rule: str
    definition: TokenDefinition

    @property
    def name(self) -> str:
        return " ".join(self.definition.name)


class RulesData:
    """A rules_data folder, read once: every table the interpreter takes from the rules."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.book = load_book(self.folder)
        model = RulesModel(self.book)
        self.model = model
        self.tokens: dict[str, TokenRule] = _tokens(self.book)
        self.defaults: dict = model.defaults
        self.keywords: dict = model.keywords
        self.zones: dict = model.zones
        self.token_zones: dict = model.token_zones
        self.new_object_rule: str | None = next((r for r, _ in self.book.statements("new_object")), None)
        self.new_object_clears: dict = _clears(self.book)
        self.scoring: dict = model.scoring
        self.layers: list[dict] = model.layers
        self.layer_rules: dict = model.layer_rules
        self.might: dict = model.might
        self.power_symbols: dict = model.power_symbols
        self.rune_pool: dict = model.rune_pool
        self.cleanup: list[dict] = model.cleanup
        self.cannot: dict = model.cannot
        self.replacement: dict = model.replacement
        self.chain_opening: dict = model.chain_opening
        self.death_trigger: dict = model.death_trigger
        self.categories: dict = model.categories
        self.timing: dict = model.timing
        self.standard_move: dict = model.standard_move
        self.recycle: dict = model.recycle
        self.control: dict = model.control
        self.privacy: dict = model.privacy
        self.turn: dict = model.turn
        self.actions: dict = _actions(self.folder / "actions.yaml")
        self.lexicon: Lexicon = load_lexicon(self.folder)   # the words the language reads (actions, vocabulary)

    def keyword(self, name: str) -> dict | None:
        """The definition of keyword ``name`` (case as printed), or None."""
        return self.keywords.get(name)

    def reminder(self, name: str, value: int | None = None, cost: str | None = None,
                 domain: str | None = None) -> str | None:
        """The reminder text of keyword ``name`` (135.2.d), without parentheses, or None.

        The text comes only from the keyword's reminder statement in rules_data/rules/.
        """
        definition = self.keywords.get(name)
        if definition is None or "reminder" not in definition:
            return None
        omitted = definition.get("omitted", 1)
        return render_reminder(definition["reminder"], value if value is not None else omitted, cost, domain)

    def layer_order(self) -> list[str]:
        """Layer and sublayer names in the order they apply (477): 'arithmetic/increases' ..."""
        order = []
        for layer in self.layers:
            order.append(layer["name"])
            order.extend(f"{layer['name']}/{sub['name']}" for sub in layer["sublayers"])
        return order


def render_reminder(template: str, value: int | None = None, cost: str | None = None,
                    domain: str | None = None) -> str:
    """Fill a reminder template's placeholders ({value}, {power}, {cost}, {domain})."""
    number = 1 if value is None else value
    fields = {"value": str(number), "power": "[A]" * number,
              "cost": cost if cost is not None else "[Cost]", "domain": domain or "[C]"}  # 135.2.e.6
    return template.format_map(fields)


def default_rules() -> RulesData:
    """The rules data in use: the folder ``use_rules_folder`` chose, else the one shipped with the project."""
    return _ACTIVE.get("rules") or _shipped_rules()


@cache
def _shipped_rules() -> RulesData:
    return RulesData(rules_data_dir())


_ACTIVE: dict = {}


def use_rules_folder(folder: Path | None) -> RulesData:
    """Make the rules data of ``folder`` (None: the shipped one) the default of this process, its
    lexicon the one the language reads (``--rules-data DIR``)."""
    from interpreter.language.lexicon import use_folder

    if folder is None:
        _ACTIVE.clear()
        use_folder(None)
        return _shipped_rules()
    rules = RulesData(Path(folder))
    _ACTIVE["rules"] = rules
    use_folder(rules.folder)
    return rules


def _tokens(book) -> dict[str, TokenRule]:
    """Every rule-187 token definition (entries parsed from the start rule token_definition)."""
    tokens: dict[str, TokenRule] = {}
    for entry in book.entries.values():
        for statement in entry.statements:
            if isinstance(statement, TokenDefinition):
                token = TokenRule(entry.id, statement)
                tokens[token.name] = token
    return tokens


def _actions(path: Path) -> dict:
    """Game action verbs and the rule each cites (407-458), from rules_data/actions.yaml."""
    import yaml

    if not path.exists():
        return {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when present: ten times faster
    return yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}


def _clears(book) -> dict:
    """What a new object no longer has (124.1)."""
    for rule_id, statement in book.statements("new_object_loses"):
        return {"cleared": list(statement["cleared"]), "rule": rule_id}
    return {"cleared": [], "rule": None}
