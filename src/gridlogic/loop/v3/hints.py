"""Hints for Loop version 3: the next edges a person can decide by the easiest of version 3's techniques, and why.

The step solver is version 3's own ladder (:mod:`.ladder`), so a walk-through uses exactly the
techniques of the grade and its level is the grade's (``tests/loop/test_v3_hints.py`` checks it on
every level). A step is found level by level, easiest first: a board holding the clues and the known
edges applies the techniques of one level (its pair facts and links, which the player's board does
not show, are found again from the edges each time) and stops at the first cell or dot where an edge
is decided; the edges decided there are the step. Its technique is the level's own: the rule that
decided the first edge when it belongs to the level, else the level's rule that wrote the facts it
used (``cell_pair`` or ``opposite`` at hard, ``parity`` at expert), since those never decide an edge
themselves. A walk-through takes a ``deadline`` (see :mod:`gridlogic.hints`), checked before each
step and inside a ``search`` step: past it, :class:`~gridlogic.params.OutOfTime`.

Worked example (the levels' ``EXAMPLES["clue"]``, checked in ``tests/loop/test_v3_hints.py``): on the
2×2 board ``. . / 0 1`` the first step is the 0's: none of its four sides has a line.

>>> step = next_step([None, None, 0, 1], 2, 2, {})
>>> step.technique, [(m.index, m.value) for m in step.decides]
('clue', [(2, 0), (4, 0), (9, 0), (10, 0)])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gridlogic.hints import Hint, Hints, Mark, Technique, Text, Walkthrough
from gridlogic.loop.board import LINE, UNKNOWN
from gridlogic.loop.hints import TECHNIQUES as ENGINE_TECHNIQUES
from gridlogic.loop.hints import apply, hint_for, search_step, start
from gridlogic.loop.hints import walkthrough as shared_walkthrough
from gridlogic.loop.solver import check_clues
from gridlogic.loop.v3.ladder import RULE_LEVEL, Board, Contradiction
from gridlogic.loop.v3.levels import LEVELS
from gridlogic.params import check_deadline

__all__ = ["HINTS", "TECHNIQUES", "next_step", "walkthrough"]

TECHNIQUES = (
    Technique("clue", "easy", Text("a number already has its lines, or needs every open side",
                                   "数字の線がもう足りているか、残りの辺すべてが必要")),
    Technique("vertex", "easy", Text("a dot has 0 or 2 lines", "点には線が0本か2本")),
    Technique("loop", "easy", Text("a line may not close a loop that is not the whole answer",
                                   "答え全体でない輪を閉じる線は引けない")),
    Technique("pinch", "easy", Text("a line reaching a number's corner spends the one side it can spare",
                                    "数字の角に線が届くと、その数字が空けられる1辺がそこで使われる")),
    Technique("pair", "medium", Text("two edges side by side at a dot: at most one, or at least one, is a line",
                                     "点で隣り合う2辺: 線は多くて1本、または少なくとも1本")),
    Technique("bound", "medium", Text("a number against the fewest and most lines its other sides can hold",
                                      "数字と、残りの辺が持てる線の最少・最多を比べる")),
    Technique("cell_pair", "hard", Text("a number tells its corners how many lines they hold",
                                        "数字がその角の線の数を決める")),
    Technique("opposite", "hard", Text("what one pair at a dot holds limits the opposite pair",
                                       "点の一方の組が決まると、向かいの組も制限される")),
    Technique("parity", "expert", Text("edges linked alike or opposite, chained across the board",
                                       "同じか逆と分かった辺どうしを盤全体でつなぐ")),
    *(t for t in ENGINE_TECHNIQUES if t.name == "search"),  # beyond every level
)
FACT_RULES = {2: ("cell_pair", "opposite"), 3: ("parity",)}  # a level whose rules may only write facts


class _StepBoard(Board):
    """A ladder board that logs every edge it decides and every rule that wrote a fact."""

    def __init__(self, clues: Sequence[int | None], width: int, height: int, level: int,
                 known: Mapping[int, int]) -> None:
        super().__init__(clues, width, height, level)
        self.counts["given"] = 0
        self.rule = "given"
        for e in sorted(known):
            self.set_edge(e, known[e])
        self.decided: list[tuple[int, str]] = []
        self.fact_rules: list[str] = []

    def set_edge(self, e: int, value: int) -> None:
        if self.state[e] == UNKNOWN and self.rule != "given":
            self.decided.append((e, self.rule))
        super().set_edge(e, value)

    def set_flag(self, p: int, flag: int) -> None:
        if not self.flags[p] & flag:
            self.fact_rules.append(self.rule)
        super().set_flag(p, flag)

    def first_step(self) -> int | None:
        """Apply the level's techniques until one cell or dot decides an edge: that item (cells first,
        then dots; -1 for the whole board's ``loop``), or None when nothing is decided."""
        while True:
            while (item := self.next_item()) >= 0:
                if item < self.layout.cell_count:
                    self.cell_rules(item)
                else:
                    self.vertex_rules(item - self.layout.cell_count)
                if self.decided:
                    return item
            self.loop_rule()
            if self.decided:
                return -1
            if not self.waiting():
                return None


def _place(item: int, width: int, cells: int) -> tuple[Mark | None, Text]:
    if item < 0:
        return None, Text("the whole board", "盤全体")
    if item < cells:
        r, c = divmod(item, width)
        return Mark("cell", item), Text(f"the cell at row {r + 1}, column {c + 1}", f"{r + 1}行{c + 1}列のマス")
    r, c = divmod(item - cells, width + 1)
    return Mark("vertex", item - cells), Text(f"the dot at row {r + 1}, column {c + 1}", f"{r + 1}行{c + 1}列の点")


_WHY: dict[str, Text] = {
    "clue": Text("a number already has all its lines (its other sides have none), or needs every undecided side",
                 "数字の線がもう足りている（残りの辺に線はない）か、残る辺がすべて線でないと足りない"),
    "vertex": Text("a dot has 0 or 2 lines", "点には線が0本か2本"),
    "loop": Text("a line there would close a loop that is not the whole answer (or the loop is closed already)",
                 "そこに線を引くと答え全体でない輪が閉じる（または輪がもう閉じている）"),
    "pinch": Text("the number can leave out one more side; a line already reaches the dot where two of its "
                  "undecided sides meet, so at most one of those two is a line and the side left out is there: "
                  "its other undecided sides are lines",
                  "この数字が空けられる辺はあと1本で、未定の2辺が出会う点に線がもう届いているので、その2辺のうち線は多くて1本。"
                  "空く辺はそこにあるので、ほかの未定の辺は線"),
    "pair": Text("a dot with one line takes at most one of any two undecided edges (exactly one of its last two), "
                 "and a dot without a line takes both or neither of its last two edges",
                 "線が1本ある点は、未定の2辺のうち多くて1本（最後の2辺ならちょうど1本）を取り、線のない点は最後の2辺を両方取るか取らない"),
    "bound": Text("counting the fewest and most lines the number's other sides can hold, with what its corner "
                  "dots allow, this side is decided",
                  "数字の残りの辺が持てる線の最少と最多を、角の点の条件も入れて数えると、この辺が決まる"),
    "cell_pair": Text("the numbers tell their corners how many lines they hold (a 3's corner at least one, a 1's "
                      "at most one, a 2 passes \"exactly one\" on), and the dots pass that across",
                      "数字が角の線の数を決め（3の角は少なくとも1本、1の角は多くて1本、2は「ちょうど1本」を向かいへ渡す）、点がそれを隣へ伝える"),
    "opposite": Text("at a dot, a pair of edges with a line among them leaves at most one for the opposite pair, "
                     "and a pair with exactly one decides what the dot's other edges hold",
                     "点で、線を含む2辺の組があれば向かいの組の線は多くて1本。ちょうど1本の組があれば、点の残りの辺が決まる"),
    "parity": Text("edges known to be alike or opposite (a number's or a dot's last two undecided edges), "
                   "chained across the board, decide it",
                   "同じか逆と分かった辺（数字や点の最後の未定の2辺）を盤全体でつなぐと決まる"),
}


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _easy_words(technique: str, place: Text, clue: int | None, decided: Sequence[tuple[int, int]],
                lines_before: int) -> Text | None:
    """The words of a ``clue`` or ``vertex`` step, which say exactly what was counted; None for others."""
    lines = sum(v for _, v in decided)
    if technique == "clue" and clue is not None:
        at = place.en.removeprefix("the cell at ")
        if clue == 0:
            return Text(f"The 0 at {at}: none of its sides has a line.", f"{place.ja}の0: どの辺にも線はありません。")
        if not lines:
            return Text(f"The {clue} at {at} has its {_count(clue, 'line')} already: its other sides "
                        "have none.", f"{place.ja}の{clue}は線がもう{clue}本あるので、残りの辺に線はありません。")
        return Text(f"The {clue} at {at} needs every one of its {_count(len(decided), 'undecided side')}: "
                    "they are lines.", f"{place.ja}の{clue}は、残る{len(decided)}辺がすべて線でないと足りません。")
    if technique == "vertex":
        if lines:
            return Text(f"A line ends at {place.en} and can only go on along its one undecided edge: that edge "
                        "is a line.",
                        f"{place.ja}で線が止まっていて、先に進めるのは未定の1本だけです。その辺は線です。")
        if lines_before == 2:
            return Text(f"Two lines meet at {place.en}: its other edges have no line.",
                        f"{place.ja}では線が2本つながっているので、ほかの辺に線はありません。")
        return Text(f"{place.en[0].upper()}{place.en[1:]} has no line and one undecided edge: a line there would "
                    "end at the dot, so it has none.",
                    f"{place.ja}は線がなく、未定の辺が1本だけです。そこに線を引くと行き止まりになるので、線はありません。")
    return None


def _words(technique: str, place: Text, decided: Sequence[tuple[int, int]]) -> Text:
    lines = sum(v for _, v in decided)
    what_en = (f"{len(decided)} edge{'s' if len(decided) > 1 else ''}: "
               f"{lines} line{'s' if lines != 1 else ''}, {len(decided) - lines} without")
    what_ja = f"{len(decided)}辺（線{lines}、線なし{len(decided) - lines}）"
    why = _WHY[technique]
    return Text(f"At {place.en}: {why.en}. That decides {what_en}.",
                f"{place.ja}: {why.ja}。これで{what_ja}が決まります。")


def next_step(clues: Sequence[int | None], width: int, height: int, known: Mapping[int, int],
              deadline: float | None = None) -> Hint | None:
    """The next step for a board whose ``known`` edges (edge -> LINE or CROSS) are right, by the easiest
    level whose techniques decide something, else by ``search`` (the engine's hints': a puzzle brought
    from outside may be beyond the ladder); None when nothing is decided (or the board contradicts
    the clues). Past ``deadline``: :class:`~gridlogic.params.OutOfTime`."""
    checked = check_clues(clues, width, height)
    found = _ladder_step(checked, width, height, known, deadline)
    return found if found is not None else search_step(checked, width, height, known, deadline)


def _ladder_step(checked: list[int | None], width: int, height: int, known: Mapping[int, int],
                 deadline: float | None = None) -> Hint | None:
    for level in range(len(LEVELS)):
        check_deadline(deadline)
        try:
            board = _StepBoard(checked, width, height, level, known)
            item = board.first_step()
        except Contradiction:
            return None
        if item is None:
            continue
        first_rule = board.decided[0][1]
        technique = first_rule
        if RULE_LEVEL[first_rule] != level:
            technique = next((r for r in board.fact_rules if RULE_LEVEL.get(r) == level), FACT_RULES[level][0])
        decided = tuple(sorted((e, 1 if board.state[e] == LINE else 0) for e, _ in board.decided))
        mark, place = _place(item, width, width * height)
        cells = width * height
        lines_before = 0 if not 0 <= item - cells else sum(
            1 for e in board.layout.vertex_around[item - cells] if known.get(e) == LINE)
        words = _easy_words(technique, place, checked[item] if 0 <= item < cells else None, decided, lines_before)
        g = board.layout.grid
        around = () if item < 0 else g.cell_edges[item] if item < width * height else \
            board.layout.vertex_around[item - width * height]
        seen = {e for e, _ in decided}
        evidence = ([mark] if mark else []) + [Mark("edge", e) for e in around
                                               if e not in seen and board.state[e] != UNKNOWN]
        return Hint("step", technique, tuple(Mark("edge", e, v) for e, v in decided), tuple(evidence),
                    words or _words(technique, place, decided))
    return None


def walkthrough(clues: Sequence[int | None], width: int, height: int,
                deadline: float | None = None) -> Walkthrough:
    """Every step by version 3's ladder from the empty board until every edge is known or no technique
    decides more (:func:`gridlogic.loop.hints.walkthrough` with this module's :func:`next_step`); its
    level is the hardest technique's, which is the grade's."""
    return shared_walkthrough(clues, width, height, LEVELS, TECHNIQUES, deadline, next_step)


def _hint(puzzle: Any, board: Mapping[str, Sequence[int]]) -> Hint:
    return hint_for(puzzle, board, next_step)


def _explain(problem: Any, version: int | None, deadline: float | None = None) -> Walkthrough:
    return walkthrough(problem.givens["clues"], problem.width, problem.height, deadline)


HINTS = Hints(techniques=lambda version: TECHNIQUES, levels=lambda version: LEVELS, hint=_hint, apply=apply,
              explain=_explain, start=start)
"""Version 3's hints record, which :func:`gridlogic.loop.hints.hints_by_version` hands version 3's puzzles."""
