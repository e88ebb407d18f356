"""A token card whose printed type, might or tags contradict its rule-187 definition.

What it does:
    For a card with ``supertype: Token``, compares its ``type``, ``might`` and
    ``tags`` with the token's definition in rule 187 (kept in the rules data): a
    different type or might, or a tag of the definition missing from the card, is
    reported at the field. A token name rule 187 does not define is reported too.
    (RB301 does the same for tokens made by a card text.)

Why is this bad?
    Rule 187 gives each token's characteristics ("A 1 [M] Recruit token is a
    domainless unit token with 1 Might", 187.1); the printed token card only restates
    them. When the card and the rule differ, the game and the card disagree about
    what is on the board.

Example:
    name: Recruit
    type: Unit
    supertype: Token
    might: 2

Use instead:
    name: Recruit
    type: Unit
    supertype: Token
    might: 1
    tags: [Recruit]
"""
from __future__ import annotations

from interpreter.lint.fields import CARD_LEVEL, shown
from interpreter.lint.model import Finding

FIX = "none"
FIELDS = CARD_LEVEL


def check(context):
    fields = context.card.fields
    if fields.get("supertype") != "Token":
        return
    token = context.rules.tokens.get(context.card.name)
    if token is None:
        known = ", ".join(sorted(context.rules.tokens))
        yield Finding("RB606", f"Token {context.card.name} is not defined in rule 187", 0, 0,
                      help=f"expected a token of rule 187: {known}", key=("name",))
        return
    definition, rule = token.definition, token.rule
    if context.card_type is not None and context.card_type != definition.card_type:
        yield Finding("RB606", f"A {token.name} token is a {definition.card_type} (rule {rule}), "
                               f"not a {context.card_type}", 0, 0, key=("type",))
    might = fields.get("might")
    if might != definition.might and not (might is None and definition.might is None):
        said = "no might" if definition.might is None else f"{definition.might} might"
        yield Finding("RB606", f"A {token.name} token has {said} (rule {rule}), not {shown(might)}", 0, 0,
                      key=("might",) if "might" in fields else ("name",))
    tags = fields.get("tags") if isinstance(fields.get("tags"), list) else []
    for trait in definition.traits:
        if trait.kind == "tag" and trait.value not in tags:
            yield Finding("RB606", f"A {token.name} token has the tag {trait.value} (rule {rule})", 0, 0,
                          help=f"expected {trait.value} in tags:", key=("tags",) if "tags" in fields else ("name",))
