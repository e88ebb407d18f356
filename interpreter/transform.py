"""Transform stage: parse trees to AST nodes, one Transformer per grammar file.

Each class has one method per rule or alias of its grammar file and only builds
nodes (no game logic, no rules_data). ``DslTransformer`` joins them for the whole
grammar.
"""
from __future__ import annotations

import re

from lark import Token, Transformer, v_args

from . import nodes as n
from .nodes import Span

_KEYWORD = re.compile(r"\[(?P<name>.+?)(?: (?P<value>\d+))?\]")
_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def keyword_ref(token: Token) -> n.KeywordRef:
    """``[Assault 2]`` -> KeywordRef(Assault, 2)."""
    match = _KEYWORD.fullmatch(str(token))
    value = match.group("value")
    return n.KeywordRef(Span.of(token), match.group("name"), int(value) if value else None)


def _first(children, kind):
    return next((child for child in children if isinstance(child, kind)), None)


@v_args(meta=True)
class EffectsTransformer(Transformer):
    """Builds instruction nodes from ``grammar/effects.lark``."""

    def effect_text(self, meta, children):
        return children[0]

    def effect_body(self, meta, children):
        return n.EffectBody(Span.of(meta), tuple(children))

    def optional(self, meta, children):
        return n.Optional(Span.of(meta), children[0])

    def if_you_do(self, meta, children):
        return n.IfYouDo(Span.of(meta), children[0])

    def add_resources(self, meta, children):
        return n.AddResources(Span.of(meta), tuple(children))

    def banish(self, meta, children):
        return n.Banish(Span.of(meta), children[0])

    def give_keyword(self, meta, children):
        target, keyword, *rest = children
        return n.GiveKeyword(Span.of(meta), target, keyword_ref(keyword), rest[0] if rest else None)

    def replace_object(self, meta, children):
        return n.ReplaceObject(Span.of(meta), children[0], children[1])

    def _token_instruction(self, verb, meta, children):
        token, *modifiers = children
        return n.TokenInstruction(Span.of(meta), verb, token, tuple(modifiers))

    def play_token(self, meta, children):
        return self._token_instruction("play", meta, children)

    def create_token(self, meta, children):
        return self._token_instruction("create", meta, children)

    def add_token(self, meta, children):
        return self._token_instruction("add", meta, children)

    def token_phrase(self, meta, children):
        quantity = children[0]
        state = _first(children, n.EntryState)
        might = next((c for c in children if isinstance(c, tuple) and c and c[0] == "might"), None)
        name = next(c for c in children if isinstance(c, tuple) and c and c[0] == "name")
        card_type = next((c for c in children if isinstance(c, str)), None)
        return n.TokenPhrase(Span.of(meta), quantity, state.state if state else None,
                             might[1] if might else None, name[1], card_type, name[2])

    def granted_keywords(self, meta, children):
        return n.Granted(Span.of(meta), children[0])

    def quantity_one(self, meta, children):
        return 1

    def quantity_the(self, meta, children):
        return None

    def quantity_number(self, meta, children):
        return int(children[0])

    def quantity_word(self, meta, children):
        return children[0]

    def count_word(self, meta, children):
        return _COUNT_WORDS[str(children[0]).lower()]

    def entry_state(self, meta, children):
        return n.EntryState(Span.of(meta), str(children[0]).lower())

    def might_stat(self, meta, children):
        return ("might", int(children[0]))

    def name(self, meta, children):
        return ("name", tuple(str(word) for word in children), Span.of(meta))

    def card_type(self, meta, children):
        return str(children[0]).lower()

    def card_type_plural(self, meta, children):
        word = str(children[0]).lower()
        return word[:-1] if word.endswith("s") else word

    def keyword_list(self, meta, children):
        return tuple(keyword_ref(token) for token in children)

    def here(self, meta, children):
        return n.Place(Span.of(meta), "here")

    def there(self, meta, children):
        return n.Place(Span.of(meta), "there")

    def your_base(self, meta, children):
        return n.Place(Span.of(meta), "your_base")

    def your_trash(self, meta, children):
        return n.Place(Span.of(meta), "your_trash")

    def the_board(self, meta, children):
        return n.Place(Span.of(meta), "the_board")

    def energy_resource(self, meta, children):
        return n.Resource(Span.of(meta), "energy", str(children[0])[1:-1])

    def power_resource(self, meta, children):
        return n.Resource(Span.of(meta), "power", str(children[0])[1:-1])

    def object_choice(self, meta, children):
        quantity, card_type, *zone = children
        return n.ObjectChoice(Span.of(meta), quantity, card_type, zone[0] if zone else None)

    def self_ref(self, meta, children):
        return n.ObjectRef(Span.of(meta), "self")

    def replaced_object(self, meta, children):
        return n.ObjectRef(Span.of(meta), "replaced", children[0])

    def this_turn(self, meta, children):
        return "this_turn"


@v_args(meta=True)
class AbilitiesTransformer(Transformer):
    """Builds ability and card-text nodes from ``grammar/abilities.lark``."""

    def card_text(self, meta, children):
        return n.CardText(Span.of(meta), tuple(children))

    def card_line(self, meta, children):
        ability, *reminder = children
        return n.CardLine(Span.of(meta), ability, str(reminder[0]) if reminder else None)

    def reminder_line(self, meta, children):
        return n.CardLine(Span.of(meta), None, str(children[0]))

    def keyword_ability(self, meta, children):
        keyword, *values = children
        resources = tuple(n.Resource(Span.of(v), "energy" if v.type == "ENERGY" else "power", str(v)[1:-1])
                          for v in values)
        return n.KeywordAbility(Span.of(meta), keyword_ref(keyword), resources)

    def keyworded(self, meta, children):
        keyword, separator, body = children
        return n.Keyworded(Span.of(meta), keyword_ref(keyword), body, str(separator).strip())

    def triggered(self, meta, children):
        return n.Triggered(Span.of(meta), children[0], children[1])

    def you_play_me(self, meta, children):
        return "you_play_me"

    def i_move(self, meta, children):
        return "i_move"

    def i_move_to_battlefield(self, meta, children):
        return "i_move_to_battlefield"

    def i_attack(self, meta, children):
        return "i_attack"

    def you_hold_here(self, meta, children):
        return "you_hold_here"

    def you_score_here(self, meta, children):
        return "you_score_here"

    def activated(self, meta, children):
        costs = tuple(c for c in children if isinstance(c, n.Cost))
        timing = _first(children, n.KeywordRef)
        return n.Activated(Span.of(meta), costs, timing, children[-1])

    def timing_keyword(self, meta, children):
        return keyword_ref(children[0])

    def energy_cost(self, meta, children):
        return n.Cost(Span.of(meta), "energy", str(children[0])[1:-1])

    def power_cost(self, meta, children):
        return n.Cost(Span.of(meta), "power", str(children[0])[1:-1])

    def exhaust_cost(self, meta, children):
        return n.Cost(Span.of(meta), "exhaust")

    def kill_self_cost(self, meta, children):
        return n.Cost(Span.of(meta), "kill_self")

    def static_might(self, meta, children):
        group, *rest = children
        place = _first(rest, n.Place)
        return n.StaticMight(Span.of(meta), group, place, rest[-1])

    def unit_group(self, meta, children):
        tags = children[0] if len(children) == 2 else ()
        return n.UnitGroup(Span.of(meta), tags, children[-1])

    def tag_list(self, meta, children):
        return tuple(str(word) for word in children)

    def might_increase(self, meta, children):
        return int(children[1])

    def might_decrease(self, meta, children):
        return -int(children[1])

    def move_permission(self, meta, children):
        return n.MovePermission(Span.of(meta), children[0], children[1])

    def instructions(self, meta, children):
        return n.Instructions(Span.of(meta), children[0])


@v_args(meta=True)
class DefinitionsTransformer(Transformer):
    """Builds rules statements from ``grammar/definitions.lark``."""

    def token_definition(self, meta, children):
        head, card_type, *rest = children
        traits = next((c for c in rest if isinstance(c, tuple) and all(isinstance(t, n.TokenTrait) for t in c)), ())
        see_rules = tuple(c for c in rest if isinstance(c, str))
        head, head_keyword = head if isinstance(head, tuple) else (head, None)
        return n.TokenDefinition(Span.of(meta), head, head_keyword, card_type, traits, see_rules)

    def token_head(self, meta, children):
        might = next((c[1] for c in children if isinstance(c, tuple) and c[0] == "might"), None)
        name = next(c[1] for c in children if isinstance(c, tuple) and c[0] == "name")
        card_type = next((c for c in children if isinstance(c, str)), None)
        keyword = next((str(c) for c in children if isinstance(c, Token) and c.type == "WORD"), None)
        phrase = n.TokenPhrase(Span.of(meta), 1, None, might, name, card_type)
        return (phrase, keyword) if keyword else phrase

    def token_traits(self, meta, children):
        return tuple(children)

    def might_trait(self, meta, children):
        return n.TokenTrait(Span.of(meta), "might", int(children[0]))

    def tag_trait(self, meta, children):
        return n.TokenTrait(Span.of(meta), "tag", str(children[0]))

    def keyword_trait(self, meta, children):
        return n.TokenTrait(Span.of(meta), "keyword", str(children[0]))

    def ability_trait(self, meta, children):
        ability = next(c for c in children if isinstance(c, n.Node))
        return n.TokenTrait(Span.of(meta), "ability", ability)

    def see_rule(self, meta, children):
        return str(children[0])


from .transform_statements import StatementsTransformer  # noqa: E402  (statements.lark)


class DslTransformer(EffectsTransformer, AbilitiesTransformer, DefinitionsTransformer, StatementsTransformer):
    """The transformer of the whole grammar: the three above and the rules statements, joined."""
