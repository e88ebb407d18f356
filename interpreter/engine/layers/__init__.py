"""Continuous effects applied by layer (rules 478-480): the model of an effect and of the view
it reads, the dependency graph inside a layer (networkx: dependencies, then timestamps),
and the resolution in layer order.

Takes continuous effects and a view of the board; gives characteristics. Imports nothing
else of the engine.
"""
