"""The language stage: card and rules text -> parse tree (Lark, the grammar/*.lark files)
-> AST nodes (one Transformer per grammar, no game logic).

Takes text; gives ``nodes`` (card text) and ``rule_statements`` (rules DSL statements).
"""
