"""The turn table built from the turn statements (301-348, 463-472): phases and steps, states,
priority and focus.

``turn_table`` returns a dict (each ``rule`` the id of the rule that says it):

- ``parts``: for each whole ("turn", "beginning phase", "combat", "chain", "playing a card" ...),
  its numbered parts in order: ``{"name": "awaken", "part": "phase", "number": 1, "rule": ...}``;
- ``states``: ``{"closed": {"present": True, "things": ["chain"], "being": "exists", "rule": ...}}``;
- ``combined_states``: ``{"neutral open": {"parts": ["neutral", "open"], "rule": ...}}``;
- ``state_needs``: the keywords a card or ability needs in a state (``{"keywords": ["Reaction"]}``);
- ``rights``: priority and focus, how many players hold each, what follows from gaining or passing
  one, the states where nobody has it;
- ``one_at_a_time`` and ``score_limit``: what exists only once, and scoring once per battlefield.

Every entry cites its rule. A statement that names a phase, a state, a right or a keyword the
rules do not define stops the load with a diagnostic at that statement.
"""
from __future__ import annotations

from .book import RuleBook


def turn_table(book: RuleBook, keywords: dict) -> dict:
    """Everything the turn statements say, checked against each other."""
    parts = _parts(book)
    states = {s["state"]: {"present": s["present"], "things": list(s["things"]), "being": s["being"], "rule": r}
              for r, s in book.statements("turn_state")}
    combined = {}
    for rule_id, statement in book.statements("turn_state_combined"):
        for part in statement["parts"]:
            _known(book, states, part, "state", rule_id, statement)
        combined[statement["state"]] = {"parts": list(statement["parts"]), "rule": rule_id}
    needs = {}
    for rule_id, statement in book.statements("state_needs_keyword"):
        _known(book, states, statement["state"], "state", rule_id, statement)
        for name in statement["keywords"]:
            if name not in keywords:
                book.fail("E111", f"keyword [{name}] is not defined", rule_id, statement,
                          "expected a keyword that a statement “[Name] is a ... keyword.” defines")
        needs[statement["state"]] = {"keywords": list(statement["keywords"]), "rule": rule_id}
    table = {"parts": parts, "states": states, "combined_states": combined, "state_needs": needs,
             "rights": _rights(book, states)}
    table["one_at_a_time"] = {s["thing"]: {"at_most": s["at_most"], "rule": r}
                              for r, s in book.statements("one_at_a_time")}
    for rule_id, statement in book.statements("score_once_per_battlefield"):
        table["score_limit"] = dict(statement.args, rule=rule_id)
    return table


def _parts(book: RuleBook) -> dict:
    """The numbered parts of each whole (the turn, a phase, combat, the chain), in order."""
    parts: dict[str, list[dict]] = {}
    for rule_id, statement in book.statements("turn_part"):
        if statement["part"] != statement["numbered_as"]:
            name, part, numbered_as = statement["name"], statement["part"], statement["numbered_as"]
            book.fail("E116", f"the {name} {part} is numbered as a {numbered_as}",
                      rule_id, statement, f"expected “The X {statement['part']} is {statement['part']} N of ...”")
        parts.setdefault(statement["whole"], []).append(
            {"name": statement["name"], "part": statement["part"], "number": statement["number"], "rule": rule_id})
    phases = {f"{p['name']} phase" for p in parts.get("turn", []) if p["part"] == "phase"}
    for rule_id, statement in book.statements("turn_part"):
        whole = statement["whole"]
        if whole.endswith(" phase") and whole not in phases:
            book.fail("E116", f"there is no {whole} in the turn", rule_id, statement,
                      "expected a phase that “The X phase is phase N of the turn.” defines: "
                      + (", ".join(sorted(phases)) or "(none yet)"))
    for members in parts.values():
        members.sort(key=lambda part: part["number"])
        _check_numbers(book, members)
    return parts


def _check_numbers(book: RuleBook, members: list[dict]) -> None:
    """The parts of one whole are numbered 1, 2, 3 ... once each."""
    for expected, part in enumerate(members, 1):
        if part["number"] != expected:
            statement = next(s for r, s in book.statements("turn_part") if r == part["rule"])
            book.fail("E116", f"the {part['name']} {part['part']} is number {part['number']}, expected {expected}",
                      part["rule"], statement, "expected the parts of one whole numbered 1, 2, 3 ... once each")


def _rights(book: RuleBook, states: dict) -> dict:
    """Priority and focus (312-313): how many hold each, what follows from it, where nobody has it."""
    rights = {s["right"]: {"at_most": s["at_most"], "rule": r, "follows": [], "absent_in": []}
              for r, s in book.statements("right_limit")}
    for rule_id, statement in book.statements("right_follows"):
        for name in (statement["right"], statement["then_right"]):
            _known(book, rights, name, "right", rule_id, statement)
        rights[statement["right"]]["follows"].append(
            {"when": statement["verb"], "then": statement["then"], "right": statement["then_right"], "rule": rule_id})
    for rule_id, statement in book.statements("right_absent"):
        _known(book, rights, statement["right"], "right", rule_id, statement)
        _known(book, states, statement["state"], "state", rule_id, statement)
        rights[statement["right"]]["absent_in"].append({"state": statement["state"], "rule": rule_id})
    return rights


_DEFINED_BY = {"state": "“The turn is in a X state while ...”", "right": "“At most one player has X.”"}


def _known(book: RuleBook, table: dict, name: str, what: str, rule_id: str, statement) -> None:
    if name not in table:
        book.fail("E117", f"there is no {what} {name!r}", rule_id, statement,
                  f"expected a {what} that a statement {_DEFINED_BY[what]} defines: "
                  + (", ".join(sorted(table)) or "(none yet)"))
