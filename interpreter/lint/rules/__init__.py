"""Lint rules, one module a rule, named by its code (listed in ``lint.registry.RULES``)."""
