"""Text and SVG drawings of Pattern grids."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from gridlogic import pattern
from gridlogic.pattern.render import grid_svg, grid_text, render_svg


def test_docstring_example():
    assert grid_text([[3], [1]], [[2], [1], [1]], [1, 1, 1, 1, 0, 0]) == "  2 1 1\n3 # # #\n1 # . ."


def test_blank_grid_and_two_digit_clues():
    text = grid_text([[0], [10]], [[1]] * 10)
    lines = text.splitlines()
    assert lines[1].split() == ["0"] + ["."] * 10
    assert lines[2].split() == ["10"] + ["."] * 10
    wide = grid_text([[12]], [[1]] * 12 + [[0]])  # column clues of one digit, row clue of two
    assert wide.splitlines()[-1].startswith("12 ")


def test_svg_is_well_formed_and_shades_the_answer():
    puzzle = pattern.generate(8, "svg")
    blank = ET.fromstring(render_svg(puzzle))
    solved = ET.fromstring(render_svg(puzzle, solution=True))
    ns = "{http://www.w3.org/2000/svg}"
    assert len(solved.findall(f".//{ns}rect")) - len(blank.findall(f".//{ns}rect")) == sum(puzzle.answer)
    numbers = [t.text for t in blank.findall(f".//{ns}text")]
    expected = [str(x) for clue in puzzle.col_clues + puzzle.row_clues for x in (clue or (0,))]
    assert sorted(numbers) == sorted(expected)


def test_rectangular_svg():
    svg = grid_svg([[1], [0], [2]], [[1], [2]], [1, 0, 0, 0, 1, 1])
    root = ET.fromstring(svg)
    assert "2 by 3" in root.attrib["aria-label"]
