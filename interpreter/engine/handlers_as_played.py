"""The handlers of "ignore this spell's cost" and "reduce my cost by [2]" as instructions (356.1.b, 356.4): the
play applied them already (as_played_costs.py), so as the "As you play me" ability is done nothing more happens."""
from __future__ import annotations

from .action_run import ACTIONS
from .as_played_costs import SELF_COST_CHANGES, applied_as_played

for _action in SELF_COST_CHANGES:
    ACTIONS[_action] = applied_as_played
