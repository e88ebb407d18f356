"""Render stage: effect objects back to canonical card text, in current templating.

Canonical means one wording per meaning: "[K][>]" arrows, "a"/"two" counts, "your base",
reminder text regenerated from rules_data. The round trip holds when compiling the
rendered text gives equal effect objects (spans aside): see ``round_trips``.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass, replace

from interpreter.compiler import effects as fx
from interpreter.compiler.effects import symbols_text
from .objects import amount_text, condition_text, np_text, place_text
from interpreter.rules.data import RulesData, default_rules
from interpreter.language.number_words import NUMBER_WORDS


class Renderer:
    """Renders the abilities of one card (its type decides "me" or "this")."""

    def __init__(self, card_type: str | None, rules: RulesData | None = None):
        self.card_type = card_type
        self.rules = rules or default_rules()
        self.self_word = "me" if card_type in ("unit", "legend") else "this"

    # ---- abilities --------------------------------------------------------------------
    def card(self, abilities) -> str:
        lines = []
        for before, ability in zip((None,) + tuple(abilities), abilities):
            if isinstance(before, fx.KeywordAbility) and _about_this_ability(ability):
                # "[Equip] [3][A]. This ability's Energy cost is ...": the passive stays on the keyword's line
                lines[-1] = f"{self.keyword(before.keyword)} {symbols_text(before.cost)}. {self.ability(ability)}"
            else:
                lines.append(self.ability(ability))
        return "\n".join(lines)

    def ability(self, ability) -> str:
        method = getattr(self, "_" + type(ability).__name__)
        return method(ability)

    def _KeywordAbility(self, ability: fx.KeywordAbility) -> str:
        text = self.keyword(ability.keyword)
        if ability.cost:
            text += " " + symbols_text(ability.cost)
        if ability.effects or ability.paid:
            return f"{text}[>] {self.sentences(ability.effects or ability.paid)}"
        cost = symbols_text(ability.cost) if ability.cost else None     # "[Equip] [1][R] ([1][R]: Attach ...)"
        reminder = self.rules.reminder(ability.keyword.name, ability.keyword.value, cost)
        return f"{text} ({reminder})" if reminder else text

    def _DefinedKeyword(self, ability: fx.DefinedKeyword) -> str:
        """"[Fortify 2] (To Fortify 2, give ...)": the keyword with the reminder text that defines it (135.2.d)."""
        text = self.keyword(ability.keyword)
        if ability.action:
            value = f" {ability.keyword.value}" if ability.keyword.value is not None else ""
            return f"{text} (To {ability.keyword.name}{value}, {self.sentences(ability.definition, lower=True)})"
        return f"{text} ({' '.join(self.ability(part) for part in ability.definition)})"

    def _KeywordedAbility(self, ability: fx.KeywordedAbility) -> str:
        return f"{self.keyword(ability.keyword)}[>] {self.ability(ability.ability)}"

    def _TriggeredAbility(self, ability: fx.TriggeredAbility) -> str:
        keyword = self._trigger_keyword(ability)
        if keyword is not None:
            return f"[{keyword}][>] {self.sentences(ability.effects)}"
        from .triggers import trigger_text
        before = ", before scoring" if "315.2.a" in ability.rules else ""      # its Beginning Step (315.2.a)
        return f"{trigger_text(self, ability)}{before}, {self.sentences(ability.effects, lower=True)}"

    def _trigger_keyword(self, ability) -> str | None:
        for name, definition in self.rules.keywords.items():
            if definition.get("trigger") and definition["rule"] in ability.rules:
                return name
        return None

    def _ActivatedAbility(self, ability: fx.ActivatedAbility) -> str:
        costs = ", ".join(self.cost(c) for c in ability.costs)
        body = self.sentences(ability.effects + ability.restrictions)   # restrictions are printed last (377)
        permissive = all(self.rules.keyword(k.name)["kind"] == "permissive" for k in ability.permissions)
        if len(ability.permissions) > 1 or not permissive:
            timing = ", ".join(self.keyword(k) for k in ability.permissions)
            return f"{costs}: {timing}[>] {body}"
        prefix = "".join(f"{self.keyword(k)}[>] " for k in ability.permissions)
        return f"{prefix}{costs}: {body}"

    def _ReplacementAbility(self, ability: fx.ReplacementAbility) -> str:
        from interpreter.compiler.standing import as_conditional
        return self.sentences(as_conditional(ability))

    def _Restriction(self, ability: fx.Restriction) -> str:
        return self.sentences((ability,))        # "Use my abilities only while ...": a line of its own

    def _SpellEffect(self, ability: fx.SpellEffect) -> str:
        return self.sentences(ability.effects)

    def _PassiveAbility(self, ability: fx.PassiveAbility) -> str:
        return self.sentences(ability.effects)

    def _AdditionalCost(self, ability: fx.AdditionalCost) -> str:
        if ability.optional:     # "You may pay [G] as an additional cost to play me. [If you do, ...]"
            paid = " and ".join(self.clause(c) for c in ability.cost)
            text = f"You may {paid} as an additional cost to play {self.self_word}."
            if ability.condition is not None:     # "If you've played a spell this turn, you may ..."
                text = f"If {self.condition(ability.condition)}, {text[0].lower()}{text[1:]}"
            return f"{text} {self.sentences(ability.effects)}" if ability.effects else text
        text = f"As an additional cost to play {self.self_word}, {self.sentences(ability.cost, lower=True)}"
        return f"{text} {self.sentences(ability.effects)}" if ability.effects else text

    def _ModalAbility(self, ability: fx.ModalAbility) -> str:
        limit = {"not_chosen_before": " you haven't already chosen",
                 "not_chosen_this_turn": " you've not chosen this turn"}.get(ability.limit, "")
        lines = [f"Do one of the following based on {self._basis(ability.based_on)}:" if ability.based_on
                 else f"Choose {NUMBER_WORDS[ability.choose]}{limit} —"]
        for mode in ability.modes:
            label = f"{mode.label} — " if mode.label else ""
            if mode.label and mode.label[0].islower():
                label = f"{mode.label.capitalize()} — "
            elif mode.label and mode.label[0] == "[":
                label = f"{mode.label} — "
            elif mode.label and mode.label[0].isupper():
                label = f"[{mode.label}] — "
            lines.append(f"• {label}{self.sentences(mode.effects)}")
        return "\n".join(lines)

    def _basis(self, measure: fx.Measure) -> str:
        """"its domain", "the discarded card's type": what picks the mode of a "based on" list."""
        of = measure.of
        if of.reference == "it":
            return f"its {measure.kind}"
        return f"the {of.filters[0].value} {of.types[0]}'s {measure.kind}"

    def keyword(self, keyword: fx.Keyword) -> str:
        return f"[{keyword.name} {keyword.value}]" if keyword.value is not None else f"[{keyword.name}]"

    def cost(self, cost) -> str:
        if isinstance(cost, fx.PayCost):
            return symbols_text(cost.costs)
        return _capital(self.clause(cost))

    # ---- sentences ----------------------------------------------------------------------
    def sentences(self, effects, lower: bool = False) -> str:
        if len(effects) == 1 and isinstance(effects[0], fx.ModalAbility):   # "When ..., choose one —" + bullets
            text = self._ModalAbility(effects[0])
            return text[0].lower() + text[1:] if lower else text
        if len(effects) > 1 and isinstance(effects[-1], fx.ModalAbility):   # "... Do one of the following ...:"
            return f"{self.sentences(effects[:-1], lower)} {self._ModalAbility(effects[-1])}"
        from .clauses import entry_after
        from interpreter.compiler.play_changes import split_play_reduction
        effects = tuple(part for effect in effects for part in split_play_reduction(effect))
        parts, previous = [], None
        for effect in effects:
            joined, previous = entry_after(self, previous, effect), effect
            if joined is not None:
                parts[-1] += joined
            elif isinstance(effect, fx.Conditional) and effect.otherwise:
                parts.append(self.clause(replace(effect, otherwise=())))
                parts.append("Otherwise, " + self.clause_list(effect.otherwise))
            else:
                parts.append(self.clause(effect))
        text = ". ".join(_capital(p) for p in parts)
        text += "" if text.endswith('."') else "."     # a closing quoted ability carries the period
        return text[0].lower() + text[1:] if lower and not text.startswith("I ") else text

    def clause_list(self, effects) -> str:
        return ", then ".join(self.clause(e) for e in effects)

    def clause(self, effect) -> str:
        from .clauses import clause
        return clause(self, effect)

    def np(self, selector, plural_hint: bool = False) -> str:
        return np_text(self, selector)

    def place(self, where) -> str:
        return place_text(where)

    def condition(self, condition) -> str:
        return condition_text(self, condition)

    def amount(self, amount) -> str:
        return amount_text(self, amount)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _about_this_ability(ability) -> bool:
    """A passive whose statements are all about "this ability" (the keyword ability before it)."""
    return isinstance(ability, fx.PassiveAbility) and all(_about_this(e) for e in ability.effects)


def _about_this(statement) -> bool:
    """"This ability costs [3] less", also under a condition ("... if you control a gear", 827.1.c.3)."""
    if isinstance(statement, fx.Conditional):
        return bool(statement.effects) and all(_about_this(e) for e in statement.effects)
    return isinstance(statement, fx.StaticEffect) and statement.holder.types == ("ability",) \
        and (statement.holder.reference == "this" or statement.kind == "cost_change")


def render_card(abilities, card_type: str | None, rules: RulesData | None = None) -> str:
    """Canonical text of a card's compiled abilities."""
    return Renderer(card_type, rules).card(abilities)


def without_spans(value):
    """The same effect objects with every span cleared, for comparing meanings."""
    if isinstance(value, tuple):
        return tuple(without_spans(item) for item in value)
    if is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: (None if f.name == "span" else without_spans(getattr(value, f.name)))
                   for f in fields(value)}
        return replace(value, **changes)
    return value


def round_trips(abilities, card_type: str | None) -> bool:
    """Does the rendered text compile back to equal effects?"""
    from interpreter.base.diagnostics import InputError
    from interpreter.compiler.pipeline import compile_text
    from interpreter.compiler.references import names_equipment

    if not abilities:
        return True   # reminder text only: nothing to say, nothing to compile (135.2.d.3)
    try:
        text = render_card(abilities, card_type)
        again = compile_text(text, card_type=card_type, equipment="" if names_equipment(abilities) else None)
    except InputError:     # anything else is a bug of the renderer or the compiler, not a failed round trip
        return False
    return without_spans(again) == without_spans(tuple(abilities))
