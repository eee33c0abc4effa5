"""``gridlogic batch``: many puzzles from one seed prefix, resumable; ``gridlogic batch --verify FILE``.

The work itself is :mod:`gridlogic.batch`; this module reads the arguments,
prints the plan, the progress (on standard error) and the summary.
"""

from __future__ import annotations

import argparse
import shlex
import sys

import gridlogic.batch as batching
from gridlogic.cli.games import add_board_arguments, board_arguments
from gridlogic.errors import InvalidParameters
from gridlogic.game import GAMES, game_named

PROGRESS_INTERVAL = 10.0  # seconds between plain progress lines when standard error is not a terminal


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "batch",
        help="generate many puzzles from one seed prefix (resumable, local cores or Dask)",
        description=(
            "Generate the puzzles of seeds P-0 ... P-(K-1) into a JSON lines or SQLite "
            "file. Running the same command again resumes an interrupted batch. "
            "With --verify FILE, regenerate and re-solve every puzzle of a batch file instead."
        ),
    )
    parser.add_argument("game", nargs="?", metavar="GAME", help=f"one of {', '.join(GAMES)}")
    add_board_arguments(parser, list(GAMES.values()), "board side (one the game offers)")
    parser.add_argument("--difficulty", metavar="D", help="a difficulty the game offers (any for all)")
    parser.add_argument("--count", type=int, metavar="K", help="how many seeds the batch has")
    parser.add_argument("--version", type=int, metavar="V", help="generator version (default: the game's latest)")
    parser.add_argument(
        "--seed-prefix", metavar="P", help="seeds are P-0, P-1, ... (default: today's date and a random word)"
    )
    parser.add_argument("--jobs", type=int, metavar="J", help="chunks run at once (default: the number of cores)")
    parser.add_argument(
        "--out", metavar="FILE", help="FILE.jsonl or FILE.sqlite (default: GAME-SIZE-DIFFICULTY-PREFIX.jsonl)"
    )
    parser.add_argument(
        "--executor", default="local", metavar="local|dask://HOST:PORT", help="'local' (a process pool, the default) or dask://HOST:PORT"
    )
    parser.add_argument("--verify", metavar="FILE", help="re-check every puzzle of a batch file")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.verify is not None:
        return verify(args)
    return generate(args)


def generate(args: argparse.Namespace) -> int:
    if args.game is None:
        raise InvalidParameters(f"name a GAME ({', '.join(GAMES)}), or give --verify FILE")
    game = game_named(args.game)
    chosen = game.version(args.version)
    size, options = board_arguments(game, args)
    for option, value in (("--size", size), ("--difficulty", args.difficulty), ("--count", args.count)):
        if value is None:
            allowed = {
                "--size": "the sizes of {} are " + chosen.sizes_text(),
                "--difficulty": "the difficulties of {} are " + ", ".join(chosen.difficulties),
                "--count": "how many puzzles {} should generate",
            }[option].format(args.game)
            raise InvalidParameters(f"{option} is required; {allowed}")
    board = game.spec(size, "", args.difficulty, version=chosen.number, **options).board_key
    batching.check_request(args.game, board, args.difficulty, args.count, args.seed_prefix, chosen.number)
    choice = batching.parse_executor(args.executor)
    batching.check_jobs(args.jobs)
    version = chosen.number

    prefix_given = args.seed_prefix is not None
    fresh_prefix = batching.default_seed_prefix()
    if args.out is None:
        prefix = args.seed_prefix if prefix_given else fresh_prefix
        out = f"{args.game}-{board}-{args.difficulty}-{prefix}.jsonl"
    else:
        out = args.out
    output = batching.open_output(out, args.game, board, args.difficulty, version, args.seed_prefix)
    try:
        prefix = output.seed_prefix or (args.seed_prefix if prefix_given else fresh_prefix)
        batching.check_seed_prefix(prefix, args.count)
        spec = batching.BatchSpec(args.game, board, args.difficulty, args.count, prefix, version)
        already = sum(1 for i in range(spec.count) if spec.seed(i) in output.present)
        for note in output.notes:
            print(f"note: {note}", flush=True)
        # Connect before printing the plan, so that a scheduler that does not answer gets one line.
        with batching.open_executor(choice, args.jobs) as (executor, workers):
            print(
                f"batch {prefix!r}: {spec.count} {spec.game} puzzles (version {version}) of size {spec.size}, "
                f"difficulty {spec.difficulty}, seeds {spec.seed(0)!r} … {spec.seed(spec.count - 1)!r} → {out}"
            )
            if already:
                failed = sum(1 for i in range(spec.count) if spec.seed(i) in output.failed)
                print(f"resuming: {already} of these seeds are already in {out} ({failed} recorded failures)")
            if not prefix_given and not already:
                resume = (
                    f"gridlogic batch {spec.game} --version {version} {_board_flags(size, options)} "
                    f"--difficulty {spec.difficulty} "
                    f"--count {spec.count} --seed-prefix {shlex.quote(prefix)} --out {shlex.quote(out)}"
                )
                print(f"if interrupted, resume with: {resume}")
            sys.stdout.flush()
            progress = batching.Progress(spec.count, already, sys.stderr, interval=PROGRESS_INTERVAL)
            summary = batching.run_batch(spec, output, executor, workers, progress=progress, version=version)
    finally:
        output.close()
    print_summary(summary, executor_label=repr(choice), workers=workers)
    if summary.interrupted:
        sys.stderr.write(
            f"gridlogic: interrupted; {summary.in_output} of {spec.count} seeds are in {out}, "
            "run the same command again to resume\n"
        )
        return 130
    return 0


def _board_flags(size: int | tuple[int, int], options: dict[str, object]) -> str:
    """The command-line flags that ask for ``size`` and ``options`` again."""
    flags = f"--size {size}" if isinstance(size, int) else f"--width {size[0]} --height {size[1]}"
    for name, value in options.items():
        flag = "--" + name.replace("_", "-")
        flags += f" {flag}" if value is True else "" if value is False else f" {flag} {value}"
    return flags


def print_summary(summary: batching.BatchSummary, executor_label: str, workers: int) -> None:
    spec = summary.spec
    lines = [
        (f"{'interrupted' if summary.interrupted else 'done'}: {summary.in_output} of {spec.count} "
         f"seeds are in {summary.path}"),
        (f"  generated   {summary.generated} puzzles in {summary.seconds:.1f} s "
         f"({summary.rate:.1f} puzzles/s, {executor_label}, {workers} at once)"),
    ]
    if summary.already:
        lines.append(f"  skipped     {summary.already} seeds already in the file")
    lines.append(f"  failures    {summary.failures_total} ({summary.failed} in this run)")
    levels = {level: n for level, n in summary.levels.items() if level}
    if spec.difficulty == "any" and levels:
        difficulties = game_named(spec.game).version(spec.generator_version).difficulties
        order = {name: position for position, name in enumerate(difficulties)}
        shown = sorted(levels.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))
        lines.append("  difficulty  " + ", ".join(f"{level} {n}" for level, n in shown))
    print("\n".join(lines))


def verify(args: argparse.Namespace) -> int:
    extra = [
        option
        for option, value in (
            ("GAME", args.game), ("--size", args.size), ("--difficulty", args.difficulty),
            ("--count", args.count), ("--seed-prefix", args.seed_prefix), ("--out", args.out),
        )
        if value is not None
    ]
    if extra:
        raise InvalidParameters(
            f"--verify FILE takes no {', '.join(extra)}; the file says what its batch is "
            "(only --jobs and --executor apply)"
        )
    choice = batching.parse_executor(args.executor)
    batching.check_jobs(args.jobs)
    batching.read_batches(args.verify)  # unreadable files are refused before any executor starts
    with batching.open_executor(choice, args.jobs) as (executor, workers):
        report = batching.verify_file(args.verify, executor, workers, progress_stream=sys.stderr)
    print_report(report)
    return 1 if report.discrepancies else 0


def print_report(report: batching.VerifyReport) -> None:
    print(f"verify {report.path}")
    for problem in report.problems:
        print(f"  file: {problem}")
    for batch_report in report.batches:
        batch = batch_report.batch
        print(
            f"batch {batch.seed_prefix!r}: {batch.game} size {batch.size}, difficulty {batch.difficulty}, "
            f"version {batch.version}, {len(batch.records)} records"
        )
        checks = batch_report.checks
        puzzles = [c for c in checks if not c.is_failure]
        failures = [c for c in checks if c.is_failure]
        rows = [
            ("check", "ok", "bad"),
            ("regenerated from seed, equal", sum(bool(c.regenerated_equal) for c in puzzles),
             sum(not c.regenerated_equal for c in puzzles)),
            ("re-solved, exactly one solution", sum(bool(c.unique) for c in puzzles),
             sum(not c.unique for c in puzzles)),
            ("recorded failure fails again", sum(bool(c.regenerated_equal) for c in failures),
             sum(not c.regenerated_equal for c in failures)),
        ]
        for name, ok, bad in rows:
            print(f"  {name:<34} {ok!s:>7} {bad!s:>7}")
        if batch_report.problems:
            print("  discrepancies:")
            width = max(len(seed) for seed, _ in batch_report.problems)
            for seed, problem in batch_report.problems:
                print(f"    {seed:<{width}}  {problem}")
    count = report.discrepancies
    print(f"result: {'OK, no discrepancy' if not count else f'{count} discrepanc' + ('y' if count == 1 else 'ies')}")
