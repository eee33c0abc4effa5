"""Every hint text in the seven languages of :data:`gridlogic.hints.LANGUAGES`.

Statically: every module under ``src/gridlogic`` that uses :class:`gridlogic.hints.Text`, found by
reading the source (``ast``), gives each ``Text(...)`` with an English sentence or template its
Chinese, Korean, German, French and Spanish (the keywords ``zh``, ``ko``, ``de``, ``fr``, ``es``),
none of them empty. One test per module, so that a module still being translated fails alone.

Dynamically: the whole walk-through of each game's hardest level (latest version, default size),
Signal's and Pattern's mistakes, techniques and closing notes, read in all seven
languages; German, French and Spanish are not English left in place.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from gridlogic import GAMES
from gridlogic.hints import LANGUAGES, Text
from gridlogic.pattern import hints as pattern_hints
from gridlogic.signal import hints as signal_hints
from gridlogic.signal.board import variants
from gridlogic.signal.tables import board_geometry

SOURCE = Path(__file__).resolve().parents[1] / "src" / "gridlogic"
OTHERS = ("zh", "ko", "de", "fr", "es")  # the languages a Text takes by keyword
NOT_ENGLISH = ("de", "fr", "es")  # languages whose every sentence differs from the English one


def _uses_text(tree: ast.Module) -> bool:
    """Whether a module defines :class:`Text` or imports it from :mod:`gridlogic.hints`."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "Text":
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "gridlogic.hints" \
                and any(alias.name == "Text" for alias in node.names):
            return True
    return False


def _text_modules() -> list[Path]:
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if "Text(" in source and _uses_text(ast.parse(source)):
            found.append(path)
    return found


def _is_sentence(node: ast.expr) -> bool:
    """A non-empty string literal, or an f-string (a template built in place)."""
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)
                                               and node.value != "")


def _missing(call: ast.Call) -> list[str]:
    """The languages a ``Text(...)`` call lacks or leaves empty."""
    given = {keyword.arg: keyword.value for keyword in call.keywords}
    return [lang for lang in OTHERS if lang not in given
            or (isinstance(given[lang], ast.Constant) and given[lang].value == "")]


def test_the_modules_are_found():
    names = {path.relative_to(SOURCE).as_posix() for path in _text_modules()}
    assert {"hints.py", "signal/hints.py", "pattern/hints.py", "cli/explain.py"} <= names


@pytest.mark.parametrize("path", _text_modules(), ids=lambda path: path.relative_to(SOURCE).as_posix())
def test_every_text_of_a_module_is_in_all_seven_languages(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    untranslated = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Text"):
            continue
        english = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "en"), None)
        if english is not None and _is_sentence(english) and (missing := _missing(node)):
            untranslated.append(f"line {node.lineno}: {ast.unparse(english)[:60]} lacks {', '.join(missing)}")
    assert untranslated == []


def _assert_in_every_language(text: Text, where: str) -> None:
    for lang in LANGUAGES:
        assert getattr(text, lang), f"{where}: no {lang}"
    for lang in NOT_ENGLISH:
        assert getattr(text, lang) != text.en, f"{where}: {lang} is the English {text.en!r}"


# Every game with hints, at its latest version's default size and hardest level.
WALKS = [(name, game.version().default_size, game.version().difficulties[-1], game.version().number)
         for name, game in GAMES.items() if game.hints]


@pytest.mark.parametrize("name, size, difficulty, version", WALKS, ids=[walk[0] for walk in WALKS])
def test_a_hard_walk_through_reads_in_every_language(name, size, difficulty, version):
    game = GAMES[name]
    puzzle = game.generate(size, "languages", difficulty, version=version)
    walk = game.hints.explain(game.problem(puzzle), puzzle.version)
    assert walk.status == "solved" and len(walk.steps) > size
    for number, step in enumerate(walk.steps, 1):
        _assert_in_every_language(step.explanation, f"step {number} ({step.technique})")
    assert walk.note == Text("", "")  # a solved walk-through ends without a note
    for technique in game.hints.techniques(version):
        _assert_in_every_language(technique.summary, f"technique {technique.name}")


def test_the_closing_notes_read_in_every_language():
    notes = {f"{module.__name__}.{name}": getattr(module, name) for module in (pattern_hints, signal_hints)
             for name in ("STUCK", "SEVERAL", "SOLVED")}
    notes |= {"pattern.CONTRADICTION": pattern_hints.CONTRADICTION, "signal.NO_TREE": signal_hints.NO_TREE,
              "a pattern walk with two solutions": pattern_hints.walkthrough([[1], [1]], [[1], [1]]).note,
              "signal tiles that make no tree":
                  signal_hints.walkthrough([1, 1, 1, 1], board_geometry(2, 2, False))[0].note}
    for where, note in notes.items():
        _assert_in_every_language(note, where)


@pytest.mark.parametrize("name", ["signal", "pattern"])
def test_a_mistake_and_a_solved_board_read_in_every_language(name):
    game = GAMES[name]
    puzzle = game.generate(6, "languages")
    if name == "signal":
        board = list(puzzle.answer)
        solved = game.hints.hint(puzzle, board)
        shown = list(puzzle.shuffled)
        wrong = next(hint for i in range(len(shown)) for turned in variants(shown[i])
                     if (hint := game.hints.hint(puzzle, shown[:i] + [turned] + shown[i + 1:])).status == "mistake")
    else:
        board = [1 if value else 2 for value in puzzle.answer]
        solved = game.hints.hint(puzzle, board)
        wrong = game.hints.hint(puzzle, [2 if value == 1 else 1 for value in board[:3]] + board[3:])
    assert solved.status == "solved" and wrong.status == "mistake"
    _assert_in_every_language(solved.explanation, "solved")
    _assert_in_every_language(wrong.explanation, "mistake")

