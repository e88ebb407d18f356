"""The lexicon: the game's words as the rules data defines them, and the word classes of the grammar.

A lexicon is read from a rules_data folder: ``actions.yaml`` (the game actions, 407-458, with
their inflected forms, what their instruction takes, and the rules of their format line, their
limit and the status they give) and ``vocabulary.yaml`` (statuses, phases, kinds of damage, zones,
card types, supertypes, domains and keywords). Every entry cites its rule.

A phrase rule of one action names its words by the action and the slot (``_verb_pay``, ``_done_kill``);
``expand`` puts that action's forms in their place before Lark reads the grammar, so the words of the
grammar's own phrase rules come from actions.yaml too.

The grammar reads the actions through word classes generated here and joined to the grammar
text when the parser is built (``terminals``): the rules of words ``_action_verb`` (every base and
third-person form, "burn", "burns", "ready", "readies") and ``_action_done`` (every past participle,
"burned", "readied"), and ``_free_action_verb`` for an instruction of an action the grammar has no
phrase rule of its own for (a form it spells, "deal", "channel", stays with those rules and is left
out of that rule, so each instruction has one reading). Their words are the same terminals as the
words spelled elsewhere, so the parser tells the roles apart by phrase structure, not the lexer. A copy of rules_data with a new action makes
the language read it with no grammar edit; the terminals are part of the grammar text, so the
parser cache (``parser_cache``) keys on them.

This module sits in the language stage, below the rules stage: it reads the YAML files of a folder
itself (through the bounded reader of ``base.file_input``), and a malformed entry is one located
``InputError``.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

from interpreter.base.diagnostics import InputError
from interpreter.base.file_input import compose_yaml, input_error, read_source
from interpreter.base.resources import rules_data_dir

MAX_BYTES = 1_000_000
# What an action's instruction is followed by (its format line): "Burn X.", "Empower this.", "Pay [1].".
TAKES = ("count", "object", "cost", "procedure", "none")
KEYWORD_TAKES = ("none", "number", "optional_number", "cost")
_FORM_SLOTS = ("base", "third", "done", "doing")
_SECTIONS = ("statuses", "text_states", "turn_states", "phases", "combat_steps", "damage_kinds", "zones", "card_types", "supertypes", "domains", "keywords")
_NEVER = r"/[^\s\S]/"   # a class with no free word: a pattern that matches nothing
_LITERAL = re.compile(r'"([A-Za-z][A-Za-z\'\-]*)"i?')
_COMMENT = re.compile(r"//[^\n]*")          # a word quoted in a comment is no word the grammar spells
# A phrase rule of one action names its words by the action and the slot ("_verb_pay": "pay" or "pays";
# "_done_play": "played"), and the lexicon puts the words in (``Lexicon.expand``).
_SLOT_RULE = re.compile(r"\b_(verb|base|third|done|doing)_([a-z]+(?:_[a-z]+)*)\b")
_SLOT_FORMS = {"verb": (0, 1), "base": (0,), "third": (1,), "done": (2,), "doing": (3,)}


@dataclass(frozen=True)
class Action:
    """One game action: its name in effects, the rule it cites, its forms and what it takes."""

    name: str
    rule: str
    forms: tuple[str, str, str, str] | None   # base, third person, past participle, gerund
    takes: str = "none"
    rules: dict = field(default_factory=dict)  # format, limited, replacement, event, discretionary: rule ids
    status: str | None = None                  # the status it gives (vocabulary.yaml)


@dataclass(frozen=True, eq=False)
class Lexicon:
    """The game's words from one rules_data folder."""

    folder: str
    actions: dict
    vocabulary: dict
    digest: str

    def action(self, name: str) -> Action | None:
        return self.actions.get(name)

    def action_of(self, word: str) -> Action | None:
        """The action one of whose forms is ``word`` (any case): "Burns" -> burn."""
        return _forms_index(self)[0].get(word.lower())

    def form(self, name: str, slot: str) -> str | None:
        """The ``slot`` form (base, third, done, doing) of action ``name``."""
        action = self.actions.get(name)
        if action is None or action.forms is None:
            return None
        return action.forms[_FORM_SLOTS.index(slot)]

    def status_of(self, word: str) -> dict | None:
        """The status named ``word`` ("Stunned", "empowered"), from vocabulary.yaml or the status an
        action of actions.yaml gives; None when the rules data names no such status."""
        found = self.vocabulary["statuses"].get(word.lower())
        if found is not None:
            return found
        for action in self.actions.values():
            if action.status == word.lower():
                return {"rule": action.rules["status"], "action": action.name}
        return None

    def slot_forms(self, name: str, slot: str) -> tuple[str, ...]:
        """The forms of action ``name`` in ``slot`` (verb: base and third person; base; third; done; doing),
        none when the rules data gives the action no forms."""
        action = self.actions.get(name)
        if action is None or not action.forms:
            return ()
        return tuple(dict.fromkeys(action.forms[i] for i in _SLOT_FORMS[slot]))

    def free_forms(self, grammar: str, slot: str) -> list[str]:
        """The ``slot`` forms ("base": base and third person; "done": participles) of the actions that
        ``grammar`` does not spell as words of its own; an action whose base or third-person form
        it spells keeps all its verb forms with those phrase rules."""
        spelled = {word.lower() for word in _LITERAL.findall(_COMMENT.sub("", grammar))}
        words: set[str] = set()
        for action in self.actions.values():
            if not action.forms:
                continue
            if slot == "base" and not {action.forms[0], action.forms[1]} & spelled:
                words |= {action.forms[0], action.forms[1]}
            elif slot == "done" and action.forms[2] not in spelled:
                words.add(action.forms[2])
        return sorted(words, key=lambda word: (-len(word), word))

    def bare_keywords(self, grammar: str) -> list[str]:
        """The keywords a line may start with unbracketed ("Equip [4][A]."): a keyword is known by its highlight
        (801.2), so its name alone reads as it where no other word can stand; a name the grammar spells as a word
        of its own or an action's form ("Stun", "Add", "Predict", "Hidden") keeps that reading (a line of such a
        name and its reminder is still read as the keyword: card_line's ``WORD REMINDER``)."""
        spelled = {word.lower() for word in _LITERAL.findall(_COMMENT.sub("", grammar))}
        forms = {word.lower() for action in self.actions.values() for word in action.forms or ()}
        return sorted(name for name in self.vocabulary["keywords"] if name.lower() not in spelled | forms)

    def terminals(self, grammar: str) -> str:
        """The word-class terminal definitions for ``grammar`` (joined after it to build the parser)."""
        lines = ["// Word classes generated from the lexicon (interpreter/language/lexicon.py)."]
        # The verb forms and participles of the actions (407-458) as rules of words, which share their terminals
        # with the same words spelled elsewhere, so the parser tells their roles apart by phrase structure:
        # every action in "When you burn", "I can't be readied"; the actions with no phrase rule of their own
        # as an instruction ("Burn 2.").
        verbs = {word for action in self.actions.values() if action.forms for word in action.forms[:2]}
        done = {action.forms[2] for action in self.actions.values() if action.forms}
        free = self.free_forms(grammar, "base")
        # the participles the grammar spells no phrase of its own with, as a reduced participle after a noun
        # ("a facedown card hidden there"): "exhausted" stays the post-modifier of its own
        free_done = self.free_forms(grammar, "done")
        for rule, forms in (("_action_verb", verbs), ("_action_done", done), ("_free_action_verb", free),
                            ("_free_action_done", free_done)):
            lines.append(f"!{rule}: " + (" | ".join(f'"{word}"i' for word in sorted(forms)) or "_NO_ACTION"))
        if not (verbs and done and free) or not self.vocabulary.get("damage_kinds"):
            lines.append(f"_NO_ACTION: {_NEVER}")
        # the card types (133.4-133.6): "_card_type" names one ("use unit abilities"), "_card_type_noun" is
        # also the head of a noun phrase, singular or plural ("a unit", "your spells")
        types = self.vocabulary["card_types"]
        nouns = set(types) | {entry["plural"] for entry in types.values() if "plural" in entry}
        for rule, words in (("_card_type", set(types)), ("_card_type_noun", nouns)):
            lines.append(f"!{rule}: " + (" | ".join(f'"{word}"i' for word in sorted(words)) or "_NO_CARD_TYPE"))
        if not types:
            lines.append(f"_NO_CARD_TYPE: {_NEVER}")
        # "units and gear", "spells and abilities", "units, gear, and runes": nouns of kinds of objects joined by
        # "and" name one set of objects of any of those kinds, one token so that an "and" after a noun phrase
        # stays the join of two phrases or clauses ("Kill a unit and draw 1"); the kinds are the card types
        # with their plurals and the abilities (376-392), the other objects a spell or ability acts on
        kinds = sorted(nouns | {"ability", "abilities"}, key=lambda word: (-len(word), word))
        kind = "(?:" + "|".join(map(re.escape, kinds)) + ")"
        # ("and/or" joins them alike: "spells and/or units" is the objects of either kind)
        lines.append(f"NOUNS_JOINED.2: /{kind}(?:, {kind})*,? and(?:\\/or)? {kind}\\b/i")
        # "killed this way", "burned this way": the objects an earlier instruction of that action acted on,
        # one token for every participle of the lexicon (so "this way" after a verb stays a clause's)
        done = sorted({a.forms[2] for a in self.actions.values() if a.forms}, key=lambda w: (-len(w), w))
        pattern = "/(?:" + "|".join(map(re.escape, done)) + r") this way\b/i" if done else _NEVER
        lines.append(f"DONE_THIS_WAY.2: {pattern}")
        # the phases of the turn (315-317) as a rule of words, which share their terminals with the same
        # words elsewhere ("draw"): "Skip your Draw Phase." (443.1.b)
        phases = [f'"{word}"i' for word in self.vocabulary["phases"]] or ["_NO_PHASE"]
        lines.append("!lexicon_phase: " + " | ".join(phases))
        # "if it's your Beginning Phase": whose phase of the turn it is now (315-317), one token after "it's"
        # like WHOSE_TURN, so "your" is not read as a determiner
        words = "|".join(map(re.escape, self.vocabulary["phases"]))
        lines.append(f"WHOSE_PHASE.2: /(?:your|an opponent's) (?:{words}) phase\\b/i" if words else
                     f"WHOSE_PHASE.2: {_NEVER}")
        if not self.vocabulary["phases"]:
            lines.append(f"_NO_PHASE: {_NEVER}")
        # the steps of combat (463-466) as a rule of words: "during the Combat Damage step" (815.1.b)
        steps = [" ".join(f'"{part}"i' for part in word.split()) for word in self.vocabulary.get("combat_steps", ())]
        lines.append("!lexicon_combat_step: " + (" | ".join(steps) or "_NO_STEP"))
        if not steps:
            lines.append(f"_NO_STEP: {_NEVER}")
        # the kinds of damage named by an adjective (142.4.a, 465), a rule of words kept in the tree: "I must be
        # assigned combat damage first"
        kinds = [f'"{word}"i' for word in self.vocabulary.get("damage_kinds", ())]
        lines.append("!_damage_kind: " + (" | ".join(kinds) or "_NO_ACTION"))
        # the keywords a line may start with unbracketed (801.2): "Equip [4][A]. This ability costs ..."
        bare = [f'"{name.lower()}"i' for name in self.bare_keywords(grammar)]
        lines.append("!lexicon_keyword: " + (" | ".join(bare) or "_NO_BARE_KEYWORD"))
        if not bare:
            lines.append(f"_NO_BARE_KEYWORD: {_NEVER}")
        # the states card text can be in (721): "no longer Inactive", "if they are currently Inactive"
        text_states = [f'"{word}"i' for word in self.vocabulary.get("text_states", ())]
        lines.append("!lexicon_text_state: " + (" | ".join(text_states) or "_NO_TEXT_STATE"))
        if not text_states:
            lines.append(f"_NO_TEXT_STATE: {_NEVER}")
        # the states of the turn (308-309): "during an Open State", "during Closed States"
        turn_states = [f'"{word}"i' for word in self.vocabulary.get("turn_states", ())]
        lines.append("!lexicon_turn_state: " + (" | ".join(turn_states) or "_NO_TURN_STATE"))
        if not turn_states:
            lines.append(f"_NO_TURN_STATE: {_NEVER}")
        # the statuses of objects (124.2) as a rule of words: "hide me facedown at a battlefield" (421.1)
        statuses = [f'"{word}"i' for word in self.vocabulary["statuses"]]
        lines.append("!lexicon_status: " + (" | ".join(statuses) or "_NO_STATUS"))
        if not statuses:
            lines.append(f"_NO_STATUS: {_NEVER}")
        # the domains (134.2) as a rule of words, an adjective before a noun: "a Fury unit"
        domains = [f'"{word}"i' for word in self.vocabulary["domains"]] or ["_NO_DOMAIN"]
        lines.append("!lexicon_domain: " + " | ".join(domains))
        if not self.vocabulary["domains"]:
            lines.append(f"_NO_DOMAIN: {_NEVER}")
        return "\n".join(lines) + "\n"

    def expand(self, grammar: str) -> str:
        """``grammar`` with the words of single actions put in where a phrase rule names them by the action and
        the slot ("_verb_pay" becomes ("pay"i | "pays"i), from the forms of ``pay`` in actions.yaml;
        "_done_play" becomes ("played"i)): the same literals in the same rule, so the parser reads them as if
        they were spelled there. ``_lexicon_status`` becomes the statuses (124.2, and those the actions give:
        "empowered", 441.2), and ``_lexicon_type_possessive`` the possessive of each card type ("unit's",
        "spell's": 133.4-133.6). A name the rules data gives no words reads as no word: a terminal of its own
        that matches nothing (``no_words``), so two such names in one rule stay two alternatives."""
        def words(match: re.Match) -> str:
            return _alternatives(self.slot_forms(match.group(2), match.group(1)), match.group(0))
        statuses = sorted(set(self.vocabulary["statuses"]) | {a.status for a in self.actions.values() if a.status})
        owners = [f"{word}'s" for word in self.vocabulary["card_types"]]
        return _SLOT_RULE.sub(words, grammar).replace("_lexicon_status", _alternatives(statuses, "_lexicon_status")) \
            .replace("_lexicon_type_possessive", _alternatives(owners, "_lexicon_type_possessive"))

    @staticmethod
    def no_words(grammar: str) -> str:
        """The definitions of the terminals that match nothing which ``expand`` put in ``grammar``."""
        names = sorted(set(re.findall(r"\b_NO_WORDS_[A-Z_]+\b", grammar)))
        return "".join(f"{name}: {_NEVER}\n" for name in names)


def _alternatives(words, name: str) -> str:
    """The words as alternatives of a rule, or a terminal named after ``name`` that matches nothing."""
    return "(" + (" | ".join(f'"{word}"i' for word in words) or "_NO_WORDS" + name.upper()) + ")"


@cache
def _forms_index(lexicon: Lexicon) -> tuple[dict]:
    index: dict[str, Action] = {}
    for action in lexicon.actions.values():
        for word in action.forms or ():
            index.setdefault(word.lower(), action)
    return (index,)


# ---- which lexicon is in use ------------------------------------------------------------------
_ACTIVE: dict = {}


def use_folder(folder) -> Lexicon:
    """Make the lexicon of ``folder`` the one parsing uses by default (``--rules-data DIR``); None
    goes back to the shipped one."""
    if folder is None:
        _ACTIVE.clear()
        return shipped_lexicon()
    lexicon = load_lexicon(Path(folder))
    _ACTIVE["lexicon"] = lexicon
    return lexicon


def active_lexicon() -> Lexicon:
    """The lexicon in use: the one ``use_folder`` chose, else the shipped one."""
    return _ACTIVE.get("lexicon") or shipped_lexicon()


@cache
def shipped_lexicon() -> Lexicon:
    return load_lexicon(rules_data_dir())


# ---- loading ------------------------------------------------------------------------------------
def load_lexicon(folder: Path) -> Lexicon:
    """The lexicon of a rules_data folder; a malformed entry raises one located ``InputError``."""
    folder = Path(folder)
    return _load(str(folder.resolve()), *_stamp(folder))


def _stamp(folder: Path) -> tuple:
    return tuple((folder / name).stat().st_mtime_ns if (folder / name).exists() else 0
                 for name in ("actions.yaml", "vocabulary.yaml"))


@cache
def _load(folder: str, *_stamps) -> Lexicon:
    digest = hashlib.sha256()
    actions_node, text_a, path_a = _mapping_file(Path(folder) / "actions.yaml", digest)
    vocabulary_node, text_v, path_v = _mapping_file(Path(folder) / "vocabulary.yaml", digest)
    actions = {} if actions_node is None else _actions(actions_node, text_a, path_a)
    vocabulary = {section: {} for section in _SECTIONS}
    if vocabulary_node is not None:
        vocabulary.update(_vocabulary(vocabulary_node, text_v, path_v, actions))
    return Lexicon(folder, actions, vocabulary, digest.hexdigest()[:16])


def _mapping_file(path: Path, digest):
    if not path.exists():
        digest.update(b"-")
        return None, "", str(path)
    text = read_source(path, MAX_BYTES)[0]
    digest.update(text.encode())
    documents = compose_yaml(text, str(path))
    if not documents:
        return None, text, str(path)
    node = documents[0]
    if not isinstance(node, yaml.MappingNode):
        raise _error(node, text, str(path), "the file is not a mapping", "expected entries `name: {rule: ...}`")
    return node, text, str(path)


def _error(node, text: str, path: str, message: str, help: str) -> InputError:
    line, column = node.start_mark.line + 1, node.start_mark.column + 1
    source = text.splitlines()[line - 1] if line <= len(text.splitlines()) else ""
    return input_error("E120", message, path, help, line, column, source)


def _scalar(node, text, path, what: str, pattern: str = r".+") -> str:
    if not isinstance(node, yaml.ScalarNode) or not re.fullmatch(pattern, str(node.value)):
        raise _error(node, text, path, f"{what} is not valid", f"expected {what} as a plain value matching {pattern}")
    return str(node.value)


def _fields(node, text, path, name: str, allowed: tuple) -> dict:
    if not isinstance(node, yaml.MappingNode):
        raise _error(node, text, path, f"entry {name!r} is not a mapping", "expected `{rule: \"NNN\", ...}`")
    out = {}
    for key, value in node.value:
        if key.value not in allowed:
            raise _error(key, text, path, f"entry {name!r} has an unknown field {key.value!r}",
                         "expected only the fields " + ", ".join(allowed))
        out[key.value] = value
    if "rule" not in out:
        raise _error(node, text, path, f"entry {name!r} cites no rule", "expected `rule: \"NNN\"`, the rule defining it")
    return out


_RULE = r"[0-9]{3}(?:\.[0-9a-z]+)*"
_WORD = r"[a-z][a-z'\-]*"


def _actions(root, text, path) -> dict:
    actions = {}
    for key, node in root.value:
        if key.value == "runtime":
            continue
        name = _scalar(key, text, path, "an action name", r"[a-z_]+")
        got = _fields(node, text, path, name, ("rule", "forms", "takes", "format", "limited", "replacement", "discretionary",
                                                "event", "status"))
        forms = None
        if "forms" in got:
            items = got["forms"]
            if not isinstance(items, yaml.SequenceNode) or len(items.value) != 4:
                raise _error(items, text, path, f"the forms of {name!r} are not four words",
                             "expected [base, third person, past participle, gerund], e.g. [burn, burns, burned, burning]")
            forms = tuple(_scalar(item, text, path, "a form", _WORD) for item in items.value)
        takes = _scalar(got["takes"], text, path, "takes", "|".join(TAKES)) if "takes" in got else "none"
        rules = {part: _scalar(got[part], text, path, f"the {part} rule", _RULE)
                 for part in ("format", "limited", "replacement", "event", "discretionary") if part in got}
        status = None
        if "status" in got:
            status_fields = _fields(got["status"], text, path, f"{name}.status", ("name", "rule"))
            status = _scalar(status_fields["name"], text, path, "a status name", _WORD)
            rules["status"] = _scalar(status_fields["rule"], text, path, "the status rule", _RULE)
        actions[name] = Action(name, _scalar(got["rule"], text, path, "the rule", _RULE), forms, takes, rules, status)
    return actions


_SECTION_FIELDS = {
    "statuses": ("rule", "action"), "text_states": ("rule",), "turn_states": ("rule",), "phases": ("rule", "steps"), "combat_steps": ("rule",), "damage_kinds": ("rule",), "zones": ("rule", "board"),
    "card_types": ("rule", "plural"), "supertypes": ("rule",), "domains": ("rule", "symbol"),
    "keywords": ("rule", "takes", "short_for"),
}


def _vocabulary(root, text, path, actions: dict) -> dict:
    out = {}
    for key, section in root.value:
        if key.value not in _SECTIONS:
            raise _error(key, text, path, f"unknown section {key.value!r}", "expected one of " + ", ".join(_SECTIONS))
        if not isinstance(section, yaml.MappingNode):
            raise _error(section, text, path, f"section {key.value!r} is not a mapping", "expected `word: {rule: ...}`")
        out[key.value] = {entry.value if key.value == "keywords" else entry.value.lower():
                          _word_entry(key.value, entry, node, text, path, actions) for entry, node in section.value}
    return out


def _word_entry(section: str, key, node, text, path, actions: dict) -> dict:
    word = _scalar(key, text, path, "a word", r"[A-Za-z][A-Za-z' \-]*")
    got = _fields(node, text, path, word, _SECTION_FIELDS[section])
    entry = {"rule": _scalar(got["rule"], text, path, "the rule", _RULE)}
    if "action" in got:
        entry["action"] = _scalar(got["action"], text, path, "an action", r"[a-z_]+")
        if entry["action"] not in actions:
            raise _error(got["action"], text, path, f"status {word!r} names no action of actions.yaml",
                         "expected the name of an action in actions.yaml")
    if "symbol" in got:
        entry["symbol"] = _scalar(got["symbol"], text, path, "a domain symbol", r"[A-Z]")
    if "takes" in got:
        entry["takes"] = _scalar(got["takes"], text, path, "takes", "|".join(KEYWORD_TAKES))
    if "short_for" in got:
        entry["short_for"] = _scalar(got["short_for"], text, path, "the short_for rule", _RULE)
    if "plural" in got:
        entry["plural"] = _scalar(got["plural"], text, path, "a plural", _WORD)
    if "board" in got:
        entry["board"] = _scalar(got["board"], text, path, "board", r"true|false") == "true"
    return entry
