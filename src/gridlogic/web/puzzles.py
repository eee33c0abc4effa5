"""Where the web app gets its puzzles: generated once per :class:`~gridlogic.game.PuzzleSpec`, then cached.

Generating a puzzle is pure CPU work and a pure function of its spec (a seed
is a promise), so the outcome, the puzzle or the engine's refusal, is cached
by spec: the page asks for the same puzzle up to three times (puzzle, check,
solution), and only the first pays. The work runs off the event loop, so the
loop keeps answering other requests meanwhile.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from starlette.concurrency import run_in_threadpool

from gridlogic.errors import GenerationFailed
from gridlogic.game import Game, Puzzle, PuzzleSpec
from gridlogic.web.inputs import BadRequest

PUZZLE_CACHE_SIZE = 512


class PuzzleSource:
    """The puzzles of ``games``, by spec; a refusal is cached too (500 failed attempts cost as much)."""

    def __init__(self, games: Mapping[str, Game], cache_size: int = PUZZLE_CACHE_SIZE) -> None:
        self.games = games
        self._outcome = functools.lru_cache(maxsize=cache_size)(self._generate)

    def _generate(self, spec: PuzzleSpec) -> Puzzle | GenerationFailed:
        try:
            return self.games[spec.game].make(spec)
        except GenerationFailed as failed:
            return failed

    async def get(self, spec: PuzzleSpec) -> Puzzle:
        """The puzzle of ``spec``; a :class:`BadRequest` 422 with the engine's message if it cannot be made."""
        outcome = await run_in_threadpool(self._outcome, spec)
        if isinstance(outcome, GenerationFailed):
            raise BadRequest(str(outcome), status=422)
        return outcome
