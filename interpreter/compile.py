"""Compile stage: AST nodes to effect objects, deciding defaults from rules_data.

The compiler resolves token names to their rule-187 definitions, keywords to their
800-series rules, and every default (entry state, destination, owner, controller)
from rules_data/defaults.yaml, citing the rule ids it used on each decision.
Text it cannot give a meaning raises ``CompileError`` at the words concerned.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from . import effects as fx
from . import nodes as n
from .rules_data import RulesData, default_rules


class CompileError(Exception):
    """Words that parsed but mean nothing the rules know; carries their span."""

    def __init__(self, span: n.Span, message: str, help: str = ""):
        super().__init__(message)
        self.span, self.message, self.help = span, message, help


_TRIGGERS = {
    "you_play_me": fx.Trigger("play", "self"),
    "i_move": fx.Trigger("move", "self"),
    "i_move_to_battlefield": fx.Trigger("move", "self", "battlefield"),
    "i_attack": fx.Trigger("attack", "self"),
    "you_hold_here": fx.Trigger("hold", "you", "here"),
    "you_score_here": fx.Trigger("score", "you", "here"),
}

_PLACES = {  # place kind -> (zone, player)
    "here": ("here", None),
    "there": ("there", None),
    "your_base": ("base", "you"),
    "your_trash": ("trash", "you"),
    "the_board": ("board", None),
}


def _union(*groups) -> tuple[str, ...]:
    """Rule ids of several decisions, in first-seen order, without repeats."""
    seen: dict[str, None] = {}
    for group in groups:
        for rule in group:
            seen.setdefault(rule, None)
    return tuple(seen)


@dataclass
class Compiler:
    """Compiles AST nodes against one ``RulesData``."""

    rules: RulesData

    # ---- tokens -----------------------------------------------------------------
    def token(self, name: str, span: n.Span) -> fx.TokenCharacteristics:
        """The characteristics rule 187 gives the token ``name``."""
        token_rule = self.rules.tokens.get(name)
        if token_rule is None:
            known = ", ".join(sorted(self.rules.tokens))
            raise CompileError(span, f"unknown token {name}", f"expected a token defined in rule 187: {known}")
        return self.token_definition(token_rule.definition, token_rule.rule)

    def token_definition(self, node: n.TokenDefinition, rule: str) -> fx.TokenCharacteristics:
        traits = {kind: [t for t in node.traits if t.kind == kind] for kind in ("might", "tag", "keyword", "ability")}
        might = traits["might"][0].value if traits["might"] else node.head.might
        keyword_names = [t.value for t in traits["keyword"]]
        if node.head_keyword and node.head_keyword not in keyword_names:
            keyword_names.append(node.head_keyword)
        keywords = tuple(self.keyword(n.KeywordRef(node.span, name)) for name in keyword_names)
        abilities = tuple(self.ability(t.value, node.card_type) for t in traits["ability"])
        return fx.TokenCharacteristics(node.span, (rule,), " ".join(node.head.name), node.card_type, might,
                                       tuple(t.value for t in traits["tag"]), keywords, abilities)

    # ---- keywords ---------------------------------------------------------------
    def keyword(self, ref: n.KeywordRef) -> fx.Keyword:
        definition = self.rules.keyword(ref.name)
        if definition is None:
            raise CompileError(ref.span, f"unknown keyword [{ref.name}]",
                               "expected a keyword of rules 805-829, such as [Shield] or [Assault 2]")
        if ref.value is not None and definition["value"] not in ("number", "optional_number"):
            raise CompileError(ref.span, f"[{ref.name}] takes no number",
                               f"write [{ref.name}] alone (rule {definition['rule']})")
        return fx.Keyword(ref.name, ref.value, (definition["rule"],))

    # ---- card text --------------------------------------------------------------
    def card_text(self, node: n.CardText, card_type: str | None) -> tuple[fx.Effect, ...]:
        """Every ability of a card's text; reminder-only lines add nothing (135.2.d.3)."""
        return tuple(self.ability(line.ability, card_type) for line in node.lines if line.ability is not None)

    def ability(self, node: n.Node, card_type: str | None) -> fx.Effect:
        method = getattr(self, "_ability_" + type(node).__name__, None)
        if method is None:
            raise CompileError(node.span, f"{type(node).__name__} abilities are not supported yet")
        return method(node, card_type)

    def _ability_KeywordAbility(self, node: n.KeywordAbility, card_type):
        keyword = self.keyword(node.keyword)
        return fx.KeywordAbility(node.span, keyword.rules, keyword, tuple(self.cost(v) for v in node.values))

    def _ability_Keyworded(self, node: n.Keyworded, card_type):
        keyword = self.keyword(node.keyword)
        definition = self.rules.keyword(keyword.name)
        if definition["kind"] == "triggered" and "trigger" in definition:
            meaning = definition["trigger"]
            trigger = fx.Trigger(meaning["event"], meaning["subject"])
            effects = self.effect_body(self._as_body(node), card_type)
            return fx.TriggeredAbility(node.span, _union(("383",), keyword.rules, (meaning["rule"],)), trigger, effects)
        if definition["kind"] == "permissive" and isinstance(node.body, n.Activated):
            return self._ability_Activated(node.body, card_type, (keyword,))
        raise CompileError(node.keyword.span, f"[{keyword.name}][>] abilities are not supported yet",
                           "expected a triggered keyword such as [Deathknell] or a permission such as [Reaction]")

    def _as_body(self, node: n.Keyworded) -> n.EffectBody:
        if isinstance(node.body, n.EffectBody):
            return node.body
        raise CompileError(node.body.span, "expected an effect after the keyword")

    def _ability_Triggered(self, node: n.Triggered, card_type):
        return fx.TriggeredAbility(node.span, ("383",), _TRIGGERS[node.event], self.effect_body(node.body, card_type))

    def _ability_Activated(self, node: n.Activated, card_type, permissions=()):
        if node.timing is not None:
            permissions = permissions + (self.keyword(node.timing),)
        rules = _union(("377",), *(k.rules for k in permissions))
        return fx.ActivatedAbility(node.span, rules, tuple(self.cost(c) for c in node.costs), permissions,
                                   self.effect_body(node.body, card_type))

    def _ability_StaticMight(self, node: n.StaticMight, card_type):
        affected = fx.ObjectFilter(node.group.card_type, None, tags=node.group.tags,
                                   location=node.place.kind if node.place else None)
        return fx.MightModifier(node.span, ("364",), affected, node.delta)

    def _ability_MovePermission(self, node: n.MovePermission, card_type):
        affected = fx.ObjectFilter(node.group.card_type, None, tags=node.group.tags)
        return fx.MovePermission(node.span, ("364",), affected, node.place.kind, "anywhere")

    def _ability_Instructions(self, node: n.Instructions, card_type):
        return fx.SpellEffect(node.span, ("135.2.b.3",), self.effect_body(node.body, card_type))

    def cost(self, node) -> fx.Cost:
        if node.kind == "energy":
            return fx.Cost("energy", int(node.value))
        if node.kind == "power":
            return fx.Cost("power", 1, node.value)
        return fx.Cost(node.kind)

    # ---- instructions -----------------------------------------------------------
    def effect_body(self, node: n.EffectBody, card_type: str | None = None) -> tuple[fx.Effect, ...]:
        return tuple(self.instruction(clause, card_type) for clause in node.clauses)

    def instruction(self, node: n.Node, card_type: str | None = None) -> fx.Effect:
        method = getattr(self, "_do_" + type(node).__name__, None)
        if method is None:
            raise CompileError(node.span, f"{type(node).__name__} instructions are not supported yet")
        return method(node, card_type)

    def _do_Optional(self, node: n.Optional, card_type):
        return fx.MayDo(node.span, (), self.instruction(node.instruction, card_type))

    def _do_IfYouDo(self, node: n.IfYouDo, card_type):
        return fx.IfYouDo(node.span, (), self.instruction(node.instruction, card_type))

    def _do_AddResources(self, node: n.AddResources, card_type):
        energy = sum(int(r.value) for r in node.resources if r.kind == "energy")
        power = tuple(r.value for r in node.resources if r.kind == "power")
        return fx.AddResources(node.span, ("429",), energy, power)

    def _do_Banish(self, node: n.Banish, card_type):
        choice = node.choice
        zone, player = _PLACES[choice.zone.kind] if choice.zone else (None, None)
        return fx.Banish(node.span, ("427",), fx.ObjectFilter(choice.card_type, choice.quantity, zone, player))

    def _do_GiveKeyword(self, node: n.GiveKeyword, card_type):
        keyword = self.keyword(node.keyword)
        return fx.GiveKeyword(node.span, keyword.rules, self.reference(node.target), keyword, node.duration)

    def _do_ReplaceObject(self, node: n.ReplaceObject, card_type):
        return fx.ReplaceObject(node.span, ("438",), self.reference(node.target), self.reference(node.replacement))

    def reference(self, node: n.ObjectRef) -> fx.Reference:
        return fx.Reference(node.kind, node.card_type)

    def _do_TokenInstruction(self, node: n.TokenInstruction, card_type):
        return TokenInstructionCompiler(self, node).compile()


class TokenInstructionCompiler:
    """Decides every field of a create / add / play token instruction (439, 179-187)."""

    def __init__(self, compiler: Compiler, node: n.TokenInstruction):
        self.compiler, self.node = compiler, node
        self.defaults = compiler.rules.defaults
        phrase = node.token
        self.token = self._characteristics(phrase)
        self.place = self._single(n.Place, "place")
        stated = [m for m in node.modifiers if isinstance(m, n.EntryState)]
        if phrase.state:
            stated.insert(0, n.EntryState(phrase.span, phrase.state))
        if len(stated) > 1:
            raise CompileError(stated[1].span, "the entry state is given twice", "say ready or exhausted once")
        self.state = stated[0].state if stated else None
        self.granted = tuple(self.compiler.keyword(k) for g in node.modifiers if isinstance(g, n.Granted)
                             for k in g.keywords)

    def _single(self, kind, what):
        found = [m for m in self.node.modifiers if isinstance(m, kind)]
        if len(found) > 1:
            raise CompileError(found[1].span, f"the {what} is given twice", f"name one {what}")
        return found[0] if found else None

    def _characteristics(self, phrase: n.TokenPhrase) -> fx.TokenCharacteristics:
        """The rule-187 token, with the might the text gives when it gives one."""
        name = " ".join(phrase.name)
        base = self.compiler.token(name, phrase.name_span or phrase.span)
        if phrase.card_type and phrase.card_type != base.card_type:
            raise CompileError(phrase.name_span or phrase.span,
                               f"{name} is a {base.card_type} token, not a {phrase.card_type}",
                               f"write “{name} {base.card_type} token” (rule {base.rules[0]})")
        # The text's stats win over the definition's (the linter flags the difference, 187).
        might = base.might if phrase.might is None else phrase.might
        return replace(base, span=phrase.span, might=might)

    def compile(self) -> fx.CreateTokens:
        node, card_type = self.node, self.token.card_type
        count = node.token.quantity or 1
        if node.verb == "play":
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
        return fx.CreateTokens(node.span, _union(*decisions), node.verb, count, self.token, created_to, played_to,
                               enters, fx.Decision(owner["player"], tuple(owner["rules"])),
                               fx.Decision(controller["player"], tuple(controller["rules"])), self.granted)

    def _destination(self, defaults: dict, explicit_rules: tuple[str, ...]) -> fx.Destination:
        """The named place, or the default for the token's type (439.2.b)."""
        card_type = self.token.card_type
        if self.place is not None:
            zone, player = _PLACES[self.place.kind]
            if zone == "board" and card_type == "battlefield":
                rule = self.defaults["creation_zone"]["battlefield"]["rule"]
                return fx.Destination("battlefield_zone", None, _union(explicit_rules, (rule,)))
            return fx.Destination(zone, player, explicit_rules)
        default = defaults.get(card_type)
        if default is None:
            raise CompileError(self.node.span, f"no place is given and a {card_type} token has no default place",
                               "name where it goes, e.g. “to your base”")
        player = "you" if default["zone"] == "base" else None
        return fx.Destination(default["zone"], player, (default["rule"],))

    def _entry_state(self, card_type: str) -> fx.Decision:
        """Ready or exhausted: as stated (184.1), else the default of the type (143.4, 149.1)."""
        if self.state is not None:
            return fx.Decision(self.state, (self.defaults["entry_state_override_rule"],))
        default = self.defaults["entry_state"][card_type]
        return fx.Decision(default["state"], (default["rule"],))


def compiler(rules: RulesData | None = None) -> Compiler:
    """A compiler over ``rules`` (the shipped rules_data by default)."""
    return Compiler(rules or default_rules())
