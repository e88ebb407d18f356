"""Grammar and compile figures, as medians over several runs (seconds unless said).

- grammar load: building the LALR parser with the grammar caches (Lark's, and the pickled parser
  of ``parser_cache``) removed (cold) and kept (cached);
- corpus throughput: parse + transform + compile of every text of the corpus in one process,
  in cards per second through LALR (the tool); and, on a sample of the same texts, the time
  ratio of Earley (same grammar) to LALR, measured in the same run.

Run: `python benchmarks/compile.py [CORPUS.jsonl] [RUNS]` (default: the shared corpus, 5 runs).
`python benchmarks/compile.py --grammar [CHECKOUT...]` counts the terminals of the .lark files, those
with a lookahead, and their distinct literal words (here, and in other checkouts).

`python benchmarks/compile.py --against REF [CORPUS.jsonl] [RUNS]` compares this checkout with another
commit or tag (e.g. `session-start`) in the same run: REF is checked out in a temporary git worktree
(or REF is the path of a checkout), and child processes of each side, taken in turn, time the parse
alone and the parse + transform + compile of every text of the corpus (the `text` and
`effect_text` fields), after one warm-up pass. It prints each side's medians and the ratio, in wall-clock
time and in the process's CPU time (steadier when other work shares the machine).
"""
from __future__ import annotations

import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The shared corpus beside the checkout (or beside the folder of worktrees that holds it).
DEFAULT_CORPUS = next((folder / "shared" / "corpus" / "cards.jsonl" for folder in (ROOT.parent, ROOT.parent.parent)
                       if (folder / "shared" / "corpus" / "cards.jsonl").exists()),
                      ROOT.parent / "shared" / "corpus" / "cards.jsonl")
EARLEY_SAMPLE = 40   # Earley is two orders of magnitude slower: a sample gives the ratio


def _median(function, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _load_in_child(clear_cache: bool) -> float:
    if clear_cache:
        for pattern in (".lark_cache_*", "riftbound-parser-*.pickle"):   # Lark's cache and our pickled parser
            for path in glob.glob(os.path.join(tempfile.gettempdir(), pattern)):
                os.remove(path)
    code = ("import time; s=time.perf_counter(); from interpreter.language.parse import parser; parser(); "
            "print(time.perf_counter()-s)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return float(out.stdout.strip())


def _texts(corpus: Path):
    from interpreter.cards.card_files import load_cards
    from interpreter.coverage.measure import card_texts

    return [(card.card_type, text) for card in load_cards(corpus) for _, text in card_texts(card)]


def _compile_all(texts, parse_tree):
    from interpreter.compiler.compile import CompileError, compiler
    from interpreter.language.transform import DslTransformer

    using, transformer, done = compiler(), DslTransformer(), 0
    for card_type, text in texts:
        try:
            tree = parse_tree(text)
            using.card_text(transformer.transform(tree), card_type)
            done += 1
        except (CompileError, Exception):   # a text the grammar cannot read yet still costs its parse
            pass
    return done


# The measuring child, run in a checkout of either side: it finds the stages in the package-per-stage
# layout, or in the older flat one, and prints the median parse and compile times as JSON.
_CHILD = r"""
import json, statistics, sys, time
try:
    from interpreter.language.parse import parser, normalise
    from interpreter.language.transform import DslTransformer
    from interpreter.compiler.compile import compiler
except ImportError:
    from interpreter.parse import parser, normalise
    from interpreter.transform import DslTransformer
    from interpreter.compile import compiler
corpus, runs = sys.argv[1], int(sys.argv[2])
texts = []
for line in open(corpus, encoding="utf-8"):
    card = json.loads(line)
    kind = (card.get("type") or "").lower() or None
    texts += [(kind, card[f]) for f in ("text", "effect_text") if isinstance(card.get(f), str) and card[f].strip()]
lalr, using, transformer = parser(), compiler(), DslTransformer()
def parse_all():
    for _, text in texts:
        try:
            lalr.parse(normalise(text), start="card_text")
        except Exception:
            pass
def compile_all():
    done = 0
    for kind, text in texts:
        try:
            using.card_text(transformer.transform(lalr.parse(normalise(text), start="card_text")), kind)
            done += 1
        except Exception:
            pass
    return done
def median(function, clock):
    times = []
    for _ in range(runs):
        start = clock(); function(); times.append(clock() - start)
    return statistics.median(times)
compiled = compile_all()                      # warm-up: caches and first-use imports
print(json.dumps({"texts": len(texts), "compiled": compiled, "parse": median(parse_all, time.perf_counter),
                  "compile": median(compile_all, time.perf_counter), "parse_cpu": median(parse_all, time.process_time),
                  "compile_cpu": median(compile_all, time.process_time)}))
"""


def _side(checkout: Path, corpus: Path, runs: int) -> dict:
    import json

    out = subprocess.run([sys.executable, "-c", _CHILD, str(corpus), str(runs)], capture_output=True, text=True,
                         check=True, cwd=checkout, env=dict(os.environ, PYTHONPATH=str(checkout)))
    return json.loads(out.stdout.strip().splitlines()[-1])


def _checkout(ref: str) -> tuple[Path, Path | None]:
    """The checkout of ``ref``: a path as given, else a temporary worktree (returned to remove it)."""
    if Path(ref).is_dir():
        return Path(ref), None
    folder = Path(tempfile.mkdtemp(prefix="riftbound-bench-")) / "checkout"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), ref], check=True,
                   capture_output=True)
    return folder, folder


def compare(ref: str, corpus: Path, runs: int, rounds: int = 3) -> None:
    """This checkout against ``ref``, each side in its own checkout, taken in turn."""
    other, temporary = _checkout(ref)
    try:
        sides = {"this": [], ref: []}
        for _ in range(rounds):
            sides["this"].append(_side(ROOT, corpus, runs))
            sides[ref].append(_side(other, corpus, runs))
    finally:
        if temporary is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(temporary)],
                           capture_output=True)
    keys = ("parse", "compile", "parse_cpu", "compile_cpu")
    medians = {name: {key: statistics.median(r[key] for r in results) for key in keys}
               for name, results in sides.items()}
    print(f"corpus: {corpus}; {rounds} rounds of {runs} runs a side, taken in turn (medians, seconds; "
          "wall clock, and the process's CPU time, steadier on a busy machine)")
    for name, results in sides.items():
        m = medians[name]
        print(f"{name:>14}: {results[0]['texts']} texts, {results[0]['compiled']} compile; "
              f"parse {m['parse']:.3f} s (CPU {m['parse_cpu']:.3f}), "
              f"parse+compile {m['compile']:.3f} s (CPU {m['compile_cpu']:.3f})")
    for key in keys:
        print(f"{key.replace('_cpu', ' CPU')} time, this / {ref}: {medians['this'][key] / medians[ref][key]:.2f}")


def grammar_figures(folder: Path) -> dict:
    """Terminals, terminals with a lookahead, and distinct literal words of the .lark files in ``folder``
    (comments left out; the word classes the lexicon generates are not in the files)."""
    import re

    text = "\n".join(re.sub(r"//[^\n]*", "", path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.lark")))
    terminals = re.findall(r"^([A-Z_][A-Z_0-9]*)(?:\.\d+)?\s*:(.*)$", text, re.MULTILINE)
    return {"terminals": len(terminals),
            "lookahead": sum(1 for _, body in terminals if "(?=" in body or "(?!" in body),
            "literal_words": len({w.lower() for w in re.findall(r'"([A-Za-z][A-Za-z\'\-/]*)"i?', text)})}


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--grammar"]:
        for name, folder in (("this", ROOT / "grammar"), *((ref, Path(ref) / "grammar") for ref in args[1:])):
            print(f"{name}: {grammar_figures(folder)}")
        return
    if args[:1] == ["--against"] and len(args) > 1:
        rest = args[2:]
        corpus = Path(rest[0]) if rest and not rest[0].isdigit() else DEFAULT_CORPUS
        compare(args[1], corpus, int(next((a for a in rest if a.isdigit()), 5)))
        return
    corpus = Path(args[0]) if args and not args[0].isdigit() else DEFAULT_CORPUS
    runs = int(next((a for a in args if a.isdigit()), 5))
    from lark import Lark
    from interpreter.cards.card_files import load_cards
    from interpreter.language.parse import START_RULES, grammar_source, normalise, parser

    cold = statistics.median(_load_in_child(True) for _ in range(runs))
    cached = statistics.median(_load_in_child(False) for _ in range(runs))
    cards = len(load_cards(corpus))
    texts = _texts(corpus)
    lalr = parser()
    lalr_time = _median(lambda: _compile_all(texts, lambda t: lalr.parse(normalise(t), start="card_text")), runs)
    earley = Lark(grammar_source(), parser="earley", start=list(START_RULES), propagate_positions=True)
    sample = texts[::len(texts) // EARLEY_SAMPLE + 1]
    earley_runs = max(1, runs // 2)
    earley_time = _median(lambda: _compile_all(sample, lambda t: earley.parse(normalise(t), start="card_text")),
                          earley_runs)
    lalr_sample = _median(lambda: _compile_all(sample, lambda t: lalr.parse(normalise(t), start="card_text")), runs)
    print(f"corpus: {corpus} ({cards} cards, {len(texts)} texts); medians of {runs} runs")
    print(f"grammar load, cache removed: {cold:.3f} s")
    print(f"grammar load, cached:        {cached:.3f} s   (cold/cached {cold / cached:.1f}x)")
    print(f"parse+compile, LALR:   {lalr_time:.3f} s  = {cards / lalr_time:,.0f} cards/s")
    print(f"same {len(sample)}-text sample: LALR {lalr_sample:.3f} s, Earley {earley_time:.3f} s "
          f"(median of {earley_runs}): Earley takes {earley_time / lalr_sample:.0f}x as long")


if __name__ == "__main__":
    main()
