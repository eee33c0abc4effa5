"""The plan of a batch: what is asked, its list of seeds, what one seed gives, and chunk sizes.

A :class:`BatchSpec` is a game, a generator version, a size, a difficulty,
a count ``K`` and a seed prefix ``P``; its seeds are ``P-0``, ``P-1``, ..., ``P-(K-1)``
(:func:`default_seed_prefix` makes a fresh ``P`` from the date and a word).
:func:`check_request` checks every one of these against what the game offers
before anything is opened or started. Each seed gives a :class:`SeedOutcome`:
its puzzle's JSON, or the message of the ``GenerationFailed`` it raised.

Chunk sizing
------------
A chunk should carry about :data:`CHUNK_SECONDS` of work, so that the cost of
shipping it (pickling, a pipe or a network round trip: a fraction of a
millisecond on the local pool, about ten on a local Dask cluster, as
``benchmarks/batch_scaling.py`` measures) stays small beside the work. The
first chunks hold one seed each and serve as probes; after that the size is
the target time divided by the mean generation time measured *inside* the
workers so far, capped by a fair share of what is left
(``ceil(pending / (2 * workers))``) so that the tail of the batch still
spreads over every worker. The size changes only how the seeds are grouped,
never what is generated.

Worked example (checked in ``tests/batch/test_plan.py``): with 1000 seeds
pending on 2 workers and puzzles measured at 0.004 s each,
``next_chunk_size(1000, 2, 0.004)`` is 63 (0.25 s / 0.004 s, rounded up);
with only 40 seeds left the fair share wins and the chunk is
``ceil(40 / 4) = 10``; before anything is measured it is 1.
"""

from __future__ import annotations

import datetime
import math
import secrets
from dataclasses import dataclass
from typing import Any

from gridlogic.errors import InvalidParameters
from gridlogic.game import Game, game_named
from gridlogic.params import MAX_SEED_LENGTH, check_int
from gridlogic.rng import js_length

CHUNK_SECONDS = 0.25  # target work per chunk: well above the ~0.1 s the issue asks as a floor
MAX_CHUNK = 10_000  # a bound on what one lost chunk can cost, whatever the speed

# Words for the default seed prefix: short, distinct, unremarkable in any language.
_PREFIX_WORDS = (
    "acorn", "amber", "aspen", "badger", "birch", "bramble", "cedar", "clover", "comet", "coral",
    "crane", "dune", "ember", "fern", "finch", "fjord", "frost", "garnet", "glade", "harbor",
    "hazel", "heron", "indigo", "iris", "jasper", "juniper", "kestrel", "lagoon", "larch", "lichen",
    "linden", "maple", "meadow", "moss", "nectar", "oak", "onyx", "orchid", "otter", "pebble",
    "pine", "plover", "quartz", "quill", "raven", "reed", "river", "rowan", "saffron", "sage",
    "sparrow", "spruce", "summit", "thistle", "tide", "topaz", "tundra", "umber", "valley",
    "willow", "wren", "yarrow", "zephyr", "zinnia",
)


@dataclass(frozen=True)
class BatchSpec:
    """What a batch is: ``count`` puzzles of ``game``/``size``/``difficulty`` by generator ``version``,
    seeds ``seed_prefix-i`` (``version`` None: the game's latest)."""

    game: str
    size: int | str  # the board key: a square's side, or a puzzle ID's board field such as "7x5w"
    difficulty: str
    count: int
    seed_prefix: str
    version: int | None = None

    @property
    def generator_version(self) -> int:
        return game_named(self.game).latest if self.version is None else self.version

    def seed(self, index: int) -> str:
        return f"{self.seed_prefix}-{index}"

    def __repr__(self) -> str:
        return (
            f"BatchSpec({self.game} version {self.generator_version} size {self.size} {self.difficulty}, "
            f"seeds {self.seed(0)} … {self.seed(self.count - 1)})"
        )


def default_seed_prefix(today: datetime.date | None = None) -> str:
    """A fresh prefix such as ``20261130-heron``: the date and a random word."""
    day = today or datetime.date.today()
    return f"{day:%Y%m%d}-{secrets.choice(_PREFIX_WORDS)}"


def check_request(
    game_name: str, size: int | str, difficulty: str, count: int, seed_prefix: str | None, version: int | None = None
) -> Game:
    """The game, after checking every argument of a batch as ``generate`` would; InvalidParameters otherwise.

    ``size`` is a board key (:attr:`gridlogic.game.PuzzleSpec.board_key`): a side, or ``"7x5w"``.
    """
    game = game_named(game_name)
    board, options = game.board_of(size, version)
    game.spec(board, "", difficulty, version=version, **options)
    check_int(count, "count", 1)
    if seed_prefix is not None:
        check_seed_prefix(seed_prefix, count)
    return game


def check_seed_prefix(seed_prefix: str, count: int) -> None:
    if not seed_prefix:
        raise InvalidParameters("seed prefix '' is not allowed; it must have at least one character")
    longest = f"{seed_prefix}-{count - 1}"
    if js_length(longest) > MAX_SEED_LENGTH:
        raise InvalidParameters(
            f"seed prefix {seed_prefix!r} is too long: seed {longest!r} would have "
            f"{js_length(longest)} characters, and seeds have at most {MAX_SEED_LENGTH}"
        )


@dataclass(frozen=True)
class SeedOutcome:
    """One seed's result: its puzzle's ``to_dict()`` and graded level, or the message of ``GenerationFailed``."""

    index: int
    seed: str
    puzzle: dict[str, Any] | None
    failure: str | None
    seconds: float
    level: str | None = None


def next_chunk_size(
    pending: int,
    workers: int,
    seconds_per_puzzle: float | None,
    target_seconds: float = CHUNK_SECONDS,
) -> int:
    """How many of ``pending`` seeds the next chunk takes (see "Chunk sizing" above)."""
    if pending <= 0:
        return 0
    if seconds_per_puzzle is None:
        return 1
    wanted = math.ceil(target_seconds / max(seconds_per_puzzle, 1e-9))
    fair_share = math.ceil(pending / (2 * max(1, workers)))
    return max(1, min(wanted, fair_share, MAX_CHUNK, pending))
