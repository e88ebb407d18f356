"""Compile stage, tokens and playing (439, 179-187): create, add and play instructions.

A noun phrase whose head ends in "token" names a token: its characteristics come from
its rule-187 definition (encoded in rules_data/rules/), with the might the text states winning
over the definition's; every default (entry state, destination, owner, controller) comes
from the defaults table RulesData builds from the encoded rules, with the rule that decided
it. Other noun phrases are cards to play: a ``GameAction("play")``.
"""
from __future__ import annotations

from .base import replace

from . import effects as fx
from interpreter.language import nodes as n
from .base import CompileError, costs_of, union
from .objects import Scope, for_each, place, selector


def _error(span, message, help=""):
    return CompileError(span, message, help)


_union = union


def token_characteristics(compiler, name: str, span) -> fx.TokenCharacteristics:
    """The characteristics rule 187 gives the token ``name``."""
    token_rule = compiler.rules.tokens.get(name)
    if token_rule is None:
        known = ", ".join(sorted(compiler.rules.tokens))
        raise _error(span, f"unknown token {name}", f"expected a token defined in rule 187: {known}")
    return token_definition(compiler, token_rule.definition, token_rule.rule)


def token_definition(compiler, node: n.TokenDefinition, rule: str) -> fx.TokenCharacteristics:
    traits = {kind: [t for t in node.traits if t.kind == kind] for kind in ("might", "tag", "keyword", "ability")}
    might = traits["might"][0].value if traits["might"] else node.might
    keyword_names = [t.value for t in traits["keyword"]]
    if node.head_keyword and node.head_keyword not in keyword_names:
        keyword_names.append(node.head_keyword)
    keywords = tuple(compiler.keyword(n.KeywordRef(node.span, name)) for name in keyword_names)
    # a token's own text speaks of the token: its "this" is never an Equipment's effect text's (136.2.d)
    equipment, compiler.card_names.equipment = compiler.card_names.equipment, None
    try:
        abilities = tuple(a for t in traits["ability"] for a in compiler.abilities(t.value, node.card_type))
    finally:
        compiler.card_names.equipment = equipment
    return fx.TokenCharacteristics(node.span, (rule,), " ".join(node.name), node.card_type, might,
                                   tuple(t.value for t in traits["tag"]), keywords, abilities, unique=node.unique)


def play_or_create(compiler, node: n.Phrase, scope: Scope) -> fx.Effect:
    from .partial import ignored_cost_option
    np = node.parts[0]
    verb = {"play": "play", "create": "create", "add_object": "add"}[node.kind]
    if np.head is not None and np.head.token and not _named_before(np):
        made = TokenInstructionCompiler(compiler, node, np, verb, scope).compile()
        if isinstance(made, fx.CreateTokens):
            # "Play a Sand Soldier unit token. You may pay [Y] to ready it.": the tokens made are named (439.1)
            scope.remember(fx.Selector("all" if made.count > 1 or made.per else "the", count=made.count,
                                       types=(made.token.card_type,), names=(made.token.name,), token=True))
        return made
    options = node.parts[1:]
    target = selector(np, scope)
    scope.remember(target)
    if target.reference == "self" and verb == "play":
        scope.last = target        # "You may play this from your trash ... Then banish it": "it" is the card played
    destination = next((place(o.parts[0]) for o in options if isinstance(o, n.Phrase) and o.kind == "play_to"), None)
    if node.kind == "add_object":
        destination = place(node.parts[1])
    cost, ignored, keyword_cost = (), (), None
    for option in options:
        if isinstance(option, n.Phrase) and option.kind == "play_for":
            cost = costs_of(option.parts[0])
        if isinstance(option, n.Phrase) and option.kind == "play_for_keyword_cost":
            # "for its flow cost": the keyword is named without brackets, as the rules write it (829.1.b)
            word = option.parts[0].parts[0]
            ref = word if isinstance(word, n.KeywordRef) else n.KeywordRef(word.span, word.text.capitalize(), None)
            keyword_cost = compiler.keyword(ref)
        if isinstance(option, n.Phrase) and option.kind == "play_without_paying":
            # "without paying its Energy cost" is the older wording of "ignoring its Energy cost" (356.1.b.1)
            ignored = (ignored_cost_option(option.parts[0]),)
    # "you may play a gear ... this turn": a permission that lasts the turn
    duration = next((o.parts[0].text for o in options if isinstance(o, n.Phrase) and o.kind == "play_during"), None)
    # "play this spell again": the same card played once more (419)
    again = ("again",) if any(isinstance(o, n.Phrase) and o.kind == "play_again" for o in options) else ()
    return compiler.action(node.span, verb, objects=(target,), place=destination, cost=cost, options=again + ignored,
                           duration=duration, keyword_cost=keyword_cost)


def _named_before(np: n.NounPhrase) -> bool:
    """"play that token": a token the text or the event already named, not a new one (439.1)."""
    return np.determiner is not None and np.determiner.kind in ("that", "those")


_COUNTS = {"a": 1, "the": 1}


class TokenInstructionCompiler:
    """Decides every field of a create / add / play token instruction (439, 179-187)."""

    def __init__(self, compiler, node: n.Phrase, np: n.NounPhrase, verb: str, scope: Scope):
        self.compiler, self.node, self.np, self.verb, self.scope = compiler, node, np, verb, scope
        self.defaults = compiler.rules.defaults
        self.token = self._characteristics()
        self.place = self._place()
        self.state = self._state()
        # "with [K]" after a token grants the keyword (184.3), whichever phrase it attached to.
        granted = [o.parts[0] for o in node.parts[1:] if isinstance(o, n.Phrase) and o.kind == "play_with"]
        granted += [p.value.parts[0] for p in np.posts if p.kind == "with" and p.value.kind == "with_keyword"]
        self.granted = tuple(compiler.keyword(ref) for ref in granted)

    def _count(self) -> int:
        determiner = self.np.determiner
        if determiner is None or determiner.kind in _COUNTS:
            return 1
        if determiner.kind == "count" and determiner.count:
            return determiner.count
        raise _error(determiner.span, "a token instruction says how many tokens", "write “a”, “two”, “three” ...")

    def _characteristics(self) -> fx.TokenCharacteristics:
        """The rule-187 token, with the might the text gives when it gives one."""
        head = self.np.head
        name = " ".join(head.names)
        if not name:
            raise _error(head.span, "the token has no name", "name the token, e.g. “a 1 [M] Recruit unit token”")
        base = self.compiler.token(name, head.span)
        if head.noun and head.noun != base.card_type:
            raise _error(head.span, f"{name} is a {base.card_type} token, not a {head.noun}",
                         f"write “{name} {base.card_type} token” (rule {base.rules[0]})")
        stated = [p.parts[0] for p in self.np.premods if isinstance(p, n.Phrase) and p.kind == "might_stat"]
        # The text's stats win over the definition's (the linter flags the difference, 187).
        might = stated[0] if stated else base.might
        return replace(base, span=self.np.span, might=might)

    def _place(self) -> n.Place | None:
        places = [p.value for p in self.np.posts if p.kind == "place"]
        places += [o.parts[0] for o in self.node.parts[1:] if isinstance(o, n.Phrase) and o.kind == "play_to"]
        if self.verb == "add":
            places.append(self.node.parts[1])
        if len(places) > 1:
            raise _error(places[1].span, "the place is given twice", "name one place")
        return places[0] if places else None

    def _state(self) -> str | None:
        stated = [p.text for p in self.np.premods if isinstance(p, n.Word) and p.text in ("ready", "exhausted")]
        stated += [p.kind for p in self.np.posts if p.kind == "exhausted"]
        if len(stated) > 1:
            raise _error(self.np.span, "the entry state is given twice", "say ready or exhausted once")
        return stated[0] if stated else None

    def compile(self) -> fx.CreateTokens:
        card_type = self.token.card_type
        if self.verb == "play":
            zone = self.defaults["play_creation_zone"]
            created_to = fx.Destination(zone["zone"], None, tuple(zone["rules"]))
            played_to = self._destination(self.defaults["play_destination"], ("184.2",))
        else:
            created_to = self._destination(self.defaults["creation_zone"], (self.defaults["explicit_zone_rule"],))
            played_to = None
        enters = self._entry_state(card_type)
        owner = self.defaults["owner"]
        controllers = self.defaults["controller"]
        controller = controllers.get(card_type, controllers["default"])
        granted_rules = (self.defaults["granted_rule"],) if self.granted else ()
        decisions = (self.token.rules, created_to.rules, played_to.rules if played_to else (), enters.rules,
                     tuple(owner["rules"]), tuple(controller["rules"]), granted_rules,
                     *(k.rules for k in self.granted))
        per = next((o.parts[0] for o in self.node.parts[1:] if isinstance(o, n.Phrase) and o.kind == "play_for_each"),
                   None)
        return fx.CreateTokens(self.node.span, _union(*decisions), self.verb, self._count(), self.token, created_to,
                               played_to, enters, fx.Decision(owner["player"], tuple(owner["rules"])),
                               fx.Decision(controller["player"], tuple(controller["rules"])), self.granted,
                               for_each(per, self.scope) if per is not None else None)

    def _destination(self, defaults: dict, explicit_rules: tuple[str, ...]) -> fx.Destination:
        """The named place, or the default for the token's type (439.2.b)."""
        card_type = self.token.card_type
        if self.place is not None:
            where = place(self.place)
            if where.kind == "board" and card_type == "battlefield":
                rule = self.defaults["creation_zone"]["battlefield"]["rule"]
                return fx.Destination("battlefield_zone", None, _union(explicit_rules, (rule,)))
            player = "you" if where.owner == "you" else where.owner
            return fx.Destination(where.kind, player, explicit_rules)
        default = defaults.get(card_type)
        if default is None:
            raise _error(self.node.span, f"no place is given and a {card_type} token has no default place",
                         "name where it goes, e.g. “to your base”")
        player = "you" if default["zone"] == "base" else None
        return fx.Destination(default["zone"], player, (default["rule"],))

    def _entry_state(self, card_type: str) -> fx.Decision:
        """Ready or exhausted: as stated (184.1), else the default of the type (143.4, 149.1)."""
        if self.state is not None:
            return fx.Decision(self.state, (self.defaults["entry_state_override_rule"],))
        default = self.defaults["entry_state"][card_type]
        return fx.Decision(default["state"], (default["rule"],))
