"""What the server's expensive work costs: the table its admission starts from (``gridlogic/web/work_costs.json``).

The server runs expensive work in its worker processes (see :mod:`gridlogic.web.admission`):
making a puzzle (``generate``), proving a puzzle brought from outside (``import``), finding a
hint (``hint``), walking the whole solve (``explain``) and drawing a PDF (``print``). Admission
needs each request's cost *before* it runs, from the first request on; this script measures it
for every game, version, difficulty and option, at sides from the smallest to the largest each
version makes, and writes the table:

* ``generate``: ``Game.make`` of ``--seeds`` seeds (a refusal, ``GenerationFailed``, costs its
  attempts too); the slowest seed;
* ``hint``: the hints met on the way from the empty board to the solution (``Hints.hint``), for up
  to ``--hint-seconds`` per board; the slowest hint (a wrapping Signal board's hints cost several
  times those of a board with edges, so options are measured too);
* ``analyse``, ``fixes`` and ``thin`` (``--kinds studio``): the puzzle studio's work, on the
  import's boards (:func:`measure_studio`);
* ``grid`` (``--kinds grids``): the drawing of each grid a studio designs on (``Studio.grid``), at its
  least size and at sides 5 to 20; each point is built once in this process, so none is cached;
* ``explain``: the walk-through page's task (``tasks.explain``: the hints' whole solve played on the
  board) for one generated puzzle a point;
* ``import``: ``Game.make`` of an imported spec, for the givens of a generated puzzle (proven fast)
  and for random boards (several solutions or none, often the whole import limit); the slowest.

A row is ``[cells, seconds]``, per ``GAME.VERSION.DIFFICULTY.FLAGS`` (an imported puzzle's version is
0 and its difficulty its format). The figures are those of this machine at the time (niced, beside
other work: the server's workers run niced too); the server scales them by what it measures itself.

    nice .venv/bin/python benchmarks/work_costs.py [--seeds 3] [--write]
    nice .venv/bin/python benchmarks/work_costs.py --only loop.4. --kinds generate,hint --write   # a new version

``--only PREFIX`` measures only the series whose key starts with it, and ``--write`` then merges
them into the table's, keeping every other series as it was.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from gridlogic import GAMES, GenerationFailed, GridlogicError
from gridlogic.game import Game, Problem, PuzzleSpec, Version

TABLE = Path(__file__).resolve().parent.parent / "src" / "gridlogic" / "web" / "work_costs.json"
SLOW_POINT = 30.0  # seconds: a series stops growing past a point this slow (the server extrapolates)
IMPORT_SIDES = (4, 5, 8, 10, 15, 20, 25, 30, 40, 50)


def sides_of(version: Version) -> list[int]:
    """The sides measured: the presets, the smallest and the largest the version makes, and some between."""
    chosen = set(version.presets) | {version.sides[0], version.sides[-1]}
    chosen |= {side for side in (20, 25, 30, 40) if side in version.sides}
    return sorted(chosen)


def option_choices(version: Version) -> Iterator[dict[str, object]]:
    """No option, then each option's other values one at a time."""
    yield {}
    for option in version.options:
        for value in option.values[1:]:
            yield {option.name: value}


def timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    try:
        work()
    except (GenerationFailed, GridlogicError):
        pass  # a refusal costs what it took
    return time.perf_counter() - started


def series_key(spec: PuzzleSpec) -> str:
    return f"{spec.game}.{spec.version}.{spec.difficulty}.{spec.flags}"


def specs_of(game: Game, version: Version, difficulty: str, options: dict[str, object],
             seed: str) -> Iterator[PuzzleSpec]:
    for side in sides_of(version):
        try:
            yield game.spec(side, seed, difficulty, version=version.number, **options)
        except GridlogicError:
            continue  # not offered (a 3x3 hard, say)


ONLY: list[str] = []  # --only: the series measured start with one of these (all when empty)


def every_series(seed: str, hinted: bool = False) -> Iterator[tuple[Game, list[PuzzleSpec]]]:
    """Each series' specs of ``seed``, smallest side first: every game (with hints, when ``hinted``),
    version, difficulty and option (those ``--only`` names, when given)."""
    for game in GAMES.values():
        if hinted and game.hints is None:
            continue
        for version in game.versions.values():
            for difficulty in version.difficulties:
                for options in option_choices(version):
                    specs = list(specs_of(game, version, difficulty, options, seed))
                    if not ONLY or any(series_key(spec).startswith(prefix) for spec in specs[:1] for prefix in ONLY):
                        yield game, specs


def note(table: dict[str, list[list[float]]], kind: str, spec: PuzzleSpec, seconds: float) -> None:
    """A point of ``spec``'s series, printed as it is measured."""
    table.setdefault(series_key(spec), []).append([spec.width * spec.height, round(seconds, 4)])
    print(f"{kind:<8} {series_key(spec) + f' {spec.width}x{spec.height}':<40} {seconds:8.3f} s", flush=True)


def measure_generation(seeds: int, table: dict[str, list[list[float]]]) -> None:
    for game, specs in every_series("cost-0"):
        for spec in specs:
            seconds = max(timed(functools.partial(game.make, replace(spec, seed=f"cost-{k}"))) for k in range(seeds))
            note(table, "generate", spec, seconds)
            if seconds > SLOW_POINT:
                break


def slowest_hint(game: Game, spec: PuzzleSpec, budget: float) -> float | None:
    hints = game.hints
    assert hints is not None
    try:
        puzzle = game.make(spec)
    except GenerationFailed:
        return None
    board, slowest, spent = hints.start(puzzle), 0.0, 0.0
    while spent < budget:
        started = time.perf_counter()
        given = hints.hint(puzzle, board)
        seconds = time.perf_counter() - started
        slowest, spent = max(slowest, seconds), spent + seconds
        if given.status != "step":
            break
        board = hints.apply(puzzle, board, given)
    return slowest


def measure_hints(budget: float, table: dict[str, list[list[float]]]) -> None:
    for game, specs in every_series("cost-hint", hinted=True):
        for spec in specs:
            seconds = slowest_hint(game, spec, budget)
            if seconds is not None:
                note(table, "hint", spec, seconds)


def random_runs(line: list[int]) -> list[int]:
    runs, length = [], 0
    for value in line:
        if value:
            length += 1
        elif length:
            runs.append(length)
            length = 0
    return runs + ([length] if length else []) or [0]


def random_problems(game: Game, side: int, draw: random.Random) -> Iterator[Problem]:
    """Boards nobody made to be unique, in the givens' form of each game's puzzles (a benchmark may
    know the games): random grids' clues, random numbers, shuffled random trees."""
    cells = side * side
    if game.name == "pattern":
        grid = [[1 if draw.random() < 0.5 else 0 for _ in range(side)] for _ in range(side)]
        givens: dict[str, object] = {"rowClues": [random_runs(row) for row in grid],
                                     "colClues": [random_runs([row[c] for row in grid]) for c in range(side)]}
    elif game.name == "loop":
        givens = {"clues": [draw.choice((0, 1, 2, 3)) if draw.random() < 0.5 else None for _ in range(cells)]}
    else:
        from gridlogic.signal.board import VARIANTS  # benchmarks may reach inside a game
        from gridlogic.signal.v3.generator import tree

        givens = {"tiles": [draw.choice(VARIANTS[mask]) for mask in tree(side, draw.random)]}
    yield Problem(game.name, side, side, givens, "benchmark")


def made_problem(game: Game, side: int) -> Iterator[Problem]:
    for version in sorted(game.versions.values(), key=lambda v: -v.number):
        if side in version.sides:
            try:
                yield game.problem(game.generate(side, "cost-import", "any", version=version.number))
            except GenerationFailed:
                pass
            return


def worst_case(game: Game, problems: list[Problem], side: int) -> float:
    """What a board of ``side`` may cost at worst, whatever it holds (the client chooses it): a time
    limit scaled by the cells (proofs grow faster than the cells, so this over-estimates small
    boards), or a node limit times the slowest node measured."""
    imports = game.imports
    assert imports is not None
    limits = imports.limits
    if "budget" in limits:
        return 1.05 * limits["budget"] * side * side / imports.max_side ** 2
    if "node_limit" in limits:
        per_node = 0.0
        for problem in problems:
            verdict = game.solve(problem, **limits)
            if verdict.nodes:
                per_node = max(per_node, verdict.elapsed / verdict.nodes)
        return 1.2 * limits["node_limit"] * per_node
    return 0.0


def measure_imports(seeds: int, table: dict[str, list[list[float]]]) -> None:
    for game in GAMES.values():
        imports = game.imports
        if imports is None:
            continue
        for side in IMPORT_SIDES:
            if side > imports.max_side:
                break
            draw = random.Random(f"cost-{game.name}-{side}")
            problems = list(made_problem(game, side))
            for _ in range(seeds):
                problems += random_problems(game, side, draw)
            specs = [game.import_spec(problem) for problem in problems]
            measured = max(timed(functools.partial(game.make, spec)) for spec in specs)
            seconds = max(measured, worst_case(game, problems, side))
            table.setdefault(series_key(specs[0]), []).append([side * side, round(seconds, 4)])
            print(f"import   {specs[0].game} {side}x{side:<30} {measured:8.3f} s measured, {seconds:8.3f} s at worst",
                  flush=True)


def measure_studio(seeds: int, tables: dict[str, dict[str, list[list[float]]]]) -> None:
    """The studio's kinds on the import's boards (a made puzzle and random ones): ``analyse`` at least the
    import's worst case (it proves within the same limits), ``fixes`` that and the trials after it at
    worst (:data:`~gridlogic.studio.MAX_TRIALS` proofs, :data:`~gridlogic.studio.FIX_SECONDS` at most),
    ``thin`` (Loop) on a made loop with every clue shown, at the easiest and the hardest level."""
    from gridlogic import studio
    from gridlogic.loop.board import clues_of_region

    for game in GAMES.values():
        imports = game.imports
        if imports is None or game.studio is None:
            continue
        for side in IMPORT_SIDES:
            if side > imports.max_side:
                break
            draw = random.Random(f"cost-{game.name}-{side}")
            problems = list(made_problem(game, side))
            for _ in range(seeds):
                problems += random_problems(game, side, draw)
            spec = game.import_spec(problems[0])
            worst = worst_case(game, problems, side)
            bounds = {"analyse": worst, "fixes": worst + min(studio.FIX_SECONDS, studio.MAX_TRIALS * worst)}
            for kind, work in (("analyse", studio.analyse), ("fixes", studio.fixes)):
                measured = max(timed(functools.partial(work, game, problem)) for problem in problems)
                note(tables.setdefault(kind, {}), kind, spec, max(measured, bounds[kind]))
            if game.studio.thin is not None and side <= 30:
                loop = game.generate(side, "cost-thin", "any", version=game.latest)
                every = replace(game.problem(loop), givens={"clues": clues_of_region(loop.answer, side, side)})
                measured = max(timed(functools.partial(studio.thin, game, every, level))
                               for level in (game.studio.thin_levels[0], game.studio.thin_levels[-1]))
                note(tables.setdefault("thin", {}), "thin", spec, measured)


def measure_grids(table: dict[str, list[list[float]]]) -> None:
    """``Studio.grid`` of each grid a studio lists, once a point: its first build in this process."""
    for game in GAMES.values():
        drawn = game.studio.grid if game.studio is not None else None
        if drawn is None:
            continue
        listed = drawn({})
        for entry in listed["grids"]:
            key = f"{game.name}.0.{entry['name']}."
            if ONLY and not key.startswith(tuple(ONLY)):
                continue
            least = (max(entry["leastOne"], entry["leastBoth"]), entry["leastBoth"])
            sides = (side for side in (5, 10, 15, listed["most"]) if side > least[0])
            for width, height in (least, *((side, side) for side in sides)):
                query = {"grid": entry["name"], "width": str(width), "height": str(height)}
                seconds = timed(functools.partial(drawn, query))
                table.setdefault(key, []).append([width * height, round(seconds, 4)])
                print(f"grid     {key + f' {width}x{height}':<40} {seconds:8.4f} s", flush=True)


def measure_explains(table: dict[str, list[list[float]]]) -> None:
    from gridlogic.web import tasks

    for game, specs in every_series("cost-explain", hinted=True):
        for spec in specs:
            try:
                puzzle = game.make(spec)
            except GenerationFailed:
                continue
            seconds = timed(functools.partial(tasks.explain, game.name, puzzle))
            note(table, "explain", spec, seconds)
            if seconds > SLOW_POINT:
                break


def measure_prints(seeds: int, table: dict[str, list[list[float]]]) -> None:
    from gridlogic.pdf import installed_font, pdf_document

    font = installed_font()
    for game in GAMES.values():
        version = game.versions[game.latest]
        for spec in specs_of(game, version, "any", {}, "cost-print"):
            puzzle = game.make(spec)
            seconds = max(timed(functools.partial(pdf_document, game, [puzzle], font=font)) for _ in range(seeds))
            note(table, "print", spec, seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seeds", type=int, default=3, help="seeds (boards) per point (default 3)")
    parser.add_argument("--hint-seconds", type=float, default=3.0, help="hint time spent per board (default 3)")
    parser.add_argument("--kinds", default="generate,hint,explain,import,studio,grids,print", help="what to measure")
    parser.add_argument("--write", action="store_true", help=f"write the table to {TABLE.name}")
    parser.add_argument("--only", action="append", default=[], metavar="PREFIX",
                        help="only the series whose key starts with this (say loop.4.), merged into the table's")
    args = parser.parse_args(argv)
    ONLY[:] = args.only
    kinds: dict[str, dict[str, list[list[float]]]] = {}
    chosen = args.kinds.split(",")
    if "generate" in chosen:
        measure_generation(args.seeds, kinds.setdefault("generate", {}))
    if "hint" in chosen:
        measure_hints(args.hint_seconds, kinds.setdefault("hint", {}))
    if "studio" in chosen:
        measure_studio(args.seeds, kinds)
    if "grids" in chosen:
        measure_grids(kinds.setdefault("grid", {}))
    if "explain" in chosen:
        measure_explains(kinds.setdefault("explain", {}))
    if "import" in chosen:
        measure_imports(args.seeds, kinds.setdefault("import", {}))
    if "print" in chosen:
        measure_prints(args.seeds, kinds.setdefault("print", {}))
    for series in kinds.values():
        for key, rows in series.items():
            merged: dict[int, float] = {}
            for cells, seconds in rows:
                merged[int(cells)] = max(seconds, merged.get(int(cells), 0.0))
            series[key] = [[cells, merged[cells]] for cells in sorted(merged)]
    if args.write:
        previous = json.loads(TABLE.read_text(encoding="utf-8")) if TABLE.exists() else {"kinds": {}}
        how = f"--seeds {args.seeds}, on {os.cpu_count()} cores at load {os.getloadavg()[0]:.1f}"
        document = {"about": "benchmarks/work_costs.py: the slowest of each point, in seconds; rows are [cells, "
                             "seconds]; measured: how each kind was measured last",
                    "kinds": {**previous.get("kinds", {}), **({kind: {**previous.get("kinds", {}).get(kind, {}),
                                                                       **series} for kind, series in kinds.items()}
                                                               if ONLY else kinds)},
                    "measured": {**previous.get("measured", {}), **{
                        kind: f"{previous.get('measured', {}).get(kind, '')}; {', '.join(ONLY)} {how}" if ONLY else how
                        for kind in kinds}}}
        TABLE.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {TABLE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
