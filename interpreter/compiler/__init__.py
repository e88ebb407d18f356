"""The compile stage: AST nodes -> effect objects (``effects``), deciding every default from
the rules data and citing the rule that decided it; ``pipeline`` runs parse, transform and
compile for a text or a card, ``serialize`` prints effects as text or JSON.

Takes text or ``Card``; gives ``CardResult`` with typed abilities.
"""
