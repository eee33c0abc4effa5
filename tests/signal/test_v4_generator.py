"""Signal version 4: the worked example, the never-fails sweep, the JSON form, IDs, refusals, play and drawing."""

from __future__ import annotations

import json
from xml.etree import ElementTree

import doctests
import pytest

import gridlogic
from gridlogic import GAMES, InvalidParameters, puzzle_from_id, signal
from gridlogic.cli import main
from gridlogic.signal.tables import board_geometry
from gridlogic.signal.v4 import generator
from gridlogic.signal.v4.generator import PRESETS, refusal
from gridlogic.signal.v4.grading import grade

GAME = GAMES["signal"]


def test_the_modules_docstrings_run():
    for module in (generator, signal):
        failures, tried = doctests.testmod(module, verbose=False)
        assert tried and not failures


def test_the_worked_example_of_the_docstring():
    puzzle = signal.generate((7, 5), "notes-example", "hard", version=4, wrapping=True)
    assert (puzzle.width, puzzle.height, puzzle.wrapping, puzzle.attempt, puzzle.level) == (7, 5, True, 16, "hard")
    assert puzzle.answer[:7] == (9, 2, 13, 7, 9, 1, 6)
    g = puzzle.grade
    assert (g.remaining, g.largest_region, g.needs_search, g.max_depth, g.decision_points) == (33, 33, True, 4, 4)
    assert (puzzle.metrics.score, puzzle.metrics.variety, puzzle.metrics.turns) == (97, 85, 45)
    assert puzzle.id == "signal.4.7x5w.hard.notes-example"


def test_latest_is_4_and_a_request_without_version_means_3():
    assert (GAME.latest, GAME.unversioned) == (4, 3)
    assert signal.generate(6, "plain").version == 4
    assert signal.generate(4, "notes-example", version=3).to_dict()["n"] == 4
    version = GAME.versions[4]
    assert version.presets == PRESETS and version.rectangular and version.sides == tuple(range(3, 26))
    assert [o.name for o in version.options] == ["wrapping"]


# The never-fails sweep, small: every preset, difficulty and wrapping, a few seeds each (the full
# 1,000-seed sweep is benchmarks/signal_v4.py). Each puzzle is proven unique again from scratch and
# graded again at the level asked for.
SWEEP = [(side, difficulty, wrapping) for side in PRESETS for difficulty in ("any", "easy", "medium", "hard")
         for wrapping in (False, True) if not refusal(side, side, difficulty, wrapping)]


@pytest.mark.parametrize("side, difficulty, wrapping", SWEEP)
def test_every_preset_difficulty_and_wrapping_is_made_unique_and_at_its_level(side, difficulty, wrapping):
    for k in range(2 if side >= 12 else 3):
        puzzle = signal.generate(side, f"sweep-{k}", difficulty, wrapping=wrapping)
        assert signal.GAME.verify(puzzle)
        graded, count = grade(list(puzzle.answer), board_geometry(side, side, wrapping))
        assert graded == puzzle.grade and len(count.solutions) == 1
        assert puzzle.level == difficulty if difficulty != "any" else puzzle.level in ("easy", "medium", "hard")


@pytest.mark.parametrize("size", [(3, 7), (9, 4), (25, 3)])
@pytest.mark.parametrize("wrapping", [False, True])
def test_rectangles_too(size, wrapping):
    for difficulty in ("easy", "medium", "hard"):
        puzzle = signal.generate(size, "rect", difficulty, wrapping=wrapping)
        assert (puzzle.width, puzzle.height) == size and puzzle.level == difficulty
        assert signal.GAME.verify(puzzle)


def test_the_same_arguments_give_the_same_puzzle_and_the_difficulty_matters():
    first = signal.generate((8, 6), "again", "medium", wrapping=True).to_dict()
    assert signal.generate((8, 6), "again", "medium", wrapping=True).to_dict() == first
    assert signal.generate((8, 6), "again", "hard", wrapping=True).to_dict() != first
    assert signal.generate((8, 6), "again", "medium").to_dict() != first


def test_the_json_form_and_back():
    puzzle = signal.generate((5, 4), "json", "medium", wrapping=True)
    data = json.loads(json.dumps(puzzle.to_dict()))
    assert list(data) == ["width", "height", "wrapping", "seed", "target", "version", "answer", "shuffled",
                          "attempt", "difficulty", "metrics"]
    assert (data["width"], data["height"], data["wrapping"], data["version"]) == (5, 4, True, 4)
    assert data["difficulty"]["level"] == "medium" and GAME.level_of(data) == "medium"
    assert GAME.from_dict(data) == puzzle
    assert puzzle.options == {"wrapping": True}
    assert puzzle_from_id(puzzle.id) == puzzle and puzzle.id == "signal.4.5x4w.medium.json"
    assert signal.generate((5, 4), "json", "medium").id == "signal.4.5x4.medium.json"


def _broken(change):
    data = signal.generate((4, 3), "strict", "easy", wrapping=True).to_dict()
    change(data)
    return data


@pytest.mark.parametrize("change, words", [
    (lambda d: d.pop("wrapping"), "missing 'wrapping'"),
    (lambda d: d.update(n=4), "unknown field 'n'"),
    (lambda d: d.update(wrapping=1), "'wrapping' must be true or false"),
    (lambda d: d.update(width=26), "'width' must be a whole number from 3 to 25"),
    (lambda d: d.update(height=4), "a 4x4 board has 16 tiles, but 12 were given"),
    (lambda d: d.update(target="expert"), "'target' must be one of"),
    (lambda d: d.update(wrapping=False), "'answer' is not one tree"),
    (lambda d: d["shuffled"].__setitem__(0, 15), "'shuffled'[0] is 15"),
    (lambda d: d["difficulty"].update(level="tricky"), "'difficulty'.level must be one of"),
])
def test_from_dict_is_strict(change, words):
    with pytest.raises(InvalidParameters, match=words.replace("[", r"\[").replace("(", r"\(")):
        GAME.from_dict(_broken(change))


@pytest.mark.parametrize("size, difficulty, wrapping, allowed", [
    (3, "medium", False, "choose any or easy, or wrapping edges"),
    (3, "hard", False, "choose any or easy"),
    (3, "hard", True, "choose any, easy or medium"),
    ((3, 5), "hard", False, "choose any, easy or medium, or wrapping edges"),
])
def test_what_no_seed_makes_is_refused_naming_what_is_allowed(size, difficulty, wrapping, allowed):
    with pytest.raises(InvalidParameters, match=allowed):
        signal.generate(size, "x", difficulty, wrapping=wrapping)
    assert signal.generate((3, 6), "x", "hard").level == "hard"
    assert signal.generate((3, 4), "x", "hard", wrapping=True).level == "hard"


def test_other_bad_arguments_say_what_is_allowed():
    with pytest.raises(InvalidParameters, match="3 to 25"):
        signal.generate((26, 4), "x")
    with pytest.raises(InvalidParameters, match="wrapping must be one of False, True, not 1"):
        signal.generate(5, "x", wrapping=1)
    with pytest.raises(InvalidParameters, match="has no option 'torus'"):
        signal.generate(5, "x", torus=True)
    with pytest.raises(InvalidParameters, match="version 3 has no option 'wrapping'"):
        signal.generate(5, "x", version=3, wrapping=True)


def test_check_follows_pipes_across_the_edges():
    puzzle = signal.generate((4, 3), "check", "easy", wrapping=True)
    solved = GAME.check(puzzle, list(puzzle.answer))
    assert solved == {"solved": True, "lit": list(range(12))}
    shuffled = GAME.check(puzzle, list(puzzle.shuffled))
    assert shuffled["solved"] is False
    with pytest.raises(InvalidParameters, match="a 4x3 board has 12 tiles"):
        GAME.check(puzzle, [0] * 16)
    assert GAME.min_moves(puzzle) > 0


def test_text_and_svg_show_the_wrapping():
    puzzle = signal.generate((4, 3), "draw", "easy", wrapping=True)
    text = GAME.render_text(puzzle, True)
    assert text.count("\n") == 2 * (3 + 2) + 2  # two boards of 3 rows and 2 crossing lines
    svg = GAME.render_svg(puzzle, True)
    tree = ElementTree.fromstring(svg)
    assert tree.get("aria-label") == "Signal board, 4 by 3, wrapping"
    crossing = sum(bool(puzzle.answer[c] & 1) for c in range(4)) + sum(
        bool(puzzle.answer[r * 4] & 8) for r in range(3))
    assert svg.count('class="wrap"') == 2 * crossing  # each crossing drawn leaving and entering
    plain = GAME.render_svg(signal.generate((4, 3), "draw", "easy"), False)
    assert 'class="wrap"' not in plain and 'aria-label="Signal board, 4 by 3"' in plain


def test_solve_reads_a_version_4_puzzle_and_its_shape(capsys, tmp_path):
    puzzle = signal.generate((5, 3), "solve", "hard", wrapping=True)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(puzzle.to_dict()))
    assert main(["signal", "solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Signal 5x3 (puzzle json)\nunique: exactly one solution")
    assert main(["signal", "solve", puzzle.id, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "unique" and data["solutions"] == [{"tiles": list(puzzle.answer)}]


def test_the_cli_generates_rectangles_and_wrapping_and_lists_version_4(capsys):
    assert main(["signal", "generate", "--width", "7", "--height", "5", "--wrapping", "--difficulty", "hard",
                 "--seed", "notes-example"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == [
        "Signal 7x5, seed 'notes-example', hard (attempt 16)", "ID signal.4.7x5w.hard.notes-example"]
    with pytest.raises(SystemExit):
        main(["signal", "generate", "--help"])
    help_text = capsys.readouterr().out
    assert "version 4:" in help_text and "3 to 25 (width x height apart)" in help_text and "--wrapping" in help_text
    assert main(["signal", "generate", "--size", "3", "--difficulty", "hard"]) == 2
    assert "choose any or easy" in capsys.readouterr().err


def test_the_package_lists_signal_first_with_both_versions():
    assert next(iter(gridlogic.GAMES)) == "signal" and sorted(GAME.versions) == [3, 4]
