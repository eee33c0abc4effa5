"""gridlogic.scoring: the worked example, the par table, the formula's properties and its errors."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path
from types import SimpleNamespace

import doctests
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic import GAMES, InvalidParameters, scoring
from gridlogic.durations import format_duration
from gridlogic.game.registry import GAME_MODULES
from gridlogic.scoring import par_seconds, par_table, score_play, scored_difficulties

SCORING_PAGE = Path(__file__).resolve().parents[1] / "docs" / "guide" / "scoring.md"

PUZZLES = [
    (name, size, difficulty)
    for name, game in GAMES.items()
    for size in game.version().sides
    for difficulty in scored_difficulties(game)
]
puzzles = st.sampled_from(PUZZLES)
play_seconds = st.floats(min_value=0, max_value=1e6, allow_nan=False)
counts = st.integers(min_value=0, max_value=10_000)
min_moves_or_none = st.none() | st.integers(min_value=0, max_value=500)


def test_module_docstring_example_runs():
    # The docstring's >>> lines are the worked example; doctest fails if any output differs.
    failures, attempted = doctests.testmod(scoring, verbose=False)
    assert attempted >= 3
    assert failures == 0


def test_worked_example_step_by_step():
    result = score_play(
        "pattern", 10, seconds=840, moves=70, checks=1, revealed=False, min_moves=55
    )
    assert result.par.seconds == 10 * 10 * 6
    points = {part.label: part.points for part in result.breakdown}
    assert points["time"] == -round((840 - 600) / 600 * 25)
    assert points["moves"] == -math.floor((70 - 55) / 55 * 10 + 0.5)
    assert points["checks"] == -5
    assert result.score == 82
    assert (result.rank, result.rank_label_en, result.rank_label_ja) == (
        "A",
        "Excellent",
        "すばらしい",
    )
    assert result.to_dict() == {
        "score": 82,
        "rank": "A",
        "rankLabel": {"en": "Excellent", "ja": "すばらしい"},
        "breakdown": [part.to_dict() for part in result.breakdown],
        "par": {"seconds": 600, "moves": 55},
    }
    json.dumps(result.to_dict())  # JSON-ready
    assert "82 A" in repr(result)


def test_par_follows_the_stated_rule():
    for game, size, difficulty in PUZZLES:
        par = par_seconds(game, size, difficulty)
        factor = {"any": 1, "medium": 1, "easy": 0.6, "hard": 1.5, "expert": 2, "unrated": 1.5}[difficulty]
        exact = size * size * GAMES[game].seconds_per_cell * factor
        assert par % 10 == 0
        assert abs(par - exact) <= 5, (game, size, difficulty)


def test_par_grows_with_size_and_difficulty():
    table = par_table()
    for by_size in table.values():
        sizes = sorted(by_size)
        for small, large in itertools.pairwise(sizes):
            assert by_size[small]["any"] < by_size[large]["any"]
        for by_difficulty in by_size.values():
            if "easy" in by_difficulty:
                assert by_difficulty["easy"] < by_difficulty["medium"] < by_difficulty["hard"]
                assert by_difficulty["any"] == by_difficulty["medium"]


def test_docs_par_table_matches_the_code():
    # The scoring guide's table is written by hand; it must say what par_table() computes for the games
    # gridlogic ships (a game the tests add beside them, such as the reference game, is not on the page).
    shipped = {module.rsplit(".", 1)[1] for module in GAME_MODULES}
    text = SCORING_PAGE.read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[0] in GAMES:
            rows[(cells[0], int(cells[1]))] = cells[2:]

    def shown(seconds: int) -> str:
        return f"{seconds // 60}:{seconds % 60:02d}"

    expected = {}
    for game, by_size in par_table().items():
        if game not in shipped:
            continue
        for size, by_difficulty in by_size.items():
            if "easy" in by_difficulty:
                expected[(game, size)] = [
                    shown(by_difficulty[d]) if d in by_difficulty else "" for d in ("easy", "medium", "hard", "expert")
                ]
            else:
                expected[(game, size)] = ["", shown(by_difficulty["any"]), "", ""]
    assert rows == expected


@pytest.mark.parametrize(
    "seconds, expected",
    [(0, "0:00"), (59.9, "0:59"), (500, "8:20"), (3600, "1:00:00"), (3725, "1:02:05")],
)
def test_format_duration(seconds, expected):
    assert format_duration(seconds) == expected


def test_within_par_and_minimum_moves_without_checks_is_full_marks():
    for game, size, difficulty in PUZZLES:
        par = par_seconds(game, size, difficulty)
        result = score_play(
            game, size, difficulty, seconds=par, moves=12, checks=0, revealed=False, min_moves=12
        )
        assert (result.score, result.rank) == (100, "S")


def test_each_penalty_is_capped():
    result = score_play(
        "loop", 7, "hard", seconds=10**7, moves=10**6, checks=1000, revealed=False, min_moves=1
    )
    assert [part.points for part in result.breakdown] == [100, -50, -20, -20]
    assert (result.score, result.rank) == (10, "D")


def test_moves_without_minimum_are_not_scored():
    result = score_play("signal", 5, "easy", seconds=10, moves=999, checks=0, revealed=False)
    moves = next(part for part in result.breakdown if part.label == "moves")
    assert moves.points == 0 and "not scored" in moves.explanation
    assert result.par.moves is None and result.to_dict()["par"]["moves"] is None


def test_rank_boundaries():
    scores = (100, 90, 89, 75, 74, 60, 59, 40, 39, 10, 0)
    assert [scoring.rank_for(s)[0] for s in scores] == list("SSAABBCCDDD")
    for _, rank, label_en, label_ja in scoring.RANKS:
        assert rank and label_en and label_ja


@settings(max_examples=200, deadline=None)
@given(puzzles, play_seconds, play_seconds, counts, counts, min_moves_or_none)
def test_more_time_never_raises_the_score(puzzle, a, b, moves, checks, min_moves):
    faster, slower = sorted((a, b))
    play = {"moves": moves, "checks": checks, "revealed": False, "min_moves": min_moves}
    assert (
        score_play(*puzzle, seconds=slower, **play).score
        <= score_play(*puzzle, seconds=faster, **play).score
    )


@settings(max_examples=200, deadline=None)
@given(puzzles, play_seconds, counts, counts, counts, min_moves_or_none)
def test_more_checks_never_raise_the_score(puzzle, seconds, moves, a, b, min_moves):
    fewer, more = sorted((a, b))
    play = {"seconds": seconds, "moves": moves, "revealed": False, "min_moves": min_moves}
    assert (
        score_play(*puzzle, checks=more, **play).score
        <= score_play(*puzzle, checks=fewer, **play).score
    )


@settings(max_examples=200, deadline=None)
@given(puzzles, play_seconds, counts, counts, counts, min_moves_or_none)
def test_more_moves_never_raise_the_score(puzzle, seconds, checks, a, b, min_moves):
    fewer, more = sorted((a, b))
    play = {"seconds": seconds, "checks": checks, "revealed": False, "min_moves": min_moves}
    assert (
        score_play(*puzzle, moves=more, **play).score
        <= score_play(*puzzle, moves=fewer, **play).score
    )


@settings(max_examples=300, deadline=None)
@given(puzzles, play_seconds, counts, counts, st.booleans(), min_moves_or_none)
def test_score_range_rank_and_breakdown_sum(puzzle, seconds, moves, checks, revealed, min_moves):
    result = score_play(
        *puzzle, seconds=seconds, moves=moves, checks=checks, revealed=revealed, min_moves=min_moves
    )
    assert 0 <= result.score <= 100
    assert sum(part.points for part in result.breakdown) == result.score
    if revealed:
        assert (result.score, result.rank) == (0, "revealed")
        assert result.to_dict()["rankLabel"] == {"en": "Solution revealed", "ja": "解答を表示"}
    else:
        assert result.score >= 10
        assert result.rank == scoring.rank_for(result.score)[0]
    for part in result.breakdown:
        assert part.label and part.explanation


BAD_NUMBERS = [-1, -0.5, math.nan, math.inf, -math.inf, "10", None, True, [3]]


@pytest.mark.parametrize("value", BAD_NUMBERS)
def test_bad_seconds_are_refused(value):
    with pytest.raises(InvalidParameters, match=r"seconds .* finite number >= 0"):
        score_play("signal", 4, seconds=value, moves=1, checks=0, revealed=False)


@pytest.mark.parametrize(
    "field, value",
    [
        (field, value)
        for field in ("moves", "checks", "min_moves")
        for value in BAD_NUMBERS + [2.0]
        if not (field == "min_moves" and value is None)  # None there means "not known"
    ],
)
def test_bad_counts_are_refused(field, value):
    play = {"seconds": 60, "moves": 1, "checks": 0, "revealed": False, "min_moves": 5}
    play[field] = value
    with pytest.raises(InvalidParameters, match=rf"{field} must be a whole number of at least 0"):
        score_play("pattern", 5, **play)


@pytest.mark.parametrize("value", [0, 1, "yes", None])
def test_revealed_must_be_a_bool(value):
    with pytest.raises(InvalidParameters, match="true or false"):
        score_play("pattern", 5, seconds=1, moves=1, checks=0, revealed=value)


@pytest.mark.parametrize(
    "game, size, difficulty, bad, allowed",
    [
        ("chess", 4, "any", "chess", "the games are " + ", ".join(GAMES)),
        ("signal", 0, "any", 0, "a (width, height) pair, each 1 to 200"),
        ("pattern", 201, "any", 201, "a (width, height) pair, each 1 to 200"),
        ("loop", (5, 0), "any", (5, 0), "a (width, height) pair, each 1 to 200"),
        ("loop", 5.0, "any", 5.0, "a (width, height) pair, each 1 to 200"),
        ("signal", True, "any", True, "a (width, height) pair, each 1 to 200"),
        ("pattern", 5, "expert", "expert", "the difficulties are any, easy, medium, hard, unrated"),
        ("loop", 5, "genius", "genius", "the difficulties are any, easy, medium, hard, expert, unrated"),
        ("signal", 4, None, None, "the difficulties are any, easy, medium, hard, unrated"),
    ],
)
def test_unknown_puzzles_are_refused_naming_what_is_allowed(game, size, difficulty, bad, allowed):
    with pytest.raises(InvalidParameters) as caught:
        score_play(game, size, difficulty, seconds=1, moves=1, checks=0, revealed=False)
    assert repr(bad) in str(caught.value)
    assert str(caught.value).endswith(allowed)


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(st.text(max_size=8), st.integers(), st.none()),
    st.one_of(st.integers(min_value=-5, max_value=20), st.floats(), st.text(max_size=3), st.none()),
    st.one_of(st.text(max_size=8), st.none(), st.integers()),
    st.one_of(st.floats(), st.integers(), st.text(max_size=3), st.none(), st.booleans()),
    st.one_of(st.integers(), st.floats(), st.none(), st.booleans()),
)
def test_any_input_scores_or_raises_invalid_parameters(game, size, difficulty, seconds, moves):
    try:
        result = score_play(
            game, size, difficulty, seconds=seconds, moves=moves, checks=0, revealed=False
        )
    except InvalidParameters:
        return
    assert 0 <= result.score <= 100


def _rotated(mask: int, times: int) -> int:
    # Independent of scoring's helper: rotate by listing the directions (up, right, down, left).
    directions = [bool(mask & bit) for bit in (1, 2, 4, 8)]
    for _ in range(times):
        directions = directions[-1:] + directions[:-1]
    return sum(bit for bit, on in zip((1, 2, 4, 8), directions) if on)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 15), st.integers(0, 3)), min_size=1, max_size=36))
def test_signal_min_moves_are_the_fewer_turns_either_way(tiles_and_turns):
    answer = [mask for mask, _ in tiles_and_turns]
    # Turning the answer counter-clockwise k times means k clockwise turns bring it back.
    shown = [_rotated(mask, (4 - turns) % 4) for mask, turns in tiles_and_turns]
    expected = 0
    for mask, target in zip(shown, answer):
        clockwise = next(k for k in range(4) if _rotated(mask, k) == target)
        expected += min(clockwise, 4 - clockwise)
    assert GAMES["signal"].min_moves(SimpleNamespace(shuffled=shown, answer=answer)) == expected


def test_signal_min_moves_by_hand():
    # 1 (up) turned once clockwise is 2 (right); 5 (up+down) is its own half turn;
    # 3 (up+right) reaches 9 (up+left) by three clockwise turns or one counter-clockwise.
    signal = GAMES["signal"]
    assert signal.min_moves(SimpleNamespace(shuffled=[1, 5, 3], answer=[2, 5, 9])) == 1 + 0 + 1
    assert signal.min_moves(SimpleNamespace(shuffled=[5], answer=[10])) == 1


def test_pattern_and_loop_min_moves():
    pattern, loop = GAMES["pattern"].generate(5, "mm"), GAMES["loop"].generate(5, "mm", version=1)
    assert GAMES["pattern"].min_moves(pattern) == sum(pattern.answer)
    assert GAMES["loop"].min_moves(loop) == loop.metrics.loop_length == sum(loop.edges())


def test_score_puzzle_uses_the_games_least_moves():
    puzzle = GAMES["pattern"].generate(10, "sp")
    scored = scoring.score_puzzle(puzzle, seconds=10, moves=sum(puzzle.answer), checks=0, revealed=False)
    assert scored.score == 100 and scored.par.moves == sum(puzzle.answer)


@pytest.mark.parametrize("game", GAMES)
def test_every_playable_size_and_difficulty_is_scored(game):
    # Everything a game can generate must have a par.
    for version in GAMES[game].versions.values():
        for side in version.sides:
            for difficulty in version.difficulties:
                assert par_seconds(game, side, difficulty) > 0


def test_hints_cost_five_each_and_appear_only_when_taken():
    play = {"seconds": 10, "moves": 5, "checks": 0, "revealed": False, "min_moves": 5}
    assert [part.label for part in score_play("pattern", 5, **play).breakdown] == ["solved", "time", "moves", "checks"]
    taken = score_play("pattern", 5, hints=3, **play)
    assert taken.breakdown[-1].label == "hints" and taken.breakdown[-1].points == -15
    assert (taken.score, taken.rank) == (85, "A")
    capped = score_play("pattern", 5, hints=1000, **play)
    assert capped.breakdown[-1].points == -50 and capped.score == 50


def test_hints_never_take_the_score_below_zero():
    result = score_play("loop", 7, "hard", seconds=10**7, moves=10**6, checks=1000, hints=3, revealed=False,
                        min_moves=1)
    assert [part.points for part in result.breakdown] == [100, -50, -20, -20, -10]
    assert (result.score, result.rank) == (0, "D")


@settings(max_examples=200, deadline=None)
@given(puzzles, play_seconds, counts, counts, counts, counts, min_moves_or_none)
def test_more_hints_never_raise_the_score_and_the_breakdown_adds_up(puzzle, seconds, moves, checks, a, b,
                                                                     min_moves):
    fewer, more = sorted((a, b))
    play = {"seconds": seconds, "moves": moves, "checks": checks, "revealed": False, "min_moves": min_moves}
    low, high = score_play(*puzzle, hints=more, **play), score_play(*puzzle, hints=fewer, **play)
    assert 0 <= low.score <= high.score
    assert sum(part.points for part in low.breakdown) == low.score


@pytest.mark.parametrize("value", [-1, 1.5, "2", None, True])
def test_bad_hint_counts_are_refused(value):
    with pytest.raises(InvalidParameters, match=r"hints must be a whole number of at least 0"):
        score_play("pattern", 5, seconds=60, moves=1, checks=0, hints=value, revealed=False)
