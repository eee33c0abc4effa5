"""The errors every part of gridlogic raises.

Callers catch :class:`GridlogicError` for anything the library refuses;
bad arguments are also :class:`ValueError`, so plain Python code that
already catches ``ValueError`` keeps working.
"""

from __future__ import annotations


class GridlogicError(Exception):
    """Base class of every error gridlogic raises on purpose."""


class InvalidParameters(GridlogicError, ValueError):
    """An argument, a board or a file is not acceptable; the message says what is allowed."""


class GenerationFailed(GridlogicError):
    """No puzzle met the request within the generator's attempts."""
