"""Hints and walk-throughs on any grid: the next step of version 4's ladder, in words, with its places.

A hint reads a player's board on a grid (``{"edges": [0 blank | 1 line | 2 cross, ...]}``). A line
off the loop or a cross on it is a **mistake**, named by its edge. Otherwise the board's lines and
crosses are taken as known and the ladder (:mod:`.ladder`) runs from them, level by level from easy,
one face or dot at a time, until some face's or dot's rules decide an edge: that is the **step**.
Its technique is the rule that decided the first edge, its place the face or dot whose rules ran (or
the whole board, for ``loop``), and it lists every edge that face or dot decided then. Evidence:
the place, and the edges round it already known. A walk-through is the steps from the empty board
until the loop is complete or no technique decides more.

==========  =========  ===================================================================
level       technique  why an edge follows
==========  =========  ===================================================================
easy        clue       the number has all its lines, or needs every open edge
            vertex     a dot has 0 or 2 lines
            pinch      a line reaches a corner of a number that can spare one edge
            loop       a line would close a loop short of the whole answer
medium      pair       at a dot, "at most one" or "at least one" of two edges next to each other
            bound      the fewest and most lines the rest of a number's edges can hold
hard        opposite   pair facts passed across a dot, or across a number's corners
expert      parity     edges known to be alike or opposite
==========  =========  ===================================================================

Worked example (a test checks it): the first hint on Loopy's Normal 3×3 honeycomb ``b420c3`` is at
its 0, which crosses its six edges:

>>> from gridlogic.loop.grids import read_loopy_id
>>> puzzle = read_loopy_id("3x3t2:b420c3")
>>> step = next_step(puzzle.grid, puzzle.clues, {})
>>> step.technique, len(step.decides), step.evidence[0]
('clue', 6, Mark(kind='cell', index=4, value=None))
>>> step.explanation.en  # doctest: +NORMALIZE_WHITESPACE
'At the 0 on face 5 (a hexagon): the number has all its lines, or needs every edge still open.
That decides 6 edges: 0 lines and 6 crosses.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gridlogic.errors import InvalidParameters
from gridlogic.hints import Hint, Mark, Text, Walkthrough
from gridlogic.loop.grids import Grid
from gridlogic.loop.grids.loopy_ids import grid_for
from gridlogic.loop.hints import SOLVED, STUCK, mistake_words
from gridlogic.loop.v4.ladder import CROSS, EXPERT, LINE, UNKNOWN, Board, Contradiction
from gridlogic.loop.v4.play import parse_edges
from gridlogic.params import check_deadline

LEVELS = ("easy", "medium", "hard", "expert")
TECHNIQUE_LEVEL = {"clue": "easy", "vertex": "easy", "pinch": "easy", "loop": "easy", "pair": "medium",
                   "bound": "medium", "opposite": "hard", "parity": "expert"}
BOARD_BLANK, BOARD_LINE, BOARD_CROSS = 0, 1, 2

WHY: dict[str, Text] = {
    "clue": Text("the number has all its lines, or needs every edge still open",
                 "数字の数だけ線が引かれているか、残りの辺がすべて必要です",
                 zh="数字的线已经够了，或者需要剩下的所有边", ko="숫자만큼 선이 있거나, 남은 변이 모두 필요합니다",
                 de="die Zahl hat alle ihre Linien, oder sie braucht jede noch offene Kante",
                 fr="le nombre a tous ses traits, ou il lui faut toutes les arêtes encore ouvertes",
                 es="el número tiene todas sus líneas, o necesita todas las aristas aún abiertas"),
    "vertex": Text("a dot has 0 or 2 lines", "点から出る線は0本か2本です", zh="一个点上的线只能是 0 条或 2 条",
                   ko="점에는 선이 0개 또는 2개입니다", de="ein Punkt hat 0 oder 2 Linien",
                   fr="un point a 0 ou 2 traits", es="un punto tiene 0 o 2 líneas"),
    "pinch": Text("a line reaches a corner of the number, which can spare one edge more: one of that corner's two "
                  "edges is the spare, so every other open edge is a line",
                  "線がこの数字の角に届いています。余裕は1辺だけなので、その角の2辺のどちらかが余りで、ほかの辺はすべて線です",
                  zh="有线到达这个数字的一个角，而它只能再空一条边：那个角的两条边之一是空的，其余未定的边都是线",
                  ko="선이 이 숫자의 모서리에 닿았고, 비울 수 있는 변은 하나뿐입니다: "
                     "그 모서리의 두 변 중 하나가 빈 변이므로 나머지 열린 변은 모두 선입니다",
                  de="eine Linie erreicht eine Ecke der Zahl, die nur noch eine Kante frei lassen kann: eine der "
                     "beiden Kanten dieser Ecke ist die freie, daher ist jede andere offene Kante eine Linie",
                  fr="un trait atteint un coin du nombre, qui ne peut plus laisser qu’une arête : l’une des deux "
                     "arêtes de ce coin est celle-là, donc toute autre arête ouverte est un trait",
                  es="una línea llega a una esquina del número, que solo puede dejar una arista libre: una de las "
                     "dos aristas de esa esquina es la libre, así que toda otra arista abierta es línea"),
    "loop": Text("a line there would close a loop that leaves other lines out",
                 "そこに線を引くと、ほかの線を残したまま輪が閉じてしまいます",
                 zh="在那里画线会闭合一个回路，而把其他线留在外面",
                 ko="거기에 선을 그으면 다른 선을 남긴 채 고리가 닫힙니다",
                 de="eine Linie dort würde eine Schleife schließen, die andere Linien auslässt",
                 fr="un trait là fermerait une boucle qui laisse d’autres traits dehors",
                 es="una línea ahí cerraría un bucle que deja fuera otras líneas"),
    "pair": Text("of two edges next to each other at a dot, at most one (or at least one) is a line",
                 "点で隣り合う2辺のうち、線は多くとも1本（または少なくとも1本）です",
                 zh="一个点上相邻的两条边中，最多有一条（或至少有一条）是线",
                 ko="점에서 이웃한 두 변 중 선은 많아야 하나(또는 적어도 하나)입니다",
                 de="von zwei benachbarten Kanten an einem Punkt ist höchstens eine (oder mindestens eine) eine Linie",
                 fr="de deux arêtes voisines en un point, au plus une (ou au moins une) est un trait",
                 es="de dos aristas vecinas en un punto, como mucho una (o al menos una) es línea"),
    "bound": Text("the rest of the number's edges can hold too few or too many lines without it",
                  "残りの辺だけでは線が足りないか、多すぎます",
                  zh="没有它，这个数字其余的边容纳的线会太少或太多",
                  ko="그 변 없이는 나머지 변의 선이 너무 적거나 너무 많습니다",
                  de="ohne sie können die übrigen Kanten der Zahl zu wenige oder zu viele Linien tragen",
                  fr="sans elle, les autres arêtes du nombre portent trop peu ou trop de traits",
                  es="sin ella, las demás aristas del número tienen muy pocas o demasiadas líneas"),
    "opposite": Text("facts about pairs of edges, passed across dots and the number's corners, leave one way",
                     "辺の組についての事実を点や数字の角を越えて伝えると、一通りに決まります",
                     zh="关于成对边的事实经过点和数字的角传递，只剩一种可能",
                     ko="변 쌍에 대한 사실을 점과 숫자의 모서리 너머로 전하면 한 가지만 남습니다",
                     de="Aussagen über Kantenpaare, über Punkte und Ecken der Zahl weitergegeben, lassen nur einen Weg",
                     fr="des faits sur des paires d’arêtes, passés par les points et les coins du nombre, "
                        "ne laissent qu’une possibilité",
                     es="los hechos sobre pares de aristas, pasados por los puntos y las esquinas del número, "
                        "dejan una sola opción"),
    "parity": Text("edges known to be alike or opposite, chained across the board, leave one way",
                   "同じか逆と分かっている辺をつないでいくと、一通りに決まります",
                   zh="已知相同或相反的边在盘面上连成一串，只剩一种可能",
                   ko="같거나 반대라고 알려진 변들을 이어 가면 한 가지만 남습니다",
                   de="Kanten, die als gleich oder entgegengesetzt bekannt sind, über das Brett verkettet, "
                      "lassen nur einen Weg",
                   fr="des arêtes connues pareilles ou opposées, enchaînées sur la grille, ne laissent "
                      "qu’une possibilité",
                   es="aristas que se sabe que son iguales u opuestas, encadenadas por el tablero, "
                      "dejan una sola opción"),
}

STEP_ONE = Text("{Place}: {why}. That decides one edge: {what}.",
                "{place}：{why}。これで1本の辺が決まります（{what}）。",
                zh="{place}：{why}。这决定了一条边：{what}。",
                ko="{place}: {why}. 이로써 변 하나가 정해집니다: {what}.",
                de="{Place}: {why}. Das entscheidet eine Kante: {what}.",
                fr="{Place} : {why}. Cela décide une arête : {what}.",
                es="{Place}: {why}. Eso decide una arista: {what}.")
A_LINE = Text("a line", "線", zh="线", ko="선", de="eine Linie", fr="un trait", es="una línea")
A_CROSS = Text("a cross", "×", zh="×", ko="×", de="ein Kreuz", fr="une croix", es="una cruz")
STEP = Text("{Place}: {why}. That decides {n} edges: {lines} lines and {crosses} crosses.",
            "{place}：{why}。これで{n}本の辺が決まります（線{lines}本、×{crosses}本）。",
            zh="{place}：{why}。这决定了 {n} 条边：{lines} 条线，{crosses} 个 ×。",
            ko="{place}: {why}. 이로써 변 {n}개가 정해집니다: 선 {lines}개, × {crosses}개.",
            de="{Place}: {why}. Das entscheidet {n} Kanten: {lines} Linien und {crosses} Kreuze.",
            fr="{Place} : {why}. Cela décide {n} arêtes : {lines} traits et {crosses} croix.",
            es="{Place}: {why}. Eso decide {n} aristas: {lines} líneas y {crosses} cruces.")
AT_NUMBER = Text("at the {clue} on face {face} (a {shape})", "面{face}（{shape}）の{clue}で",
                 zh="在第 {face} 面（{shape}）的 {clue} 处", ko="면 {face}({shape})의 {clue}에서",
                 de="an der {clue} auf Fläche {face} (ein {shape})", fr="au {clue} de la face {face} ({shape})",
                 es="en el {clue} de la cara {face} ({shape})")
AT_DOT = Text("at dot {dot}", "点{dot}で", zh="在第 {dot} 点", ko="점 {dot}에서", de="an Punkt {dot}",
              fr="au point {dot}", es="en el punto {dot}")
LOOP_CLOSED = Text("the loop is closed and meets every number", "輪が閉じて、すべての数字を満たしています",
                   zh="回路已闭合并满足所有数字", ko="고리가 닫혔고 모든 숫자를 채웁니다",
                   de="die Schleife ist geschlossen und erfüllt jede Zahl",
                   fr="la boucle est fermée et respecte tous les nombres",
                   es="el bucle está cerrado y cumple todos los números")
REST_CROSSED = Text("every other edge is a cross", "ほかの辺はすべて×です", zh="其余的边都是 ×",
                    ko="나머지 변은 모두 ×입니다", de="jede andere Kante ist ein Kreuz",
                    fr="toute autre arête est une croix", es="toda otra arista es una cruz")
EDGE = Text("the edge between dots {a} and {b}", "点{a}と点{b}の間の辺", zh="点 {a} 和点 {b} 之间的边",
            ko="점 {a}과 점 {b} 사이의 변", de="die Kante zwischen Punkt {a} und {b}",
            fr="l’arête entre les points {a} et {b}", es="la arista entre los puntos {a} y {b}")
SHAPES: dict[int, Text] = {
    3: Text("triangle", "三角形", zh="三角形", ko="삼각형", de="Dreieck", fr="triangle", es="triángulo"),
    4: Text("quadrilateral", "四角形", zh="四边形", ko="사각형", de="Viereck", fr="quadrilatère", es="cuadrilátero"),
    5: Text("pentagon", "五角形", zh="五边形", ko="오각형", de="Fünfeck", fr="pentagone", es="pentágono"),
    6: Text("hexagon", "六角形", zh="六边形", ko="육각형", de="Sechseck", fr="hexagone", es="hexágono"),
    8: Text("octagon", "八角形", zh="八边形", ko="팔각형", de="Achteck", fr="octogone", es="octógono"),
    12: Text("dodecagon", "十二角形", zh="十二边形", ko="십이각형", de="Zwölfeck", fr="dodécagone", es="dodecágono"),
}
POLYGON = Text("{n}-sided face", "{n}角形", zh="{n} 边形", ko="{n}각형", de="{n}-Eck", fr="polygone à {n} côtés",
               es="polígono de {n} lados")


class _StepBoard(Board):
    """A ladder board that notes the technique of each edge it decides, from the player's known edges."""

    def __init__(self, grid: Grid, clues: Sequence[int | None], level: int, known: Mapping[int, int]) -> None:
        super().__init__(grid, clues, level)
        self.technique = "given"
        for e in sorted(known):
            self.set_edge(e, known[e])
        self.decided: list[tuple[int, str]] = []

    def set_edge(self, e: int, value: int) -> None:
        if self.state[e] == UNKNOWN and self.technique != "given":
            self.decided.append((e, self.technique))
        super().set_edge(e, value)

    # each rule names its technique before it runs (the base class's rules, unchanged)
    def face_rules(self, f: int) -> None:
        self.technique = "clue"
        super().face_rules(f)

    def dot_rules(self, d: int) -> None:
        self.technique = "vertex"
        super().dot_rules(d)

    def pinch(self, f: int, edges: Sequence[int]) -> None:
        self.technique = "pinch"
        super().pinch(f, edges)

    def bounds(self, f: int, clue: int, edges: Sequence[int]) -> None:
        self.technique = "bound"
        super().bounds(f, clue, edges)

    def face_links(self, f: int, clue: int, edges: Sequence[int]) -> None:
        self.technique = "parity"
        super().face_links(f, clue, edges)

    def pairs_at(self, d: int, line: int, unknown: int) -> None:
        self.technique = "pair"
        super().pairs_at(d, line, unknown)

    def opposite(self, d: int, p: int, a: int, b: int, line: int, unknown: int) -> None:
        self.technique = "opposite"
        super().opposite(d, p, a, b, line, unknown)
        self.technique = "pair"

    def dot_links(self, d: int, line: int) -> None:
        self.technique = "parity"
        super().dot_links(d, line)

    def loop_rule(self) -> str:
        self.technique = "loop"
        return super().loop_rule()

    def first_step(self) -> int | None:
        """Run the work list one face or dot at a time until one decides an edge: that item (faces, then
        dots after the faces; -1 for the whole board's ``loop``), or None when nothing is decided."""
        faces = self.layout.face_count
        while True:
            while self.head < len(self.queue):
                item = self.queue[self.head]
                self.head += 1
                self.queued[item] = False
                if item < faces:
                    self.face_rules(item)
                else:
                    self.dot_rules(item - faces)
                if self.decided:
                    return item
            verdict = self.loop_rule()
            if self.decided:
                return -1
            if verdict != "progress":
                return None


def next_step(grid: Grid, clues: Sequence[int | None], known: Mapping[int, int],
              deadline: float | None = None) -> Hint | None:
    """The next step for a board whose ``known`` edges (edge -> LINE or CROSS) are right, by the easiest
    level whose techniques decide something; None when none does (or the board contradicts the clues)."""
    for level in range(EXPERT + 1):
        check_deadline(deadline)
        try:
            board = _StepBoard(grid, clues, level, known)
            item = board.first_step()
        except Contradiction:
            return None
        if item is not None:
            return _step(board, item, level)
    return None


LEVEL_TECHNIQUE = ("clue", "pair", "opposite", "parity")  # what a step first found at a level stands on


def _step(board: _StepBoard, item: int, level: int) -> Hint:
    """The hint of the first face or dot that decided an edge on a level's board. An edge a lower
    level's rule decided there stood on the level's own facts (none decided it at the levels below),
    so the step is named by the level's technique."""
    grid, faces = board.layout.grid, board.layout.face_count
    technique = board.decided[0][1]
    if LEVELS.index(TECHNIQUE_LEVEL[technique]) < level:
        technique = LEVEL_TECHNIQUE[level]
    decided: list[tuple[int, int]] = sorted({e: 1 if board.state[e] == LINE else 0 for e, _ in board.decided}.items())
    mark: Mark | None
    around: Sequence[int]
    why = WHY[technique]
    if item < 0 and board.closed:  # the loop is whole: the rest are crosses
        place, mark, why = LOOP_CLOSED, None, REST_CROSSED
        around = [e for e in range(len(grid.edges)) if board.state[e] == LINE]
    elif item < 0:  # the loop rule: the path whose ends the crossed edge would join
        a, b = grid.edges[decided[0][0]]
        place, mark = EDGE.fill(a=a + 1, b=b + 1).capitalised(), None
        root = board.find_part(a)
        around = [e for e, (d, _) in enumerate(grid.edges) if board.state[e] == LINE and board.find_part(d) == root]
    elif item < faces:
        sides = len(grid.face_edges[item])
        place = AT_NUMBER.fill(clue=board.clues[item], face=item + 1, shape=SHAPES.get(sides, POLYGON.fill(n=sides)))
        mark, around = Mark("cell", item), grid.face_edges[item]
    else:
        dot = item - faces
        place, mark, around = AT_DOT.fill(dot=dot + 1), Mark("vertex", dot), grid.dot_edges[dot]
    lines = sum(v for _, v in decided)
    template = STEP_ONE if len(decided) == 1 else STEP
    words = template.fill(what=A_LINE if lines else A_CROSS, place=place, Place=place.capitalised(),
                          why=why, n=len(decided), lines=lines, crosses=len(decided) - lines)
    seen = {e for e, _ in decided}
    evidence = ([mark] if mark else []) + [Mark("edge", e) for e in around
                                           if e not in seen and board.state[e] != UNKNOWN]
    return Hint("step", technique, tuple(Mark("edge", e, v) for e, v in decided), tuple(evidence), words)



def known_of(edges: Sequence[int]) -> dict[int, int]:
    """A board's decided edges (1 a line, 2 a cross) as the ladder's LINE and CROSS."""
    return {e: LINE if v == BOARD_LINE else CROSS for e, v in enumerate(edges) if v != BOARD_BLANK}


def hint(puzzle: Any, board: Mapping[str, Sequence[int]]) -> Hint:
    """The next hint for a player's board on a version 4 puzzle (see the module docstring)."""
    grid = puzzle.graph
    edges = parse_edges(board, len(grid.edges))
    answer = puzzle.edges()
    wrong = [e for e, v in enumerate(edges) if (v == BOARD_LINE) != bool(answer[e]) and v != BOARD_BLANK]
    if wrong:
        a, b = grid.edges[wrong[0]]
        return Hint("mistake", None, (), (Mark("edge", wrong[0]),),
                    mistake_words(EDGE.fill(a=a + 1, b=b + 1), edges[wrong[0]] == BOARD_LINE, len(wrong) - 1))
    if all((v == BOARD_LINE) == bool(on) for v, on in zip(edges, answer)):
        return Hint("solved", None, (), (), SOLVED)
    step = next_step(grid, puzzle.clues, known_of(edges))
    return step if step is not None else Hint("stuck", None, (), (), STUCK)


def apply(puzzle: Any, board: Mapping[str, Sequence[int]], given: Hint) -> dict[str, list[int]]:
    """The board with the hint's edges drawn or marked ×, or its mistake cleared."""
    edges = parse_edges(board, len(puzzle.graph.edges))
    for mark in given.decides:
        edges[mark.index] = BOARD_LINE if mark.value else BOARD_CROSS
    if given.status == "mistake":
        for mark in given.evidence:
            edges[mark.index] = BOARD_BLANK
    return {"edges": edges}


def walkthrough(grid: Grid, clues: Sequence[int | None], deadline: float | None = None) -> Walkthrough:
    """Every step from the empty board until every edge is known or no technique decides more; its level
    is the hardest technique's (None when it got stuck)."""
    known: dict[int, int] = {}
    steps: list[Hint] = []
    while len(known) < len(grid.edges):
        step = next_step(grid, clues, known, deadline)
        if step is None:
            return Walkthrough(None, tuple(steps), "stuck", STUCK)
        steps.append(step)
        for mark in step.decides:
            known[mark.index] = LINE if mark.value else CROSS
    hardest = max((LEVELS.index(TECHNIQUE_LEVEL[s.technique or "clue"]) for s in steps), default=0)
    return Walkthrough(LEVELS[hardest], tuple(steps), "solved", SOLVED)


def explain(problem: Any, version: int | None, deadline: float | None = None) -> Walkthrough:
    """The walk-through of a version 4 puzzle's givens (its grid drawing names the grid and its patch)."""
    drawing = problem.givens.get("grid") if isinstance(problem.givens, Mapping) else None
    if not isinstance(drawing, Mapping):
        raise InvalidParameters("a Loop version 4 walk-through needs the puzzle's grid")
    grid = grid_for(drawing["name"], drawing["width"], drawing["height"], drawing.get("description"))
    return walkthrough(grid, problem.givens["clues"], deadline)


def start(puzzle: Any) -> dict[str, list[int]]:
    """The board a play starts from: every edge of the grid blank."""
    return {"edges": [BOARD_BLANK] * len(puzzle.graph.edges)}
