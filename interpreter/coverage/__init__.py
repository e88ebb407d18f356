"""Questions asked of a whole card pool: how much of it compiles and renders back
(``measure``), the golden files of what each card compiles to (``golden``), and where
each rule is used by cards and code (``usage``).

Takes card files; gives reports.
"""
