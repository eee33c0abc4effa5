"""Net game IDs: read as Signal boards, written from them, played when imported; Net's own answers agree.

``tests/data/signal_net_ids.tsv`` holds IDs made by Simon Tatham's Net and the solution Net's
solver gives each (``tests/data/README.md`` says how they were made); the tests need nothing of Net.
"""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gridlogic.signal.formats
import gridlogic.signal.net_ids
from gridlogic import GAMES, ImportRefused, InvalidParameters, puzzle_from_id
from gridlogic.cli import main
from gridlogic.game import Problem
from gridlogic.signal.board import VARIANTS, neighbour
from gridlogic.signal.net_ids import (
    FROM_NET,
    TO_NET,
    looks_like_net_id,
    parse_net_id,
    read_net_id,
    write_net_id,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "signal_net_ids.tsv"
ROWS = [line.split("\t") for line in DATA.read_text(encoding="utf-8").splitlines()[1:]]
SIGNAL = GAMES["signal"]


def has_barriers(net_id: str) -> bool:
    return any(ch in "hv" for ch in net_id.split(":")[1])


PLAIN = [(net_id, solution) for net_id, _, solution in ROWS if not has_barriers(net_id)]
BARRED = [(net_id, solution) for net_id, _, solution in ROWS if has_barriers(net_id) and not net_id.startswith("7x5w")]
WALLED = [(net_id, solution) for net_id, _, solution in ROWS if net_id.startswith("7x5w")]


def in_net_bits(tiles) -> str:
    return "".join("0123456789abcdef"[TO_NET[mask]] for mask in tiles)


@pytest.mark.parametrize("module", [gridlogic.signal.net_ids, gridlogic.signal.formats], ids=lambda m: m.__name__)
def test_docstring_worked_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_the_table_has_bordered_wrapping_oblong_barred_and_walled_ids():
    assert len(ROWS) == 135 and all(status == "unique" for _, status, _ in ROWS)
    assert len(PLAIN) == 120 and len(BARRED) == 12 and len(WALLED) == 3
    wrapping = [net_id for net_id, _ in PLAIN if net_id.split(":")[0].endswith("w")]
    assert len(wrapping) == 60 and any(net_id.startswith("12x6w") for net_id in wrapping)


def test_the_bits_translate_both_ways():
    assert [TO_NET[mask] for mask in (1, 2, 4, 8)] == [2, 1, 8, 4]  # up, right, down, left
    assert all(FROM_NET[TO_NET[mask]] == mask for mask in range(16))


@pytest.mark.parametrize("net_id, net_solution", PLAIN, ids=[net_id[:14] for net_id, _ in PLAIN])
def test_our_one_solution_is_nets_and_the_id_round_trips(net_id, net_solution):
    problem = SIGNAL.read(net_id)
    width, height = map(int, net_id.split(":")[0].rstrip("w").split("x"))
    assert (problem.width, problem.height, problem.source) == (width, height, "net")
    assert problem.options == ({"wrapping": True} if net_id.split(":")[0].endswith("w") else {})
    verdict = SIGNAL.solve(problem)
    assert verdict.status == "unique"
    assert in_net_bits(verdict.solutions[0]) == net_solution
    assert write_net_id(problem) == net_id == SIGNAL.exports["net"](problem)


@pytest.mark.parametrize("net_id, net_solution", BARRED, ids=[net_id[:14] for net_id, _ in BARRED])
def test_barriers_are_refused_naming_the_barrier_free_id_which_has_nets_solution(net_id, net_solution):
    found = parse_net_id(net_id)
    plain = found.without_barriers()
    with pytest.raises(InvalidParameters, match="Signal has no barriers") as refused:
        SIGNAL.read(net_id)
    assert f"{len(found.barriers)} barriers" in str(refused.value) and plain in str(refused.value)
    verdict = SIGNAL.solve(SIGNAL.read(plain))
    assert verdict.status == "unique" and in_net_bits(verdict.solutions[0]) == net_solution


@pytest.mark.parametrize("net_id, net_solution", WALLED, ids=[net_id[:14] for net_id, _ in WALLED])
def test_a_wrapping_board_walled_across_the_whole_wrap_is_the_bordered_one(net_id, net_solution):
    problem = SIGNAL.read(net_id)
    assert problem.options == {}
    assert write_net_id(problem) == parse_net_id(net_id).without_barriers().replace("w:", ":")
    verdict = SIGNAL.solve(problem)
    assert verdict.status == "unique" and in_net_bits(verdict.solutions[0]) == net_solution


def test_barriers_on_the_border_of_a_bordered_board_say_nothing_and_are_taken():
    assert SIGNAL.read("4x3:8641v8b3avcheh5hcvh").givens == SIGNAL.read("4x3:86418b3ace5c").givens


@pytest.mark.parametrize("text, message", [
    ("4x3:86418b3ace5", "a 4x3 Net board has 12 tiles, but this ID gives 11"),
    ("4x3:86418b3ace5c1", "has 12 tiles, but this ID gives 13"),
    ("4x3:86418b3ace5z", "'z' is not part of a Net game ID's tiles"),
    ("4x3:", "has no tiles after the ':'"),
    ("4x3:v86418b3ace5c", "start with a hex digit, not a barrier marker"),
    ("4x3", "is not a Net game ID: a Net game ID is WxH:DESC"),
    ("10x10#12345", "a random seed of Net's generator (PARAMS#SEED), which only Net can make into a puzzle"),
    ("7x7t0de:a3b", "'t' in '7x7t0de' is none of them"),
    ("1x1:1", "a Net board has at least 2 tiles"),
    ("0x5:11111", "a Net board has at least 2 tiles"),
    ("1234567x2:1", "far too large a board"),
    ("201x1:" + "5" * 201, "a board has at most 200x200 tiles, not 201x1"),
    ("2x5w:" + "5" * 10, "Signal's wrapping boards are at least 3x3"),
    ("3x3:1a40a5aa0", "row 2, column 1 is blank (0): Net leaves blank tiles out"),
    ("3x3:1a4aa5aa8", "these tiles have 15 pipe ends, but one tree of 9 tiles has 16"),
    ("3x2w:1v2v4v1h2h4h", "has 6 barriers"),
    ("3x2w:12v4812vh", "(barriers across every edge of the wrap and nowhere else are taken"),
    ("hello", "or a Net game ID like 4x3:86418b3ace5c, but the board is not JSON (nor a Net game ID): 'hello'"),
])
def test_what_is_not_a_net_id_signal_can_play_is_refused_saying_why(text, message):
    with pytest.raises(InvalidParameters) as refused:
        SIGNAL.read(text)
    assert message in str(refused.value)


def test_upper_case_digits_and_generator_settings_in_the_parameters_are_read():
    plain = SIGNAL.read("4x3:86418b3ace5c")
    assert SIGNAL.read("4x3b0.3a:86418B3ACE5C").givens == plain.givens
    assert SIGNAL.read("  5x5wb0:2463397c48dbdda81a9c44d1e\n").options == {"wrapping": True}


# --- our puzzles written as Net IDs ------------------------------------------------------------------

OURS = [
    ("signal.3.5x5.hard.net-export", False), ("signal.4.8x8.medium.net-export", False),
    ("signal.4.7x5w.hard.net-export", True), ("signal.4.10x10w.medium.net-export", True),
    ("signal.4.12x6.hard.net-export", False),
]


@pytest.mark.parametrize("puzzle_id, wrapping", OURS, ids=[p for p, _ in OURS])
def test_our_puzzles_written_as_net_ids_read_back_as_the_same_board(puzzle_id, wrapping):
    puzzle = puzzle_from_id(puzzle_id)
    net_id = SIGNAL.exports["net"](SIGNAL.problem(puzzle))
    assert net_id.startswith(f"{puzzle.width}x{puzzle.height}{'w' * wrapping}:")
    back = SIGNAL.read(net_id)
    assert back.givens["tiles"] == list(puzzle.shuffled) and back.options == ({"wrapping": True} if wrapping else {})
    verdict = SIGNAL.solve(back)
    assert verdict.status == "unique" and verdict.solutions[0] == puzzle.answer


def test_show_and_generate_write_net_ids(capsys):
    assert main(["show", "signal.4.7x5w.hard.net-export", "--format", "net"]) == 0
    shown = capsys.readouterr().out
    assert shown == SIGNAL.exports["net"](SIGNAL.problem(puzzle_from_id("signal.4.7x5w.hard.net-export"))) + "\n"
    assert main(["signal", "generate", "--size", "5", "--seed", "x", "--version", "3", "--format", "net"]) == 0
    assert looks_like_net_id(capsys.readouterr().out)


# --- played when imported ------------------------------------------------------------------------

def test_a_wrapping_net_id_is_played_like_a_generated_puzzle():
    puzzle = SIGNAL.make(SIGNAL.import_spec(SIGNAL.read("5x5w:2463397c48dbdda81a9c44d1e")))
    assert puzzle.id == "signal.import.5x5.hex.5x5w:189336bc84e7ee54256c88e2d"
    assert puzzle.options == {"wrapping": True} and puzzle.wrapping
    assert in_net_bits(puzzle.solution()["tiles"]) == "489c3cb621ebdd522a3c4174b"  # Net's answer (its format notes)
    assert puzzle_from_id(puzzle.id) == puzzle and SIGNAL.verify(puzzle)
    board = SIGNAL.parse_board(5, 5, puzzle.solution())
    assert SIGNAL.check(puzzle, board)["solved"] is True
    assert SIGNAL.check(puzzle, list(puzzle.shuffled))["solved"] is False
    assert SIGNAL.render_text(puzzle, False).splitlines()[0].strip() == "│   │ │ │"  # pipes across the wrap
    assert SIGNAL.from_dict(json.loads(json.dumps(puzzle.to_dict()))) == puzzle
    assert SIGNAL.exports["net"](SIGNAL.problem(puzzle)) == "5x5w:2463397c48dbdda81a9c44d1e"


def test_an_oblong_net_id_gets_an_id_with_its_board_and_square_boards_keep_theirs():
    oblong = next(net_id for net_id, _ in PLAIN if net_id.startswith("7x5:"))
    puzzle = SIGNAL.make(SIGNAL.import_spec(SIGNAL.read(oblong)))
    assert puzzle.id.startswith("signal.import.7x5.hex.7x5:") and puzzle.options == {}
    assert puzzle_from_id(puzzle.id) == puzzle
    square = SIGNAL.make(SIGNAL.import_spec(SIGNAL.read("[4, 4, 3, 9, 3, 13, 13, 4, 1, 7, 14, 2, 4, 11, 10, 4]")))
    assert square.id == "signal.import.4x4.hex.44393dd417e24ba4"


@pytest.mark.parametrize("text, message", [
    ("signal.import.4x4.hex.4x4:44393dd417e24ba4", "the ID is signal.import.4x4.hex.44393dd417e24ba4"),
    ("signal.import.3x2.hex.3x2w:123456", "a wrapping board is at least 3x3, not 3x2"),
    ("signal.import.3x2.hex.3x2:12345", "a 3x2 board has 6 tiles, not 5"),
    ("signal.import.2x3.hex.3x2:123456", "its text is a 3x2 board, not 2x3"),
])
def test_imported_ids_of_other_boards_are_checked(text, message):
    with pytest.raises(InvalidParameters, match=message):
        puzzle_from_id(text)


def test_a_net_id_with_several_solutions_is_refused_for_play():
    # made by Net with uniqueness off (4x4wa#amb-1); Net's solver calls it ambiguous too
    ambiguous = "4x4w:3124eed3ade421c4"
    assert SIGNAL.solve(SIGNAL.read(ambiguous)).status == "several"
    with pytest.raises(ImportRefused, match="has more than one solution"):
        SIGNAL.make(SIGNAL.import_spec(SIGNAL.read(ambiguous)))


# --- files and the command line -------------------------------------------------------------------

def test_a_txt_file_with_a_net_id_is_signals_and_another_games_id_is_not(tmp_path):
    assert SIGNAL.read_file("p.txt", "\ufeff4x3:86418b3ace5c\n")[0][1].givens == SIGNAL.read("4x3:86418b3ace5c").givens
    assert SIGNAL.read_file("p.txt", "3x2:2/1/1/3/1") is None  # a Pattern game ID
    assert SIGNAL.read_file("p.txt", "7x7t0:a3b") is None  # a Loopy game ID
    assert SIGNAL.read_file("p.txt", "5x5:1234") is None  # the count is wrong: not claimed
    assert SIGNAL.read_file("p.txt", "2x1:3a") is None  # a Loopy ID without a grid type; two tiles, 4 ends
    assert SIGNAL.read_file("p.txt", "6x4w:42a9h1vh1a1cbd8h65v5ache279ha6b") is None  # barriers: solve says why
    assert SIGNAL.looks_inline("5x5w:2463397c48dbdda81a9c44d1e") and not SIGNAL.looks_inline("puzzle.txt")


def test_the_cli_solves_a_net_id_given_inline_or_in_a_file(tmp_path, capsys):
    assert main(["signal", "solve", "4x3:86418b3ace5c"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Signal 4x3 (net)\nunique: exactly one solution")
    file = tmp_path / "net.txt"
    file.write_text("5x5w:2463397c48dbdda81a9c44d1e\n", encoding="utf-8")
    assert main(["signal", "solve", str(file)]) == 0
    assert capsys.readouterr().out.startswith("Signal 5x5 (net)\nunique")
    assert main(["signal", "solve", "6x4w:42a9h1vh1a1cbd8h65v5ache279ha6b"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Signal has no barriers" in err and "6x4w:42a911a1cbd8655ace279a6b" in err


# --- properties ------------------------------------------------------------------------------------

NET_ALPHABET = st.sampled_from(list("0123456789abcdefABCDEFhvwx:#b.a \n") + ["12", "5x5:", "3x3w:"])


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=40), st.lists(NET_ALPHABET, max_size=30).map("".join)))
def test_any_text_is_read_or_refused_with_a_reason(text):
    for read in (SIGNAL.read, read_net_id, parse_net_id):
        try:
            read(text)
        except InvalidParameters as refused:
            assert str(refused)
    if looks_like_net_id(text):
        SIGNAL.read_file("x.txt", text)  # claimed and read, or refused with a reason, or not claimed
    SIGNAL.looks_inline(text)


def random_tree(width: int, height: int, wrapping: bool, order: list[int]) -> list[int]:
    """A spanning tree's tiles: links taken in ``order`` (a permutation of the candidate links) when they join
    two parts."""
    parent = list(range(width * height))

    def root(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    links = [(i, d) for i in range(width * height) for d in (1, 2) if neighbour(i, d, width, height, wrapping) >= 0]
    tiles = [0] * (width * height)
    for k in order:
        i, d = links[k % len(links)]
        j = neighbour(i, d, width, height, wrapping)
        if root(i) != root(j):
            parent[root(i)] = root(j)
            tiles[i] |= (1, 2, 4, 8)[d]
            tiles[j] |= (1, 2, 4, 8)[(d + 2) % 4]
    return tiles


@st.composite
def boards(draw: st.DrawFn) -> Problem:
    wrapping = draw(st.booleans())
    low = 3 if wrapping else 1
    width, height = draw(st.integers(low, 9)), draw(st.integers(low, 9))
    if width * height < 2:
        width = 2
    cells = width * height
    order = draw(st.permutations(range(4 * cells)))
    tiles = random_tree(width, height, wrapping, list(order))
    turned = [VARIANTS[mask][draw(st.integers(0, 3)) % len(VARIANTS[mask])] for mask in tiles]
    return Problem("signal", width, height, {"tiles": turned}, "net", options={"wrapping": True} if wrapping else {})


@settings(max_examples=150, deadline=None)
@given(boards())
def test_any_board_round_trips_through_a_net_id(problem):
    net_id = write_net_id(problem)
    assert looks_like_net_id(net_id)
    assert read_net_id(net_id) == problem
    assert parse_net_id(net_id.upper().replace("X", "x").replace("W:", "w:")).tiles == problem.givens["tiles"]
