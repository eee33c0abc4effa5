"""The errors every part of gridlogic raises.

Callers catch :class:`GridlogicError` for anything the library refuses;
bad arguments are also :class:`ValueError`, so plain Python code that
already catches ``ValueError`` keeps working.
"""

from __future__ import annotations

from typing import Any


class GridlogicError(Exception):
    """Base class of every error gridlogic raises on purpose."""


class InvalidParameters(GridlogicError, ValueError):
    """An argument, a board or a file is not acceptable; the message says what is allowed."""


class GenerationFailed(GridlogicError):
    """No puzzle met the request within the generator's attempts."""

    @classmethod
    def after(cls, attempts: int, spec: Any) -> GenerationFailed:
        """The one wording of every game's failure, for a :class:`gridlogic.game.PuzzleSpec`."""
        tries = "1 attempt" if attempts == 1 else f"{attempts} attempts"
        return cls(
            f"no {spec.width}x{spec.height} {spec.game.capitalize()} puzzle of difficulty {spec.difficulty} "
            f"(version {spec.version}) was found for seed {spec.seed!r} in {tries}; "
            "try another seed, size or difficulty"
        )


class ImportRefused(GenerationFailed):
    """A puzzle brought from outside is not played: its solver found several solutions or none, or
    could not prove one within the game's import limits (:class:`gridlogic.game.Imports`).

    A kind of :class:`GenerationFailed`: in both, no playable puzzle could be made of the request,
    and every adapter answers both alike (the web app with a 422 and the message).
    """
