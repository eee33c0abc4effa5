"""Loop version 4's levels against Loopy's own solver, both ways, on every grid (not a test).

    .venv/bin/python benchmarks/loop_v4_levels.py --puzzles /tmp/puzzles-src --seeds 30
    .venv/bin/python benchmarks/loop_v4_levels.py --driver /tmp/loopy-grade --grid honeycomb --seeds 60

Given a checkout of Simon Tatham's puzzle collection (unmodified; none of it is in this project), it
writes a small C driver (:data:`DRIVER_SOURCE`, ours) to a temporary folder outside the project and
builds it with one ``gcc`` line: the driver includes ``loopy.c`` whole, so that it can run Loopy's
solver at each difficulty (``new_solver_state`` and ``solve_game_rec``, as Loopy's own generator
does to test a puzzle), and prints for each game ID on standard input the least difficulty whose
deductions finish it (0 Easy .. 3 Hard, 4 none). ``gen PARAMS N PREFIX`` prints N puzzles of
Loopy's generator.

For each grid and level, ``--seeds`` puzzles of ours (version 4, seeds ``cal-K``, at
:data:`SIZES`) go to Loopy's solver as Loopy IDs, and as many of Loopy's own puzzles at that grid,
size and paired difficulty go to our grader; a row prints how many got the paired level each way
(easy = Easy, medium = Normal, hard = Tricky, expert = Hard), and our CPU median per puzzle.

``--speed`` times generation instead, at each of Loopy's own presets
(:data:`~gridlogic.loop.v4.generator.LOOPY_PRESETS`): ours (``Game.generate``, CPU) and Loopy's
(``driver time PARAMS SEED``, the CPU time of its ``new_game_desc`` alone), seed by seed in turn, so
that both see the same load; a row prints both medians, our p95 and the ratio of medians:

    .venv/bin/python benchmarks/loop_v4_levels.py --driver /tmp/loopy-grade --speed --seeds 20

``--sweep`` needs no driver: at each of Loopy's presets (a grid at two sizes is swept at both) and
every level, ``--seeds`` puzzles (``sweep-K``) are made and each is proven unique by the SAT count on
the grid's graph (:mod:`gridlogic.loop.grids.sat`); a row prints how many were made, how many the
SAT count did not find to have exactly the planted loop (0), the attempts and the CPU time.

    .venv/bin/python benchmarks/loop_v4_levels.py --sweep --seeds 50
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from gridlogic import GAMES, GenerationFailed
from gridlogic.loop.grids import BUILT_GRID_NAMES, LoopyPuzzle, grid_type, read_loopy_id, write_loopy_id
from gridlogic.loop.grids.sat import sat_loops
from gridlogic.loop.v4.generator import LEVELS, LOOPY_PRESETS, grade

SOURCES = ("grid.c", "penrose.c", "penrose-legacy.c", "hat.c", "spectre.c", "loopgen.c", "dsf.c", "tree234.c",
           "random.c", "misc.c", "malloc.c", "nullfe.c", "findloop.c", "sort.c")
SIZES = {"square": (7, 7), "triangular": (7, 6), "honeycomb": (6, 6), "snub-square": (5, 5), "cairo": (5, 5),
         "great-hexagonal": (4, 4), "octagonal": (5, 5), "kites": (4, 4), "floret": (3, 3), "dodecagonal": (3, 3),
         "great-dodecagonal": (3, 3), "great-great-dodecagonal": (3, 2), "kagome": (4, 4),
         "compass-dodecagonal": (3, 3), "penrose-p2": (6, 6), "penrose-p3": (6, 6), "hats": (6, 6),
         "spectres": (6, 6)}
LETTERS = "enth"

DRIVER_SOURCE = r"""
#include <time.h>
#include "loopy.c"
struct preset_menu *preset_menu_new(void) { return NULL; }
struct preset_menu *preset_menu_add_submenu(struct preset_menu *m, char *t) { return NULL; }
void preset_menu_add_preset(struct preset_menu *m, char *t, game_params *p) {}

static int least_difficulty(const game_params *p, const char *desc) {
    game_state *s = new_game(NULL, p, desc);
    int found = DIFF_MAX;
    for (int d = 0; d < DIFF_MAX && found == DIFF_MAX; d++) {
        solver_state *start = new_solver_state(s, d), *end = solve_game_rec(start);
        if (end->solver_status == SOLVER_SOLVED) found = d;
        free_solver_state(end); free_solver_state(start);
    }
    free_game(s);
    return found;
}

int main(int argc, char **argv) {
    static char line[1 << 20];
    if (argc == 4 && !strcmp(argv[1], "time")) {
        char *aux = NULL;
        game_params *p = default_params();
        decode_params(p, argv[2]);
        random_state *rs = random_new(argv[3], strlen(argv[3]));
        clock_t started = clock();
        char *desc = new_game_desc(p, rs, &aux, false);
        printf("%.4f\n", (double)(clock() - started) * 1000.0 / CLOCKS_PER_SEC);
        return desc == NULL;
    }
    if (argc == 5 && !strcmp(argv[1], "gen")) {
        for (int i = 0; i < atoi(argv[3]); i++) {
            char seed[512], *aux = NULL;
            game_params *p = default_params();
            decode_params(p, argv[2]);
            snprintf(seed, sizeof seed, "%s%d", argv[4], i);
            random_state *rs = random_new(seed, strlen(seed));
            char *desc = new_game_desc(p, rs, &aux, false), *ps = encode_params(p, false);
            printf("%s:%s\n", ps, desc);
            fflush(stdout);
        }
        return 0;
    }
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        char *colon = strchr(line, ':');
        if (!colon) { printf("ERROR\n"); continue; }
        game_params *p = default_params();
        *colon = 0;
        decode_params(p, line);
        const char *e = validate_params(p, true);
        if (!e) e = validate_desc(p, colon + 1);
        if (e) printf("ERROR %s\n", e);
        else printf("%d\n", least_difficulty(p, colon + 1));
        fflush(stdout);
        free_params(p);
    }
    return 0;
}
"""


def build(puzzles: Path, target: Path) -> Path:
    source = target.with_suffix(".c")
    source.write_text(DRIVER_SOURCE, encoding="utf-8")
    command = ["gcc", "-O2", "-w", f"-I{puzzles}", "-o", str(target), str(source)]
    subprocess.run(command + [str(puzzles / name) for name in SOURCES] + ["-lm"], check=True)
    return target


def loopy_grades(driver: Path, ids: list[str]) -> list[str]:
    run = subprocess.run([str(driver)], input="\n".join(ids) + "\n", capture_output=True, text=True, check=True)
    return run.stdout.splitlines()


def row(driver: Path, name: str, level: int, seeds: int) -> str:
    width, height = SIZES[name]
    ours, times = [], []
    for k in range(seeds):
        started = time.process_time()
        puzzle = GAMES["loop"].generate((width, height), f"cal-{k}", LEVELS[level], version=4, grid=name)
        times.append((time.process_time() - started) * 1000)
        ours.append(write_loopy_id(LoopyPuzzle(puzzle.graph, puzzle.clues)))
    to_loopy = sum(1 for g in loopy_grades(driver, ours) if g == str(level))
    params = f"{width}x{height}t{grid_type(name).number}d{LETTERS[level]}"
    run = subprocess.run([str(driver), "gen", params, str(seeds), f"cal-{name}-"], capture_output=True, text=True,
                         check=True, timeout=3600)
    theirs = run.stdout.splitlines()
    from_loopy = 0
    for loopy_id in theirs:
        p = read_loopy_id(loopy_id)
        from_loopy += grade(p.grid, p.clues).level == LEVELS[level]
    return (f"{name:24} {width}x{height} {LEVELS[level]:7} ours→Loopy {to_loopy}/{seeds}  Loopy→ours "
            f"{from_loopy}/{len(theirs)}  ours {statistics.median(times):.1f} ms")


def speed(driver: Path, name: str, width: int, height: int, level: str, seeds: int) -> str:
    """Our generation beside Loopy's on one preset, CPU ms, interleaved seed by seed."""
    params = f"{width}x{height}t{grid_type(name).number}d{LETTERS[LEVELS.index(level)]}"
    mine, theirs = [], []
    for k in range(seeds):
        seed = f"vs-{k}"
        started = time.process_time()
        GAMES["loop"].generate((width, height), seed, level, version=4, grid=name)
        mine.append((time.process_time() - started) * 1000)
        run = subprocess.run([str(driver), "time", params, seed], capture_output=True, text=True, check=True)
        theirs.append(float(run.stdout))
    ours_median, c_median = statistics.median(mine), statistics.median(theirs)
    p95 = sorted(mine)[max(0, round(0.95 * len(mine)) - 1)]
    return (f"{params:14} {name:24} ours {ours_median:8.1f} ms (p95 {p95:8.1f})  Loopy {c_median:8.1f} ms  "
            f"ratio {ours_median / c_median:5.2f}")


def sweep(name: str, width: int, height: int, level: str, seeds: int) -> str:
    """Every seed of one grid, size and level made, and proven unique by the SAT count on the grid's graph."""
    failed = wrong = 0
    attempts, times = [], []
    for k in range(seeds):
        started = time.process_time()
        try:
            puzzle = GAMES["loop"].generate((width, height), f"sweep-{k}", level, version=4, grid=name)
        except GenerationFailed:
            failed += 1
            continue
        times.append((time.process_time() - started) * 1000)
        attempts.append(puzzle.attempt)
        loops = sat_loops(puzzle.graph, puzzle.clues)
        wrong += [sorted(loop) for loop in loops] != [[e for e, on in enumerate(puzzle.edges()) if on]]
    return (f"{name:24} {width}x{height} {level:7} made {seeds - failed}/{seeds}, not proven unique by SAT {wrong}, "
            f"attempts mean {statistics.mean(attempts):.1f} max {max(attempts)}, "
            f"ms median {statistics.median(times):.1f} max {max(times):.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzles", type=Path, help="a checkout of Tatham's puzzle collection")
    parser.add_argument("--driver", type=Path, help="a driver built before (see --keep)")
    parser.add_argument("--keep", type=Path, help="keep the built driver at this path")
    parser.add_argument("--grid", action="append", choices=BUILT_GRID_NAMES)
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--speed", action="store_true", help="time generation beside Loopy's at its presets")
    parser.add_argument("--sweep", action="store_true", help="every grid and level at its presets, SAT-proven")
    args = parser.parse_args()
    if args.sweep:
        for name, width, height in dict.fromkeys((name, w, h) for name, w, h, _ in LOOPY_PRESETS):
            if not args.grid or name in args.grid:
                for level in LEVELS:
                    print(sweep(name, width, height, level, args.seeds), flush=True)
        return 0
    if not (args.puzzles or args.driver):
        parser.error("one of --puzzles or --driver is needed (--sweep alone needs neither)")
    with tempfile.TemporaryDirectory(prefix="loopy-grade-") as scratch:
        driver = args.driver or build(args.puzzles.resolve(), (args.keep or Path(scratch) / "loopy-grade").resolve())
        if args.speed:
            for name, width, height, level in LOOPY_PRESETS:
                if name in BUILT_GRID_NAMES and (not args.grid or name in args.grid):
                    print(speed(driver, name, width, height, level, args.seeds), flush=True)
            return 0
        for name in args.grid or BUILT_GRID_NAMES:
            for level in range(len(LEVELS)):
                print(row(driver, name, level, args.seeds), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
