"""The language server (pygls, over stdio): card files checked as they change.

Diagnostics are published on open, change and save, from ``Analyzer`` (load, compile and
lint problems with their ranges); hover, completion and code actions (lint fixes as edits,
and "fix all safe" for the file) answer from the last analysis of each document. Columns are
converted to the UTF-16 code units LSP counts in.

NOTE: pygls is an optional extra (``pip install riftbound-rules[lsp]``); this module is only
imported by ``riftbound lsp``. Both pygls 1.x and 2.x are accepted: they differ in where the
server class lives and in how diagnostics are published.
"""
from __future__ import annotations

import threading
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types

from interpreter.lint.fixer import fix_source
from interpreter.rules.data import default_rules

from .analysis import Analysis, Analyzer, Problem
from .completion import items, pool_names
from .hover import hover

try:                                              # pygls 2
    from pygls.lsp.server import LanguageServer
except ImportError:                               # pragma: no cover - pygls 1
    from pygls.server import LanguageServer

SOURCE = "riftbound"
KINDS = {"keyword": types.CompletionItemKind.Keyword, "symbol": types.CompletionItemKind.Constant,
         "token": types.CompletionItemKind.Class, "card": types.CompletionItemKind.Reference}


class CardServer(LanguageServer):
    """The server and what it remembers of each open document."""

    def __init__(self):
        from interpreter import __version__
        super().__init__("riftbound", __version__)
        self.analyzer = Analyzer()
        self.rules = default_rules()
        self.analyses: dict[str, tuple[str, Analysis]] = {}

    def check(self, uri: str) -> None:
        document = self.workspace.get_text_document(uri)
        text = document.source
        analysis = self.analyzer.analyze(path_of(uri), text)
        self.analyses[uri] = (text, analysis)
        diagnostics = [diagnostic(p, text) for p in analysis.problems]
        if hasattr(self, "text_document_publish_diagnostics"):
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, diagnostics, document.version))
        else:                                      # pragma: no cover - pygls 1
            self.publish_diagnostics(uri, diagnostics)

    def analysis(self, uri: str) -> tuple[str, Analysis]:
        if uri not in self.analyses:
            self.check(uri)
        return self.analyses[uri]


def path_of(uri: str) -> Path:
    parsed = urlparse(uri)
    return Path(unquote(parsed.path)) if parsed.scheme == "file" else Path(unquote(parsed.path or uri))


def utf16(line_text: str, column: int) -> int:
    """The UTF-16 offset of a 1-based character column."""
    return len(line_text[:max(column - 1, 0)].encode("utf-16-le")) // 2


def from_utf16(line_text: str, character: int) -> int:
    """The 1-based character column of a UTF-16 offset."""
    units = 0
    for index, char in enumerate(line_text):
        if units >= character:
            return index + 1
        units += 2 if ord(char) > 0xFFFF else 1
    return len(line_text) + 1


def _line(text: str, line: int) -> str:
    lines = text.split("\n")
    return lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""


def lsp_range(text: str, line: int, column: int, end_line: int, end_column: int) -> types.Range:
    return types.Range(types.Position(line - 1, utf16(_line(text, line), column)),
                       types.Position(end_line - 1, utf16(_line(text, end_line), end_column)))


def diagnostic(problem: Problem, text: str) -> types.Diagnostic:
    severity = types.DiagnosticSeverity.Error if problem.error else types.DiagnosticSeverity.Warning
    message = problem.message + (f"\nhelp: {problem.help}" if problem.help else "")
    return types.Diagnostic(lsp_range(text, problem.line, problem.column, problem.end_line, problem.end_column),
                            message, severity=severity, code=problem.code, source=f"{SOURCE} {problem.stage}")


def build() -> CardServer:
    """The server with its features registered."""
    server = CardServer()

    @server.feature(types.INITIALIZED)
    def initialized(ls: CardServer, params: types.InitializedParams):
        # The pool's card names are read once, in the background, before the first completion asks.
        threading.Thread(target=pool_names, daemon=True).start()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: CardServer, params: types.DidOpenTextDocumentParams):
        ls.check(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: CardServer, params: types.DidChangeTextDocumentParams):
        ls.check(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: CardServer, params: types.DidSaveTextDocumentParams):
        ls.check(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: CardServer, params: types.DidCloseTextDocumentParams):
        ls.analyses.pop(params.text_document.uri, None)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: CardServer, params: types.HoverParams):
        text, analysis = ls.analysis(params.text_document.uri)
        line = params.position.line + 1
        column = from_utf16(_line(text, line), params.position.character)
        shown = hover(ls.analyzer, analysis, ls.rules, line, column)
        if shown is None:
            return None
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, shown))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=["["]))
    def on_completion(ls: CardServer, params: types.CompletionParams):
        text, analysis = ls.analysis(params.text_document.uri)
        return completion_list(ls, text, analysis, params.position)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix,
                                                               types.CodeActionKind.SourceFixAll]))
    def on_code_action(ls: CardServer, params: types.CodeActionParams):
        text, analysis = ls.analysis(params.text_document.uri)
        return code_actions(ls, params.text_document.uri, text, analysis, params.range)

    return server


def completion_list(ls: CardServer, text: str, analysis: Analysis, position: types.Position) -> types.CompletionList:
    line_text = _line(text, position.line + 1)
    column = from_utf16(line_text, position.character)
    before = line_text[:column - 1]
    start = max(before.rfind(" "), before.rfind("\t"), before.rfind("(")) + 1
    bracket = before.rfind("[")
    start = bracket if bracket >= start else start
    prefix = before[start:]
    names = pool_names()
    if analysis.source is not None:
        names = tuple(sorted(set(names) | {card.name for card in analysis.source.cards}))
    edit_range = types.Range(types.Position(position.line, utf16(line_text, start + 1)), position)
    found = [types.CompletionItem(item.label, kind=KINDS[item.kind], detail=item.detail,
                                  text_edit=types.TextEdit(edit_range, item.insert))
             for item in items(ls.rules, names, prefix)]
    return types.CompletionList(is_incomplete=False, items=found)


def code_actions(ls: CardServer, uri: str, text: str, analysis: Analysis, wanted: types.Range) -> list:
    actions = []
    for problem in analysis.problems:
        if problem.fix is None or not _overlaps(text, problem, wanted):
            continue
        edits = fix_edits(analysis, problem, text)
        if edits is None:
            continue
        actions.append(types.CodeAction(problem.fix.title, kind=types.CodeActionKind.QuickFix,
                                        diagnostics=[diagnostic(problem, text)], is_preferred=problem.fix.safe,
                                        edit=types.WorkspaceEdit(changes={uri: edits})))
    whole = fix_all(ls, analysis, text)
    if whole is not None:
        actions.append(types.CodeAction("Fix all safe findings", kind=types.CodeActionKind.SourceFixAll,
                                        edit=types.WorkspaceEdit(changes={uri: [whole]})))
    return actions


def _overlaps(text: str, problem: Problem, wanted: types.Range) -> bool:
    found = lsp_range(text, problem.line, problem.column, problem.end_line, problem.end_column)
    start, end = (found.start.line, found.start.character), (found.end.line, found.end.character)
    return start <= (wanted.end.line, wanted.end.character) and (wanted.start.line, wanted.start.character) <= end


def fix_edits(analysis: Analysis, problem: Problem, text: str) -> list[types.TextEdit] | None:
    """A lint fix as edits of the file: each span of the card text mapped into the file and written in
    the scalar's own style (``TextMap.encode``); None when it cannot be written in place."""
    source = analysis.source
    text_map = source.cards[problem.card].texts.get(problem.field)
    if text_map is None or not text_map.aligned:
        return None
    edits = []
    for edit in problem.fix.edits:
        encoded = text_map.encode(edit.replacement)
        if encoded is None or (text_map.style == "plain" and encoded != edit.replacement):
            return None
        start, end = text_map.file_span(edit.start, edit.end)
        (line, column), (end_line, end_column) = source.position(start), source.position(end)
        edits.append(types.TextEdit(lsp_range(text, line, column, end_line, end_column), encoded))
    return edits


def fix_all(ls: CardServer, analysis: Analysis, text: str) -> types.TextEdit | None:
    """Every safe fix of the file, verified as ``riftbound lint --fix`` does, as one edit of the whole text."""
    source = analysis.source
    if source is None or not any(p.fix is not None and p.fix.safe for p in analysis.problems):
        return None
    fixed, count = fix_source(source, ls.analyzer.config_for(source.path))
    if not count or fixed.text == text:
        return None
    lines = text.split("\n")
    end = types.Position(len(lines) - 1, len(lines[-1].encode("utf-16-le")) // 2)
    return types.TextEdit(types.Range(types.Position(0, 0), end), fixed.text)


def serve() -> None:
    """Run the server on stdin and stdout until the client shuts it down."""
    build().start_io()
