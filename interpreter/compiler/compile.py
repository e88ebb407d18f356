"""Compile stage: AST nodes to effect objects, deciding defaults from rules_data.

``Compiler`` turns a card's text into abilities (triggered, activated, passive, keyword,
modal, spell effects). Instructions become ``GameAction`` objects citing the rule of their
action (rules_data/actions.yaml); token instructions become ``CreateTokens`` (see
compiler/tokens.py). Text it cannot give a meaning raises ``CompileError`` at its words.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import effects as fx
from interpreter.language import nodes as n
from .base import CompileError, costs_of, union as _union
from .base import cost as _cost, replace
from .objects import CardNames, Scope, for_each, selector
from interpreter.rules.data import RulesData, default_rules
from interpreter.language.lexicon import active_lexicon
# The stages the compiler hands phrases to, imported once here rather than in the methods that call them
# (none of them imports this module).
from .clauses import clause as _clause, condition as _condition
from .keyword_definitions import defined as _defined, defined_dependent, defined_paid, with_cost_changes
from .partial import PARTIAL_KINDS, partial_item
from .play_changes import fold_play_reductions
from .reminder_keywords import defined_keywords
from .standing import standing_passive, standing_permission, standing_replacement, standing_restriction
from .tokens import token_characteristics
from .triggers import event_triggers, nth_time, remember_named, self_events, time_trigger, trigger as _trigger

__all__ = ["CompileError", "Compiler", "compiler", "costs_of"]


@dataclass
class Compiler:
    """Compiles AST nodes against one ``RulesData``."""

    rules: RulesData
    # NOTE: a spell's lines are one resolution (135.2.b.3): while its card text compiles, its
    # instruction lines share one scope, so "that unit" on a line can name a unit of the line before.
    spell_scope: Scope | None = field(default=None, repr=False, compare=False)
    # what the card text compiling now has named, for a line that refers back to an earlier one ("all 4 tags")
    card_names: CardNames = field(default_factory=CardNames, repr=False, compare=False)
    # the name of the Equipment whose effect text compiles now ("" when unnamed), None for any other text (136.2.d)
    equipment: str | None = field(default=None, repr=False, compare=False)

    def _scope(self, card_type) -> Scope:
        """A fresh scope for a line or an ability, sharing what the card text has named so far."""
        self.card_names.keyword_lookup = self.rules.keyword
        return Scope(card_type, card=self.card_names)

    # ---- shared helpers -----------------------------------------------------------------
    def keyword(self, ref: n.KeywordRef) -> fx.Keyword:
        definition = self.rules.keyword(ref.name)
        if definition is None:
            raise CompileError(ref.span, f"unknown keyword [{ref.name}]",
                               "expected a keyword of rules 805-829, such as [Shield] or [Assault 2]")
        if ref.value is not None and definition["value"] not in ("number", "optional_number"):
            raise CompileError(ref.span, f"[{ref.name}] takes no number",
                               f"write [{ref.name}] alone (rule {definition['rule']})")
        return fx.Keyword(ref.name, ref.value, (definition["rule"],))

    def text_state_rule(self, word: str) -> str:
        """The rule that defines a state of card text ("Inactive": 721), from the lexicon."""
        return active_lexicon().vocabulary["text_states"][word.lower()]["rule"]

    def action_rule(self, action: str) -> tuple[str, ...]:
        entry = self.rules.actions.get(action)
        return (entry["rule"],) if entry else ()

    def action(self, span, name: str, **fields) -> fx.GameAction:
        return fx.GameAction(span, self.action_rule(name), name, **fields)

    def token(self, name: str, span: n.Span | None) -> fx.TokenCharacteristics:
        return token_characteristics(self, name, span)

    # ---- card text ----------------------------------------------------------------------
    def card_text(self, node: n.Phrase, card_type: str | None) -> tuple[fx.Effect, ...]:
        """Every ability of a card's text; reminder-only lines add nothing (135.2.d.3)."""
        abilities: list[fx.Effect] = []
        self.card_names = CardNames(equipment=self.equipment)
        self.spell_scope = self._scope(card_type) if card_type == "spell" else None
        try:
            self._lines(node, card_type, abilities)
        finally:
            self.spell_scope, self.card_names = None, CardNames()
        return tuple(abilities)

    def _lines(self, node: n.Phrase, card_type, abilities: list) -> None:
        for line in node.parts:
            if line.kind == "reminder_line":
                continue
            if line.kind == "bullet_line":
                self._add_mode(abilities, line, card_type)
                continue
            if line.kind == "keyword_then_text":
                abilities.extend(self._keyword_then_text(line, card_type))
                continue
            defined = defined_keywords(self, line, card_type)   # a keyword only its reminder text defines (135.2.d)
            if defined is not None:
                abilities.extend(defined)
                continue
            ability = line.parts[0]
            abilities.extend(self.abilities(ability, card_type))

    def _add_mode(self, abilities: list, line: n.Phrase, card_type) -> None:
        """A bullet line: one more mode of the "Choose one —" before it, on its own line or after a
        trigger or an activation cost."""
        host = abilities[-1] if abilities else None
        # a nested "Choose one —" is the whole body; "Do one of the following based on ..." may close a longer one
        nested = isinstance(host, (fx.TriggeredAbility, fx.ActivatedAbility, fx.SpellEffect)) and \
            bool(host.effects) and isinstance(host.effects[-1], fx.ModalAbility)
        modal = host.effects[-1] if nested else host
        if not isinstance(modal, fx.ModalAbility):
            raise CompileError(line.span, "a bullet line needs a “Choose one —” line before it",
                               "start the choices with “Choose one —”")
        bullet = line.parts[0]
        label = _label(bullet.parts[0]) if bullet.kind == "labelled_bullet" else None
        mode = fx.Mode(bullet.span, (), label, self.effect_body(bullet.parts[-1], self._scope(card_type)))
        modal = replace(modal, modes=modal.modes + (mode,))
        abilities[-1] = replace(host, effects=host.effects[:-1] + (modal,)) if nested else modal

    def abilities(self, node, card_type) -> tuple[fx.Effect, ...]:
        if isinstance(node, n.Phrase) and node.kind == "keyword_ability":
            return self._keyword_abilities(node)
        if isinstance(node, n.Phrase) and node.kind == "keyword_cost_options":
            return self._keyword_cost_options(node)
        return (optional_cost_shape(self.ability(node, card_type)),)

    def ability(self, node, card_type) -> fx.Effect:
        method = getattr(self, "_ability_" + getattr(node, "kind", type(node).__name__), None)
        if method is None:
            raise CompileError(node.span, f"{getattr(node, 'kind', type(node).__name__)} abilities are not supported yet")
        return method(node, card_type)

    def _keyword_abilities(self, node: n.Phrase) -> tuple[fx.Effect, ...]:
        result, current, values = [], None, []
        for part in node.parts + (None,):
            if isinstance(part, n.KeywordRef) or part is None:
                if current is not None:
                    keyword = self.keyword(current)
                    result.append(_defined(self, fx.KeywordAbility(current.span, keyword.rules, keyword, tuple(values))))
                current, values = part, []
            else:
                values.append(_cost(part))
        return tuple(result)

    def _keyword_then_text(self, line: n.Phrase, card_type) -> tuple[fx.Effect, ...]:
        """"[Equip] [3][A]. This ability's Energy cost is reduced by ...": a keyword ability and a passive about
        it on one line; "this ability" is the keyword's ability (the only one on the line)."""
        keyword, body = line.parts[0], line.parts[1]
        passive = self._ability_instructions(n.Phrase(body.span, "instructions", (body,)), card_type, standing=False)
        if card_type == "spell" and isinstance(passive, fx.SpellEffect):
            # "[Reaction]. Gain control of a triggered ability.": a spell's keyword, then its instructions (135.2.b)
            return self._keyword_abilities(keyword) + (passive,)
        if not isinstance(passive, fx.PassiveAbility):
            raise CompileError(body.span, "only a passive statement can follow a keyword on its line",
                               "e.g. “[Equip] [3][A]. This ability's Energy cost is reduced by ...”")
        *before, last = self._keyword_abilities(keyword)
        return (*before, with_cost_changes(last, passive), passive)

    def _keyword_cost_options(self, node: n.Phrase) -> tuple[fx.Effect, ...]:
        """"[Repeat] — [1] / [A] / [1][A]": one instance of the keyword for each cost, each paid or not on its
        own (820.1.c.2)."""
        ref = node.parts[0]
        keyword = self.keyword(ref)
        if self.rules.keyword(keyword.name)["kind"] != "cost":
            raise CompileError(ref.span, f"[{keyword.name}] is no cost keyword", "a cost keyword such as [Repeat] (820.1)")
        return tuple(fx.KeywordAbility(symbols.span, keyword.rules, keyword, costs_of(symbols))
                     for symbols in node.parts if isinstance(symbols, n.Phrase) and symbols.kind == "cost_symbols")

    def _line_scope(self, card_type) -> Scope:
        """The scope a line starts in: a spell's lines share one (its text is one effect, 135.2.b.3)."""
        return self.spell_scope if self.spell_scope is not None and card_type == "spell" else self._scope(card_type)

    def _ability_instructions(self, node: n.Phrase, card_type, standing: bool = True):
        scope = self._line_scope(card_type)
        effects = self.effect_body(node.parts[0], scope)
        if all(_is_static(e) for e in effects):
            return fx.PassiveAbility(node.span, ("364",), effects)
        if card_type != "spell" and all(_is_own_discount(e) for e in effects):
            # "Reduce my cost by [1] for each ..." on a unit: a discount the card being played gives itself
            # (356.4.a), not an instruction anyone does
            return fx.PassiveAbility(node.span, ("364", "356.4.a"), effects)
        counted = _counted_each_turn(node.span, effects, card_type) or \
            _while_at_each_end_of_your_turn(node, effects, card_type)
        if counted is not None:
            return counted
        _check_while_has_a_time(effects, card_type)
        if card_type not in (None, "spell") and any(_begins_later(e) for e in effects) and all(map(_stands, effects)):
            # "... Beginning on the next turn, this gains [Reaction] and you may play this" (811.1.b): statements and
            # permissions that stand, some from a later turn on (364, 366.1)
            return fx.PassiveAbility(node.span, ("364", "366.1"), effects)
        if card_type not in (None, "spell") and standing:        # a text of no card type reads as a spell's
            standing = standing_replacement(node.span, effects) or standing_permission(node.span, effects) or \
                standing_restriction(node.span, effects) or standing_passive(node.span, effects)
            if standing is not None:    # "If I would die, instead ..." (367); "You may play me to ..." (364); 377
                return standing
        return fx.SpellEffect(node.span, ("135.2.b.3",), effects)

    def _ability_keyworded(self, node: n.Phrase, card_type):
        ref, _separator, body = node.parts
        keyword = self.keyword(ref)
        definition = self.rules.keyword(keyword.name)
        if definition["kind"] == "triggered" and "trigger" in definition:
            meaning = definition["trigger"]
            trigger = fx.Trigger(meaning["event"], meaning["subject"])
            effects = self.effect_body(body, self._scope(card_type)) if body.kind == "effect_body" else \
                (self.ability(body, card_type),)
            return fx.TriggeredAbility(node.span, _union(("383",), keyword.rules, (meaning["rule"],)), trigger, effects)
        if definition["kind"] == "permissive" and body.kind == "activated":
            return self._ability_activated(body, card_type, (keyword,))
        if body.kind == "effect_body" and definition["kind"] == "cost":
            # "[Repeat] — Discard 1": what follows the dash is the keyword's cost, whatever its punctuation
            paid = self.effect_body(body, self._scope(card_type))
            return defined_paid(self, fx.KeywordAbility(node.span, keyword.rules, keyword, paid=paid))
        if body.kind == "effect_body" and definition["kind"] == "passive":
            effects = self.effect_body(body, self._scope(card_type))
            return fx.KeywordAbility(node.span, keyword.rules, keyword, (), effects)
        inner = self.ability(_as_ability(body), card_type)
        return defined_dependent(self, fx.KeywordedAbility(node.span, _union(keyword.rules, ("135.2.e.7",)), keyword,
                                                           inner), body.span)

    def _ability_triggered(self, node: n.Phrase, card_type):
        trigger_node, body = node.parts
        scope = self._scope(card_type)
        trigger, also, limit = self.trigger(trigger_node, scope)
        if trigger.subject == "self" and trigger.event == "play":
            scope.itself = fx.Selector("the", reference="self")     # the card played is the card itself (383.1)
        if card_type == "spell" and "this_turn" in trigger.qualifiers and not also and limit is None:
            # "When a friendly unit is played this turn, buff it." on a spell: a triggered ability framed by a time
            # is a delayed trigger (390.2), made as the spell resolves, in the order of its instructions
            later = fx.Delayed(node.span, ("390.2",), "when", self.effect_body(body, scope), trigger)
            return fx.SpellEffect(node.span, ("390.2",), (later,))
        return fx.TriggeredAbility(node.span, ("383",), trigger, self.effect_body(body, scope), also, limit)

    def _ability_triggered_before_scoring(self, node: n.Phrase, card_type):
        """"At the start of your Beginning Phase, before scoring, kill this.": the start of the Beginning Phase is
        its Beginning Step, which comes before the Scoring Step (315.2.a-b), so the words add no other time."""
        trigger_node = node.parts[0]
        ability = self._ability_triggered(replace(node, kind="triggered", parts=(trigger_node, node.parts[-1])), card_type)
        if (ability.trigger.event, ability.trigger.subject) != ("start_of_beginning_phase", "you"):
            raise CompileError(node.span, "“before scoring” needs a time before scoring",
                               "write it after “At the start of your Beginning Phase”")
        return replace(ability, rules=ability.rules + ("315.2.a",))

    def _ability_triggered_while(self, node: n.Phrase, card_type):
        """"While you control this battlefield, when you play a spell, ...": the triggered ability exists only
        while the condition holds (364.3.a), so it is a conditional passive whose statement is that ability."""
        condition_node, trigger_node, body = node.parts
        scope = self._scope(card_type)
        condition = self.condition(condition_node, scope)
        trigger, also, limit = self.trigger(trigger_node, scope)
        ability = fx.TriggeredAbility(node.span, ("383",), trigger, self.effect_body(body, scope), also, limit)
        return fx.PassiveAbility(node.span, ("364",), (fx.Conditional(node.span, ("364",), condition, (ability,)),))

    def _ability_triggered_later(self, node: n.Phrase, card_type):
        """"When I hold, at the start of your next Main Phase, ...": the triggered ability makes a delayed trigger
        for that time (390.2), which does its effects then even if the source is gone (392)."""
        trigger_node, time, body = node.parts
        scope = self._scope(card_type)
        trigger, also, limit = self.trigger(trigger_node, scope)
        later = fx.Delayed(time.span, ("390", "390.2", "392"), "at", self.effect_body(body, scope), time_trigger(time))
        return fx.TriggeredAbility(node.span, ("383",), trigger, (later,), also, limit)

    def _ability_activated(self, node: n.Phrase, card_type, permissions=()):
        costs_node, *rest = node.parts
        body = rest[-1]
        timing = next((p for p in rest if isinstance(p, n.Phrase) and p.kind == "timing_keywords"), None)
        if timing is not None:
            permissions = permissions + tuple(self.keyword(k) for k in timing.all(n.KeywordRef))
        scope = self._scope(card_type)
        costs = self.clause_seq(costs_node, scope)
        rules = _union(("377",), *(k.rules for k in permissions))
        effects, restrictions = activation_restrictions(self.effect_body(body, scope))
        return fx.ActivatedAbility(node.span, rules, costs, permissions, effects, restrictions)

    def _ability_triggered_modal(self, node: n.Phrase, card_type):
        """"When ..., choose one —" with the bullet lines that follow as its modes."""
        trigger_node, modal = node.parts
        trigger, also, limit = self.trigger(trigger_node, self._scope(card_type))
        return fx.TriggeredAbility(node.span, ("383",), trigger, (self._ability_modal(modal, card_type),), also, limit)

    def _ability_activated_modal(self, node: n.Phrase, card_type):
        """"<cost>: Choose one —" with the bullet lines that follow as its modes."""
        costs_node, modal = node.parts
        costs = self.clause_seq(costs_node, self._scope(card_type))
        return fx.ActivatedAbility(node.span, ("377",), costs, (), (self._ability_modal(modal, card_type),))

    def _ability_modal(self, node: n.Phrase, card_type):
        count = next(p for p in node.parts if isinstance(p, int))
        limit = next((p.kind for p in node.parts if isinstance(p, n.Phrase)), None)
        return fx.ModalAbility(node.span, ("135.2.b",), count, limit, ())

    def _ability_cost_to_play(self, node: n.Phrase, card_type):
        """"As an additional cost to play me, <cost>. <what follows>": the cost is the first sentence (131); a
        "you may ..." there makes it optional (204.2); the sentences after it are what paying it gives ("If you
        do, draw 2. Otherwise, draw 1."), kept as the cost's ``effects``."""
        scope = self._line_scope(card_type)      # a spell's later lines may name what its cost acted on
        cost, after = self._cost_sentences(node.parts[-1], scope)
        if len(cost) == 1 and isinstance(cost[0], fx.MayDo) and (cost[0].player is None
                                                                  or cost[0].player.reference == "you"):
            return fx.AdditionalCost(node.span, ("131",), True, (cost[0].effect,), after)
        return fx.AdditionalCost(node.span, ("131",), False, cost, after)

    def _cost_sentences(self, body: n.Phrase, scope: Scope) -> tuple[tuple, tuple]:
        """The effects of the first sentence of ``body`` and those of the sentences after it, read in one scope
        (an "If you do" after the cost is about it)."""
        effects: list[fx.Effect] = []
        self._sentence(body.parts[0], scope, effects)
        first = len(effects)
        for sentence in body.parts[1:]:
            self._sentence(sentence, scope, effects)
        if fold_play_reductions(tuple(effects)) != tuple(effects):
            return self.effect_body(body, scope), ()
        return tuple(effects[:first]), tuple(effects[first:])

    def _ability_as_you_play(self, node: n.Phrase, card_type):
        """"As you play me, ...": the play replaced by itself plus the action (369.3, 370.1.b.1)."""
        scope = self._scope(card_type)
        return fx.TriggeredAbility(node.span, AS_RULES, fx.Trigger("play", "self", qualifiers=("as",)),
                                   self.effect_body(node.parts[-1], scope))

    def _ability_as_event(self, node: n.Phrase, card_type):
        """"As I'm revealed from your deck, ...": the event replaced by itself plus the action
        (369.1, 370.1.b.1), read as a trigger marked "as" the way "would" marks one."""
        event, body = node.parts
        scope = self._scope(card_type)
        first, *also = self_events(event, scope)
        return fx.TriggeredAbility(node.span, AS_RULES, first, self.effect_body(body, scope), tuple(also))

    # ---- effect bodies ------------------------------------------------------------------
    def effect_body(self, node: n.Phrase, scope: Scope | None = None) -> tuple[fx.Effect, ...]:
        """The effects of a sequence of sentences, with leads ("If you do,", "Otherwise,") applied."""
        scope = scope or Scope()
        effects: list[fx.Effect] = []
        for sentence in node.parts:
            self._sentence(sentence, scope, effects)
        return fold_play_reductions(tuple(effects))

    def _sentence(self, sentence: n.Phrase, scope: Scope, effects: list) -> None:
        parts = [p for p in sentence.parts if isinstance(p, n.Phrase)]   # reminder text adds nothing (135.2.d.3)
        leads = [p for p in parts if p.kind.startswith("lead_")]
        for lead in leads:
            if lead.kind == "lead_for_each" and isinstance(lead.parts[0], n.NounPhrase):
                scope.remember(selector(lead.parts[0], scope))   # "For each player that ..., ... that player"
            if lead.kind == "lead_if" and getattr(lead.parts[0], "kind", None) == "cond_there_is":
                scope.remember(selector(lead.parts[0].parts[0], scope))   # "If there are four spells ..., put each ..."
            if lead.kind == "lead_next_time":
                # "the next time you play a unit this turn, ready it": the object of the event the lead waits for
                # is named before the body (383.1), as a trigger condition's is
                awaited = nth_time(self, lead, scope)
                for named in (awaited.object, awaited.actor):
                    if isinstance(named, fx.Selector) and named.reference is None and named not in scope.history:
                        scope.remember(named)
            if lead.kind == "lead_while" and _named_subject(lead.parts[0]) is not None:
                # "While a friendly unit defends alone, it gets +2 [M]": the lead's subject is named before the body
                scope.remember(selector(_named_subject(lead.parts[0]), scope))
        acted_before, named_before = dict(scope.acted), (list(scope.history), scope.last, scope.group)
        if sentence.kind == "switch_sentence":
            body = [self._switch(parts[-1], scope)]
        else:
            body = list(self.clause_seq(parts[-1], scope))
        # a lead is read before its body: "If the played card is a unit, ... play it here" names the card
        # played by an earlier sentence, not the body's own play; "Deal 3 to an enemy unit. When it dies this
        # turn, play a Gold gear token": "it" in the lead is not the token the body makes
        acted_after, scope.acted = scope.acted, acted_before
        named_by_body = [s for s in scope.history[len(named_before[0]):]]
        body_last, body_group = scope.last, scope.group
        scope.history, scope.last, scope.group = named_before[0], named_before[1], named_before[2]
        for lead in reversed(leads):
            body = self._apply_lead(lead, body, scope, effects)
        scope.acted = {**scope.acted, **acted_after}
        scope.history = scope.history + [s for s in named_by_body if s not in scope.history]
        scope.last, scope.group = body_last or scope.last, body_group
        effects.extend(body)

    def _apply_lead(self, lead: n.Phrase, body: list, scope: Scope, effects: list) -> list:
        kind = lead.kind
        if kind == "lead_then" and _plays_then_moves_it(effects, body):
            # "You may play this from your trash ... Then banish it.": where the played card goes when it would
            # leave the chain, a delayed replacement (390.3.a, 829.1.b.1), not an action done after the play
            played = body[0].objects[0].antecedent
            trigger = fx.Trigger("play", "you", object=fx.Selector("the", reference="it", antecedent=played))
            return [fx.Delayed(lead.span, ("390", "390.3.a"), "after", (body[0],), trigger)]
        if kind in ("lead_then", "lead_do_this"):
            return body
        if kind == "lead_do_this_times":
            times = lead.parts[0] if isinstance(lead.parts[0], int) else lead.parts[0].parts[0]
            return [fx.Repeated(lead.span, ("387.1.a",), times, tuple(body))]
        if kind == "lead_instead" and body:
            # "instead heal it, exhaust it, and recall it": the list replaces the event, as
            # "heal it instead, then exhaust it, then recall it" says (367)
            return [fx.Instead(lead.span, ("367",), body[0])] + body[1:]
        if kind == "lead_this_turn":
            return [_with_duration(e, "this_turn") for e in body]
        if kind == "lead_next_time":
            trigger = nth_time(self, lead, scope)
            if isinstance(trigger.actor, fx.Selector) and trigger.actor.reference is None:
                scope.remember_earlier(trigger.actor)      # "The next time a friendly unit would die, ... that unit"
            return [fx.Delayed(lead.span, ("390",), lead.parts[0].text + "_time", tuple(body), trigger)]
        if kind == "lead_when":
            return [self._delayed_when(lead, body, scope)]
        if kind == "lead_when_done":
            # "They play that unit ... When they do, [Stun] it.": triggered by the instruction before being
            # done (387.3: its condition is written as a trigger's), not a check of whether it was (359.3.e.14)
            done = fx.Trigger("do", "other", actor=selector(lead.parts[0], scope))
            return [fx.Delayed(lead.span, ("390.2", "387.3"), "when", tuple(body), done)]
        if kind == "lead_beginning":
            # "Beginning on the next turn, this gains [Reaction] and you may play this": what the body says holds
            # from the start of that turn on, a delayed start (390.2); "gains" with no duration of its own lasts
            # from then on, as under "While ..." (364.3.a)
            whose = "next" if lead.parts[0].kind == "next_turn_any" else "you_next"
            start = fx.Trigger("start_of_turn", whose)
            return [fx.Delayed(lead.span, ("390", "390.2"), "beginning", tuple(_gains_while(e) for e in body), start)]
        if kind == "lead_turn_order":
            return [fx.InTurnOrder(lead.span, ("135.2.b",), tuple(body))]
        if kind == "lead_for_each":
            first = lead.parts[0]
            each = for_each(first, scope) if isinstance(first, n.Phrase) else selector(first, scope)
            return [fx.ForEach(lead.span, (), each, tuple(body))]
        if kind == "lead_otherwise":
            previous = effects[-1] if effects else None
            if not isinstance(previous, (fx.Conditional, fx.IfYouDo)):
                raise CompileError(lead.span, "“Otherwise” needs a condition before it", "start with “If ...,”")
            if isinstance(previous, fx.IfYouDo):
                previous = fx.Conditional(previous.span, previous.rules, fx.Condition("you_did"), (previous.effect,))
            effects[-1] = replace(previous, otherwise=tuple(body))
            return []
        condition = self.condition(lead.parts[0], scope)
        if condition.kind == "you_did" and not condition.negated:   # "If you can't, ..." is no "If you do"
            # 359.3.e.14.a: "If they do" asks the same of the player the "may" before named
            doer = None if condition.subject is None or condition.subject.reference == "you" else condition.subject
            return [fx.IfYouDo(lead.span, (), e, doer) for e in body]
        kind_rules = ("364",) if kind == "lead_while" else ()
        if kind == "lead_while":
            body = [_gains_while(effect) for effect in body]
        return [fx.Conditional(lead.span, kind_rules, condition, tuple(body))]

    def _switch(self, node: n.Phrase, scope: Scope) -> fx.ModalAbility:
        """"Do one of the following based on its domain:": the bullet lines after it (added by ``_add_mode``)
        are reflexive triggers, the one labelled with that characteristic is done (387.1.b)."""
        basis = node.parts[0]
        kind = basis.parts[-1].text
        if basis.kind == "basis_of_it":
            of = fx.Selector("the", reference="it", antecedent=scope.last)
        else:                                   # "the discarded card's type": the card discarded this way
            verb, noun = basis.parts[0].text.lower().removesuffix("'s").split()
            of = fx.Selector("the", types=(noun,), filters=(fx.Filter("this_way", None, verb),))
        return fx.ModalAbility(node.span, ("387.1.b",), 1, None, (), fx.Measure(kind, of))

    def _delayed_when(self, lead: n.Phrase, body: list, scope: Scope) -> fx.Delayed:
        """"When it dies this turn, ...": a delayed trigger an earlier sentence makes (390.2); it watches its
        event for the window it names and is no ability of the card (392)."""
        first, *also = event_triggers(lead.parts[0], scope, self, lead.parts[1:])
        if also:
            raise CompileError(lead.span, "a delayed trigger with several events", "one event after “When”")
        return fx.Delayed(lead.span, ("390", "390.2", "392"), "when", tuple(body), first)

    def clause_seq(self, node: n.Phrase, scope: Scope) -> tuple[fx.Effect, ...]:
        """Clauses joined by commas, "and", "or", "then"; a partial item reuses the verb before it."""

        parts = list(node.parts)
        effects: list[fx.Effect] = [self.clause(parts[0], scope, [])]
        in_choice = False
        optional = isinstance(effects[0], fx.MayDo)
        conjunctions, items = parts[1::2], parts[2::2]
        for index, (conjunction, item) in enumerate(zip(conjunctions, items)):
            if _is_partial(item):
                partial_item(self, item, scope, effects, _ends_in_or(conjunctions, items, index))
                continue
            effect = _shared_subject(effects[0], self.clause(item, scope, effects))
            if optional and conjunction.kind != "conj_or" and not isinstance(effect, fx.MayDo):
                # "you may pay [1] and exhaust this to draw 1", "you may banish one, then play it": the "may"
                # covers the whole list, so what follows is done only if the player chose to (359.3.e.14.a)
                effect = fx.IfYouDo(effect.span, (), effect)
            optional = optional or isinstance(effect, fx.MayDo)
            if conjunction.kind == "conj_and" and _at_end_of_turn(effect) and not _at_end_of_turn(effects[-1]):
                # "Lose control of that unit and recall it at end of turn": the time is for both (390.2)
                effects[-1] = replace(effect, effects=(effects[-1],) + effect.effects)
                continue
            if conjunction.kind == "conj_or":
                last = effects.pop()
                options = last.options if in_choice and isinstance(last, fx.Choice) else (last,)
                effects.append(fx.Choice(node.span, (), options + (effect,)))
                in_choice = True
            else:
                effects.append(effect)
                in_choice = False
        return tuple(effects)

    def clause(self, node, scope: Scope, effects: list) -> fx.Effect:
        return _clause(self, node, scope)

    # ---- conditions and triggers ----------------------------------------------------------
    def condition(self, node, scope: Scope) -> fx.Condition:
        return _condition(self, node, scope)

    def trigger(self, node: n.Phrase, scope: Scope):
        found = _trigger(self, node, scope)
        remember_named(found[0], scope)     # "When a unit moves from here, give it ...": "it" is that unit
        return found


def optional_cost_shape(ability: fx.Effect) -> fx.Effect:
    """"You may pay [G] as an additional cost to play me." is an optional additional cost (131), the same
    shape as "As an additional cost to play me, ...", not an instruction done as the card resolves."""
    if not isinstance(ability, fx.SpellEffect) or not ability.effects:
        return ability
    first, condition = ability.effects[0], None
    if isinstance(first, fx.Conditional) and not first.otherwise and not first.unless and len(first.effects) == 1:
        first, condition = first.effects[0], first.condition    # "If you've played a spell this turn, you may ..."
    if isinstance(first, fx.MayDo):
        may, after = first, ability.effects[1:]
        # "... as an additional cost to play me. If you do, I cost [3] less.": what paying it gives (131)
        if isinstance(may.effect, fx.AdditionalCost) and (may.player is None or may.player.reference == "you") \
                and not may.effect.effects and all(map(_about_the_payment, after)):
            return replace(may.effect, span=ability.span, optional=True, effects=after, condition=condition)
    return ability


def _about_the_payment(effect) -> bool:
    """"If you do, ..." (and "If you do, ... Otherwise, ...") after an optional additional cost: about paying it."""
    if isinstance(effect, fx.IfYouDo):
        return effect.player is None
    return isinstance(effect, fx.Conditional) and effect.condition.kind == "you_did" and not effect.unless


# "Use only if ...", "Use only while ...", "Use only once per turn": limits on activating (377), not instructions
ACTIVATION_LIMITS = ("only_if", "only_while", "once_per_turn")


def activation_restrictions(effects: tuple) -> tuple[tuple, tuple]:
    """An activated ability's instructions, and apart from them the restrictions on activating it (377)."""
    limits = tuple(e for e in effects if isinstance(e, fx.Restriction) and e.kind in ACTIVATION_LIMITS)
    return tuple(e for e in effects if e not in limits), limits


AS_RULES = ("367", "369.1", "370.1.b.1")       # "as" abilities are replacement effects


def _label(node) -> str:
    if isinstance(node, n.Phrase):   # bullet_label
        node = node.parts[0]
    if isinstance(node, n.KeywordRef):
        return node.name
    if isinstance(node, n.Word):
        return node.text
    return "".join(f"[{s.value}]" for s in node.parts)


def _counted_each_turn(span, effects, card_type) -> fx.TriggeredAbility | None:
    """A permanent's "The third time I move in a turn, you score 1 point" counts in every turn: a triggered
    ability limited to that time each turn (383.1.b), not one delayed trigger that fires once (390)."""
    if card_type == "spell" or len(effects) != 1 or not isinstance(effects[0], fx.Delayed):
        return None
    delayed = effects[0]
    trigger = delayed.trigger
    if delayed.when not in ("first_time", "second_time", "third_time") or trigger is None \
            or "in_a_turn" not in trigger.qualifiers:
        return None
    trigger = replace(trigger, qualifiers=tuple(q for q in trigger.qualifiers if q != "in_a_turn"))
    return fx.TriggeredAbility(span, ("383",), trigger, delayed.effects, limit=delayed.when.removesuffix("_time"))


def _named_subject(condition) -> n.NounPhrase | None:
    """The subject a condition names itself ("a friendly unit" of "a friendly unit defends alone"); None for
    a pronoun or a condition with no subject."""
    first = condition.parts[0] if isinstance(condition, n.Phrase) and condition.kind == "condition_clause" \
        and condition.parts else None
    return first if isinstance(first, n.NounPhrase) and first.pronoun is None else None


def _while_at_each_end_of_your_turn(node, effects, card_type) -> fx.TriggeredAbility | None:
    """A permanent's "While I'm at a battlefield, ready 4 friendly runes at the end of your turn": the time
    phrase at the end names the point that starts the instruction, so the sentence is a triggered ability
    (383.1, 383.1.a: the phrase need not lead the sentence) and the "while" is checked when that point comes,
    as an "if" right after it is (383.2.a.1). Only "your turn" says it happens each of your turns."""
    if card_type == "spell" or len(effects) != 1 or not _your_turn_named(node):
        return None
    lasting = effects[0]
    if not isinstance(lasting, fx.Conditional) or "364" not in lasting.rules or lasting.otherwise \
            or len(lasting.effects) != 1 or not _at_end_of_turn(lasting.effects[0]):
        return None
    inner = lasting.effects[0]
    condition = fx.Conditional(lasting.span, (), lasting.condition, inner.effects)
    return fx.TriggeredAbility(node.span, ("383",), fx.Trigger("end_of_turn", "you"), (condition,))


def _your_turn_named(node) -> bool:
    """Whether the instruction's time phrase is "at the end of your turn" (not "this turn")."""
    if isinstance(node, n.Word):
        return node.text.startswith("at ") and node.text.endswith(" your turn")
    return isinstance(node, n.Phrase) and any(_your_turn_named(part) for part in node.parts)


def _plays_then_moves_it(before: list, body: list) -> bool:
    """"Then banish it" / "Then recycle it" right after an instruction that plays a card, "it" being that card."""
    if len(body) != 1 or not before:
        return False
    played = before[-1].effect if isinstance(before[-1], fx.MayDo) else before[-1]
    moved = body[0]
    return isinstance(played, fx.GameAction) and played.action == "play" and len(played.objects) == 1 \
        and isinstance(moved, fx.GameAction) and moved.action in ("banish", "recycle") and len(moved.objects) == 1 \
        and moved.objects[0].reference == "it" and moved.objects[0].antecedent == played.objects[0]


def _gains_while(effect):
    """"While I'm empowered, this card gains “...”": under a condition that lasts (364.3.a), an object that
    gains something with no duration of its own has it while the condition holds, a passive statement, not
    an instruction done once (the dependent keywords are defined this way, 727.1, 828.1.b.1)."""
    if isinstance(effect, fx.GameAction) and effect.action == "give" and effect.duration is None \
            and effect.amount is None and len(effect.objects) == 1 and effect.modifications:
        return fx.StaticEffect(effect.span, ("364",), "modify", effect.objects[0], effect.modifications)
    return effect


def _check_while_has_a_time(effects, card_type) -> None:
    """A permanent's "While I'm at a battlefield, ready 4 runes" is a condition that lasts (364) over an
    instruction that no event starts: it would be read as done once, not each turn, so it is refused until
    the wording gives the event ("At the end of your turn, if ...", or "... at the end of your turn", read by
    ``_while_at_each_end_of_your_turn``)."""
    if card_type == "spell":
        return
    for effect in effects:
        if isinstance(effect, fx.Conditional) and "364" in effect.rules \
                and not all(_is_static(e) or _is_permission(e) for e in effect.effects):
            raise CompileError(effect.span, "“While ...” over an instruction: a permanent's instruction needs an "
                               "event that starts it", "a trigger such as “At the end of your turn, if I'm ..., ...”")


def _is_static(effect) -> bool:
    if isinstance(effect, fx.Conditional):
        return all(_is_static(e) for e in effect.effects)
    if isinstance(effect, fx.Instead):       # "I cost [4] less instead": still a passive statement
        return _is_static(effect.effect)
    # an applied cost is a passive's (204.4); ignoring an ability lasts through a procedure (765)
    return isinstance(effect, (fx.StaticEffect, fx.AppliedCost, fx.IgnoreAbility))


def _begins_later(effect) -> bool:
    """"Beginning on the next turn, ...": statements that hold from a later turn on."""
    return isinstance(effect, fx.Delayed) and effect.when == "beginning"


def _stands(effect) -> bool:
    """A permanent's statement that stands: a passive statement, a permission, either under "While ..." or from a
    later turn on."""
    if isinstance(effect, fx.Conditional) and not effect.otherwise and not effect.unless or _begins_later(effect):
        return all(map(_stands, effect.effects))
    return _is_static(effect) or _is_permission(effect)


def _is_permission(effect) -> bool:
    """"While I'm in your trash, you may play me": on a permanent, "you may <action>" under a condition that lasts
    is a permission its player may use while the condition holds (811.1.c: the Hidden keyword allows the player
    to take the action; the same shape as "you may play me from your trash"), not an instruction done once."""
    if not isinstance(effect, fx.MayDo) or effect.player is None or effect.player.reference != "you":
        return False
    done = effect.effect.result if isinstance(effect.effect, fx.PayToDo) else effect.effect   # "pay [A] to hide me"
    return isinstance(done, fx.GameAction) and _discretionary(done.action)


def _discretionary(action: str) -> bool:
    """Whether the rules data makes ``action`` a Discretionary Action (410.1: play 419.2, hide 421.2)."""
    found = active_lexicon().action(action)
    return found is not None and "discretionary" in found.rules


def _is_own_discount(effect) -> bool:
    return isinstance(effect, fx.GameAction) and effect.action == "reduce_cost" \
        and all(o.reference == "self" for o in effect.objects)


def _shared_subject(first, effect):
    """"Each player looks at ..., chooses one, then recycles the rest": later verbs share the subject."""
    subject = getattr(first, "subject", None)
    if subject is None or not isinstance(effect, fx.GameAction) or effect.subject is not None:
        return effect
    return replace(effect, subject=subject)


def _at_end_of_turn(effect) -> bool:
    return isinstance(effect, fx.Delayed) and effect.when == "end_of_turn"


def _ends_in_or(conjunctions, items, index) -> bool:
    """Whether the list of partial items from ``index`` on ends in "or" ("a gear, unit, or card")."""
    while conjunctions[index].kind == "conj_comma" and index + 1 < len(items) and _is_partial(items[index + 1]):
        index += 1
    return conjunctions[index].kind == "conj_or"


def _is_partial(item) -> bool:
    """A conjunct that only completes the clause before it ("..., to a minimum of 1 [M]")."""
    return getattr(item, "kind", None) in PARTIAL_KINDS


def _with_duration(effect, duration):
    if isinstance(effect, (fx.GameAction, fx.StaticEffect)) and effect.duration is None:
        return replace(effect, duration=duration)
    return effect


def _as_ability(body):
    if body.kind == "effect_body":
        return n.Phrase(body.span, "instructions", (body,))
    return body


def compiler(rules: RulesData | None = None) -> Compiler:
    """A compiler over ``rules`` (the shipped rules_data by default)."""
    return Compiler(rules or default_rules())
