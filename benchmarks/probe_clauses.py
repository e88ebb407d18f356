"""The clause probe (issue 14, Build 5): sentences of our own taking the game actions through each frame of a
clause (instruction, trigger event in each person, passive event, restriction, "by" agent, past action this
turn, "unless", participle "this way") plus connectives ("and", "or", "then", "if you do", "instead").
Prints OK (compiles and round-trips), NORT (compiles, render differs in meaning) or FAIL with the located
error, and the totals. A measure, not a test: the sentences still failing are the groups left to do.
Run: `python benchmarks/probe_clauses.py`.
"""
from interpreter.base.diagnostics import InputError
from interpreter.compiler.pipeline import compile_text
from interpreter.render.renderer import round_trips
OBJ = {"kill": "a unit", "banish": "a unit", "recycle": "a card", "ready": "a unit", "exhaust": "a unit",
       "stun": "a unit", "move": "a unit", "discard": None, "draw": None, "buff": "a unit", "counter": "a spell",
       "reveal": "a card", "play": "a card", "hide": "a card", "burn": None, "empower": "a unit",
       "heal": "a unit", "recall": "a unit", "return": "a unit", "predict": None, "disempower": "a unit",
       "double": "a unit"}
PART = {"kill": "killed", "banish": "banished", "recycle": "recycled", "ready": "readied", "exhaust": "exhausted",
        "stun": "stunned", "move": "moved", "discard": "discarded", "draw": "drawn", "buff": "buffed",
        "counter": "countered", "reveal": "revealed", "play": "played", "hide": "hidden", "burn": "burned",
        "empower": "empowered", "heal": "healed", "recall": "recalled", "return": "returned",
        "disempower": "disempowered", "double": "doubled", "predict": "predicted"}
THIRD = {"kill": "kills", "banish": "banishes", "recycle": "recycles", "ready": "readies", "exhaust": "exhausts",
         "stun": "stuns", "move": "moves", "buff": "buffs", "counter": "counters", "reveal": "reveals",
         "play": "plays", "hide": "hides", "empower": "empowers", "heal": "heals", "recall": "recalls",
         "discard": "discards", "draw": "draws", "burn": "burns"}
PAST = dict(PART, draw="drew", hide="hid")
def sentences():
    out = []
    for v, o in OBJ.items():
        p, V = PART[v], v.capitalize()
        if o:
            out += [(f"{V} {o}.", "spell"),
                    (f"When you {v} {o}, draw 1.", "unit"),
                    (f"When a unit is {p}, draw 1.", "unit") if o.endswith("unit") else (f"When a card is {p}, draw 1.", "unit"),
                    (f"When I'm {p}, draw 1.", "unit"),
                    (f"I can't be {p}.", "unit"),
                    (f"Enemy units can't be {p} by spells.", "unit"),
                    (f"If a unit was {p} this turn, draw 1.", "spell"),
                    (f"If you {PAST[v]} {o} this turn, draw 1.", "spell"),
                    (f"{V} {o} unless you control a gear.", "spell"),
                    (f"When an opponent {THIRD.get(v, v+'s')} {o}, draw 1.", "unit"),
                    (f"The first time you {v} {o} each turn, draw 1.", "unit"),
                    (f"I can't be {p} unless you control a gear.", "unit"),
                    (f"You can't {v} {o} this turn.", "spell"),
                    (f"{V} {o}. Draw 1 for each unit {p} this way.", "spell"),
                    ]
        else:
            out += [(f"{V} 2.", "spell"), (f"When you {v}, draw 1.", "unit"),
                    (f"When an opponent {THIRD.get(v, v+'s')}, draw 1.", "unit"),
                    (f"{V} 1 unless you control a gear.", "spell"),
                    (f"If you {PAST[v]} this turn, draw 1.", "spell")]
    out += [(s, c) for s, c in [
        ("Draw 1 unless an opponent controls a gear.", "spell"),
        ("I can't attack unless you control a gear.", "unit"),
        ("If you control a gear and an opponent controls a unit, draw 1.", "spell"),
        ("If you control a gear or an opponent controls a unit, draw 1.", "spell"),
        ("Kill a unit. If you do, draw 1.", "spell"),
        ("Stun a unit. Then draw 1.", "spell"),
        ("Draw 1, then discard 1.", "spell"),
        ("If a friendly unit would be killed, banish it instead.", "unit"),
        ("I can't be countered.", "spell"),
        ("When I'm dealt damage, draw 1.", "unit"),
        ("When a unit is dealt damage, draw 1.", "unit"),
        ("If a unit was dealt damage this turn, draw 1.", "spell"),
        ("I can't be moved by enemy spells.", "unit"),
        ("Whenever you channel a rune, draw 1.", "unit"),
        ("When you pay [1], draw 1.", "unit"),
        ("When you score, draw 1.", "unit"),
        ("When you gain a point, draw 1.", "unit"),
        ("You may pay [1]. If you do, draw 1.", "spell"),
        ("Deal 2 to a unit unless its controller pays [1].", "spell"),
        ("Kill a unit, then draw 1.", "spell"),
        ("Exhaust a unit: Draw 1.", "gear"),
        ("Kill a friendly unit: Draw 1.", "gear"),
        ("Recycle a card, [E]: Draw 1.", "gear"),
        ("Discard 1, [E]: Draw 1.", "gear"),
        ("Stun a unit, [E]: Draw 1.", "gear"),
        ("Ready a unit, [E]: Draw 1.", "gear"),
        ("Banish a card from your trash, [E]: Draw 1.", "gear"),
        ("Burn 1, [E]: Draw 1.", "gear"),
        ("Empower a unit, [E]: Draw 1.", "gear"),
        ("Heal a unit, [E]: Draw 1.", "gear"),
        ("Reveal a card, [E]: Draw 1.", "gear"),
        ("Buff a unit, [E]: Draw 1.", "gear"),
        ("Return a unit to its owner's hand, [E]: Draw 1.", "gear"),
        ("If I was moved this turn, draw 1.", "unit"),
        ("If you haven't played a card this turn, draw 1.", "spell"),
        ("If an opponent has played a spell this turn, draw 1.", "spell"),
        ("When a unit is stunned by a spell, draw 1.", "unit"),
        ("Units can't be healed this turn.", "spell"),
        ("Friendly units can't be killed this turn.", "spell"),
        ("Opponents can't play spells this turn.", "spell"),
        ("While I'm exhausted, I can't be killed.", "unit"),
        ("Draw 1. If you control a gear, draw 1 more instead.", "spell"),
        ("Kill a unit if it is stunned.", "spell"),
        ("Kill a unit unless it is stunned.", "spell"),
        ("If you have stunned a unit this turn and you control a gear, draw 1.", "spell"),
    ]]
    return out
def main():
    ok = rt = 0; fails = []
    S = sentences()
    for s, ct in S:
        try:
            r = compile_text(s, card_type=ct)
        except InputError as e:
            fails.append((s, str(e).splitlines()[-1][:150])); print("FAIL", s, "|", str(e).replace("\n"," ")[:220]); continue
        except Exception as e:
            fails.append((s, repr(e))); print("CRASH", s, repr(e)[:200]); continue
        ok += 1
        good = round_trips(r, ct); rt += good
        print("OK" if good else "NORT", s)
    print(f"compiled {ok}/{len(S)}, round-trip {rt}")
if __name__ == "__main__":
    main()
