"""What every stage stands on: located diagnostics, the data folders, bounded file input,
atomic writes and the start-up disk cache.

Takes nothing from the other packages; every package may import it.
"""
