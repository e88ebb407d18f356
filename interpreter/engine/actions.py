"""Game actions (413-439): each checks it is legal first, then changes the state and logs.

Every action raises ``IllegalAction`` citing the rule before it changes anything, so a
refused step leaves the state as it was. Zone changes go through ``change_zone``,
which applies the new-object rule (124) and makes tokens outside the board or chain
cease to exist (186.1). Triggers the actions cause are queued by ``triggers``.
"""
from __future__ import annotations

from interpreter.compiler import effects as fx
from . import bus, damage_doubling, damage_prevention, last_known, turn_records, turn_statements
from .happenings import happen, snapshot
from .passive_statements import buffs_unlimited
from .showdown import check_destination
from .state import GameObject, GameState, IllegalAction

BOARD_LOCATIONS = ("base", "battlefield")


# ---- zone changes --------------------------------------------------------------------
def change_zone(state: GameState, obj: GameObject, dest: tuple, top: bool = False,
                why: str = "", rules: tuple = ()) -> GameObject | None:
    """Move ``obj`` to ``dest``; returns it, or None when it ceased to exist (186.1)."""
    origin, was = obj.zone, snapshot(obj)
    if origin[0] == "chain" and dest[0] == "trash" and obj.leaves_chain_to is not None:
        # "Then banish it" (390.3.a, 829.1.b.1): leaving the chain, it goes there instead of the trash
        dest, why, rules = (obj.leaves_chain_to, obj.owner), f"{why or 'goes to'} (instead of the trash)", rules + ("390.3.a",)
    if obj.facedown:
        state.note(f"{obj.owner} reveals {obj.name} as it leaves the facedown zone", "421.4")
    leaves = state.is_board(origin) and not state.is_board(dest)
    known, identity = (last_known.note(state, obj) if leaves else None), obj.identity   # "if it was ..." (124)
    attached = _attached_to(state, obj)
    state.remove(obj)
    crosses = not (state.is_board(origin) and state.is_board(dest))
    if crosses:
        state.renew(obj)                                           # 124, 124.1
        if not state.is_board(dest):
            obj.controller = obj.owner
    if known is not None:
        last_known.keep(state, known, identity, obj.identity)
    state.place(obj, dest, top)
    where = state.location_name(dest)
    renewed = (state.rules.new_object_rule, state.rules.new_object_clears["rule"]) if crosses else ()
    state.note(f"{obj.name} {why or 'goes to'} {where}" + (" as a new object" if crosses else ""),
               *rules, *(rule for rule in renewed if rule))
    if state.is_board(origin) or state.is_board(dest):
        state.cleanup_due = True                                   # 319.6
    _carry_attached(state, obj, attached, crosses)
    if state.is_board(origin) and not state.is_board(dest):       # "When this leaves the board"
        obj.as_played = {}                          # the choices made as it was played end with it (370.1.b.1)
        happen(state, "leave", was.controller, (was,), now=(obj,), facts=frozenset({"the_board"}))
    return token_check(state, obj)


def _attached_to(state: GameState, obj: GameObject) -> list[GameObject]:
    """The cards attached to ``obj`` on the board, which are at its location (719.3)."""
    if obj.zone[0] not in ("base", "battlefield"):          # locations of the board (an object there)
        return []
    return [o for o in state.objects(obj.zone) if o.attached_to == obj.identity and o is not obj]


def _carry_attached(state: GameState, top: GameObject, attached: list, crosses: bool) -> None:
    """The cards attached to a Top-Most Card that changed zones: they change location with it within the board
    (719.3.a, not a move, 434.4.a); they detach where they are as it leaves the board (719.5, 435.4.b)."""
    for card in attached:
        if crosses:
            card.attached_to = None
            state.note(f"{card.name} detaches from {top.name}, which left the board, and stays where it is",
                       "719.5", "435.4.b")
        elif card.zone != top.zone:
            change_zone(state, card, top.zone, why="changes location with the card it is attached to,",
                        rules=("719.3.a",))


def token_check(state: GameState, obj: GameObject) -> GameObject | None:
    """A token outside the zones tokens may exist in ceases to exist (186.1)."""
    allowed = state.rules.token_zones["allowed"]
    kind = "battlefield" if obj.zone[0] == "battlefield_zone" else obj.zone[0]
    if obj.token and kind not in allowed:
        state.remove(obj)
        obj.zone = ("ceased", None)
        state.note(f"token {obj.name} ceases to exist in {kind}", state.rules.token_zones["rule"])
        return None
    return obj


def require(condition: bool, rule: str, message: str) -> None:
    if not condition:
        raise IllegalAction(rule, message)


def on_board(state: GameState, obj: GameObject, rule: str, what: str = "permanent") -> None:
    require(obj.zone[0] in BOARD_LOCATIONS, rule, f"{obj.name} is not a {what} on the board")


def not_champion_legend(obj: GameObject) -> None:
    """The Champion Legend never leaves the legend zone (107.4.d); other legends may (107.4.d.2)."""
    require(not (obj.zone[0] == "legend" and not obj.token), "107.4.d",
            f"{obj.name} is a Champion Legend and cannot be removed from the legend zone")


def base_of(player: str) -> tuple:
    return ("base", player)


# ---- cards between zones -------------------------------------------------------------
def draw(state: GameState, player: str, count: int = 1) -> None:
    """Draw from the top of the main deck (413); an empty deck burns out (431)."""
    drawn = []
    for _ in range(count):
        deck = state.objects(("deck", player))
        if not deck:
            burn_out(state, player)
            deck = state.objects(("deck", player))
            if not deck:
                continue
        drawn.append(deck[0])
        change_zone(state, deck[0], ("hand", player), why="is drawn into", rules=("413",))
    if drawn:
        happen(state, "draw", player, drawn)                            # "When you draw your second card"


def burn_out(state: GameState, player: str) -> None:
    """Recycle the trash into the deck, then an opponent gains 1 point (431.2)."""
    for card in list(state.objects(("trash", player))):
        change_zone(state, card, ("deck", player), why="is recycled to", rules=("431.2.b",))
    value = state.runtime["burn_out_points"]
    opponent = state.opponents(player)[0]
    state.players[opponent].points += value["points"]
    state.note(f"{player} burns out: {opponent} gains {value['points']} point", value["rule"])
    from .victory_score import points
    victory = points(state)                                            # 194.3.a
    points = state.players[opponent].points
    if state.winner is None and points >= victory and all(points > p.points for p in state.players.values()
                                                          if p.name != opponent):
        state.winner = opponent                                        # 431.3.c.1: at once, not at a cleanup
        state.note(f"{opponent} wins with {points} points", "431.3.c", "431.3.c.1")


def discard(state: GameState, obj: GameObject) -> None:
    require(obj.zone[0] == "hand", "422.1", f"{obj.name} is not in a hand")
    was = snapshot(obj)
    change_zone(state, obj, ("trash", obj.owner), why="is discarded to", rules=("422.1",))
    turn_records.add(state, "discarded", obj.owner)         # "If you've discarded a card this turn"
    happen(state, "discard", obj.owner, (was,), now=(obj,))             # "When you discard me" (422)


def kill(state: GameState, obj: GameObject, by: str | None = None, via: str | None = None) -> None:
    """From the board to its owner's trash (428.2); death triggers noted first (428.1.a.1.b)."""
    kill_all(state, [obj], by, via)


def kill_all(state: GameState, objs: list, by: str | None = None, via: str | None = None) -> None:
    """Kill objects by one action: their deaths are simultaneous (370.1.a.2), replaced first (370.1.c). No
    object (a cost of "any number" paid with none): nothing happens."""
    if not objs:
        return
    for obj in objs:
        not_champion_legend(obj)
        cannot = state.rules.cannot.get(obj.card_type, {})
        require("killed" not in cannot, cannot.get("killed", ""), f"a {obj.card_type} cannot be killed")
        require(obj.zone[0] in BOARD_LOCATIONS, "428.2.a", f"{obj.name} is not on the board, so it cannot be killed")
    was = [snapshot(obj) for obj in objs]
    bus.perform("die", state, list(objs), "is killed and goes to", ("428.2",) if len(objs) == 1 else ("428.2", "370.1.a.2"))
    killed = [(w, o) for w, o in zip(was, objs)                         # a replaced death is no kill (370)
              if o.zone[0] == "ceased" or not state.is_board(o.zone)]
    if killed:                                                          # "When you kill a unit with a spell"
        happen(state, "kill", by, [w for w, _ in killed], now=tuple(o for _, o in killed), via=via)


def banish(state: GameState, obj: GameObject, by: int | None = None) -> None:
    """Into its owner's banishment (427.2); ``by``, the identity of the object whose ability banished it, is kept
    for "a unit banished with this" (427.3: that object's cards, not those of another of the same name)."""
    not_champion_legend(obj)
    require(obj.zone[0] not in ("banishment", "battlefield_zone"), "427.1", f"{obj.name} cannot be banished")
    moved = change_zone(state, obj, ("banishment", obj.owner), why="is banished to", rules=("427.2",))
    if moved is not None and by is not None:
        state.banished_by[moved.identity] = by


def recycle(state: GameState, obj: GameObject) -> None:
    """To the bottom of its owner's deck of its kind, from RulesData.recycle (416.1, 161.2.b, 185.2.e)."""
    not_champion_legend(obj)
    where = state.rules.recycle.get(obj.card_type)
    require(where is not None, "185.2.e", f"a {obj.card_type} can't be recycled")
    was = snapshot(obj)
    change_zone(state, obj, (where["zone"], obj.owner), why="is recycled to", rules=(where["rule"], "416.1"))
    happen(state, "recycle", obj.owner, (was,), now=(obj,), dest=(where["zone"], obj.owner))   # "When you recycle ..."


def return_to_hand(state: GameState, obj: GameObject) -> None:
    not_champion_legend(obj)
    require(obj.zone[0] not in ("hand", "battlefield_zone"), "108.7", f"{obj.name} cannot return to a hand")
    change_zone(state, obj, ("hand", obj.owner), why="returns to", rules=("108.7",))


def return_to_zone(state: GameState, obj: GameObject, kind: str) -> GameObject | None:
    """"Return your Chosen Champion from your trash to your Champion Zone": a change of zone to the owner's zone
    of that kind, never a board location (124); the Champion Zone takes back only the Chosen Champion, and only
    while no card is there (108.3.c, 108.3.c.1)."""
    dest = (kind, obj.owner)
    require(not state.is_board(dest), "124", f"{obj.name} cannot return to a board location")
    if kind == "champion":
        require(obj.chosen_champion, "108.3.c", f"{obj.name} is not a Chosen Champion")
        require(not state.objects(dest), "108.3.c.1", f"{obj.owner}'s Champion Zone is not empty")
    return change_zone(state, obj, dest, why="returns to", rules=("124",))


# ---- locations -----------------------------------------------------------------------
def recall(state: GameState, obj: GameObject, rules: tuple = ("455",)) -> None:
    """To its controller's base, not a move: no move triggers, state kept (455-458)."""
    not_champion_legend(obj)
    on_board(state, obj, "455")
    require(obj.zone != base_of(obj.controller), "455", f"{obj.name} is already in its base")
    change_zone(state, obj, base_of(obj.controller), why="is recalled to", rules=rules)


def move(state: GameState, obj: GameObject, dest: tuple, standard: bool = False, by: str | None = None) -> None:
    """Move a permanent between locations (420, 446.1, 447): a unit, or a gear an effect moves; the standard
    move of a unit costs exhausting it (144). ``by``: the player moving it (the controller of the spell or
    ability; its own controller for a standard move)."""
    cannot = state.rules.cannot.get(obj.card_type, {})
    require("moved" not in cannot, cannot.get("moved", ""), f"a {obj.card_type} cannot be moved")
    permanents = state.rules.categories["permanent"]["types"]
    require(obj.card_type in permanents, "446.1", f"{obj.name} is not a permanent; only permanents move")
    require(obj.card_type == "unit" or not standard, "448", f"{obj.name} is not a unit; only units make a standard move")
    on_board(state, obj, "420.1")
    require(dest != obj.zone, "355.4.a", f"{obj.name} is already there")
    if dest[0] == "base" and obj.card_type == "unit":
        require(dest[1] == obj.controller, "144.4.b", "units move to their own base only")
    _refuse_applied_move_costs(state, obj)
    if dest[0] == "battlefield":
        check_destination(state, obj.controller, dest[1])              # 462.1
    if standard:
        _check_standard_move(state, obj, dest)
    from .passive_statements import move_forbidden
    forbidding = move_forbidden(state, obj, obj.zone, dest)          # "I can't move to base" (364)
    require(forbidding is None, "364", f"{obj.name} can't move there: {forbidding} says so")
    mover = by or obj.controller
    banned = turn_statements.move_banned(state, mover, obj)                          # "They can't move it this turn" (364)
    require(banned is None, "364", f"{mover} can't move {obj.name} this turn: {banned} says so")
    if standard:
        exhaust(state, obj, rules=("144.2",))
    origin = obj.zone
    change_zone(state, obj, dest, why="moves to", rules=("447",))
    moves = state.__dict__.setdefault("moves_this_turn", {})          # "If I have moved twice this turn"
    moves[(obj.identity, state.turn_number)] = moves.get((obj.identity, state.turn_number), 0) + 1
    if dest[0] == "battlefield":
        contest(state, dest[1], obj.controller)
    state.note(f"the move of {obj.name} is complete", "453")
    bus.publish("moved", state, obj, origin, dest, by=by or obj.controller)   # triggers of the move (383)


def _refuse_applied_move_costs(state: GameState, obj: GameObject) -> None:
    """A cost applied to moves by a passive on the board (204.4) is not asked for yet: such a move is refused as
    unsupported rather than made for free. One applied to moving "multiple" units at once does not apply here,
    since the runtime moves one unit at a time."""
    from interpreter.compiler import effects as fx
    from .errors import UnsupportedEffect
    from .traits import active_abilities
    for holder in state.board_objects():
        for ability in active_abilities(state, holder):
            for applied in getattr(ability, "effects", ()) if isinstance(ability, fx.PassiveAbility) else ():
                if isinstance(applied, fx.AppliedCost) and _applies_to_move_of(applied, holder, obj):
                    raise UnsupportedEffect(f"the cost {holder.name} applies to moves (204.4) is not asked for yet")


def _applies_to_move_of(applied, holder: GameObject, obj: GameObject) -> bool:
    action = applied.applies_to
    if getattr(action, "action", None) != "move" or action.objects and action.objects[0].quantity == "multiple":
        return False
    return "opponent" not in applied.payer.types or obj.controller != holder.controller


def _check_standard_move(state: GameState, obj: GameObject, dest: tuple) -> None:
    """Timing (144.1), routes (144.4) and cost (144.2) of the standard move, from RulesData."""
    from .timing import check
    from .traits import keyword_statements, keywords_of

    check(state, obj.controller, "standard_move")
    require(not obj.exhausted, "144.2", f"{obj.name} is exhausted and cannot pay for its standard move")
    if obj.zone[0] == "battlefield" and dest[0] == "battlefield" and not _may_move_here(state, obj, dest):
        # 144.4.c.1: a keyword whose definition gives the route ([Ganking], 810.1.b), granted or printed
        routes = [s for name, value in keywords_of(state, obj).items() for s in keyword_statements(name, value)
                  if _route(s, "battlefield", "battlefield")]
        require(bool(routes), "144.4.c.1", "only units with Ganking move battlefield to battlefield")


def _route(statement, frm: str, to: str) -> bool:
    """A move permission of the mover itself from one kind of place to another (810.1.b, 144.4)."""
    return isinstance(statement, fx.StaticEffect) and statement.kind == "move_permission" \
        and statement.holder.reference == "self" and statement.value == f"from_{frm}" \
        and statement.place is not None and statement.place.kind == to


def _may_move_here(state: GameState, obj: GameObject, dest: tuple) -> bool:
    """A passive permission of the destination: "Units can move here from anywhere" (Baron Pit)."""
    from .traits import abilities_of

    battlefield = state.battlefields[dest[1]]
    statements = (e for a in abilities_of(battlefield) for e in getattr(a, "effects", ())
                  if type(a).__name__ == "PassiveAbility")
    return any(type(e).__name__ == "StaticEffect" and e.kind == "move_permission" and e.value == "anywhere"
               and e.place is not None and e.place.kind == "here"
               and (not e.holder.types or obj.card_type in e.holder.types) for e in statements)


def contest(state: GameState, slot: int, player: str) -> None:
    """A unit arriving where its controller has no control contests the battlefield (190.3.a.1)."""
    battlefield = state.battlefields[slot]
    if battlefield.controller != player and battlefield.contested_by is None:
        battlefield.contested_by = player
        state.note(f"{player} contests {battlefield.name}", *state.rules.control["contest_on_arrival"], "450")


# ---- statuses ------------------------------------------------------------------------
def deal_damage(state: GameState, obj: GameObject, amount: int, by: str | None, combat: bool = False) -> None:
    """Mark ``amount`` damage on a unit (417.1.b); ``combat``: combat damage (465), else a spell's or ability's."""
    require(obj.card_type == "unit", "417.1", f"{obj.name} is not a unit")
    on_board(state, obj, "417.1", "unit")
    require(amount >= 1, "417.1.e", "damage must be a positive amount")
    if _takes_no_damage(state, obj):
        state.note(f"{obj.name} doesn't take damage: the {amount} is not dealt", "364")
        return
    amount = damage_doubling.doubled(state, obj, amount)               # 432, 374
    if damage_prevention.prevents(state, obj, amount, combat):          # 437.2
        return
    obj.damage.append((amount, by))
    state.note(f"{by or 'an effect'} deals {amount} to {obj.name}", "417.1.b", "142.3.a")
    state.cleanup_due = True
    happen(state, "take", None, (obj,), facts=frozenset({"damage"}), rules=("417.1.b",))   # "when it takes damage"


def _takes_no_damage(state: GameState, obj: GameObject) -> bool:
    """"I don't take damage" of the unit itself, while its condition holds (364.3)."""
    from .layer_sources import active_statements

    return any(s.kind == "no_damage" and s.holder.reference == "self" for s in active_statements(state, obj))


def heal(state: GameState, obj: GameObject) -> None:
    require(obj.card_type == "unit", "418.1", f"{obj.name} is not a unit; only units are healed")
    on_board(state, obj, "418.1", "unit")
    obj.damage = []
    state.note(f"{obj.name} is healed", "418.1")
    state.cleanup_due = True


def ready(state: GameState, obj: GameObject) -> None:
    require(obj.zone[0] in BOARD_LOCATIONS or obj.zone[0] in ("legend", "battlefield_zone"), "415.1",
            f"{obj.name} is not on the board")
    if obj.exhausted:
        obj.exhausted = False
        state.note(f"{obj.name} becomes ready", "415.1")
        state.cleanup_due = True


def exhaust(state: GameState, obj: GameObject, rules: tuple = ("414",)) -> None:
    require(obj.zone[0] in BOARD_LOCATIONS or obj.zone[0] == "legend", "414", f"{obj.name} is not on the board")
    if not obj.exhausted:
        obj.exhausted = True
        state.note(f"{obj.name} is exhausted", *rules)
        state.cleanup_due = True


def stun(state: GameState, obj: GameObject) -> None:
    require(obj.card_type == "unit", "423.1", f"{obj.name} is not a unit")
    on_board(state, obj, "423.1", "unit")
    if obj.stunned:
        state.note(f"{obj.name} is already stunned and is not stunned again", "423.1.a.1")
        return
    obj.stunned = True
    state.note(f"{obj.name} is stunned", "423.1")
    state.cleanup_due = True


def buff(state: GameState, obj: GameObject) -> None:
    require(obj.card_type == "unit", "426.1", f"{obj.name} is not a unit")
    on_board(state, obj, "426.1", "unit")
    if obj.buffed and buffs_unlimited(state, obj) is not None:       # "I can have any number of buffs"
        obj.extra_buffs += 1
        state.note(f"{obj.name} gets another buff ({buffs_unlimited(state, obj)}): it has {1 + obj.extra_buffs}",
                   "426.1.b.2", "702.3")
        state.cleanup_due = True
        return
    if obj.buffed:
        state.note(f"{obj.name} already has a buff and gets no other", "426.1.b.1", "702.3")
        return
    obj.buffed = True
    state.note(f"{obj.name} is buffed", "426.1.b")
    state.cleanup_due = True


def spend_buff(state: GameState, obj: GameObject, player: str) -> None:
    require(obj.buffed, "702.2.b.1", f"{obj.name} has no buff to spend")
    require(obj.controller == player, "702.2.b.2", "buffs can be spent only from units you control")
    if obj.extra_buffs:
        obj.extra_buffs -= 1                                            # one of its buffs (426.1.b.2)
    else:
        obj.buffed = False
    state.note(f"{player} spends the buff of {obj.name}", "702.2.b")
    happen(state, "spend", player, (obj,), facts=frozenset({"a_buff"}))   # "When you spend a buff"
    state.cleanup_due = True


def give_might(state: GameState, obj: GameObject, amount: int) -> None:
    """+N [M] this turn: lasts until the end of turn (317.2.c), lost on a zone change (124.1)."""
    require(obj.card_type == "unit", "143.2", f"{obj.name} has no might")
    on_board(state, obj, "143.2", "unit")
    obj.might_this_turn += amount
    state.note(f"{obj.name} gets {amount:+d} might this turn", "317.2.c")
    state.cleanup_due = True                                           # 319.7


def grant_keyword(state: GameState, obj: GameObject, name: str, value: int | None, duration: str | None,
                  rules: tuple = ()) -> None:
    duration = duration.replace("_", " ") if duration else None        # "this_turn" as compiled
    obj.granted.append((name, value, duration))
    text = f"[{name}{'' if value is None else ' ' + str(value)}]"
    state.note(f"{obj.name} gains {text}{' ' + duration if duration else ''}", *rules)
    state.cleanup_due = True                                           # 319.7


def take_control(state: GameState, obj: GameObject, player: str) -> None:
    """Control changes; ownership never does (127, seed 003). A spell on the chain changes controller with its
    chain item: that player resolves it and makes its choices (190.6.a's "controls ... makes all choices")."""
    if obj.zone[0] == "chain":
        for item in state.chain:
            if item.obj is obj:
                item.controller = player
    else:
        on_board(state, obj, "107.1.c")
    obj.controller = player
    state.note(f"{player} takes control of {obj.name} (owner stays {obj.owner})", "127.1")
    state.cleanup_due = True


def lose_control(state: GameState, obj: GameObject) -> None:
    """"Lose control of that unit": control goes back to its owner (127.1, 188)."""
    on_board(state, obj, "107.1.c")
    if obj.controller == obj.owner:
        state.note(f"{obj.name} is already controlled by its owner", "188")
        return
    obj.controller = obj.owner
    state.note(f"control of {obj.name} returns to its owner {obj.owner}", "188", "127.1")
    state.cleanup_due = True


def reveal(state: GameState, obj: GameObject) -> None:
    # hidden from some players: hands, facedown cards, the decks (the rune deck's runes are face down, 108.5.c)
    require(obj.zone[0] in ("hand", "facedown", "deck", "rune_deck"), "424",
            f"{obj.name} is not private, nothing to reveal")

    bus.perform("as_event", state, obj, "reveal")                      # "As I'm revealed from your deck, ..." (370.1.b.1)
    obj.revealed = True
    state.note(f"{obj.owner} reveals {obj.name}", "424")


# ---- resources and points ------------------------------------------------------------
def add_resources(state: GameState, player: str, energy: int = 0, power: tuple = ()) -> None:
    pool = state.players[player]
    pool.energy += energy
    pool.power.extend(power)
    state.note(f"{player} adds {energy} energy and power {list(power)}", "429.1", "166.1")


def channel(state: GameState, player: str, count: int, exhausted: bool = False) -> list:
    """Top runes of the rune deck to the board, ready by default (430.2.a, 430.3); the runes channeled."""
    channeled = []
    for _ in range(count):
        runes = state.objects(("rune_deck", player))
        if not runes:
            state.note(f"{player} has no rune left to channel", "430.3")
            return channeled
        rune = change_zone(state, runes[0], base_of(player), why="is channeled to", rules=("430.1",))
        rune.controller, rune.exhausted = player, exhausted
        channeled.append(rune)
    return channeled


def gain_points(state: GameState, player: str, amount: int, rule: str = "194.1.c") -> None:
    """Gain (194.1.c) or lose points; never below the minimum (194.4)."""
    from .passive_statements import score_forbidden
    forbidding = score_forbidden(state, player) if amount > 0 else None
    if forbidding is not None:                         # "opponents can't score points" (364)
        state.note(f"{player} can't score points: {forbidding} says so", "364", rule)
        return
    minimum = state.rules.scoring["minimum_points"]
    target = state.players[player]
    before = target.points
    target.points = max(minimum["points"], target.points + amount)
    state.note(f"{player} has {target.points} point{'s' if target.points != 1 else ''} (was {before})",
               rule if amount >= 0 else minimum["rule"])
