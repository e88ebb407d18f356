"""``python -m interpreter``: the same as the ``riftbound`` command."""
import sys

from interpreter.cli import main

sys.exit(main())
