"""What the worker processes run: each kind of expensive work as a module-level function of plain values.

A worker process (:mod:`.pool`) receives a task as a function named by its module and its
arguments pickled, so every function here names its game by a *token* (:func:`token_of`): the name
of a game in :data:`gridlogic.GAMES`, which the worker finds there, or, for a game record that
exists in the server's process only (a test's stand-in, run by an :class:`~.pool.InlinePool` in a
thread), the record itself. The fork server imports this module once, and with it every game.

A new kind of work is one more function here, and one call where a request needs it (see
:mod:`.admission`), as the studio's analysis is::

    result = await admission.run(ANALYSE, key, tasks.analyse, token_of(game), problem)

Work on a puzzle that may not be made yet (a PDF, a walk-through) is one task with the making of it
(:func:`made_then`), admitted once for both (:meth:`.puzzles.PuzzleSource.run_on`)::

    puzzle, data = await puzzles.run_on(PRINT, spec, tasks.pdf, paper)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from gridlogic import studio
from gridlogic.errors import GenerationFailed
from gridlogic.game import GAMES, IMPORTED, Game, Problem, Puzzle, PuzzleSpec
from gridlogic.hints import walk_on_board
from gridlogic.pdf import installed_font, pdf_document
from gridlogic.store.plays import time_floor

GameToken = str | Game
Outcome = Puzzle | GenerationFailed
T = TypeVar("T")


def token_of(game: Game) -> GameToken:
    """How a task names ``game``: its name when it is the registered game of that name, else the record."""
    return game.name if GAMES.get(game.name) is game else game


def game_of(token: GameToken) -> Game:
    """The game a token names."""
    return GAMES[token] if isinstance(token, str) else token


def make(token: GameToken, spec: PuzzleSpec) -> Outcome:
    """The puzzle of ``spec`` (generated, or brought from outside and proven), or the engine's refusal as
    a value (the server caches it like a puzzle)."""
    try:
        return game_of(token).make(spec)
    except GenerationFailed as failed:
        return failed.with_traceback(None)


def made_then(token: GameToken, spec: PuzzleSpec, work: Callable[..., T], *arguments: Any) -> tuple[Outcome, T | None]:
    """The puzzle of ``spec`` made (:func:`make`), then ``work(token, puzzle, *arguments)`` on it, in one task:
    the outcome (to cache) and the work's result (None when the puzzle could not be made). ``work`` is a
    function of this module, such as :func:`pdf` or :func:`explain` (see :meth:`.puzzles.PuzzleSource.run_on`)."""
    outcome = make(token, spec)
    if isinstance(outcome, GenerationFailed):
        return outcome, None
    return outcome, work(token, outcome, *arguments)


def hint(token: GameToken, puzzle: Puzzle, board: Any) -> tuple[dict[str, Any], Any]:
    """The next hint for ``board`` (as the game's ``parse_board`` reads it) in JSON form, and the board
    with it applied."""
    hints = game_of(token).hints
    if hints is None:
        raise ValueError(f"{game_of(token).title} gives no hints")
    given = hints.hint(puzzle, board)
    return given.to_dict(), hints.apply(puzzle, board, given)


def explain(token: GameToken, puzzle: Puzzle) -> dict[str, Any]:
    """The walk-through of ``puzzle`` played on the player's board, in JSON form
    (:func:`gridlogic.hints.walk_on_board`): by the techniques and levels of its own version, or the
    latest version's for a puzzle brought from outside (as the studio grades it)."""
    game = game_of(token)
    if game.hints is None:
        raise ValueError(f"{game.title} gives no hints")
    version = game.latest if puzzle.version == IMPORTED else puzzle.version
    walk = game.hints.explain(game.problem(puzzle), version)
    return walk_on_board(game.hints, puzzle, walk, [technique.name for technique in game.hints.techniques(version)])


def floor(token: GameToken, puzzle: Puzzle) -> float:
    """The least seconds a person needs for ``puzzle`` (:func:`gridlogic.store.plays.time_floor`): its
    walk-through, computed in a worker like every walk."""
    return time_floor(game_of(token), puzzle)


def analyse(token: GameToken, problem: Problem) -> dict[str, Any]:
    """The studio's analysis of ``problem`` in JSON form (:func:`gridlogic.studio.analyse`)."""
    return studio.analyse(game_of(token), problem).to_dict()


def fixes(token: GameToken, problem: Problem) -> dict[str, Any]:
    """The studio's fixes of ``problem`` in JSON form (:func:`gridlogic.studio.fixes`)."""
    return studio.fixes(game_of(token), problem).to_dict()


def thin(token: GameToken, problem: Problem, level: object) -> dict[str, Any]:
    """``problem`` with the clues hidden that ``level``'s techniques do not need, in JSON form
    (:func:`gridlogic.studio.thin`)."""
    return studio.thin(game_of(token), problem, level).to_dict()


def pdf(token: GameToken, puzzle: Puzzle, paper: str) -> bytes:
    """``puzzle`` on one page and its solution on the next, as a PDF on ``paper`` (:mod:`gridlogic.pdf`): in
    IPA Gothic where it is installed, else in Helvetica."""
    return pdf_document(game_of(token), [puzzle], paper=paper, per_page=1, font=installed_font()).data
