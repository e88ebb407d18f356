"""``python -m interpreter``: the same as the ``riftbound`` command."""
import sys

from .cli import main

sys.exit(main())
