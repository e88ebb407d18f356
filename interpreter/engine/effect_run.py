"""Running compiled effect objects against the game state: one small handler per effect class.

``HANDLERS`` maps an effect class name (interpreter/effects.py) to a function
``handler(ctx, effect) -> bool`` that returns whether it did something (for "If you
do", 359.3.e.14.a). An effect class without a handler raises ``UnsupportedEffect``,
which a scenario reports as a failure naming the class.

Decisions an effect asks for (targets, "may", a location) are taken from the answers
given ahead (``state.answers``, from ``choose:``); without one the documented default
applies: do what "may" offers when possible, pick the first candidate by arrival,
play or create at the player's base.
"""
from __future__ import annotations

from . import actions, bus, restricted_pool, targeting, turn_statements
from interpreter.compiler import effects as fx
from .action_run import ACTIONS, keywords_this_combat, my_might, new_token_named, played_to_read
from .context import Context
from .errors import Unsupported, UnsupportedEffect
from .additional_costs import additional_runs, already_paid
from .conditions import condition_holds, condition_runs
from .cost_changes import instruction_runs, register
from .event_forms import delayed_ability
from .delayed_replacements import delayed_replacement, keep as keep_replacement, replacement_payment
from .event_watch import keep_delayed, reflexive_done, trigger_if_done
from .handlers_each import each_chooses_own, each_form, each_player_acts, each_player_chooses, pair_each_sequences, \
    pair_exemptions, run_each_does, run_exempted
from .handlers_modes import choice, modal, modal_runs
from .handlers_pay import paid_cost, pay_to_do, payment_runs
from .handlers_limited import skip_runs
from .handlers_phase_player import the_phase_player
from . import handlers_repeat
from .move_places import place_read
from . import conditions_more, handlers_players, handlers_predict  # noqa: F401  (register conditions, actions)
from . import conditions_controls, conditions_died, conditions_paid, conditions_past  # noqa: F401  (register)
from . import conditions_board  # noqa: F401  (after conditions_more: its "is")
from . import handlers_as_played, handlers_attach, handlers_turns  # noqa: F401  (register their actions)
from .handlers_named import chosen_tag_runs    # after handlers_players: it wraps its "choose"
from .handlers_prevent import prevent_next
from .handlers_redirect import run_redirected
from .handlers_until import keep_until, until_leaves
from .handlers_linked import keep_linked, linked_trigger, still_there
from .handlers_unless import run_unless, unless_runs
from .damage_prevention import delayed_prevention, prevention_form
from .damage_doubling import doubling_form
from .play_permissions import turn_play_form
from .handlers_instead import pair_insteads, run_replaced, spell_sequence
from .handlers_played_here import run_played_here
from .handlers_players import chosen_player_acts, each_chooses_word, name_subject, they_act
from .selectors import COMPARE, candidates, place_there, players, players_read
from .playing import hidden_restriction, instead_of_leaving_chain, play_token, unit_location
from .state import ChainItem, Characteristics, GameObject, GameState, token_characteristics
from .passive_support import DEPENDENT_KNOWN
from .traits import active_abilities, keywords_of, might_of
from .triggers import Predict, here_of
from .attaching import equip_on_play


@bus.performs("run_effects")
def run_effects(ctx: Context, effects) -> bool:
    done = False
    # "..., deal 4 to it instead." (158.2, handlers_instead); "you don't kill a unit this way" (handlers_each)
    for effect in pair_insteads(pair_exemptions(pair_each_sequences(tuple(effects)))):
        ctx.done_last = bool(run(ctx, effect))     # "Channel 1 rune exhausted. If you can't, draw 1."
        if isinstance(effect, fx.GameAction):      # "Kill a friendly unit. If you do, ..." (359.3.e.14.b)
            ctx.did = ctx.done_last
        done = ctx.done_last or done
    return done


def run(ctx: Context, effect) -> bool:
    handler = HANDLERS.get(type(effect).__name__)
    if handler is None:
        raise UnsupportedEffect(f"the runtime has no handler for {type(effect).__name__} effects yet")
    return handler(ctx, effect)


# The abilities of a spell that are its instructions, done as it resolves: its text, and a "Choose one —"
SPELL_INSTRUCTIONS = (fx.SpellEffect, fx.ModalAbility)


def spell_part(ability) -> bool:
    """What a spell does as it resolves: its instructions, and an additional cost with sentences after it ("If
    you do, draw 2. Otherwise, draw 1.", asked of the payment made as it was played, 204.2.a)."""
    return isinstance(ability, SPELL_INSTRUCTIONS) or isinstance(ability, fx.AdditionalCost) and bool(ability.effects)


@bus.performs("run_item")
def run_item(state: GameState, item: ChainItem, spell: GameObject | None = None) -> None:
    """Execute a chain item: an ability's effects, or a spell's instructions (359.3.d)."""
    if spell is not None:
        units_at = hidden_restriction(state.rules, keywords_of(state, spell), "played_units", item.hidden_at)
        ctx = Context(state, item.controller, spell.identity, None, hidden_at=units_at,   # 811.1.d.3
                      played_from=item.played_from)
        ctx.named.update({sel: list(objects) for sel, objects in item.named})    # its additional costs' (357)
        # its instructions, with those behind [Level][>] or [Legion][>] while the keyword's condition holds as
        # the spell resolves (traits.active_abilities, 135.2.e.7)
        effects = list(spell_sequence(a for a in active_abilities(state, spell) if spell_part(a)))
        _refuse_dependent_instructions(state, spell)
        if item.repeats:
            rule = state.rules.keyword("Repeat")["repeat"]["rule"]
            state.note(f"{spell.name} is executed {item.repeats} more time(s) for its Repeat cost", "820.1.d", rule)
        effects = effects * (1 + item.repeats)
    else:
        ctx = Context(state, item.controller, item.source_identity, here_of(state, item),
                      event_place=item.event_place)                 # "there": where its event happened (359.3.f.3)
        # "When a friendly unit moves ..., I may be moved with it": "it" is the object of the event (359.3.e.14)
        ctx.last = [o for o in (state.by_identity(i) for i in item.about) if o is not None]
        ctx.about = item.about              # "if you spent [4] or more": the play of a card now in the trash
        ctx.last += still_there(state, item.linked)      # "When they hold, return it ..." (390.5, handlers_linked)
        ctx.paid_with = item.paid_with                 # "the unit you exhausted to pay for this ability" (203)
        ctx.players_chosen.update(dict(item.players))    # "When a player ..., they ...": who did it
        ctx.event_phrase, ctx.event_objects = item.about_phrase, list(ctx.last)   # "When you choose a unit, ... it"
        effects = item.effects
        the_phase_player(ctx, state.by_identity(item.source_identity), effects)   # "that player" (304)
    previous = targeting.resolving(state, item)         # the targets chosen as it was put on the chain (355.5)
    try:
        run_effects(ctx, effects)
    finally:
        state.resolving_targets = previous


def _refuse_dependent_instructions(state: GameState, spell: GameObject) -> None:
    """A spell's instruction behind a dependent keyword whose condition the runtime does not check (135.2.e.7;
    [Level] and [Legion] it checks, passive_support.DEPENDENT_KNOWN) is refused rather than run without it."""
    for ability in spell.chars.abilities():
        if isinstance(ability, fx.KeywordedAbility) and isinstance(ability.ability, fx.SpellEffect) \
                and ability.keyword.name not in DEPENDENT_KNOWN \
                and (state.rules.keyword(ability.keyword.name) or {}).get("kind") == "dependent":
            raise UnsupportedEffect(f"a spell instruction behind [{ability.keyword.name}][>] is not run yet")


def runs(effect) -> bool:
    """Whether the runtime carries out ``effect`` itself (its parts aside): it has a handler, and the
    handlers that know only some forms (conditions, statements) know this one."""
    name = type(effect).__name__
    if name == "Conditional":
        return delayed_replacement(effect) is not None or _adds_unless_there(effect) or _total_might_test(effect) is not None \
            or _played_from_test(effect) is not None or condition_runs(effect) or unless_runs(effect)
    if name == "StaticEffect":
        return _enters_there(effect) or instruction_runs(effect) or turn_statements.runs(effect)
    if name == "Delayed" and replacement_payment(effect) is not None and not payment_runs(replacement_payment(effect)):
        return False                                  # "you may pay [R] to ... instead": a price handlers_pay pays
    if name == "Delayed":
        return delayed_replacement(effect) is not None or delayed_prevention(effect) or effect.when == "end_of_turn" or at_next_main_phase(effect) or when_it_dies_this_turn(effect) \
            or instead_of_leaving_chain(effect) is not None or delayed_ability(effect) is not None \
            or until_leaves(effect) or linked_trigger(effect) or reflexive_done(effect)   # 390.5.b, 390.5, 387.3
    if name == "GameAction" and _subject_gap(effect) is not None:
        return False
    if name == "GameAction" and effect.keyword_cost is not None:
        return False        # "play this for its flow cost" as an instruction: the keyword's own permission runs
    if name == "MayDo" and _chooser_gap(effect) is not None:
        return False
    if name == "AdditionalCost":
        return additional_runs(effect)                # paid by the play (engine/additional_costs.py)
    if name in handlers_repeat.RUNS:
        return handlers_repeat.RUNS[name](effect)     # "For each ...", "Starting with the next player, ..."
    if name == "ModalAbility":
        return modal_runs(effect)                     # engine/handlers_modes.py
    if name == "PayToDo":
        return payment_runs(effect.payment)           # engine/handlers_pay.py
    if name == "GameAction" and effect.action == "skip" and not skip_runs(effect):
        return False                                  # skipping an event, not a phase: not kept yet (443.1.a)
    if name == "GameAction" and effect.action == "pay" and not payment_runs(effect):
        return False                                  # "pay any amount of ...": not run yet
    if name == "GameAction" and effect.action == "give" and effect.duration not in (None, "this_turn") \
            and not keywords_this_combat(effect):
        return False        # only "this turn" durations end yet, and keywords "this combat" (466.7)
    if name == "GameAction" and not _action_form_runs(effect):
        return False
    return name in HANDLERS


def _given_read(m) -> bool:
    """A modification ``action_run.give`` applies: a keyword, a fixed Might, a Might equal to or raised to a
    measure, the keywords of an object ("my keywords"); "a quoted ability" is not given yet."""
    return m.kind == "keyword" or m.amount is not None or m.kind in ("might", "might_to") and m.measure is not None \
        or m.kind == "keywords" and m.measure is not None and m.measure.kind == "keywords" \
        or m.kind == "chosen_tag"                                     # handlers_named


def _action_form_runs(action) -> bool:
    """Forms of a known action that its handler refuses rather than guess."""
    refused = (
        action.action == "double" and "might" not in action.options and not my_might(action)   # "all damage" (432)
        and not doubling_form(action)                                   # damage_doubling.py
        or action.action == "prevent_damage" and not prevention_form(action)   # damage_prevention.py (437)
        # swapping back (438.7), or a token a rule defines (187, 438.3.b.1)
        or action.action == "replace" and action.objects[-1].reference != "replaced"
        and not new_token_named(action.objects[-1])
        # "you may play a gear ... from hand this turn, ignoring its Energy cost" (play_permissions)
        or action.action == "play" and action.duration is not None and not turn_play_form(action)
        or action.action == "play" and not played_to_read(action.place)  # "to any battlefield", "to an open one"
        # "name a tag", "I gain that tag" (handlers_named)
        or (action.action == "name" or any(m.kind == "chosen_tag" for m in action.modifications))
        and not chosen_tag_runs(action)
        or action.action == "give" and not all(map(_given_read, action.modifications))   # action_run.give
        # "to the location of <object>", "to a location where ...": only for a move (move_places)
        or action.place is not None and (action.place.of is not None or action.place.where is not None) \
        and action.action != "move"
        or action.action == "move" and not place_read(action.place)      # engine/move_places.py
        or action.action == "repeat_effects" and not handlers_repeat.repeat_runs(action)
        or action.action == "detach" and any(map(_from_pronoun, action.objects[:1])))
    return not refused


def _from_pronoun(sel) -> bool:
    """"Detach an Equipment from it" (435.1.a): the card the pronoun names is not resolved for this form yet (the
    text's "it" may be an object named before the last instruction), and the filter reads cards looked at."""
    return any(f.kind == "among" and f.of is None and f.value in ("it", "them") for f in sel.filters)


# ---- tokens (439, 179-187) -----------------------------------------------------------


def create_tokens(ctx: Context, effect: fx.CreateTokens) -> bool:
    made, player = [], ctx.player
    for each in players(ctx, effect.subject):     # 183, 182: each player who plays them owns and controls theirs
        ctx.player = each
        made += _tokens_for(ctx, effect)
    ctx.player = player
    if made:
        ctx.last = made                       # "Play a Reflection token ... It becomes ..." (359.3.e.14)
    return bool(made)


def _tokens_for(ctx: Context, effect: fx.CreateTokens) -> list:
    """The tokens one player (``ctx.player``) creates or plays."""
    chars = token_characteristics(effect.token)
    made = []
    for _ in range(effect.count):
        if effect.action == "play":
            location = _play_location(ctx, effect, chars)
            obj = play_token(ctx.state, ctx.player, chars, effect, location, effect.granted) \
                if location is not None else None
        else:
            obj = _create(ctx, effect, chars)
        made += [obj] if obj is not None else []
    return made


def _play_location(ctx: Context, effect: fx.CreateTokens, chars: Characteristics) -> tuple | None:
    zone = effect.played_to.zone
    if zone == "there":                             # the place named last, else where its event was (359.3.f.3)
        return place_there(ctx)
    if zone == "here":
        if ctx.here is None:
            ctx.state.note(f"no “{zone}” to play {chars.name} at: the instruction is ignored", "359.3.f.2.a")
        return ctx.here                                                # 184.2: the effect names the place
    if zone == "base" or chars.card_type == "gear":
        return ("base", ctx.player)
    if ctx.hidden_at is not None:
        ctx.state.note(f"played by a hidden card, {chars.name} is played at its battlefield", "811.1.d.3")
        return ctx.hidden_at
    return unit_location(ctx.state, ctx.player, ctx.take("location"))  # 355.2.a


def _create(ctx: Context, effect: fx.CreateTokens, chars: Characteristics) -> GameObject | None:
    """Create straight into the zone (439.2): not played, so no play triggers."""
    state, zone = ctx.state, effect.created_to.zone
    controller = ctx.player if effect.controller.value == "you" else None      # 439.4.a-b
    if zone == "battlefield_zone":
        obj = state.new_object(chars, ctx.player, None, ("battlefield_zone", None), token=True)
        state.battlefields.append(obj)
    elif zone == "chain":                                              # 439.2.b.2
        obj = state.new_object(chars, ctx.player, controller, ("chain", None), token=True)
        state.chain.append(ChainItem(ctx.player, obj, finalized=True))
    else:
        dest = _creation_zone(ctx, zone)
        if dest is None:
            return None
        obj = state.new_object(chars, ctx.player, controller, dest, token=True)
    obj.exhausted = effect.enters.value == "exhausted"
    obj.granted.extend((k.name, k.value, None) for k in effect.granted)       # 184.3
    state.note(f"token {chars.name} is created at {state.location_name(obj.zone)}, "
               f"{effect.enters.value}, owned by {ctx.player}", *effect.rules)
    if actions.token_check(state, obj) is None:
        return None
    if obj.zone[0] == "battlefield":
        actions.contest(state, obj.zone[1], ctx.player)
    state.cleanup_due = True
    return obj


def _creation_zone(ctx: Context, zone: str) -> tuple | None:
    if zone == "there":
        return place_there(ctx)
    if zone == "here":
        if ctx.here is None:
            ctx.state.note(f"no “{zone}” to create at: the instruction is ignored", "359.3.f.2.a")
        return ctx.here
    if zone == "legend_zone":
        return ("legend", ctx.player)
    if zone == "playable_location":
        return unit_location(ctx.state, ctx.player, ctx.take("location"))    # 439.2.b.1
    if zone in ("base", "board"):
        return ("base", ctx.player)
    return (zone, ctx.player)                                          # a zone the rules name (439.2)


# ---- other instructions --------------------------------------------------------------
def add_resources(ctx: Context, effect: fx.AddResources) -> bool:
    actions.add_resources(ctx.state, ctx.player, effect.energy, effect.power)
    ctx.acted["add"] = (effect.energy, tuple(effect.power))       # what a "Use only to ..." after it limits
    return True


def restrict_added(ctx: Context, effect: fx.Restriction) -> bool:
    """"[Add] [A]. Use only to play spells.": the resources just added pay only for that (429.1, 377);
    "Use only once per turn" and "Use only if ..." are checked as the ability is activated (restrictions.py)."""
    if effect.kind not in ("only_to", "spend_only_during"):
        return False
    energy, power = ctx.acted.get("add", (0, ()))
    source = ctx.source()
    restricted_pool.restrict(ctx.state, ctx.player, energy, power, effect, source.name if source else "an ability")
    return True


# Actions whose handler reads who does them ("each player draws 1"); the others are done by the player of the
# effect, so another subject is refused rather than replaced by that player.
SUBJECT_READ = {"draw", "discard", "score", "gain_xp", "win_game", "deal", "channel"}


def _subject_gap(effect: fx.GameAction) -> str | None:
    subject = effect.subject
    if subject is None or subject.reference == "you" or each_form(effect) or they_act(effect) \
            or each_chooses_own(effect) or each_chooses_word(effect):
        return None
    if effect.action == "deal":       # the dealer of the damage: a unit ("They deal damage ..."), read by deal
        return None
    if effect.action in SUBJECT_READ and players_read(subject):       # selectors.players reads who does it
        return None
    if effect.action == "reveal" and effect.objects and players_read(subject):
        return None          # "They reveal their hand": the objects say what is revealed, the subject shows them
    if effect.action == "play" and subject.reference in ("they", "that") and players_read(subject):
        return None          # "They play that unit ...": the player a phrase before chose makes the play (419)
    if effect.action in ("put", "recycle", "play") and subject.types == ("owner",):
        return None          # "its owner places it ... of their Main Deck": the owner's deck is where it goes
    who = subject.reference or " ".join((subject.quantity,) + subject.types)
    return f"done by “{who}”: who does a {effect.action} is not read yet, only “you”"


def game_action(ctx: Context, effect: fx.GameAction) -> bool:
    """A game action (407-458): run by the handler of its action name (interpreter/action_run.py)."""
    handler = ACTIONS.get(effect.action)
    if handler is None:
        raise UnsupportedEffect(f"GameAction {effect.action}")
    name_subject(ctx, effect)                         # "An opponent reveals their hand." (handlers_players)
    # "that player" of a phase trigger is kept in players_chosen as it resolves (handlers_phase_player)
    if _subject_gap(effect) is not None and effect.subject.antecedent not in ctx.players_chosen:
        raise UnsupportedEffect(f"GameAction {effect.action}: {_subject_gap(effect)}")
    if each_form(effect):                             # "Each player kills one of their units"
        return each_player_acts(ctx, effect)
    if each_chooses_own(effect):                      # "Each player chooses 2 units, ... Recycle the rest."
        return each_player_chooses(ctx, effect)
    try:
        # "They move a unit they control ...": done by the player chosen before (handlers_players)
        done = chosen_player_acts(ctx, effect, handler) if they_act(effect) else handler(ctx, effect)
    except Unsupported as gap:
        raise UnsupportedEffect(f"GameAction {effect.action}: {gap}") from None
    ctx.acted[effect.action] = list(ctx.last)          # "the discarded card", "each card revealed this way"
    return done


def _chooser_gap(effect: fx.MayDo) -> str | None:
    """"Its controller may ...", "they may ...": a choice (and an instruction) of a player other than the one of
    the effect, which the runtime does not hand over yet."""
    player = effect.player
    if player is None or player.reference == "you" or handlers_repeat.you_and_each_opponent(player):
        return None                                   # "you and each opponent may ...": handlers_repeat.each_may
    return f"“{player.reference or ' '.join(player.types)} may ...”: a choice of another player is not asked yet"


def may_do(ctx: Context, effect: fx.MayDo) -> bool:
    if _chooser_gap(effect) is not None:
        raise UnsupportedEffect(f"MayDo: {_chooser_gap(effect)}")
    if isinstance(effect.effect, fx.AdditionalCost):  # chosen as the card was played (204.2.a), not asked again
        ctx.did = run(ctx, effect.effect)
        return ctx.did
    if handlers_repeat.you_and_each_opponent(effect.player):
        return handlers_repeat.each_may(ctx, effect)
    answer = ctx.take("yes_no", True)
    ctx.state.note(f"{ctx.player} chooses {'to' if answer else 'not to'} do an optional instruction", "135.2.b")
    ctx.did = bool(answer) and run(ctx, effect.effect)
    return ctx.did


def if_you_do(ctx: Context, effect: fx.IfYouDo) -> bool:
    if not ctx.did:
        ctx.state.note("the instruction before “if you do” was not done, so it is skipped", "359.3.e.14.a")
        return False
    return run(ctx, effect.effect)


def conditional(ctx: Context, effect: fx.Conditional) -> bool:
    """"... if it's not there already": the instructions only when the condition holds; "If you do"
    after it asks whether they were done (359.3.e.14.a)."""
    if delayed_replacement(effect) is not None:     # "If it would die this turn, banish it instead." (390.3)
        return keep_replacement(ctx, effect)
    if unless_runs(effect):                         # "... unless its controller pays [2]" (handlers_unless)
        return run_unless(ctx, effect)
    holds = _not_there_already(ctx, effect)
    if holds is None:
        holds = _total_might_holds(ctx, effect)
    if holds is None:
        holds = _played_from_holds(ctx, effect)
    if holds is None:
        holds = condition_holds(ctx, effect)                  # engine/conditions.py
    if holds is None:
        raise UnsupportedEffect(f"Conditional on “{effect.condition.kind}” conditions")
    if not holds:
        ctx.state.note("the condition does not hold, so its instructions are not done", "359.3.e.14.a")
        if effect.otherwise:                                  # "Otherwise, stun it."
            return run_effects(ctx, effect.otherwise)
    ctx.did = holds and run_effects(ctx, effect.effects)
    return ctx.did


def _not_there_already(ctx: Context, effect: fx.Conditional) -> bool | None:
    """"Add the Baron Pit battlefield token to the board if it's not there already": whether no
    battlefield of that name is on the board; None for any other condition."""
    if not _adds_unless_there(effect):
        return None
    return all(battlefield.name != effect.effects[0].token.name for battlefield in ctx.state.battlefields)


def _played_from_test(effect: fx.Conditional) -> str | None:
    """The zone of "If you played this from your hand" (a spell's own text), when the condition is only that."""
    condition = effect.condition
    if effect.unless or effect.otherwise or condition.kind != "played" or condition.negated \
            or condition.also is not None or condition.object is None or condition.object.reference != "self" \
            or condition.object.zone is None or condition.object.zone.owner not in (None, "you"):
        return None
    return condition.object.zone.kind


def _played_from_holds(ctx: Context, effect: fx.Conditional) -> bool | None:
    """Whether the spell was played from that zone (354.1 moves it from there to the chain); a hidden card is
    played from its facedown zone (811.1.b), not from the hand."""
    zone = _played_from_test(effect)
    if zone is None:
        return None
    if ctx.played_from is None:
        raise UnsupportedEffect("“If you played this from ...” outside the spell's own instructions")
    ctx.state.note(f"it was played from {ctx.played_from}", "354.1")
    return ctx.played_from == zone


def _total_might_test(effect: fx.Conditional) -> fx.Filter | None:
    """The bound of "... if your other units have total Might 5 or more", when the condition is only that
    (no "unless", no "otherwise", no second condition, the objects as they are now); None otherwise."""
    condition = effect.condition
    if effect.unless or effect.otherwise or condition.kind != "with" or condition.past or condition.negated \
            or condition.also is not None or condition.subject is None or condition.subject.reference is not None:
        return None
    tests = condition.object.filters if condition.object is not None else ()
    return tests[0] if len(tests) == 1 and tests[0].kind == "total_might" else None


def _total_might_holds(ctx: Context, effect: fx.Conditional) -> bool | None:
    """Whether the objects the condition names have that much Might together, each counted as at least 0
    (143.2.b); None for any other condition."""
    bound = _total_might_test(effect)
    if bound is None:
        return None
    total = sum(max(might_of(ctx.state, obj) or 0, 0) for obj in candidates(ctx, effect.condition.subject))
    ctx.state.note(f"their total Might is {total}", "143")
    return COMPARE[bound.op](total, bound.value)


def _adds_unless_there(effect: fx.Conditional) -> bool:
    condition, inner = effect.condition, effect.effects[0]
    return condition.kind == "is_at" and condition.negated and condition.already \
        and isinstance(inner, fx.CreateTokens) and inner.created_to.zone == "battlefield_zone"


def _enters_there(effect: fx.StaticEffect) -> bool:
    return effect.kind == "enter" and effect.place is not None and effect.place.kind == "there"


def static_effect(ctx: Context, effect: fx.StaticEffect) -> bool:
    """"I enter there" done by an "as" ability: where the permanent it is about enters (369.3);
    "there" is where the previous instruction put what it made. Other statements are passives."""
    source = ctx.source()
    if instruction_runs(effect):                       # "... cost [1] more to play this turn" (356.3, 356.4)
        register(ctx.state, ctx.player, effect, source.name if source is not None else "an instruction")
        return True
    if turn_statements.runs(effect):                   # "Units you play this turn enter ready" (364)
        turn_statements.keep(ctx.state, ctx.player, effect, source, ctx.last, ctx.players_chosen, ctx.named)
        return True
    if not _enters_there(effect) or source is None:
        raise UnsupportedEffect(f"StaticEffect {effect.kind} as an instruction")
    made = ctx.last[0] if ctx.last else None
    if made is None:
        ctx.state.note("no “there” for the permanent to enter at: the instruction is ignored", "359.3.f.2.a")
        return False
    source.enter_at = ("battlefield", ctx.state.battlefields.index(made)) if made.zone[0] == "battlefield_zone" \
        else made.zone
    ctx.state.note(f"{source.name} will enter at {ctx.state.location_name(source.enter_at)}", "369.3")
    return True


def delayed(ctx: Context, effect: fx.Delayed) -> bool:
    """A delayed ability (390.2): "... at end of turn" (kept until the Ending Step, 317.1.a), "... at the start of
    your next Main Phase", or "When it dies this turn, ..." (the death of what the spell named, that turn)."""
    if delayed_prevention(effect):                            # "The next time that unit would be dealt damage"
        return prevent_next(ctx, effect)                      # 390.3, 437 (engine/handlers_prevent.py)
    if delayed_replacement(effect) is not None:               # "The next time it dies this turn, ... instead"
        return keep_replacement(ctx, effect)                  # 390.3 (engine/delayed_replacements.py)
    if when_it_dies_this_turn(effect):
        watched = tuple(o.identity for o in ctx.last)
        pending = ctx.state.__dict__.setdefault("when_dies", [])
        pending.append((ctx.player, ctx.source_identity, watched, effect.effects, ctx.state.turn_number))
        ctx.state.note("a delayed trigger watches for the death of what the spell named, this turn", "390.2")
        return True
    if at_next_main_phase(effect):
        return _keep(ctx, effect, "at_main_phase", "the start of its controller's next Main Phase")
    zone = instead_of_leaving_chain(effect)
    if zone is not None:                # "Then banish it" after a play: where it goes from the chain (390.3.a)
        played = [o for o in ctx.last if o.zone[0] == "chain"]
        for card in played:
            card.leaves_chain_to = zone
            ctx.state.note(f"{card.name} will go to {zone} instead of the trash when it leaves the chain", "390.3.a")
        return bool(played)
    if delayed_ability(effect) is not None:                   # the general event watch (event_watch.py)
        return keep_delayed(ctx, effect)
    if until_leaves(effect):                                  # "... until I leave the board" (390.5.b)
        return keep_until(ctx, effect)
    if linked_trigger(effect):                                # "When they hold, return it to their hand" (390.5)
        return keep_linked(ctx, effect)
    if reflexive_done(effect):                                # "When they do, [Stun] it." (387.3)
        return trigger_if_done(ctx, effect)
    if effect.when != "end_of_turn":
        raise UnsupportedEffect(f"Delayed effects “{effect.when}”")
    return _keep(ctx, effect, "at_end_of_turn", "the end of the turn")


def _keep(ctx: Context, effect: fx.Delayed, key: str, time: str) -> bool:
    """Keep a delayed ability until ``time`` with what the instructions before it named, so that "that unit" and
    "it" still mean those objects then (390.2)."""
    pending = ctx.state.__dict__.setdefault(key, [])
    pending.append((ctx.player, ctx.source_identity, ctx.here, effect.effects, list(ctx.last), list(ctx.chosen)))
    ctx.state.note(f"a delayed ability waits for {time}", "390.2")
    return True


def _run_kept(state: GameState, kept: list, time: str, *rules: str) -> None:
    """Do the delayed abilities ``kept`` now that their time has come, each with what it kept (392)."""
    for player, source, here, effects, last, chosen in kept:
        state.note(f"a delayed ability takes place at {time}", *rules)
        run_effects(Context(state, player, source, here, last=last, chosen=chosen), effects)


def when_it_dies_this_turn(effect: fx.Delayed) -> bool:
    """"When it dies this turn, ...": the one delayed trigger on an event the runtime keeps (390.2)."""
    trigger = effect.trigger
    return effect.when == "when" and trigger is not None and trigger.event == "die" and trigger.condition is None \
        and trigger.qualifiers == ("this_turn",) and trigger.actor is not None and trigger.actor.reference == "it"


def at_next_main_phase(effect: fx.Delayed) -> bool:
    """"... at the start of your next Main Phase": the one time of a delayed trigger the runtime keeps."""
    return effect.when == "at" and effect.trigger is not None and effect.trigger.event == "start_of_main_phase" \
        and effect.trigger.subject in ("you", "you_next")


def run_at_main_phase(state: GameState) -> None:
    """The delayed abilities of the turn player that wait for their next Main Phase take place as it starts,
    after the pools empty (390.2, 316.3); those of other players keep waiting."""
    pending = state.__dict__.get("at_main_phase", [])
    due = [p for p in pending if p[0] == state.turn_player]
    state.__dict__["at_main_phase"] = [p for p in pending if p[0] != state.turn_player]
    _run_kept(state, due, "the start of the Main Phase", "390.2", "392")


def run_at_end_of_turn(state: GameState) -> None:
    """The delayed abilities made this turn take place in the Ending Step, oldest first (317.1.a, 392)."""
    _run_kept(state, state.__dict__.pop("at_end_of_turn", []), "the end of the turn", "317.1.a", "392")


def spell_effect(ctx: Context, effect: fx.SpellEffect) -> bool:
    return run_effects(ctx, effect.effects)


def predict(ctx: Context, effect: Predict) -> bool:
    """Look at the top card of your main deck; you may recycle it (436)."""
    deck = ctx.state.objects(("deck", ctx.player))
    if not deck:
        ctx.state.note(f"{ctx.player} has no card to look at", "431.1.c")
        return False
    top = deck[0]
    ctx.state.note(f"{ctx.player} looks at {top.name} on top of their main deck", *effect.rules)
    if ctx.take("yes_no", True):
        actions.recycle(ctx.state, top)
    return True


HANDLERS = {
    "CreateTokens": create_tokens,
    "AddResources": add_resources,
    "Restriction": restrict_added,
    "GameAction": game_action,
    "MayDo": may_do,
    "IfYouDo": if_you_do,
    "Conditional": conditional,
    "StaticEffect": static_effect,
    "SpellEffect": spell_effect,
    "Delayed": delayed,
    "Predict": predict,
    "EquipOnPlay": equip_on_play,
    "PayToDo": pay_to_do,
    "PaidCost": paid_cost,
    "AdditionalCost": already_paid,
    "ModalAbility": modal,
    "Choice": choice,
    "Replaced": run_replaced,
    "PlayedHere": run_played_here,                    # handlers_played_here
    "Exempted": run_exempted,
    "EachDoes": run_each_does,
    "Redirected": run_redirected,
}
HANDLERS.update(handlers_repeat.HANDLERS)
