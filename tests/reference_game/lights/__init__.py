"""Lights, the reference game: the smallest complete game, as Tatham's ``nullgame.c`` is for his
collection. The suite registers it beside the real games (``tests/conftest.py``) so that every
test that derives its table from the games runs it too; docs/adding-a-game.md walks through it.

Lamps on a square board; a press toggles a lamp and its orthogonal neighbours; put every lamp out.
:mod:`.rules` (puzzle, board, check), :mod:`.solver` (elimination over GF(2), the verdict),
:mod:`.v1` (the generator version), :mod:`.formats` and :mod:`.render`; its page view is
``tests/reference_game/views/lights/``. It offers no hints, studio, imports, grader or daily row.

    >>> GAME.generate(3, "doc").solution()
    {'presses': [0, 1, 0, 0, 1, 0, 1, 0, 1]}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gridlogic.game.record import Game, Problem

from . import v1
from .formats import looks_inline, read, read_file, write
from .render import render_solution, render_svg, render_text
from .rules import Puzzle, check, min_moves, parse_board
from .solver import decide


def solution_form(problem: Problem, solution: Sequence[int]) -> dict[str, Any]:
    return {"presses": list(solution)}


GAME: Game[Puzzle, list[int]] = Game(
    name="lights", title="Lights", summary="put every lamp out; a press toggles a lamp and its neighbours",
    versions={v1.VERSION.number: v1.VERSION}, latest=1, unversioned=1,
    seconds_per_cell=2, solution_noun="set of presses", formats="WxH:lamps text (3x3:010111010), .lights files",
    level_of=lambda data: None, parse_board=parse_board, check=check, min_moves=min_moves,
    render_text=render_text, render_svg=render_svg, read=read, read_file=read_file, looks_inline=looks_inline,
    solve=decide, solution_form=solution_form, render_solution=render_solution, max_side=30,
    solve_options=(), exports={"lights": write},
)
generate = GAME.generate
__all__ = ["GAME", "generate"]
