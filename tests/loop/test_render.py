import xml.etree.ElementTree as ET

from gridlogic import loop
from gridlogic.loop.board import loop_of_region
from gridlogic.loop.render import board_text, render_svg, render_text


def test_docstring_example_text():
    edges = loop_of_region([0, 1], 2, 1)
    assert board_text([0, 3], 2, 1, edges) == "+   +---+\n  0 | 3 |\n+   +---+"


def test_text_without_loop_shows_dots_and_clues_only():
    text = board_text([None, 2, 1, None], 2, 2)
    assert text.splitlines() == ["+   +   +", "      2", "+   +   +", "  1", "+   +   +"]


def test_puzzle_text_and_solution():
    puzzle = loop.generate(5, "render", "easy")
    plain = render_text(puzzle)
    drawn = render_text(puzzle, solution=True)
    assert "---" not in plain and "|" not in plain
    assert drawn.count("---") + drawn.count("|") == sum(puzzle.edges())
    assert plain.count("+") == drawn.count("+") == 36


def test_svg_is_standalone_and_draws_the_loop():
    puzzle = loop.generate(5, "render", "easy")
    root = ET.fromstring(render_svg(puzzle, solution=True))
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == ns + "svg"
    assert len(root.findall(ns + "line")) == sum(puzzle.edges())
    assert len(root.findall(ns + "text")) == sum(k is not None for k in puzzle.clues)
    plain = ET.fromstring(render_svg(puzzle))
    assert not plain.findall(ns + "line")
    assert len(plain.findall(ns + "circle")) == 36
