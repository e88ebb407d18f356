"""Where each character of a card text sits in its file: moved to ``interpreter.cards.textmap``
(the card loader locates compile diagnostics with it too); kept here for the linter's imports."""
from interpreter.cards.textmap import TextMap, json_map, yaml_map  # noqa: F401

__all__ = ["TextMap", "json_map", "yaml_map"]
