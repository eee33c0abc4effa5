"""gridlogic: Signal, Pattern and Loop puzzles with proven unique solutions.

The games live in subpackages with the same small surface (see DESIGN.md);
``GAMES`` names them in the order the CLI and the web app show them.
"""

from __future__ import annotations

from gridlogic.errors import GenerationFailed, GridlogicError, InvalidParameters

__version__ = "0.1.0"
GAMES = ("signal", "pattern", "loop")

__all__ = ["GAMES", "GenerationFailed", "GridlogicError", "InvalidParameters", "__version__"]
