"""The command modules of ``riftbound``: one a command, each with ``register(subparsers)``."""
