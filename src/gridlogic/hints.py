"""Hints that explain: the next deduction a person can make, what it decides, why, and from what.

Every game has a step solver (:mod:`gridlogic.signal.hints`,
:mod:`gridlogic.pattern.hints`, :mod:`gridlogic.loop.hints`) and lists it in
its :class:`~gridlogic.game.Game` record as a :class:`Hints`. Given a puzzle
and a player's board, ``hint`` answers one :class:`Hint`:

``status``
    ``"step"`` (a deduction), ``"mistake"`` (the board contradicts the
    solution: the hint points at the earliest mistake instead of reasoning
    from a wrong board), ``"solved"`` (nothing is left to decide) or
    ``"stuck"`` (no technique decides anything more: a puzzle with several
    solutions, or one beyond the techniques' limits; the explanation says which).
``technique``
    the technique of a step, by the name its game's grader uses for it
    (Signal: ``boundary``, ``local``, ``global``, ``search``; Pattern:
    ``line``, ``probe``, ``search``; Loop: ``clue``, ``vertex``, ``loop``,
    ``corner``, ``threes``, ``colour``, ``trial``, ``search``). A step uses
    the easiest technique that decides something, in the grader's order.
``decides``
    what the step decides, as :class:`Mark` s with a value: a tile and its
    orientation (Signal's mask), a cell filled (1) or empty (0), an edge
    with a line (1) or without (0).
``evidence``
    what forces it: the clues, lines, cells, tiles, vertices and edges a
    person looks at to see it (for a mistake: the wrong item).
``explanation``
    one or two short sentences in the page's seven languages (:class:`Text`).

**Sound by construction.** A step's values follow from the clues and the
player's correct cells alone; the solution is read for one thing only, to
find mistakes. The tests check it on thousands of random boards.

**A walk-through** (:class:`Walkthrough`, ``Hints.explain``) is the whole
solve from the empty board, step by step, with the count of each technique
and the level it shows. The level is the grader's: the steps use only the
techniques a puzzle of that level needs (for Signal, whose levels also weigh
rounds and the border, the walk-through's stages are the grader's own).
:func:`walk_on_board` plays it on a player's board (``Hints.start``, then
``Hints.apply`` of each step) and says what each step changes
(:func:`board_changes`), so that a page can show the board at any step from
the first board and the changes alone. A walk-through of a big puzzle somebody brought can take
minutes, so ``explain`` takes a ``deadline`` (:func:`gridlogic.params.deadline_after`): each game's
step solver checks it between its steps and inside a step's trials
(:func:`gridlogic.params.check_deadline`), and past it raises
:class:`~gridlogic.params.OutOfTime` instead of answering with the steps found so far. When it
finishes in time, the walk-through is the one it is without a deadline.

A mark names one thing on a board (``kind`` and ``index``, 0-based as the
game numbers them): ``tile``, ``cell``, ``edge`` (Loop's numbering,
horizontal edges first), ``vertex``, ``row``, ``column``, and ``clue`` (a cell's clue, its value the
number shown: the puzzle studio's changes, :mod:`gridlogic.studio`). Worked example
(checked in ``tests/test_hints.py``)::

    >>> step = Hint("step", "line", (Mark("cell", 2, 1),), (Mark("row", 0),),
    ...             Text("Row 1 ...", "1行目 ..."))
    >>> step.to_dict()["decides"], step.to_dict()["evidence"]
    ([{'kind': 'cell', 'index': 2, 'value': 1}], [{'kind': 'row', 'index': 0}])
    >>> Walkthrough("easy", (step, step), "solved").counts(("line", "probe"))
    {'line': 2, 'probe': 0}
    >>> board_changes([0, 0, 0], [0, 1, 2]), board_changes({"h": [0, 0], "v": [1]}, {"h": [0, 1], "v": [1]})
    ([[1, 1], [2, 2]], {'h': [[1, 1]]})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = [
    "HINT_STATUSES", "LANGUAGES", "MARK_KINDS", "WALK_STATUSES", "Explain", "Hint", "Hints", "Mark", "Technique",
    "Text", "Walkthrough", "board_changes", "hardest_level", "positions_text", "walk_on_board",
]

LANGUAGES = ("en", "ja", "zh", "ko", "de", "fr", "es")
"""The languages of a :class:`Text`, in the page's order of its language picker."""
MARK_KINDS = ("tile", "cell", "edge", "vertex", "row", "column", "clue")
HINT_STATUSES = ("step", "mistake", "solved", "stuck")
WALK_STATUSES = ("solved", "stuck", "contradiction")


@dataclass(frozen=True)
class Text:
    """A sentence in the page's seven languages (:data:`LANGUAGES`; English and Japanese first, the
    others by name). A sentence with parts is a template whose ``{names}`` :meth:`fill` fills, each
    language with the same language of the parts:

    >>> at = Text("At {place}: {n} lines.", "{place}: 線{n}本。", de="Bei {place}: {n} Linien.")
    >>> at.fill(place=Text("the dot", "点", de="dem Punkt"), n=2).to_dict()
    {'en': 'At the dot: 2 lines.', 'ja': '点: 線2本。', 'de': 'Bei dem Punkt: 2 Linien.'}

    ``to_dict`` leaves out the languages a text does not have (a page shows English there);
    ``tests/test_hint_languages.py`` finds every hint's text in all seven."""

    en: str
    ja: str
    zh: str = ""
    ko: str = ""
    de: str = ""
    fr: str = ""
    es: str = ""

    def to_dict(self) -> dict[str, str]:
        return {lang: words for lang in LANGUAGES if (words := getattr(self, lang))}

    def get(self, lang: str) -> str:
        """The text in ``lang``, or in English when it has none in ``lang``."""
        return getattr(self, lang) or self.en

    def fill(self, **parts: Text | int | str) -> Text:
        """Each language's template with its ``{name}`` fields filled: a :class:`Text` part by its text
        in the same language (English where it has none), a number or string as it is."""
        return Text(**{lang: getattr(self, lang).format(**{
            name: part.get(lang) if isinstance(part, Text) else part for name, part in parts.items()
        }) for lang in LANGUAGES})

    @staticmethod
    def join(texts: Sequence[Text], separator: Text) -> Text:
        """The texts one after the other with ``separator`` between them, language by language."""
        return Text(**{lang: separator.get(lang).join(t.get(lang) for t in texts) for lang in LANGUAGES})

    def capitalised(self) -> Text:
        """The text that begins a sentence: its first letter a capital in every language."""
        return Text(**{lang: self.get(lang)[:1].upper() + self.get(lang)[1:] for lang in LANGUAGES})

    def __add__(self, other: Text) -> Text:
        """Two texts one after the other: a space between them (none in Japanese and Chinese) unless the
        second goes on with a punctuation mark (``Text("Suppose so", "") + Text(": then", "")`` is
        "Suppose so: then")."""
        def joined(first: str, second: str, lang: str) -> str:
            spaced = lang not in ("ja", "zh") and second[:1] not in (",", ".", ":", ";")
            return f"{first}{' ' if spaced else ''}{second}".strip()
        return Text(**{lang: joined(getattr(self, lang), getattr(other, lang), lang) for lang in LANGUAGES})


@dataclass(frozen=True, order=True)
class Mark:
    """One thing on a board (see the module docstring); ``value`` is what a hint decides it to be."""

    kind: str
    index: int
    value: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "index": self.index}
        if self.value is not None:
            data["value"] = self.value
        return data


@dataclass(frozen=True)
class Technique:
    """A technique of a game's hints: its name, the grader's level it belongs to (None when no level
    allows it, as for a search), and what it is, in one sentence."""

    name: str
    level: str | None
    summary: Text


@dataclass(frozen=True)
class Hint:
    """One hint: see the module docstring for the fields."""

    status: str
    technique: str | None
    decides: tuple[Mark, ...]
    evidence: tuple[Mark, ...]
    explanation: Text

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "technique": self.technique,
            "explanation": self.explanation.to_dict(),
            "decides": [mark.to_dict() for mark in self.decides],
            "evidence": [mark.to_dict() for mark in self.evidence],
        }


@dataclass(frozen=True)
class Walkthrough:
    """The whole solve from the empty board: the steps, how it ended (``status``, one of
    :data:`WALK_STATUSES`), the level the steps show (None when no level fits), and a closing note."""

    level: str | None
    steps: tuple[Hint, ...]
    status: str
    note: Text = Text("", "")

    def counts(self, techniques: Sequence[str]) -> dict[str, int]:
        """How many steps used each technique, in the order of ``techniques``."""
        counted = dict.fromkeys(techniques, 0)
        for step in self.steps:
            if step.technique is not None:
                counted[step.technique] = counted.get(step.technique, 0) + 1
        return counted

    def to_dict(self, techniques: Sequence[str]) -> dict[str, Any]:
        return {
            "level": self.level,
            "status": self.status,
            "note": self.note.to_dict(),
            "techniques": self.counts(techniques),
            "steps": [
                {key: value for key, value in step.to_dict().items() if key != "status"} for step in self.steps
            ],
        }


def hardest_level(used: Iterable[str], techniques: Sequence[Technique], levels: Sequence[str]) -> str | None:
    """The level a set of techniques needs: the highest of their levels in ``levels``' order
    (the first level when none is used), or None when one of them belongs to no level."""
    level_of = {technique.name: technique.level for technique in techniques}
    highest = 0
    for name in used:
        level = level_of[name]
        if level is None:
            return None
        highest = max(highest, levels.index(level))
    return levels[highest]


def positions_text(positions: Iterable[int]) -> Text:
    """1-based positions as runs, in words: ``[0, 1, 2, 5]`` -> "1–3 and 6" (ja "1〜3・6", de "1–3 und 6")."""
    runs: list[tuple[int, int]] = []
    for p in sorted(set(positions)):
        if runs and runs[-1][1] == p - 1:
            runs[-1] = (runs[-1][0], p)
        else:
            runs.append((p, p))
    words = [f"{a + 1}" if a == b else f"{a + 1}–{b + 1}" for a, b in runs]

    def listed(conjunction: str) -> str:
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {conjunction} " + words[-1]

    return Text(listed("and"), "・".join(w.replace("–", "〜") for w in words),
                zh="、".join(w.replace("–", "～") for w in words), ko=", ".join(w.replace("–", "~") for w in words),
                de=listed("und"), fr=listed("et"), es=listed("y"))


class Explain(Protocol):
    """A game's ``Hints.explain``: the walk-through of a :class:`~gridlogic.game.Problem` by the techniques
    of generator version ``version`` (None: a puzzle brought from outside), within ``deadline`` (a
    :func:`time.monotonic` instant; None: no deadline), past which it raises
    :class:`~gridlogic.params.OutOfTime`."""

    def __call__(self, problem: Any, version: int | None, deadline: float | None = None) -> Walkthrough: ...


@dataclass(frozen=True)
class Hints:
    """What a game's record says of its hints (``Game.hints``).

    ``techniques(version)`` the techniques a puzzle of that generator version is explained with,
        easiest first (``None``: a puzzle brought from outside);
    ``levels(version)`` that version's levels, easiest first (empty when it grades nothing);
    ``hint(puzzle, board) -> Hint`` the next hint for a board as ``Game.parse_board`` returns it;
    ``apply(puzzle, board, hint) -> board`` the board with the hint's decisions made (and a
        mistake cleared, where the board can show "not known"); the same board when it has none;
    ``explain(problem, version, deadline=None) -> Walkthrough`` the whole solve of a
        :class:`~gridlogic.game.Problem` with the techniques of ``version`` (None: a puzzle brought
        from outside), stopped with :class:`~gridlogic.params.OutOfTime` past ``deadline`` (:class:`Explain`);
    ``start(puzzle) -> board`` the board a play starts from (nothing decided yet).
    """

    techniques: Callable[[int | None], tuple[Technique, ...]]
    levels: Callable[[int | None], tuple[str, ...]]
    hint: Callable[[Any, Any], Hint]
    apply: Callable[[Any, Any, Hint], Any]
    explain: Explain
    start: Callable[[Any], Any]


Board = Sequence[int] | Mapping[str, Sequence[int]]  # a player's board: a list, or named lists (Loop's edges)


def board_changes(before: Board, after: Board) -> Any:
    """What changed from one board to the next, in the boards' own shape: ``[[index, value], ...]``
    for a list, ``{name: [[index, value], ...]}`` for named lists (only the names that changed)."""
    if isinstance(before, Mapping) and isinstance(after, Mapping):
        changed = {name: board_changes(before[name], after[name]) for name in before}
        return {name: pairs for name, pairs in changed.items() if pairs}
    assert not isinstance(before, Mapping) and not isinstance(after, Mapping)
    return [[index, new] for index, (old, new) in enumerate(zip(before, after, strict=True)) if old != new]


def walk_on_board(hints: Hints, puzzle: Any, walk: Walkthrough, techniques: Sequence[str]) -> dict[str, Any]:
    """The walk-through in JSON form (:meth:`Walkthrough.to_dict`) played on the player's board: ``start``
    is the board a play starts from and each step's ``changes`` what applying it changes
    (:func:`board_changes`; empty where a step narrows a tile's choices without turning it)."""
    data = walk.to_dict(techniques)
    board = hints.start(puzzle)
    data["start"] = board
    for step, shown in zip(walk.steps, data["steps"], strict=True):
        after = hints.apply(puzzle, board, step)
        shown["changes"] = board_changes(board, after)
        board = after
    return data
