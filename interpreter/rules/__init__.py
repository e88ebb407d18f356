"""The rules as data: the numbered rules of rules_data/ loaded and checked (``book``), their
DSL statements turned into the tables the interpreter reads (``model``, ``data``), the
parsed book cached (``cache``), and the Core Rules catalogue (``catalogue``).

Takes a rules_data folder; gives ``RulesData``. Uses the language stage to parse statements.
"""
