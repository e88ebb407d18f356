"""The command line ``riftbound COMMAND ...`` (DESIGN.md section 6): ``main`` parses the
arguments, one module a command registers and runs it.

The top of the house: it may import every other package; nothing imports it.
"""
from .main import main

__all__ = ["main"]
