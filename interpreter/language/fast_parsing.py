"""One loop that scans and parses, over the tables of the built Lark parser: the same trees.

Lark's LALR parse passes every token through a generator of the contextual lexer, the state
lexer's ``next_token``, a line counter object and the parser state's ``feed_token``, which looks up
the reduced rule's length, name and tree builder at every reduction. ``FastLALR`` does the same
steps in one loop with the line count in local variables, and reads each parser state's actions
from a row prepared on the state's first use (a shift as its target state, a reduction as the
rule's length, name and builder). A rule's tree builder, in Lark a chain of three or four calls
(positions, the children kept, a rule that hands on its one child, the tree), is one ``RuleBuilder``.

It gives the tokens Lark gives (type, value, positions; the words' retyping and the scanners of
``fast_lexing``) and builds the trees Lark's builders build, in the same order, so the trees are the same.
Text it cannot read is not diagnosed here: the parse is run again by Lark's own loop, which
raises its usual error (with the parser state that error messages read). Nothing here is
pickled; ``speed_up`` installs it on a built or loaded parser.
"""
from __future__ import annotations

from functools import partial

from lark import Token, Tree
from lark.lexer import ContextualLexer
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild, PropagatePositions
from lark.parsers.lalr_analysis import Shift
from lark.parsers.lalr_parser import _Parser
from lark.tree import Meta
from lark.utils import TextSlice


# Lark's Token(...) hands its arguments on to this constructor (after a check of deprecated names).
_new_token = Token._future_new


class _Unread(Exception):
    """The fast loop met text it does not read: Lark's loop parses it again and says why."""


class FastLALR(_Parser):
    """Lark's LALR parser loop, with the contextual lexer's scanning done in the same loop."""

    def parse(self, lexer, start, value_stack=None, state_stack=None, start_interactive=False):
        if start_interactive or value_stack or state_stack or not _plain_text(lexer):
            return super().parse(lexer, start, value_stack, state_stack, start_interactive)
        try:
            return self._parse_text(lexer.lexer, lexer.state.text, start)
        except _Unread:
            pass         # the lexer thread is untouched: Lark reads the text from its start
        return super().parse(lexer, start)

    def _parse_text(self, contextual: ContextualLexer, text: TextSlice, start: str):
        """The tree of ``text`` from the rule ``start``: Lark's shift and reduce steps, token by token."""
        table = self.parse_table
        end_state = table.end_states[start]
        stack, values = [table.start_states[start]], []
        rows = self.__dict__.get("_rows")
        if rows is None:
            rows = self._rows = _Rows(self)
        scan = _Scan(contextual, text)
        last = None
        while True:
            token = scan.next_token(stack[-1])
            at_end = token is None
            if at_end:
                token = Token.new_borrow_pos("$END", "", last) if last else Token("$END", "", 0, 1, 1)
            last, kind = token, token.type
            while True:                              # the reductions the token calls for, then its shift
                try:
                    shift, argument = rows[stack[-1]][kind]
                except KeyError:
                    raise _Unread from None
                if shift:
                    if at_end:
                        raise _Unread
                    stack.append(argument)
                    values.append(token)
                    break
                size, name, build = argument
                if size:
                    children = values[-size:]
                    del stack[-size:]
                    del values[-size:]
                else:
                    children = []
                stack.append(rows[stack[-1]][name][1])     # the rule's goto
                values.append(build(children))
                if at_end and stack[-1] == end_state:
                    return values[-1]


class _Rows(dict):
    """The parser's states, each made on its first use a row of its actions by terminal or rule name:
    (True, target state) or (False, (length, name, builder) of the rule reduced). The names are plain
    strings (Lark's may be tokens, slower to compare as keys)."""

    def __init__(self, loop: _Parser):
        super().__init__()
        self.loop = loop
        self.builders: dict = {}                 # rule -> its one-call builder, shared by the states

    def __missing__(self, state) -> dict:
        callbacks = self.loop.callbacks
        row = {}
        for kind, (action, argument) in self.loop.parse_table.states[state].items():
            if action is Shift:
                row[str(kind)] = (True, argument)
            else:
                build = self.builders.get(argument) or self.builders.setdefault(argument, builder(callbacks[argument]))
                row[str(kind)] = (False, (len(argument.expansion), str(argument.origin.name), build))
        self[state] = row
        return row


def builder(callback):
    """The tree builder of a rule: Lark's chain ``callback`` as one ``RuleBuilder`` when it has the shape
    this parser makes (positions over an optional filter of the children, an optional hand-on of a
    single child, and a plain tree); ``callback`` itself otherwise."""
    if type(callback) not in (PropagatePositions, _fast_positions()) or callback.node_filter is not None:
        return callback
    inner = callback.node_builder
    kept = None
    if type(inner) is ChildFilterLALR_NoPlaceholders:
        kept, inner = tuple(inner.to_include), inner.node_builder
    hand_on = type(inner) is ExpandSingleChild
    if hand_on:
        inner = inner.node_builder
    if not (type(inner) is partial and inner.func is Tree and len(inner.args) == 1 and not inner.keywords):
        return callback
    return RuleBuilder(inner.args[0], kept, hand_on)


def _fast_positions():
    from .fast_lexing import FastPositions     # the module that installs this one
    return FastPositions


class RuleBuilder:
    """Lark's tree building for one rule in one call, with the same results: the children kept (a
    ``_rule`` child's own children in its place), the one child handed on for a ``?rule``, else a tree
    named ``name``; positions as Lark propagates them (the start of the first child's container, the
    end of the last one's)."""

    __slots__ = ("name", "kept", "hand_on")

    def __init__(self, name: str, kept, hand_on: bool):
        self.name, self.kept, self.hand_on = name, kept, hand_on

    def __call__(self, children):
        filtered = children if self.kept is None else self._kept(children)
        if self.hand_on and len(filtered) == 1:
            result = filtered[0]
            if isinstance(result, Tree) and not (len(children) == 1 and result is children[0]):
                place(result.meta, children)
            return result
        meta = Meta()
        first = first_position(children)
        if first is not None:                    # a new tree: its start and end are its container's
            line, column, start = first
            end_line, end_column, end = last_position(children)
            meta.line = meta.container_line = line
            meta.column = meta.container_column = column
            meta.start_pos = meta.container_start_pos = start
            meta.end_line = meta.container_end_line = end_line
            meta.end_column = meta.container_end_column = end_column
            meta.end_pos = meta.container_end_pos = end
            meta.empty = False
        return Tree(self.name, filtered, meta)

    def _kept(self, children) -> list:
        filtered = []
        for index, expand in self.kept:
            if not expand:
                filtered.append(children[index])
            elif filtered:
                filtered += children[index].children
            else:                        # as Lark does: the first child's list itself, for left recursion
                filtered = children[index].children
        return filtered


def place(meta, children) -> None:
    """Lark's positions of a tree from its children, set on ``meta``: its own start and end if it has
    none yet, and its container's."""
    first = first_position(children)
    if first is None:
        return
    last = last_position(children)
    if not hasattr(meta, "line"):
        meta.line, meta.column, meta.start_pos = first
        meta.empty = False
    meta.container_line, meta.container_column, meta.container_start_pos = first
    if not hasattr(meta, "end_line"):
        meta.end_line, meta.end_column, meta.end_pos = last
        meta.empty = False
    meta.container_end_line, meta.container_end_column, meta.container_end_pos = last


# NOTE: a tree of this parser with positions always has its container's too (both are set together),
# so the two functions below read the container's directly.
def first_position(children):
    """(line, column, offset) where the first child with a position starts (its container's start), or None."""
    for child in children:
        if isinstance(child, Tree):
            meta = child._meta
            if meta is not None and not meta.empty:
                return meta.container_line, meta.container_column, meta.container_start_pos
        elif isinstance(child, Token):
            return child.line, child.column, child.start_pos
        elif hasattr(child, "__lark_meta__"):  # pragma: no cover - no such children in this grammar
            meta = child.__lark_meta__()
            return meta.line, meta.column, meta.start_pos
    return None


def last_position(children):
    """(line, column, offset) where the last child with a position ends (its container's end), or None."""
    for child in reversed(children):
        if isinstance(child, Tree):
            meta = child._meta
            if meta is not None and not meta.empty:
                return meta.container_end_line, meta.container_end_column, meta.container_end_pos
        elif isinstance(child, Token):
            return child.end_line, child.end_column, child.end_pos
        elif hasattr(child, "__lark_meta__"):  # pragma: no cover
            meta = child.__lark_meta__()
            return meta.end_line, meta.end_column, meta.end_pos
    return None


def _plain_text(thread) -> bool:
    """Whether the lexer thread is the contextual lexer at the start of a whole text, the case read here."""
    state = getattr(thread, "state", None)
    return (type(getattr(thread, "lexer", None)) is ContextualLexer and state is not None
            and isinstance(state.text, TextSlice) and isinstance(state.text.text, str)
            and state.text.start == 0 and state.line_ctr.char_pos == 0 and not thread.lexer.root_lexer.user_callbacks)


class _Scan:
    """The contextual lexer's scanning of one text, with the line count kept in plain numbers."""

    __slots__ = ("lexers", "text", "end", "pos", "line", "line_start", "prepared")

    def __init__(self, contextual: ContextualLexer, text: TextSlice):
        self.lexers = contextual.lexers
        self.text, self.end = text, text.end
        self.pos, self.line, self.line_start = 0, 1, 0
        self.prepared = contextual.__dict__.setdefault("_prepared", {})     # parser state -> its lexer's parts

    def next_token(self, state):
        """The next token the lexer of parser state ``state`` reads (spaces skipped), or None at the end.
        The line count is Lark's ``LineCounter.feed``, in local numbers."""
        match, callbacks, newline_types, ignore_types = self.prepared.get(state) or self._prepare(state)
        text, end = self.text, self.end
        pos, line, line_start = self.pos, self.line, self.line_start
        token = None
        while pos < end:
            found = match(text, pos)
            if not found:
                raise _Unread
            value, kind = found
            start, start_line, start_column = pos, line, pos - line_start + 1
            if kind in newline_types:
                newlines = value.count("\n")
                if newlines:
                    line += newlines
                    line_start = pos + value.rindex("\n") + 1
            pos += len(value)
            ignored = kind in ignore_types
            if ignored and kind not in callbacks:
                continue
            token = _new_token(kind, value, start, start_line, start_column, line, pos - line_start + 1, pos)
            if kind in callbacks:
                token = callbacks[kind](token)
            if not ignored:
                break
            token = None
        self.pos, self.line, self.line_start = pos, line, line_start
        return token

    def _prepare(self, state):
        lexer = self.lexers[state]
        scanner = lexer.scanner                        # built on first use; it sets the lexer's callbacks
        prepared = self.prepared[state] = (scanner.match, lexer.callback, lexer.newline_types, lexer.ignore_types)
        return prepared
