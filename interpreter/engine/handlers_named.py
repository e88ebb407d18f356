"""Naming and choosing a word as a card is played: "As you play this, name a tag." (760, 763) and "As you play
me, choose Bird, Cat, Dog, or Poro. I gain that tag." (370.1.b.1).

The word is the player's answer given ahead (a scenario's ``choose:``), checked against the tags that exist
(763.1) or the words listed; without one, the documented default: for "name a tag" the first tag of the first
unit an opponent controls (by arrival), else of any object on the board; for "choose X, Y, or Z" the first
listed. It is kept on the card (``GameObject.as_played``), which keeps it through its play onto the board and
loses it as it leaves the board: "a unit with the named tag" (selectors) and "I gain that tag" (the layers'
tags) read it there.
"""
from __future__ import annotations

import re

from interpreter.compiler import effects as fx
from .action_run import ACTIONS, _nothing
from .state import IllegalAction

_choose_before, _give_before = ACTIONS["choose"], ACTIONS["give"]


def existing_tags(state) -> tuple:
    """The tags that exist in Riftbound, as rule 763.1 lists them."""
    entry = state.rules.book.get("763.1")
    listed = entry.text.split(":", 1)[1] if entry is not None and ":" in entry.text else ""
    return tuple(t.strip() for t in re.split(r",\s*", listed.strip().rstrip(".")) if t.strip())


def _on_a_card(state, tag: str) -> bool:
    """Whether a card or token of the game has ``tag``: it exists on cards (763), whatever the printed list of 763.1
    says (it prints "Miss, Fortune" for the tag Miss Fortune)."""
    return any(tag in obj.chars.tags for obj in state.all_objects())


def _default_tag(ctx) -> str | None:
    board = ctx.state.board_objects()
    enemy = [o for o in board if o.card_type == "unit" and o.controller not in (None, ctx.player)]
    for obj in sorted(enemy, key=lambda o: o.arrival) + sorted(board, key=lambda o: o.arrival):
        if obj.chars.tags:
            return obj.chars.tags[0]
    return None


def name_word(ctx, effect: fx.GameAction) -> bool:
    """"Name a tag": the player names a tag that exists (763), kept on the source for "the named tag"."""
    source = ctx.state.became(ctx.source_identity)
    answer = ctx.take("word")
    tag = answer if answer is not None else _default_tag(ctx)
    if tag is not None and tag not in existing_tags(ctx.state) and not _on_a_card(ctx.state, tag):
        raise IllegalAction("763", f"{tag!r} is not a tag of Riftbound (763.1)")
    if tag is None or source is None:
        return _nothing(ctx, effect)
    source.as_played["tag"] = tag
    ctx.state.note(f"{ctx.player} names the tag {tag}", "760", "763")
    return True


def _listed_words(effect: fx.GameAction) -> tuple:
    """"choose Bird, Cat, Dog, or Poro", "choose Mech or Poro": the words listed, when the instruction chooses
    one of them (a list of tags, or the words kept as its options)."""
    if len(effect.objects) == 1 and effect.objects[0].types == ("tag",) and effect.objects[0].tags:
        return tuple(effect.objects[0].tags)
    return tuple(effect.options) if not effect.objects and effect.subject is None else ()


def choose(ctx, effect: fx.GameAction) -> bool:
    """"Choose Bird, Cat, Dog, or Poro": one word of the list, kept on the source for "that tag" (355.5);
    any other choice as before."""
    words = _listed_words(effect)
    if not words:
        return _choose_before(ctx, effect)
    answer = ctx.take("word")
    word = words[0] if answer is None else answer
    if word not in words:
        raise IllegalAction("355.9.b", f"{word!r} is not one of {', '.join(words)}")
    source = ctx.state.became(ctx.source_identity)
    if source is None:
        return _nothing(ctx, effect)
    source.as_played["tag"] = word
    ctx.state.note(f"{ctx.player} chooses {word}", "355.5")
    return True


def gain_chosen_tag(ctx, source) -> bool:
    """"I gain that tag": the tag named or chosen as the source was played becomes one of its tags (477.1.a)."""
    tag = source.as_played.get("tag") if source is not None else None
    if tag is None:
        ctx.state.note("no tag was chosen: none is gained", "359.3.e.11")
        return False
    source.as_played["gained_tags"] = tuple(source.as_played.get("gained_tags", ())) + (tag,)
    ctx.state.note(f"{source.name} gains the tag {tag}", "477.1.a")
    return True


def give(ctx, effect: fx.GameAction) -> bool:
    """"I gain that tag" (``chosen_tag_runs``) on the source as it is played; any other give as before."""
    if effect.modifications and all(m.kind == "chosen_tag" for m in effect.modifications):
        return gain_chosen_tag(ctx, ctx.state.became(ctx.source_identity))
    return _give_before(ctx, effect)


def chosen_tag_runs(effect: fx.GameAction) -> bool:
    """The forms read: "I gain that tag" (the source itself), "name a tag"."""
    if effect.action == "name":
        return tuple(effect.options) == ("tag",)
    return all(m.kind == "chosen_tag" for m in effect.modifications) and len(effect.objects) == 1 \
        and effect.objects[0].reference == "self" and effect.duration is None


ACTIONS["name"] = name_word
ACTIONS["choose"] = choose
ACTIONS["give"] = give
