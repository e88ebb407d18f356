"""Card files: reading the card file format (DESIGN.md section 4) from YAML or JSONL, and
writing a corpus out as card files.

Takes paths; gives ``Card`` records. Knows nothing of the language.
"""
