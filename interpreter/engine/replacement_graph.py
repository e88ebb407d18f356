"""Ordering competing replacement effects (372-373) with a networkx graph of how they interact.

For one event, the nodes are the replacement effects that apply to it; an edge a -> b
means applying a changes whether or how b applies: a replaces the event outright (b can
then only apply to what replaced it, 370.2), a writes a detail b's condition reads, or
both write the same detail differently. Without edges every order gives the same result
and no choice is asked; with edges the orders are also tried on the event's details, and
a choice is asked only when two orders really differ. The player who chooses is the
controller of the affected object, the affected player, or the turn player (372-372.2).
Every decision is written to the event log with the rules that allowed it.
"""
from __future__ import annotations

from itertools import permutations

import networkx as nx

from .events import GameEvent, chooser
from .replacements import Replacement, applies, apply, in_play
from .state import GameState, IllegalAction

MAX_TRIED = 6                   # all orders (720) of up to 6 effects are tried; beyond that the graph decides


def run_sequences(state: GameState, events: list[GameEvent], candidates: list | None = None) -> list[GameEvent]:
    """Apply replacements to ``events`` one effect at a time, each in one sequence over every event
    it qualifies for (373.2); return the events no replacement took away."""
    pool = candidates if candidates is not None else in_play(state, events[0].kind)
    pending, closed, cache = list(events), set(), {}
    state.replacement_depth = state.__dict__.get("replacement_depth", 0) + 1
    try:
        while pending:
            options = [(r, [e for e in pending if applies(state, r, e)]) for r in pool if r.key not in closed]
            options = [(r, targets) for r, targets in options if targets]
            if not options:
                break
            for chosen in pick(state, options, pending, cache):
                closed.add(chosen.key)
                _one_sequence(state, chosen, pending)
    finally:
        state.replacement_depth -= 1
        if state.replacement_depth == 0:
            state.__dict__.pop("replacement_ranking", None)     # an order: serves one event and what replaces it
    return pending


def _simultaneous(state: GameState, ranked: list) -> tuple[list, str, str]:
    """Simultaneous events (373): effects of different controllers go in turn order (373.1), and
    each controller orders their own (373)."""
    def whose(r: Replacement) -> str:
        return r.controller or state.turn_player                 # an uncontrolled source: the turn player (190.6.b)

    controllers = {whose(r) for r in ranked}
    if len(controllers) > 1:
        start = state.order.index(state.turn_player)
        turn_order = state.order[start:] + state.order[:start]
        first = next(p for p in turn_order if p in controllers)
        state.note(f"replacement effects of {', '.join(p for p in turn_order if p in controllers)} apply in turn "
                   f"order: {first}'s first", "373.1")
        ranked = [r for r in ranked if whose(r) == first]
    return ranked, whose(ranked[0]), "373"


def _graph_for(ranked: list, cache: dict) -> nx.DiGraph:
    """The graph of ``ranked``: the cached one trimmed when it covers them, else built anew."""
    keys = {r.key for r in ranked}
    graph = cache.get("graph")
    if graph is None or not keys <= set(graph.nodes):
        graph = cache["graph"] = build_graph(ranked)
    graph.remove_nodes_from([key for key in list(graph.nodes) if key not in keys])
    return graph


def _one_sequence(state: GameState, replacement: Replacement, pending: list) -> None:
    """373.2.a: an uninterrupted series of applications of one effect to the simultaneous events."""
    for event in _event_order(state, replacement, pending):
        if not applies(state, replacement, event):              # re-read: earlier applications change things
            continue
        if not apply(state, replacement, event):
            return
        event.applied = event.applied | {replacement.key}       # 370.2
        if event.kind != "enter" and not replacement.also:          # "as": the event still happens (370.1.b.1)
            pending.remove(event)
        if replacement.next_time or replacement.per_turn is not None:
            return


def _event_order(state: GameState, replacement: Replacement, pending: list) -> list:
    """The events in the order the effect's controller applies it to them (373): an object answer
    given ahead (``choose:``) names the one a "next time" effect goes to; else their order."""
    qualified = [e for e in pending if applies(state, replacement, e)]
    if not ((replacement.next_time or replacement.per_turn) and len(qualified) > 1 and state.answers):
        return list(pending)
    resolver = getattr(state, "resolver", None)
    picked = resolver(state.answers.pop(0), "object", replacement.controller) if resolver else None
    chosen = [e for e in qualified if e.obj is picked]
    if not chosen:
        raise IllegalAction("373", f"{getattr(picked, 'name', picked)} is not one of the events "
                                   f"{replacement.label} can apply to")
    state.note(f"{replacement.controller} applies {replacement.label} to the death of {picked.name} first", "373")
    return chosen + [e for e in pending if e is not chosen[0]]


# ---- the graph ---------------------------------------------------------------------------
def build_graph(replacements: list[Replacement]) -> nx.DiGraph:
    """Nodes: the applicable effects; edge a -> b, with its reason, where applying a changes b."""
    graph = nx.DiGraph()
    for r in replacements:
        graph.add_node(r.key, label=r.label)
    for a in replacements:
        for b in replacements:
            if a.key != b.key:
                why = _interaction(a, b)
                if why:
                    graph.add_edge(a.key, b.key, why=why)
    return graph


def _interaction(a: Replacement, b: Replacement) -> str | None:
    if a.kind != "enter":
        return "it replaces the event, so the other can apply only to what replaces it (370.1.b, 370.2)"
    writes_a, writes_b = dict(a.writes), dict(b.writes)
    if set(writes_a) & b.reads:
        return f"it changes {', '.join(sorted(set(writes_a) & b.reads))}, which the other's condition reads"
    clash = [k for k in set(writes_a) & set(writes_b) if writes_a[k] != writes_b[k]]
    return f"both set {', '.join(sorted(clash))} differently" if clash else None


def same_result(state: GameState, event: GameEvent, replacements: list[Replacement], graph: nx.DiGraph) -> bool:
    """True when every order of ``replacements`` gives the same event (tried when the graph has edges)."""
    if graph.number_of_edges() == 0:
        return True
    if any(r.kind != "enter" for r in replacements) or len(replacements) > MAX_TRIED:
        return False
    results = set()
    for order in permutations(replacements):
        trial = GameEvent(event.kind, event.obj, event.player, event.cause, dict(event.fields), event.applied)
        for r in order:
            if applies(state, r, trial):
                trial.fields.update(dict(r.writes))
                trial.applied = trial.applied | {r.key}
        results.add(tuple(sorted(trial.fields.items(), key=str)))
        if len(results) > 1:
            return False
    return True


def describe(graph: nx.DiGraph, shown: int = 8) -> str:
    """The graph in words for the event log: its effects and up to ``shown`` edges with their reasons."""
    labels = [graph.nodes[n]["label"] for n in graph.nodes]
    nodes = ", ".join(labels[:shown]) + (f", and {len(labels) - shown} more" if len(labels) > shown else "")
    count, edges = graph.number_of_edges(), []
    for a, b, data in graph.edges(data=True):
        if len(edges) == shown:
            break
        edges.append(f"{graph.nodes[a]['label']} -> {graph.nodes[b]['label']}: {data['why']}")
    more = f"; and {count - shown} more" if count > shown else ""
    return f"replacement graph: effects [{nodes}]; edges [{'; '.join(edges) or 'none'}{more}]"


# ---- choosing ------------------------------------------------------------------------------
def pick(state: GameState, options: list, pending: list, cache: dict | None = None) -> list[Replacement]:
    """The effects to apply next, in order: the only one; all of them by timestamp when every order
    gives the same result; else the one chosen by the player rule 372 names (from ``order:``, else
    the earliest by timestamp)."""
    event = pending[0]
    what = event.describe(state) if len(pending) == 1 else f"{len(pending)} simultaneous events (373)"
    ranked = sorted((r for r, _ in options), key=lambda r: (r.source.arrival, r.key[1]))
    if len(ranked) == 1:
        return ranked
    player, rule = chooser(state, event)
    if len(pending) > 1:
        ranked, player, rule = _simultaneous(state, ranked)
        if len(ranked) == 1:
            return ranked
    graph = _graph_for(ranked, {} if cache is None else cache)
    if same_result(state, event, ranked, graph):
        if _volunteered(state, player, ranked):
            chosen = _given(state, player, rule, ranked, event)
            state.note(f"{describe(graph)}; every order gives the same result for {what}, and {player}, who "
                       f"orders them ({rule}), gave one: {chosen.label} first", "367", "370.2", rule)
            return [chosen]
        state.note(f"{describe(graph)}; every order gives the same result for {what}, "
                   "so no choice is asked", "367", "370.2", rule)
        return ranked
    chosen = _given(state, player, rule, ranked, event)
    how = "chooses" if chosen is not None else "has no order given and takes the earliest by timestamp:"
    chosen = chosen or ranked[0]
    state.note(f"{describe(graph)}; {player} orders them ({rule}) and {how} {chosen.label} first "
               f"for {what}", *dict.fromkeys((rule, "373" if len(pending) > 1 else "370.2")))
    return [chosen]


def _volunteered(state: GameState, player: str, ranked: list) -> bool:
    """An order given ahead for these effects though every order gives the same result: the player
    rule 372 names may still give one, so it is followed (and refused, by ``_given``, from another
    player) when its first effect is one of them."""
    queue = state.__dict__.get("replacement_order") or []
    if queue:
        return any(_same_source(r.source, queue[0][1][0]) for r in ranked)
    return any(_same_source(r.source, wanted) for wanted in state.__dict__.get("replacement_ranking", ())
               for r in ranked)


def _given(state: GameState, player: str, rule: str, ranked: list, event: GameEvent) -> Replacement | None:
    """The first effect of the order given by ``order:`` (the next one queued, or the one already in
    use for this event and what replaces it), checked against the rules (372, 370.2)."""
    queue = state.__dict__.setdefault("replacement_order", [])
    if queue:
        by, wanted = queue[0]
        if by != player:
            raise IllegalAction(rule, f"{by} cannot order the replacement effects on {event.describe(state)}: "
                                      f"{player} does")
        queue.pop(0)
        state.replacement_ranking = list(wanted)
        if not any(_same_source(r.source, wanted[0]) for r in ranked):
            if any(key[0] == wanted[0][0] for key in event.applied):
                raise IllegalAction("370.2", "the first effect of that order was already applied to this event or "
                                             "the one it replaced, and cannot apply again")
            raise IllegalAction(rule, f"the first effect of that order does not apply to {event.describe(state)}")
    for wanted_one in state.__dict__.get("replacement_ranking", ()):
        for r in ranked:
            if _same_source(r.source, wanted_one):
                return r
    return None


def _same_source(obj, wanted: tuple) -> bool:
    """The source named in ``order:``: the same object, or the same card that has since changed zone
    (an entering unit named in hand is a new object on the chain, 124)."""
    identity, name, owner = wanted
    return obj.identity == identity or (obj.name == name and obj.owner == owner and obj.zone[0] == "chain")


def give_order(state: GameState, player: str, sources: list) -> None:
    """Queue ``player``'s order of replacement effects, by their sources; naming one twice would
    apply it twice, which 370.2 forbids."""
    identities = [(obj.identity, obj.name, obj.owner) for obj in sources]
    for number, identity in enumerate(identities):
        if identity in identities[:number]:
            raise IllegalAction("370.2", f"{sources[number].name} is named twice: a replacement effect applies "
                                         "only once to an event and what replaces it")
    state.__dict__.setdefault("replacement_order", []).append((player, identities))


def explain_lines(state: GameState) -> list[str]:
    """The event-log lines about replacement effects (367-375): graphs, choices, applications."""
    lines = [f"{event.text}  [{', '.join(event.rules)}]" for event in state.log
             if any(rule.split(".")[0] in REPLACEMENT_RULES for rule in event.rules)]
    return lines or ["no replacement effect applied (367-375)"]


REPLACEMENT_RULES = {str(number) for number in range(367, 376)}
