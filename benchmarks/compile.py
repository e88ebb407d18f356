"""Grammar and compile figures, as medians over several runs (seconds unless said).

- grammar load: building the LALR parser with the grammar caches (Lark's, and the pickled parser
  of ``parser_cache``) removed (cold) and kept (cached);
- corpus throughput: parse + transform + compile of every text of the corpus in one process,
  in cards per second through LALR (the tool); and, on a sample of the same texts, the time
  ratio of Earley (same grammar) to LALR, measured in the same run.

Run: `python benchmarks/compile.py [CORPUS.jsonl] [RUNS]` (default: the shared corpus, 5 runs).
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
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "cards.jsonl"
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


def main() -> None:
    args = sys.argv[1:]
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
