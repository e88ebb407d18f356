"""One loop that scans and parses, over the tables of the built Lark parser: the same trees.

Lark's LALR parse passes every token through a generator of the contextual lexer, the state
lexer's ``next_token``, a line counter object and the parser state's ``feed_token``, which looks up
the reduced rule's length, name and tree builder at every reduction. ``FastLALR`` does the same
steps in one loop with the line count in local variables, and reads each parser state's actions
from a row prepared on the state's first use (a shift as its target state, a reduction as the
rule's length, name and builder).

It gives the tokens Lark gives (type, value, positions; the words' retyping and the scanners of
``fast_lexing``) and calls the same tree builders in the same order, so the trees are the same.
Text it cannot read is not diagnosed here: the parse is run again by Lark's own loop, which
raises its usual error (with the parser state that error messages read). Nothing here is
pickled; ``speed_up`` installs it on a built or loaded parser.
"""
from __future__ import annotations

from lark import Token
from lark.lexer import ContextualLexer
from lark.parsers.lalr_analysis import Shift
from lark.parsers.lalr_parser import _Parser
from lark.utils import TextSlice


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
        token = None
        while True:
            found = scan.next_token(stack[-1])
            if found is None:
                break
            token = found
            self._shift(token, stack, values, rows)
        end = Token.new_borrow_pos("$END", "", token) if token else Token("$END", "", 0, 1, 1)
        return self._shift(end, stack, values, rows, end_state)

    def _shift(self, token, stack, values, rows, end_state=None):
        """Feed ``token``: the reductions it calls for, then its shift (or, for the end, the tree)."""
        kind = token.type
        while True:
            state = stack[-1]
            try:
                shift, argument = rows[state][kind]
            except KeyError:
                raise _Unread from None
            if shift:
                if end_state is not None:
                    raise _Unread
                stack.append(argument)
                values.append(token)
                return None
            size, name, build = argument
            if size:
                children = values[-size:]
                del stack[-size:]
                del values[-size:]
            else:
                children = []
            below = stack[-1]
            stack.append(rows[below][name][1])     # the rule's goto
            values.append(build(children))
            if end_state is not None and stack[-1] == end_state:
                return values[-1]



class _Rows(dict):
    """The parser's states, each made on its first use a row of its actions by terminal or rule name:
    (True, target state) or (False, (length, name, builder) of the rule reduced). The names are plain
    strings (Lark's may be tokens, slower to compare as keys)."""

    def __init__(self, loop: _Parser):
        super().__init__()
        self.loop = loop

    def __missing__(self, state) -> dict:
        callbacks = self.loop.callbacks
        row = {}
        for kind, (action, argument) in self.loop.parse_table.states[state].items():
            if action is Shift:
                row[str(kind)] = (True, argument)
            else:
                row[str(kind)] = (False, (len(argument.expansion), str(argument.origin.name), callbacks[argument]))
        self[state] = row
        return row


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
        self.prepared = contextual.__dict__.setdefault("_prepared", {})

    def next_token(self, state):
        """The next token the lexer of parser state ``state`` reads (spaces skipped), or None at the end."""
        lexer = self.lexers[state]
        prepared = self.prepared.get(lexer) or self._prepare(lexer)
        match, callbacks, newline_types, ignore_types = prepared
        text = self.text
        while self.pos < self.end:
            found = match(text, self.pos)
            if not found:
                raise _Unread
            value, kind = found
            ignored = kind in ignore_types
            start, line, column = self.pos, self.line, self.pos - self.line_start + 1
            self._advance(value, kind in newline_types)
            if ignored and kind not in callbacks:
                continue
            token = Token(kind, value, start, line, column, self.line, self.pos - self.line_start + 1, self.pos)
            if kind in callbacks:
                token = callbacks[kind](token)
            if not ignored:
                return token
        return None

    def _advance(self, value: str, may_hold_newline: bool) -> None:
        if may_hold_newline:
            newlines = value.count("\n")
            if newlines:
                self.line += newlines
                self.line_start = self.pos + value.rindex("\n") + 1
        self.pos += len(value)

    def _prepare(self, lexer):
        scanner = lexer.scanner                        # built on first use; it sets the lexer's callbacks
        prepared = (scanner.match, lexer.callback, lexer.newline_types, lexer.ignore_types)
        self.prepared[lexer] = prepared
        return prepared
