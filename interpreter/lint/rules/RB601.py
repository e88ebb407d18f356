"""A card field whose value has the wrong type or is out of range.

What it does:
    Checks the types of the card fields besides the cost (RB602) and the domains
    (RB603): ``might`` is a whole number of 0 or more, ``might_bonus`` a whole
    number, ``tags`` and ``domains`` lists of words. A value YAML reads as something
    else (``might: "3"``, ``might: -1``, ``tags: Poro``) is reported at the value.

Why is this bad?
    Might is a number a unit is compared against in combat and for lethal damage
    (143.2, 142.4.b); it can fall below 0 during play but is printed as 0 or more
    (143.2.b). A might bonus is "an operator plus an integer" (137.1). Tags are
    categories listed after the type (133.8), so one tag is still a list of one.
    A field of the wrong type is lost or misread: ``might: "3"`` is read as no
    might at all, and ``tags: Poro`` as the letters of the word.

Example:
    might: "3"
    tags: Poro

Use instead:
    might: 3
    tags: [Poro]
"""
from __future__ import annotations

from interpreter.lint.fields import CARD_LEVEL, is_number, shown
from interpreter.lint.model import Finding

FIX = "none"
FIELDS = CARD_LEVEL


def check(context):
    fields = context.card.fields
    might = fields.get("might")
    if might is not None and not (is_number(might) and might >= 0):   # 143.2, 143.2.b
        yield Finding("RB601", f"Might {shown(might)!r} is not a whole number of 0 or more", 0, 0,
                      help="expected e.g. might: 3 (rule 143.2)", key=("might",))
    bonus = fields.get("might_bonus")
    if bonus is not None and not is_number(bonus):                     # 137.1
        yield Finding("RB601", f"Might bonus {shown(bonus)!r} is not a whole number", 0, 0,
                      help="expected e.g. might_bonus: 1 (rule 137.1)", key=("might_bonus",))
    for name in ("tags", "domains"):
        yield from _words(fields.get(name), name)


def _words(value, name: str):
    if value is None:
        return
    if not isinstance(value, list):
        yield Finding("RB601", f"{name.capitalize()} must be a list, not {shown(value)!r}", 0, 0,
                      help=f"expected e.g. {name}: [{shown(value)}]", key=(name,))
        return
    for index, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            yield Finding("RB601", f"{name.capitalize()} hold words, not {shown(item)!r}", 0, 0,
                          help=f"expected a word in the list of {name}", key=(name, index))
