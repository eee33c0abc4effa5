"""Loop's hints in the seven languages of :data:`gridlogic.hints.LANGUAGES`: the whole walk-through of
a hard 10×10 version 2 puzzle, a mistake, a search step and the closing notes each read in all seven,
with German, French and Spanish not English left in place; English and Japanese as they were."""

from __future__ import annotations

from gridlogic import loop
from gridlogic.hints import LANGUAGES, Text
from gridlogic.loop import hints as loop_hints
from gridlogic.loop.solver import EXAMPLES

NOT_ENGLISH = ("de", "fr", "es")  # languages whose every sentence differs from the English one


def assert_in_every_language(text: Text, where: str) -> None:
    for lang in LANGUAGES:
        assert getattr(text, lang), f"{where}: no {lang}"
    for lang in NOT_ENGLISH:
        assert getattr(text, lang) != text.en, f"{where}: {lang} is the English {text.en!r}"


def test_a_hard_10x10_version_2_walk_through_reads_in_every_language():
    puzzle = loop.generate(10, "languages", "hard", version=2)
    walk = loop.GAME.hints.explain(loop.GAME.problem(puzzle), puzzle.version)
    assert walk.status == "solved" and walk.level == "hard"
    assert {step.technique for step in walk.steps} >= {"clue", "vertex", "corner", "colour"}
    for number, step in enumerate(walk.steps, 1):
        assert_in_every_language(step.explanation, f"step {number} ({step.technique})")
    assert walk.note == Text("", "")  # a solved walk-through ends without a note
    for technique in loop.GAME.hints.techniques(puzzle.version):
        assert_in_every_language(technique.summary, f"technique {technique.name}")


def test_the_notes_a_mistake_and_a_search_read_in_every_language():
    puzzle = loop.generate(7, "languages", "hard", version=2)
    answer = puzzle.edges()
    flat = [loop_hints.BOARD_BLANK] * len(answer)
    flat[0] = loop_hints.BOARD_CROSS if answer[0] else loop_hints.BOARD_LINE
    flat[-1] = loop_hints.BOARD_CROSS if answer[-1] else loop_hints.BOARD_LINE
    split = (puzzle.height + 1) * puzzle.width
    mistake = loop_hints.hint(puzzle, {"horizontal": flat[:split], "vertical": flat[split:]})
    assert mistake.status == "mistake"
    search = loop_hints.search_step(puzzle.clues, puzzle.width, puzzle.height, {})
    assert search is not None and search.technique == "search"
    texts = {
        "mistake": mistake.explanation, "search": search.explanation,
        "several loops": loop_hints.walkthrough([None] * 9, 3, 3).note,
        "no loop": loop_hints.walkthrough([4, 4, None, None], 2, 2).note,
        "stuck": loop_hints.STUCK, "solved": loop_hints.SOLVED,
    }
    for where, text in texts.items():
        assert_in_every_language(text, where)


def first_step(technique):
    width, height, clues = EXAMPLES[technique]
    return next(step for step in loop_hints.walkthrough(clues, width, height).steps if step.technique == technique)


def test_english_and_japanese_read_as_they_did():
    """Steps from the engine's examples, word for word in English and Japanese as before the other five
    languages came, and in German with its articles in their cases."""
    corner, trial = first_step("corner").explanation, first_step("trial").explanation
    assert corner.en == (
        "The 3 at row 2, column 1, read with the corners around it (the marked cells and dots): in every way its "
        "sides can still go, its bottom and left sides have a line.")
    assert corner.ja == (
        "2行1列の3は、周りの角（印のマスと点）も合わせて見ると、残る辺の組み合わせはどれも「下と左の辺は線」です。")
    assert trial.en == (
        "Suppose the edge from the dot at row 1, column 1 going right had a line: the rules up to inside and "
        "outside then decide 7 more edges (marked) and run into a contradiction. So it has no line.")
    assert trial.ja == (
        "1行1列の点から右への辺に線があると仮定すると、ほかの7辺が決まっていき、矛盾に行き着きます。よってこの辺に線はありません。")
    assert trial.de == (
        "Angenommen, die Kante vom Punkt in Zeile 1, Spalte 1 nach rechts hätte eine Linie: Die Regeln bis zu "
        "innen und außen entscheiden dann noch 7 Kanten (markiert) und führen zu einem Widerspruch. "
        "Daher hat sie keine Linie.")
