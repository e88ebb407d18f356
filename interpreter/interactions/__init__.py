"""Design-time interactions of a card pool: which continuous effects can depend on each other
(the layer dependency trial of 478-479) and which replacement effects can compete for one
event (372-373), read from the engine's own layer and replacement models.

``board`` lays every card of the pool on one imagined board; ``layers`` and ``competition``
find the pairs; ``report`` prints them and writes GraphML or DOT.
"""
