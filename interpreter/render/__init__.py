"""The render stage: effect objects -> canonical card text in current templating, and the
round-trip check (compiling the rendered text gives equal effects).

Takes effect objects; gives text. Knows nothing of the runtime.
"""
