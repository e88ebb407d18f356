"""The context an effect runs in: who does it, from which source, where "here" is, and the
answers given ahead for its decisions (``state.answers``, from a scenario's ``choose:``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from interpreter.base.diagnostics import InputError
from .state import GameObject, GameState


@dataclass
class Context:
    """Who does an effect, from which source, where "here" is, and the last "may" answer."""

    state: GameState
    player: str
    source_identity: int | None = None
    here: tuple | None = None
    did: bool = False
    hidden_at: tuple | None = None      # the battlefield a hidden card was played from (811.1.d.3)
    last: list = field(default_factory=list)   # what the previous instruction acted on (359.3.e.14)
    about: tuple = ()                   # identities of what the trigger event was about, gone or not
    chosen: list = field(default_factory=list)  # what "Choose a unit." chose: "that unit" later (355.5)
    named: dict = field(default_factory=dict)   # selector -> the objects it named: "them" finds a group again
    looked: list = field(default_factory=list)  # (card, zone, identity) looked at: "the rest" are those still there
    played_from: str | None = None      # a spell's: the zone it was played from (354.1)
    there: tuple | None = None          # the location the text named last: what "there" means
    event_place: tuple | None = None    # where the trigger's event happened: "there" before the text names one
    done_last: bool = False             # whether the previous instruction did something ("If you can't, ...")
    players_chosen: dict = field(default_factory=dict)   # phrase -> the player it chose ("Choose an opponent.")
    acted: dict = field(default_factory=dict)   # action -> what its last instruction acted on ("discarded this way")
    moved_from: dict = field(default_factory=dict)   # identity -> where this effect first moved it from (move_places)
    paid_with: tuple = ()               # (action, object) the costs of the ability were paid with (203)
    words: dict = field(default_factory=dict)   # player -> the word they chose ("chooses Cards or Runes", 355.5)
    each_chosen: dict = field(default_factory=dict)   # player -> what they chose doing "each player ..." (handlers_each)
    players_did: list = field(default_factory=list)   # who did a "you and each opponent may ..." (handlers_repeat)
    paid_amount: int | None = None      # what "Pay any amount of ..." paid: "that much" later (444.1)
    event_phrase: object = None         # the trigger's phrase its event's objects fit: "it" means them (383.2.c)
    event_objects: list = field(default_factory=list)   # those objects
    each_chooses: bool = False          # "Each player kills a unit they control": chosen on resolution (355.10.e)
    unit_places: tuple = ()             # "If it's a unit, you may play it here": more places for a unit (355.2.b)

    def source(self) -> GameObject | None:
        return self.state.by_identity(self.source_identity)

    def peek(self, kind: str):
        """The next answer given ahead, resolved as ``kind``, left in place; None when there is none."""
        if not self.state.answers:
            return None
        resolver = getattr(self.state, "resolver", None)
        raw = self.state.answers[0]
        try:
            return resolver(raw, kind, self.player) if resolver else raw
        except InputError:                 # an answer of another kind (a word, a location): not this one
            return None

    def take(self, kind: str, default=None):
        """The next answer given ahead, resolved as ``kind`` (object, location, yes_no)."""
        if not self.state.answers:
            return default
        raw = self.state.answers.pop(0)
        resolver = getattr(self.state, "resolver", None)
        return resolver(raw, kind, self.player) if resolver else raw
