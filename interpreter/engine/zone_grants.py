"""Keywords that passives of board objects give to cards off the board (477.2, 364).

The layer engine computes the characteristics of objects on the board. A few passives give a keyword
to cards elsewhere, which matters as they are played: "Each Equipment in your hand has [Quick-Draw]",
"While I'm in a showdown, your spells have [Repeat] [2][P]", "Friendly units played from anywhere
other than a player's hand have [Accelerate]". ``granted`` finds such keywords for one card (read by
``traits.keywords_of`` and the play: an Accelerate or Repeat cost, 805.1, 820.1); ``off_board`` is the
static check of the holders read here (``passive_support`` uses it).
"""
from __future__ import annotations

from interpreter.compiler import effects as fx

_OTHER_ZONES = ("hand", "deck", "trash", "banishment", "champion", "chain", "facedown")


def off_board(holder: fx.Selector) -> bool:
    """Whether ``holder`` names cards off the board in a form ``_holds`` reads: "your spells", "each
    Equipment in your hand", "friendly units played from anywhere other than a player's hand"."""
    plain = not (holder.tags or holder.names or holder.states or holder.alternatives or holder.keywords_with
                 or holder.keywords_without or holder.other or holder.reference or holder.zone) \
        and holder.token is None and len(holder.types) == 1
    if not plain:
        return False
    if holder.location is not None:
        return _in_your_hand(holder) and not holder.filters and holder.relation is None
    if holder.filters:
        return _from_elsewhere(holder) is not None and holder.controller is None
    return holder.types == ("spell",) and holder.controller == "you" and holder.relation is None


def _in_your_hand(holder: fx.Selector) -> bool:
    place = holder.location
    return place.kind == "hand" and place.owner == "you" and not place.qualifiers and place.of is None \
        and place.where is None and holder.controller is None


def _from_elsewhere(holder: fx.Selector) -> fx.Place | None:
    """"played from anywhere other than a player's hand": the zone a card played must not be in."""
    if len(holder.filters) != 1 or holder.relation not in (None, "friendly"):
        return None
    test = holder.filters[0]
    place = test.place
    if test.kind != "played_from_elsewhere" or place is None or place.kind != "hand" or place.qualifiers \
            or place.of is not None or place.where is not None or place.owner not in ("a_players", "your", "you"):
        return None
    return place


def _is(card_type: str, obj) -> bool:
    if card_type == "equipment":                       # 818.1.a: a gear with the tag Equipment
        return obj.card_type == "gear" and "Equipment" in obj.chars.tags
    return obj.card_type == card_type or card_type in ("card",)


def _holds(holder: fx.Selector, obj, player: str) -> bool:
    """Whether the card ``obj`` (off the board) is one the holder names, as seen by the source's controller."""
    if obj.zone[0] not in _OTHER_ZONES or not _is(holder.types[0], obj):
        return False
    if holder.location is not None:                    # "in your hand"
        return obj.zone == ("hand", player)
    if holder.filters:                                 # played from a zone other than a hand, if friendly yours
        mine = (obj.controller or obj.owner) == player
        return obj.zone[0] != "hand" and (holder.relation is None or mine)
    return (obj.controller or obj.owner) == player and obj.zone[0] in ("hand", "chain")    # "your spells"


def granted(state, obj) -> list[fx.Modification]:
    """The keyword modifications that passives now active give the card ``obj`` off the board, by source
    order of arrival (each a keyword, with its cost when it has one: "[Repeat] [2][P]")."""
    from .layer_sources import active_statements
    if obj.zone[0] not in _OTHER_ZONES:              # base, battlefield, legend: the layer engine's (473)
        return []
    found = []
    for source in sorted(filter(_may_grant, state.board_objects()), key=lambda o: o.arrival):
        for statement in active_statements(state, source):
            if statement.kind == "modify" and off_board(statement.holder) \
                    and _holds(statement.holder, obj, source.controller):
                found.extend(m for m in statement.modifications if m.kind == "keyword" and m.keyword is not None)
    return found


def _may_grant(source) -> bool:
    """Whether a passive of ``source`` names cards off the board at all (before testing its conditions)."""
    from .traits import abilities_of
    for ability in abilities_of(source):
        if isinstance(ability, fx.PassiveAbility):
            for statement in ability.effects:
                inner = statement.effects if isinstance(statement, fx.Conditional) else (statement,)
                if any(isinstance(s, fx.StaticEffect) and s.kind == "modify" and off_board(s.holder) for s in inner):
                    return True
    return False


def keywords_only(statement: fx.StaticEffect) -> bool:
    """Whether every change of the statement is a keyword given (what ``granted`` gives)."""
    return bool(statement.modifications) and all(m.kind == "keyword" and m.keyword is not None
                                                 for m in statement.modifications)
