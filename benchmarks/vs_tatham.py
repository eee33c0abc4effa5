"""Generation CPU time beside Simon Tatham's C generators (Net, Pattern, Loopy), as ratios (not a test).

    .venv/bin/python benchmarks/vs_tatham.py                              # every row, 30 seeds, recorded C side
    .venv/bin/python benchmarks/vs_tatham.py --game loop --sizes 7 10 --seeds 100
    .venv/bin/python benchmarks/vs_tatham.py --tgen /path/to/tgen         # measure the C side too, seed by seed

Each row pairs one of our (game, version, size, level, wrapping) with Tatham's parameters for the
like-for-like puzzle: Loop's easy / medium / hard / expert (versions 2 and 3) with Loopy's Easy /
Normal / Tricky / Hard on the square grid; Signal version 4 (bordered or wrapping, any level) with Net
of the same size (unique, no barriers; Net has no levels); Pattern version 2 (any level) with
Tatham's Pattern of the same size (which has none: our grader rates Tatham's puzzles ``easy``, so
``easy`` is the like-for-like row). Our side is the CPU time (``time.process_time``) of
``Game.make`` in this process, for seeds ``vs-0``, ``vs-1``, ...; with ``--tgen`` the C side is
measured too, interleaved seed by seed (one ``tgen GAME PARAMS 1 vs-K`` per seed; ``tgen`` times
only the generator's own call, as ours does), so that both see the same machine load. Without
``--tgen`` the C side is :data:`RECORDED`, medians measured on this machine (2 shared cores) with
the same ``tgen``, and the ratio is ours over those.

``tgen`` is a small driver around Tatham's unmodified game sources (a ``new_desc`` call timed with
the process CPU clock): :data:`TGEN_SOURCE`, ours. ``--puzzles DIR`` (a checkout of Tatham's
collection, none of which is in this project) builds it with ``gcc`` in a temporary folder outside the
project, one binary per game, and measures with it::

    .venv/bin/python benchmarks/vs_tatham.py --puzzles /tmp/puzzles-src --game loop --sizes 5 7 10
A row prints both medians (ms) and p95s, the ratio of medians and of p95s, and the aim for that row
(:func:`aim_of`) (``aim ok`` or how far off).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from figures import rounded_rank as percentile

from gridlogic import GAMES, native

LOOPY_LEVEL = {"easy": "e", "medium": "n", "hard": "t", "expert": "h"}
LOOP_VERSIONS = (2, 3)  # version 2, which issue 29's aims name, and version 3, whose levels are Loopy's

# Median CPU ms of Tatham's generators on this machine (tgen, gcc -O2, 100 seeds, nice, load about 3).
RECORDED: dict[str, float] = {
    "net 10x10": 0.158, "net 10x10w": 0.232, "pattern 10x10": 0.030,
    "loopy 7x7t0de": 0.588, "loopy 7x7t0dn": 0.884, "loopy 7x7t0dt": 1.208, "loopy 7x7t0dh": 2.063,
    "loopy 10x10t0de": 2.052, "loopy 10x10t0dn": 3.086, "loopy 10x10t0dt": 5.725, "loopy 10x10t0dh": 9.035,
}


@dataclass(frozen=True)
class Row:
    game: str
    version: int
    side: int
    level: str
    wrapping: bool
    tatham_game: str
    tatham_params: str
    aim: float

    @property
    def label(self) -> str:
        return f"{self.game} v{self.version} {self.side}x{self.side}{'w' if self.wrapping else ''} {self.level}"


def aim_of(game: str, version: int, side: int, level: str, wrapping: bool) -> float:
    """The aim for the ratio of medians (ours / Tatham's): issue 40's where it names one (Loop version 3,
    Signal's "any" and "hard", Pattern), issue 29's for the other rows."""
    if game == "loop":
        if version >= 3:
            return 1.0 if side >= 15 else 2.0
        return 10.0 if side in (5, 7) and level == "hard" else 2.0
    if game == "pattern":
        return 1.5 if level in ("any", "easy") else 20.0
    if wrapping:
        return {"any": 2.0, "hard": 15.0}.get(level, 5.0)
    if level == "any":
        return 1.5 if side < 10 else 1.0
    return {"easy": 1.5, "medium": 3.0, "hard": 8.0}[level]


def rows(games: list[str], sizes: dict[str, list[int]], loop_versions: tuple[int, ...] = LOOP_VERSIONS) -> list[Row]:
    chosen = []
    for version in loop_versions:
        for side in sizes["loop"] if "loop" in games else []:
            for level, letter in LOOPY_LEVEL.items():
                chosen.append(Row("loop", version, side, level, False, "loopy", f"{side}x{side}t0d{letter}",
                                  aim_of("loop", version, side, level, False)))
    for side in sizes["signal"] if "signal" in games else []:
        for wrapping in (False, True):
            for level in ("any", "easy", "medium", "hard"):
                if GAMES["signal"].version(4).offered(side, side, level, {"wrapping": wrapping}) is None:
                    net_params = f"{side}x{side}{'w' if wrapping else ''}"
                    chosen.append(Row("signal", 4, side, level, wrapping, "net", net_params,
                                      aim_of("signal", 4, side, level, wrapping)))
    for side in sizes["pattern"] if "pattern" in games else []:
        for level in ("any", "easy", "medium", "hard"):
            chosen.append(Row("pattern", 2, side, level, False, "pattern", f"{side}x{side}",
                              aim_of("pattern", 2, side, level, False)))
    return chosen


TGEN_SOURCE = r"""
#include <time.h>
#include "puzzles.h"
extern const game thegame;
struct preset_menu *preset_menu_new(void) { return NULL; }
struct preset_menu *preset_menu_add_submenu(struct preset_menu *m, char *t) { return NULL; }
void preset_menu_add_preset(struct preset_menu *m, char *t, game_params *p) {}
int main(int argc, char **argv) {  /* PARAMS N SEED: per seed (SEED, or SEED0.. when N > 1) its CPU s */
    if (argc != 4) return 2;
    int n = atoi(argv[2]);
    for (int i = 0; i < n; i++) {
        char seed[512], *aux = NULL;
        snprintf(seed, sizeof seed, n > 1 ? "%s%d" : "%s", argv[3], i);
        game_params *p = thegame.default_params();
        thegame.decode_params(p, argv[1]);
        random_state *rs = random_new(seed, strlen(seed));
        clock_t started = clock();
        char *desc = thegame.new_desc(p, rs, &aux, false);
        printf("%.6f\t%s\n", (double)(clock() - started) / CLOCKS_PER_SEC, desc);
    }
    return 0;
}
"""
TGEN_GAMES = {"net": ("net.c",), "pattern": ("pattern.c",),
              "loopy": ("loopy.c", "grid.c", "penrose.c", "penrose-legacy.c", "hat.c", "spectre.c", "loopgen.c")}
TGEN_COMMON = ("dsf.c", "tree234.c", "random.c", "misc.c", "malloc.c", "nullfe.c", "findloop.c", "sort.c")


def build_tgen(puzzles: Path, folder: Path) -> str:
    """``tgen`` built from ``puzzles`` in ``folder``: a script running ``tgen-GAME PARAMS N SEED``."""
    source = folder / "tgen.c"
    source.write_text(TGEN_SOURCE, encoding="utf-8")
    for game, files in TGEN_GAMES.items():
        # the Android port's net.c names a constant only its Android build defines
        target = str(folder / f"tgen-{game}")
        subprocess.run(["gcc", "-O2", "-w", "-DANDROID_ARROWS_ONLY=1", f"-I{puzzles}", "-o", target, str(source),
                        *(str(puzzles / name) for name in (*files, *TGEN_COMMON)), "-lm"], check=True)
    script = folder / "tgen"
    script.write_text(f'#!/bin/sh\ngame=$1; shift\nexec "{folder}/tgen-$game" "$@"\n', encoding="utf-8")
    script.chmod(0o755)
    return str(script)


def ours(row: Row, seed: str) -> float:
    game = GAMES[row.game]
    options = {"wrapping": True} if row.wrapping else {}
    spec = game.spec(row.side, seed, row.level, version=row.version, **options)
    started = time.process_time()
    game.make(spec)
    return time.process_time() - started


def theirs(tgen: str, row: Row, seed: str) -> float:
    line = subprocess.run([tgen, row.tatham_game, row.tatham_params, "1", seed], capture_output=True, text=True,
                          check=True).stdout
    return float(line.split("\t", 1)[0])


def report(row: Row, mine: list[float], c_side: list[float] | None) -> str:
    median, p95 = statistics.median(mine) * 1000, percentile(mine, 0.95) * 1000
    text = f"{row.label:28} ours {median:9.2f} ms p95 {p95:9.2f}"
    recorded = RECORDED.get(f"{row.tatham_game} {row.tatham_params}")
    if c_side:
        c_median, c_p95 = statistics.median(c_side) * 1000, percentile(c_side, 0.95) * 1000
    elif recorded is not None:
        c_median, c_p95 = recorded, None
    else:
        return text + "   (no C figure: give --tgen)"
    ratio = median / c_median
    text += f" | C {c_median:8.3f} ms" + (f" p95 {c_p95:8.3f}" if c_p95 is not None else " (recorded)    ")
    text += f" | ratio {ratio:7.1f}" + (f" p95 {p95 / c_p95:7.1f}" if c_p95 else "")
    return text + (f" | aim {row.aim:g}: ok" if ratio <= row.aim else f" | aim {row.aim:g}: {ratio / row.aim:.1f}x off")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["signal", "pattern", "loop"], action="append")
    parser.add_argument("--sizes", type=int, nargs="+", help="board sides (default: each game's presets)")
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--tgen", help="Tatham's generators' timing driver, to measure the C side seed by seed")
    parser.add_argument("--puzzles", type=Path, help="a checkout of Tatham's collection: build tgen from it")
    parser.add_argument("--loop-version", type=int, choices=LOOP_VERSIONS, action="append",
                        help="only this Loop version's rows (default: both)")
    args = parser.parse_args()
    if args.puzzles:
        args.tgen = build_tgen(args.puzzles, Path(tempfile.mkdtemp(prefix="tgen-")))
    games = args.game or ["signal", "pattern", "loop"]
    presets = {name: list(GAMES[name].version().presets) for name in games}
    presets["loop"] = list(GAMES["loop"].version(2).presets)
    sizes = {name: args.sizes or presets[name] for name in games}
    print(f"engines: {native.summary(native.native_modules(), pure_asked=native.pure_asked())}")
    for row in rows(games, sizes, tuple(args.loop_version or LOOP_VERSIONS)):
        mine, c_side = [], []
        for k in range(args.seeds):
            mine.append(ours(row, f"vs-{k}"))
            if args.tgen:
                c_side.append(theirs(args.tgen, row, f"vs-{k}"))
        print(report(row, mine, c_side or None), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
