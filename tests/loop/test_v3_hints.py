"""Loop version 3's hints: the module's example, each technique's example walked at its level, the
walk-through's level is the grade, every hint is the solution's on random correct boards, and the
game's record hands version 3 and brought puzzles to them (versions 1 and 2 keep theirs)."""

from __future__ import annotations

import random

import doctests
import pytest

from gridlogic import loop
from gridlogic.hints import LANGUAGES
from gridlogic.loop.hints import BOARD_BLANK, BOARD_CROSS, BOARD_LINE
from gridlogic.loop.v3 import hints as v3_hints
from gridlogic.loop.v3.levels import EXAMPLES, LEVELS, TECHNIQUE_LEVEL, grade

GAME = loop.GAME
EDGE_DECIDING = ("clue", "vertex", "loop", "pinch", "bound", "parity")  # the others may only write facts


def test_module_docstring_example_runs():
    failures, attempted = doctests.testmod(v3_hints, verbose=False)
    assert attempted > 0 and failures == 0


@pytest.mark.parametrize("technique", sorted(EXAMPLES))
def test_each_example_is_walked_at_its_techniques_level(technique):
    width, height, clues = EXAMPLES[technique]
    walk = v3_hints.walkthrough(clues, width, height)
    level = TECHNIQUE_LEVEL[technique]
    assert walk.status == "solved"
    assert walk.level == grade(clues, width, height).level
    assert LEVELS.index(walk.level) >= LEVELS.index(level)
    if technique in EDGE_DECIDING and level == walk.level:
        counts = walk.counts([t.name for t in v3_hints.TECHNIQUES])
        assert counts[technique] >= 1, counts
    for step in walk.steps:
        assert step.decides and step.explanation.en and step.explanation.ja


@pytest.mark.parametrize("level", LEVELS)
def test_the_walkthrough_shows_the_graders_level(level):
    for k in range(4):
        puzzle = GAME.generate(7, f"level-{k}", level, version=3)
        walk = GAME.hints.explain(GAME.problem(puzzle), puzzle.version)
        assert walk.status == "solved" and walk.level == puzzle.level == level
        counts = walk.counts([t.name for t in v3_hints.TECHNIQUES])
        assert counts.keys() == {*TECHNIQUE_LEVEL, "search"} and counts["search"] == 0


def board_of(flat, puzzle):
    split = (puzzle.height + 1) * puzzle.width
    return {"horizontal": flat[:split], "vertical": flat[split:]}


@pytest.mark.parametrize("size, level", [(5, "easy"), (5, "expert"), (7, "medium"), (7, "hard")])
def test_every_hint_on_random_correct_boards_is_the_solutions(size, level):
    rng = random.Random(size)
    for k in range(8):
        puzzle = GAME.generate(size, f"sweep-{k}", level, version=3)
        answer = puzzle.edges()
        for _ in range(4):
            share = rng.random()
            flat = [(BOARD_LINE if line else BOARD_CROSS) if rng.random() < share else BOARD_BLANK for line in answer]
            given = GAME.hints.hint(puzzle, board_of(flat, puzzle))
            assert given.status in ("step", "solved")
            assert given.technique is None or given.technique in TECHNIQUE_LEVEL
            for mark in given.decides:
                assert flat[mark.index] == BOARD_BLANK and mark.value == answer[mark.index]


def test_hints_alone_finish_a_board():
    puzzle = GAME.generate(7, "finish", "expert", version=3)
    board = GAME.hints.start(puzzle)
    for _ in range(300):
        given = GAME.hints.hint(puzzle, board)
        if given.status == "solved":
            break
        board = GAME.hints.apply(puzzle, board, given)
    assert given.status == "solved" and GAME.check(puzzle, board)["solved"]


def test_the_record_hands_version_3_and_brought_puzzles_to_the_ladder():
    names = [t.name for t in v3_hints.TECHNIQUES]
    assert [t.name for t in GAME.hints.techniques(3)] == names
    assert [t.name for t in GAME.hints.techniques(None)] == names  # a puzzle brought from outside
    assert "corner" in [t.name for t in GAME.hints.techniques(2)]  # versions 1 and 2 keep theirs
    assert GAME.hints.levels(1) == ("easy", "medium", "hard")
    brought = GAME.read("7x7t0dt:b22a2a3a1a22b1a13d2b33a32c1b1a23c2a23a")  # a Loopy Tricky puzzle
    walk = GAME.hints.explain(brought, None)
    assert walk.status == "solved" and walk.level == "hard"


def test_several_loops_stop_and_say_so():
    walk = v3_hints.walkthrough([None] * 9, 3, 3)
    assert walk.status == "stuck" and "more than one loop" in walk.note.en


def test_a_brought_puzzle_beyond_the_ladder_is_finished_by_search_steps_and_has_no_level():
    beyond = GAME.generate(7, "x", "expert", version=2)  # version 2's expert: beyond Loopy's Hard
    assert grade(list(beyond.clues), 7, 7).level is None
    walk = GAME.hints.explain(GAME.problem(beyond), None)
    counts = walk.counts([t.name for t in v3_hints.TECHNIQUES])
    assert walk.status == "solved" and walk.level is None and counts["search"] >= 1


FACT_TECHNIQUES = ("cell_pair", "opposite", "parity")  # steps that stand on facts the board does not show


@pytest.mark.parametrize("seed", ["chain-0", "chain-1"])
def test_every_hint_of_an_expert_walk_names_the_clues_and_facts_it_used(seed):
    """Each marked number is named with its value, each marked dot by its place, and a step by a
    fact-writing technique lists its chain of facts: in all seven languages."""
    puzzle = GAME.generate(10, seed, "expert", version=3)
    clues = GAME.problem(puzzle).givens["clues"]
    walk = GAME.hints.explain(GAME.problem(puzzle), puzzle.version)
    assert walk.level == "expert"
    chained = 0
    for step in walk.steps:
        words = step.explanation
        assert all(words.to_dict().get(lang) for lang in LANGUAGES), words
        assert all(getattr(words, lang) != words.en for lang in ("de", "fr", "es")), words
        for mark in step.evidence:
            if mark.kind == "cell":
                r, c = divmod(mark.index, 10)
                assert f"{clues[mark.index]} at row {r + 1}, column {c + 1}" in words.en, (mark, words.en)
            elif mark.kind == "vertex":
                r, c = divmod(mark.index, 11)
                assert f"the dot at row {r + 1}, column {c + 1}" in words.en.lower(), (mark, words.en)
        if step.technique in FACT_TECHNIQUES:
            facts = words.en.split("It stands on these facts, in order: ")[1]
            assert facts.startswith("(1) ") and len(step.evidence) > 1, words.en
            chained += 1
    assert chained >= 5
