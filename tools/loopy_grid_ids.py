#!/usr/bin/env python3
"""Ask Simon Tatham's Loopy for puzzles on every grid we build, with its answers: test data.

Run from the project root with the project's Python, given a checkout of Tatham's puzzle
collection (``loopy.c``, ``grid.c`` and the files they use, unmodified; none of it is in this
project):

    .venv/bin/python tools/loopy_grid_ids.py --puzzles /tmp/puzzles-src              # 100 IDs a grid
    .venv/bin/python tools/loopy_grid_ids.py --puzzles /tmp/puzzles-src --grid kites --count 20
    .venv/bin/python tools/loopy_grid_ids.py --driver /tmp/loopy-ids --check tests/data/loopy_grids/*.txt

It writes a small C driver (:data:`DRIVER_SOURCE`, ours: it calls only Loopy's game API, the
``thegame`` table every puzzle registers) to a temporary folder outside the project, builds it
with one ``gcc`` line against the checkout (``--keep PATH`` keeps the binary; ``--driver PATH``
uses one built before), and asks it, for each grid type, for ``--count`` puzzles at the sizes of
:data:`SIZES` and the levels Easy, Normal, Tricky and Hard in turn (seeds ``<grid>-<W>x<H><level>-<k>``).
For each puzzle the driver prints Loopy's game ID and the edges of the loop Loopy's own solver
finds (``solve``: its move string ``S0n1y...``, the ``y`` edges, in Loopy's edge numbering). Each
grid's lines, ``ID<TAB>edge edge ...``, go to ``tests/data/loopy_grids/<grid>.txt``;
``tests/loop/grids/test_loopy_ids.py`` imports every one, proves it unique with our solver,
compares our loop with Loopy's and writes the ID back.

``--speed`` times our solver (``decide``, CPU time) on the stored IDs and prints, per grid, how
many import, prove unique and equal Loopy's loop, with the median and 95th percentile in ms and
search nodes; ``--presets N`` does the same on N fresh Hard puzzles per grid at Loopy's preset
size (:data:`PRESETS`, its desktop menus), asked of the driver and not stored:

    .venv/bin/python tools/loopy_grid_ids.py --speed
    .venv/bin/python tools/loopy_grid_ids.py --driver /tmp/loopy-ids --presets 20

``--check FILE...`` goes the other way: it hands each stored ID, as *we* write it, to Loopy and
checks that Loopy reads it (``validate_desc``) and finds the stored loop: our export is read by
Loopy.
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

from gridlogic.loop.grids import BUILT_GRID_NAMES, LoopyPuzzle, decide, grid_type, read_loopy_id, write_loopy_id

OUT_DIR = ROOT / "tests" / "data" / "loopy_grids"
LEVELS = "enth"

# Small sizes, from Loopy's least up, square and oblong both ways, odd and even (the tilings
# leave out rim faces by the parity of row and column), so that a hundred puzzles of each grid
# prove unique in seconds in pure Python. The puzzles go round the sizes and levels in turn.
SIZES: dict[str, tuple[tuple[int, int], ...]] = {
    "square": ((3, 3), (4, 5), (6, 4), (5, 5), (7, 3)),
    "triangular": ((3, 3), (4, 3), (3, 4), (4, 4), (5, 3)),
    "honeycomb": ((3, 3), (4, 3), (3, 4), (4, 4), (5, 5)),
    "snub-square": ((3, 3), (4, 3), (3, 4), (4, 4), (5, 3)),
    "cairo": ((3, 4), (4, 3), (4, 4), (5, 3), (3, 5)),
    "great-hexagonal": ((3, 3), (4, 3), (3, 4), (4, 4), (5, 3)),
    "octagonal": ((3, 3), (4, 3), (3, 4), (4, 4), (5, 3)),
    "kites": ((3, 3), (4, 3), (3, 4), (4, 4), (5, 3)),
    "floret": ((2, 2), (1, 2), (2, 1), (3, 2), (2, 3)),
    "dodecagonal": ((2, 2), (3, 2), (2, 3), (3, 3), (4, 3)),
    "great-dodecagonal": ((2, 2), (3, 2), (2, 3), (3, 3), (4, 2)),
    "great-great-dodecagonal": ((2, 2), (3, 2), (2, 3), (3, 3), (4, 2)),
    "kagome": ((3, 3), (4, 3), (3, 4), (4, 4), (5, 3)),
    "compass-dodecagonal": ((2, 2), (3, 2), (2, 3), (3, 3), (4, 3)),
    "penrose-p2": ((5, 5), (6, 6), (5, 7), (7, 5), (10, 10)),
    "penrose-p3": ((6, 6), (6, 5), (5, 7), (7, 5), (10, 10)),
    "hats": ((6, 6), (7, 6), (6, 7), (8, 8), (10, 10)),
    "spectres": ((6, 6), (7, 6), (6, 8), (8, 8), (10, 10)),
}

# Loopy's preset sizes (its top and More... menus on a desktop), all at Hard there.
PRESETS: dict[str, tuple[int, int]] = {
    "square": (10, 10), "triangular": (12, 10), "honeycomb": (10, 10), "snub-square": (7, 7), "cairo": (9, 9),
    "great-hexagonal": (5, 4), "octagonal": (7, 7), "kites": (5, 5), "floret": (5, 5), "dodecagonal": (5, 4),
    "great-dodecagonal": (5, 4), "great-great-dodecagonal": (5, 3), "kagome": (5, 4), "compass-dodecagonal": (5, 4),
    "penrose-p2": (10, 10), "penrose-p3": (10, 10), "hats": (10, 10),
    "spectres": (10, 10),
}

# The C sources of the collection the driver needs (Loopy, its grids and their helpers).
LOOPY_SOURCES = ("loopy.c", "grid.c", "penrose.c", "penrose-legacy.c", "hat.c", "spectre.c", "loopgen.c",
                 "dsf.c", "tree234.c", "random.c", "misc.c", "malloc.c", "nullfe.c", "findloop.c", "sort.c")

DRIVER_SOURCE = r"""
/* gen PARAMS COUNT PREFIX: COUNT new puzzles (seeds PREFIX0, PREFIX1, ...), each as
 *   ID <TAB> the edges Loopy's solver puts on the loop
 * solve: for each ID on standard input, the same line, or ID <TAB> ERROR message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "puzzles.h"
extern const game thegame;

/* Loopy's menu code lives in the front ends' midend; the driver shows no menu. */
struct preset_menu *preset_menu_new(void) { return NULL; }
struct preset_menu *preset_menu_add_submenu(struct preset_menu *m, char *t) { return NULL; }
void preset_menu_add_preset(struct preset_menu *m, char *t, game_params *p) {}

static void print_loop(const game_params *p, const char *desc, const char *id) {
    game_state *s = thegame.new_game(NULL, p, desc);
    const char *err = NULL;
    char *move = thegame.solve(s, s, NULL, &err), *q = move + 1;
    int first = 1;
    printf("%s\t", id);
    while (*q) {
        long edge = strtol(q, &q, 10);
        if (*q++ == 'y') { printf(first ? "%ld" : " %ld", edge); first = 0; }
    }
    printf("\n");
    fflush(stdout);
    sfree(move);
    thegame.free_game(s);
}

static int generate(const char *params, int count, const char *prefix) {
    for (int i = 0; i < count; i++) {
        char seed[512], *aux = NULL;
        game_params *p = thegame.default_params();
        thegame.decode_params(p, params);
        const char *e = thegame.validate_params(p, true);
        if (e) { fprintf(stderr, "%s\n", e); return 1; }
        snprintf(seed, sizeof seed, "%s%d", prefix, i);
        random_state *rs = random_new(seed, strlen(seed));
        char *desc = thegame.new_desc(p, rs, &aux, false), *ps = thegame.encode_params(p, false);
        char *id = malloc(strlen(ps) + strlen(desc) + 2);
        sprintf(id, "%s:%s", ps, desc);
        print_loop(p, desc, id);
        free(id); sfree(desc); sfree(aux); sfree(ps); random_free(rs); thegame.free_params(p);
    }
    return 0;
}

static int solve_each(void) {
    static char line[1 << 20];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        char *colon = strchr(line, ':');
        if (!colon) { printf("%s\tERROR no colon\n", line); continue; }
        game_params *p = thegame.default_params();
        *colon = 0;
        thegame.decode_params(p, line);
        *colon = ':';
        const char *e = thegame.validate_params(p, true);
        if (!e) e = thegame.validate_desc(p, colon + 1);
        if (e) printf("%s\tERROR %s\n", line, e);
        else print_loop(p, colon + 1, line);
        thegame.free_params(p);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 5 && !strcmp(argv[1], "gen")) return generate(argv[2], atoi(argv[3]), argv[4]);
    if (argc == 2 && !strcmp(argv[1], "solve")) return solve_each();
    fprintf(stderr, "usage: %s gen PARAMS COUNT PREFIX | %s solve < ids\n", argv[0], argv[0]);
    return 2;
}
"""


def build_driver(puzzles: Path, target: Path) -> Path:
    """Compile the driver against the collection's sources in ``puzzles``; the binary's path."""
    missing = [name for name in LOOPY_SOURCES + ("puzzles.h",) if not (puzzles / name).is_file()]
    if missing:
        raise SystemExit(f"{puzzles} is not a checkout of Tatham's puzzles: {', '.join(missing)} missing")
    source = target.with_suffix(".c")
    source.write_text(DRIVER_SOURCE, encoding="utf-8")
    command = ["gcc", "-O2", "-w", f"-I{puzzles}", "-o", str(target), str(source)]
    command += [str(puzzles / name) for name in LOOPY_SOURCES] + ["-lm"]
    subprocess.run(command, check=True)
    return target


def generate(driver: Path, name: str, count: int) -> list[str]:
    """``count`` lines ``ID<TAB>edges`` for grid ``name``, sizes and levels in turn."""
    cases = [(size, level) for size in SIZES[name] for level in LEVELS]
    lines: list[str] = []
    for i, ((width, height), level) in enumerate(cases):
        share = count // len(cases) + (1 if i < count % len(cases) else 0)
        if share:
            params = f"{width}x{height}t{grid_type(name).number}d{level}"
            run = subprocess.run([str(driver), "gen", params, str(share), f"{name}-{width}x{height}{level}-"],
                                 capture_output=True, text=True, check=True, timeout=600)
            lines += run.stdout.splitlines()
    return lines


def speed(name: str, lines: list[str]) -> str:
    """One grid's line of figures: our solver on Loopy's puzzles ``ID<TAB>edges``."""
    times, nodes, unique, equal = [], [], 0, 0
    for line in lines:
        loopy_id, edges = line.split("\t")
        puzzle = read_loopy_id(loopy_id)
        started = time.process_time()
        verdict = decide(puzzle.grid, puzzle.clues)
        times.append((time.process_time() - started) * 1000)
        nodes.append(verdict.nodes)
        unique += verdict.status == "unique"
        loop = [e for e, on in enumerate(verdict.solutions[0]) if on] if verdict.solutions else []
        equal += verdict.status == "unique" and loop == [int(e) for e in edges.split()]
    times.sort()
    nodes.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return (
        f"{name:24} {len(lines):4} IDs {unique:4} unique {equal:4} equal to Loopy's  median "
        f"{statistics.median(times):7.1f} ms  p95 {p95:8.1f} ms  median nodes {statistics.median(nodes):5.0f}"
    )


def check_export(driver: Path, files: list[Path]) -> int:
    """Loopy reads IDs we write: each stored puzzle, as we write it, and the same loop with every
    face's clue shown (an ID Loopy never wrote); 0 when Loopy reads all and finds the stored loop."""
    failures = 0
    for path in files:
        stored = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line]
        ours, loops = [], []
        for loopy_id, edges in stored:
            puzzle = read_loopy_id(loopy_id)
            loop = {int(e) for e in edges.split()}
            every_clue = tuple(sum(e in loop for e in es) for es in puzzle.grid.face_edges)
            ours += [write_loopy_id(puzzle), write_loopy_id(LoopyPuzzle(puzzle.grid, every_clue))]
            loops += [edges, edges]
        run = subprocess.run(
            [str(driver), "solve"], input="\n".join(ours) + "\n", capture_output=True, text=True, check=True
        )
        answers = run.stdout.splitlines()
        bad = sum(1 for edges, answer in zip(loops, answers, strict=True) if answer.split("\t")[1] != edges)
        failures += bad
        print(f"{path.name}: {len(ours)} IDs written by us, {len(ours) - bad} read by Loopy with the stored loop")
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--puzzles", type=Path, help="a checkout of Tatham's puzzle collection (its C sources)")
    source.add_argument("--driver", type=Path, help="a driver built before (see --keep)")
    parser.add_argument("--keep", type=Path, help="keep the built driver at this path")
    parser.add_argument("--grid", action="append", choices=BUILT_GRID_NAMES, help="only these grids (repeatable)")
    parser.add_argument("--count", type=int, default=100, help="puzzles per grid (default 100)")
    parser.add_argument("--check", type=Path, nargs="+", help="check that Loopy reads our writing of these files' IDs")
    parser.add_argument("--speed", action="store_true", help="time our solver on the stored IDs")
    parser.add_argument("--presets", type=int, metavar="N", help="time our solver on N Hard puzzles at preset sizes")
    source.required = False
    args = parser.parse_args(argv)
    if args.speed:
        for name in args.grid or BUILT_GRID_NAMES:
            print(speed(name, (OUT_DIR / f"{name}.txt").read_text(encoding="utf-8").splitlines()), flush=True)
        return 0
    if not (args.puzzles or args.driver):
        parser.error("one of --puzzles or --driver is needed (--speed alone needs neither)")
    with tempfile.TemporaryDirectory(prefix="loopy-driver-") as scratch:
        if args.driver:
            driver = args.driver
        else:
            driver = build_driver(args.puzzles.resolve(), (args.keep or Path(scratch) / "loopy-ids").resolve())
        if args.check:
            return check_export(driver, args.check)
        if args.presets:
            for name in args.grid or BUILT_GRID_NAMES:
                width, height = PRESETS[name]
                params = f"{width}x{height}t{grid_type(name).number}dh"
                run = subprocess.run([str(driver), "gen", params, str(args.presets), f"{name}-preset-"],
                                     capture_output=True, text=True, check=True, timeout=3600)
                print(f"{params:10} " + speed(name, run.stdout.splitlines()), flush=True)
            return 0
        OUT_DIR.mkdir(parents=True, exist_ok=True)
        for name in args.grid or BUILT_GRID_NAMES:
            started = time.perf_counter()
            lines = generate(driver, name, args.count)
            (OUT_DIR / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
            sizes = ", ".join(f"{w}x{h}" for w, h in SIZES[name])
            print(f"{name}: {len(lines)} IDs at {sizes} in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
