"""Loop's hints: the next edges a person can decide, by the easiest rule, and why.

A board's knowledge is its lines (1) and its × marks (2: known to carry no
line). The step solver drives Loop's own engine (:mod:`gridlogic.loop.engine`)
one rule at one place at a time, so that its techniques are exactly the
grader's, with the grader's names, tried easiest first:

* **easy**: ``clue`` (a number with all its lines, or needing all its open
  sides), ``vertex`` (a dot has 0 or 2 lines), ``loop`` (a line may not
  close a loop short of the whole answer; a closed answer crosses the rest);
* **medium**: ``corner`` (a cell's or a dot's corners: the pairs of sides
  that meet at a dot, and which of their four combinations are still
  possible), ``threes`` (two 3s side by side);
* **hard**: ``colour`` (inside and outside: a line between two cells says
  they differ, a × that they agree) and ``trial`` (assume one edge, apply
  the rules up to colouring, refute it on a contradiction);
* ``search``, beyond every level: assume the edge the engine would branch
  on and try every way on (:data:`SEARCH_NODE_LIMIT` nodes); an assumption
  under which no loop meets the clues is refuted. A puzzle with several
  loops stops here, and its walk-through says so.

The levels named here are version 1's; versions 1 and 2 grade the same
techniques by their own levels (their ``GRADING``: version 2's makes ``trial``
expert), and :func:`hints_by_version` builds the game's record from them.
Version 3 has its own step solver, its ladder's (:mod:`gridlogic.loop.v3.hints`),
which :func:`hints_by_version` hands its puzzles, and puzzles brought from outside.

A step is one rule at one cell or dot (for ``corner``, the first place where
the corners' reasoning decides an edge; its evidence lists every cell and dot
whose corners led there). A walk-through takes a ``deadline`` (see :mod:`gridlogic.hints`),
checked before each step, each edge a ``trial`` assumes and each node of a ``search``: past it,
:class:`~gridlogic.params.OutOfTime`. Each rule only removes what no solution has, so a
walk-through of a puzzle uses the techniques of the grader's level and no
harder ones: the level it shows is the grader's (``tests/loop/test_hints.py``
checks it for every level).

Every explanation and note is a :class:`~gridlogic.hints.Text` in the page's seven languages, its
places (a cell, a dot, an edge and its direction) filled into each language's sentence in the same
language, with the page's words for them (``static/views/loop/words.js``). German, French and
Spanish give a dot or an edge without its article, which each sentence puts in its own case.

Worked example (the engine's ``EXAMPLES["clue"]``, checked in
``tests/loop/test_hints.py``): the 2x2 board ``. . / 0 1``; the 0 in the
bottom-left cell has no line on any side::

    >>> step = next_step([None, None, 0, 1], 2, 2, {})
    >>> step.technique, [(m.index, m.value) for m in step.decides]
    ('clue', [(2, 0), (4, 0), (9, 0), (10, 0)])
    >>> step.explanation.en
    'The 0 at row 2, column 1: none of its sides has a line.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from gridlogic.hints import LANGUAGES, Hint, Hints, Mark, Technique, Text, Walkthrough, hardest_level
from gridlogic.loop.board import CROSS, LINE, UNKNOWN, validate_loop
from gridlogic.loop.decide import decide
from gridlogic.loop.engine import LOOP_RULE, MEDIUM, VERTEX_RULE, Engine
from gridlogic.loop.rules import Grading
from gridlogic.loop.solver import LEVEL_NAMES, check_clues
from gridlogic.params import check_deadline, seconds_left
from gridlogic.verdict import Verdict

__all__ = [
    "SEARCH_NODE_LIMIT", "STUCK_SECONDS", "TECHNIQUES", "graded", "hint", "hint_for", "hints_by_version", "next_step",
    "search_step", "stuck_verdict", "walkthrough",
]

SEARCH_NODE_LIMIT = 2000  # nodes a search step may take to refute one assumption
BOARD_BLANK, BOARD_LINE, BOARD_CROSS = 0, 1, 2  # the page's edges

TECHNIQUES = (
    Technique("clue", "easy", Text(
        "a number already has its lines, or needs every open side",
        "数字の線がもう足りているか、残りの辺すべてが必要",
        zh="数字的线已经够了，或者需要剩下的每条边", ko="숫자의 선이 이미 다 찼거나, 남은 변이 모두 필요함",
        de="eine Zahl hat ihre Linien schon, oder sie braucht jede offene Seite",
        fr="un nombre a déjà ses traits, ou il lui faut chacun de ses côtés indécis",
        es="un número ya tiene sus líneas, o necesita todos sus lados sin decidir")),
    Technique("vertex", "easy", Text(
        "a dot has 0 or 2 lines", "点には線が0本か2本", zh="每个点有 0 条或 2 条线", ko="점에는 선이 0개 또는 2개",
        de="ein Punkt hat 0 oder 2 Linien", fr="un point a 0 ou 2 traits", es="un punto tiene 0 o 2 líneas")),
    Technique("loop", "easy", Text(
        "a line may not close a loop that is not the whole answer", "答え全体でない輪を閉じる線は引けない",
        zh="不能画出闭合成回路、却不是完整答案的线", ko="답 전체가 아닌 고리를 닫는 선은 그을 수 없음",
        de="eine Linie darf keine Schleife schließen, die nicht die ganze Lösung ist",
        fr="un trait ne peut pas fermer une boucle qui n’est pas toute la solution",
        es="una línea no puede cerrar un bucle que no sea la solución entera")),
    Technique("corner", "medium", Text(
        "the pairs of sides meeting at a dot, read across cells and dots",
        "点で出会う2辺の組を、マスと点をまたいで読む",
        zh="在点上相交的两条边的组合，跨越格子和点来看", ko="점에서 만나는 두 변의 쌍을 칸과 점에 걸쳐 읽기",
        de="die Paare von Seiten, die sich an einem Punkt treffen, über Felder und Punkte hinweg gelesen",
        fr="les paires de côtés qui se rejoignent en un point, lues de case en point",
        es="los pares de lados que se juntan en un punto, leídos a través de casillas y puntos")),
    Technique("threes", "medium", Text(
        "two 3s side by side", "隣り合う2つの3", zh="相邻的两个 3", ko="나란히 붙은 두 3",
        de="zwei Dreien nebeneinander", fr="deux 3 côte à côte", es="dos 3 contiguos")),
    Technique("colour", "hard", Text(
        "inside and outside: a line separates them, a × keeps them together",
        "内側と外側: 線をまたぐと入れ替わり、×では変わらない",
        zh="内侧与外侧：线把两边分开，× 让两边保持在同一侧",
        ko="안쪽과 바깥쪽: 선은 둘을 가르고, ×는 같은 쪽으로 묶는다",
        de="innen und außen: eine Linie trennt sie, ein × hält sie zusammen",
        fr="intérieur et extérieur : un trait les sépare, un × les garde ensemble",
        es="dentro y fuera: una línea los separa, una × los mantiene juntos")),
    Technique("trial", "hard", Text(
        "assume an edge; if the rules then run into a contradiction, it is the other way",
        "辺を仮定して矛盾が出たら逆に決める",
        zh="假设一条边；如果规则接着推出矛盾，它就是另一种", ko="변 하나를 가정해서 규칙이 모순에 이르면 반대로 정한다",
        de="nimm eine Kante an; führen die Regeln dann zu einem Widerspruch, ist es umgekehrt",
        fr="supposer une arête ; si les règles mènent alors à une contradiction, c’est l’inverse",
        es="suponer una arista; si las reglas llevan entonces a una contradicción, es al revés")),
    Technique("search", None, Text(
        "assume an edge and try every way on; if no loop fits, it is the other way",
        "辺を仮定してその先をすべて試し、輪ができなければ逆に決める",
        zh="假设一条边并试遍之后的所有走法；如果没有回路成立，它就是另一种",
        ko="변 하나를 가정하고 그 뒤를 모두 시도해서 맞는 고리가 없으면 반대로 정한다",
        de="nimm eine Kante an und probiere jeden weiteren Weg; passt keine Schleife, ist es umgekehrt",
        fr="supposer une arête et essayer toutes les suites ; si aucune boucle ne convient, c’est l’inverse",
        es="suponer una arista y probar todas las continuaciones; si no cabe ningún bucle, es al revés")),
)
LEVELS = LEVEL_NAMES


def graded(grading: Grading) -> tuple[Technique, ...]:
    """:data:`TECHNIQUES` with each one's level by a version's ``grading`` (``search`` beyond every level).

    Every version grades the same techniques, each by its own levels (version 2: trial is expert).
    """
    return tuple(Technique(t.name, grading.technique_level[t.name] if t.level else None, t.summary)
                 for t in TECHNIQUES)


class _Contradiction(Exception):
    """The known edges cannot all be right (only an explain of a puzzle with no loop gets here)."""


# --- words -----------------------------------------------------------------------------------

def _position(r: int, c: int) -> Text:
    """A 0-based row and column in words."""
    return Text("row {r}, column {c}", "{r}行{c}列", zh="第 {r} 行第 {c} 列", ko="{r}행 {c}열",
                de="Zeile {r}, Spalte {c}", fr="ligne {r}, colonne {c}",
                es="fila {r}, columna {c}").fill(r=r + 1, c=c + 1)


def _cell(i: int, width: int) -> Text:
    return _position(*divmod(i, width))


def _dot(v: int, width: int) -> Text:
    """A dot by its row and column: in German, French and Spanish without its article, which each
    sentence gives in its case ("am Punkt", "du point", "del punto")."""
    return Text("the dot at {at}", "{at}の点", zh="{at}的点", ko="{at}의 점", de="Punkt in {at}", fr="point en {at}",
                es="punto de la {at}").fill(at=_position(*divmod(v, width + 1)))


def _edge(e: int, width: int, height: int) -> Text:
    """An edge by the dot it leaves to the right (a horizontal edge) or downwards (a vertical one);
    in German, French and Spanish without its article, as :func:`_dot`."""
    horizontal = (height + 1) * width
    if e < horizontal:
        dot, way = _dot(e // width * (width + 1) + e % width, width), DOT_WAYS[1]
    else:
        dot, way = _dot(e - horizontal, width), DOT_WAYS[2]
    return Text("the edge from {dot} going {way}", "{dot}から{way}への辺", zh="从{dot}向{way}的边",
                ko="{dot}에서 {way}으로 가는 변", de="Kante vom {dot} nach {way}",
                fr="arête qui part du {dot} vers {way}", es="arista que sale del {dot} hacia {way}"
                ).fill(dot=dot, way=way)


def _node(x: int, width: int, cells: int) -> Text:
    """A colouring's node: a cell, or the outside of the board."""
    if x == cells:
        return Text("the outside", "盤の外", zh="盘面外", ko="판의 바깥", de="das Äußere des Spielfelds",
                    fr="l’extérieur de la grille", es="el exterior del tablero")
    return Text("{cell}", "{cell}", zh="{cell}的格子", ko="{cell}의 칸", de="das Feld in {cell}",
                fr="la case en {cell}", es="la casilla de la {cell}").fill(cell=_cell(x, width))



def _by_count(n: int, one: Mapping[str, str], many: Text) -> Text:
    """``many``, a text of a count ``n`` in the plural, with ``one``'s singular (by language: English,
    German, French, Spanish) where ``n`` is one (in French, 0 or 1)."""
    def singular(lang: str) -> bool:
        return lang in one and (n == 1 or (lang == "fr" and n == 0))
    return Text(**{lang: one[lang] if singular(lang) else getattr(many, lang) for lang in LANGUAGES})


CELL_SIDES = (
    Text("top", "上", zh="上边", ko="위쪽", de="oben", fr="du haut", es="de arriba"),
    Text("right", "右", zh="右边", ko="오른쪽", de="rechts", fr="de droite", es="de la derecha"),
    Text("bottom", "下", zh="下边", ko="아래쪽", de="unten", fr="du bas", es="de abajo"),
    Text("left", "左", zh="左边", ko="왼쪽", de="links", fr="de gauche", es="de la izquierda"),
)
DOT_WAYS = (
    Text("up", "上", zh="上", ko="위쪽", de="oben", fr="le haut", es="arriba"),
    Text("right", "右", zh="右", ko="오른쪽", de="rechts", fr="la droite", es="la derecha"),
    Text("down", "下", zh="下", ko="아래쪽", de="unten", fr="le bas", es="abajo"),
    Text("left", "左", zh="左", ko="왼쪽", de="links", fr="la gauche", es="la izquierda"),
)
_COMMA = Text(", ", "、", zh="，", ko=", ", de=", ", fr=", ", es=", ")
_LIST_COMMA = Text(", ", "と", zh="、", ko="·", de=", ", fr=", ", es=", ")
_LIST_AND = Text(" and ", "と", zh="和", ko="·", de=" und ", fr=" et ", es=" y ")

# what a step decides around a cell (its sides) or a dot (its edges), for a line and for none:
# (the singular by language, the text in the plural)
_CELL_LINE = (
    {"en": "its {what} side has a line", "de": "die Seite {what} hat eine Linie", "fr": "le côté {what} a un trait",
     "es": "el lado {what} tiene línea"},
    Text("its {what} sides have a line", "{what}の辺は線", zh="{what}有线", ko="{what} 변은 선",
         de="die Seiten {what} haben eine Linie", fr="les côtés {what} ont un trait",
         es="los lados {what} tienen línea"))
_CELL_NONE = (
    {"en": "its {what} side has none", "de": "die Seite {what} hat keine Linie",
     "fr": "le côté {what} n’a pas de trait", "es": "el lado {what} no tiene línea"},
    Text("its {what} sides have none", "{what}の辺は線なし", zh="{what}无线", ko="{what} 변은 선 없음",
         de="die Seiten {what} haben keine Linie", fr="les côtés {what} n’ont pas de trait",
         es="los lados {what} no tienen línea"))
_DOT_LINE = (
    {"en": "the edge going {what} has a line", "de": "die Kante nach {what} hat eine Linie",
     "fr": "l’arête vers {what} a un trait", "es": "la arista hacia {what} tiene línea"},
    Text("the edges going {what} have a line", "{what}への辺は線", zh="向{what}的边有线", ko="{what}으로 가는 변은 선",
         de="die Kanten nach {what} haben eine Linie", fr="les arêtes vers {what} ont un trait",
         es="las aristas hacia {what} tienen línea"))
_DOT_NONE = (
    {"en": "the edge going {what} has none", "de": "die Kante nach {what} hat keine Linie",
     "fr": "l’arête vers {what} n’a pas de trait", "es": "la arista hacia {what} no tiene línea"},
    Text("the edges going {what} have none", "{what}への辺は線なし", zh="向{what}的边无线",
         ko="{what}으로 가는 변은 선 없음", de="die Kanten nach {what} haben keine Linie",
         fr="les arêtes vers {what} n’ont pas de trait", es="las aristas hacia {what} no tienen línea"))


def _listed(words: Sequence[Text]) -> Text:
    """Words as a list: "top, right and left" (Japanese 上と右と左)."""
    if len(words) == 1:
        return words[0]
    return Text.join([Text.join(words[:-1], _LIST_COMMA), words[-1]], _LIST_AND)


def _around(decided: Sequence[tuple[int, int]], place_edges: Sequence[int], cell: bool) -> Text:
    """What a step decides around one cell (its sides) or one dot (its edges), in words:
    "its top and left sides have a line, its right side has none"."""
    names = CELL_SIDES if cell else DOT_WAYS
    parts = []
    wordings = ((True, _CELL_LINE if cell else _DOT_LINE), (False, _CELL_NONE if cell else _DOT_NONE))
    for has_line, (one, many) in wordings:
        words = [names[place_edges.index(e)] for e, v in decided if bool(v) == has_line]
        if words:
            parts.append(_by_count(len(words), one, many).fill(what=_listed(words)))
    return Text.join(parts, _COMMA)


# --- the board and its engine ------------------------------------------------------------------

class _Board:
    """The engine holding the clues and the known edges, and the tables the words need."""

    def __init__(self, clues: Sequence[int | None], width: int, height: int, known: Mapping[int, int],
                 deadline: float | None = None) -> None:
        self.clues, self.width, self.height = list(clues), width, height
        self.deadline = deadline  # past it the trials stop (OutOfTime); None: no deadline
        self.engine = Engine(self.clues, width, height, colour=True)
        self.grid = self.engine.grid
        self.cells = width * height
        for e in sorted(known):
            if not self.engine.set_edge(e, known[e]):
                raise _Contradiction

    def new_edges(self, since: int) -> tuple[tuple[int, int], ...]:
        state = self.engine.edge_state
        return tuple((e, 1 if state[e] == LINE else 0) for e in self.engine.edge_trail[since:])

    def known_edges(self, edges: Iterable[int]) -> list[int]:
        return [e for e in edges if e >= 0 and self.engine.edge_state[e] != UNKNOWN]

    def step(self, technique: str, decided: Sequence[tuple[int, int]], evidence: Iterable[Mark],
             words: Text) -> Hint:
        decides = tuple(Mark("edge", e, v) for e, v in sorted(decided))
        seen = {m.index for m in decides if m.kind == "edge"}
        unique = sorted({m for m in evidence if not (m.kind == "edge" and m.index in seen)})
        return Hint("step", technique, decides, tuple(unique), words)

    def chain_edges(self, v: int) -> list[int]:
        """The line edges of the chain that ends at dot ``v`` (one line there)."""
        g, state = self.grid, self.engine.edge_state
        found: list[int] = []
        previous, vertex = -1, v
        while True:
            nxt = next((e for e in g.vertex_edges[vertex] if e >= 0 and e != previous and state[e] == LINE), -1)
            if nxt < 0:
                return found
            found.append(nxt)
            a, b = g.edge_vertices[nxt]
            previous, vertex = nxt, (b if a == vertex else a)
            if vertex == v:
                return found


# --- easy ------------------------------------------------------------------------------------

def _clue_words(b: _Board, c: int, value: int, lines: int, open_sides: int) -> Text:
    k, cell = b.clues[c], _cell(c, b.width)
    assert k is not None  # a step of the clue rule is at a clue
    if not value and k == 0:
        return Text("The 0 at {cell}: none of its sides has a line.", "{cell}の0: どの辺にも線はありません。",
                    zh="{cell}的 0：它的边都没有线。", ko="{cell}의 0: 어느 변에도 선이 없습니다.",
                    de="Die 0 in {cell}: Keine ihrer Seiten hat eine Linie.",
                    fr="Le 0 en {cell} : aucun de ses côtés n’a de trait.",
                    es="El 0 de la {cell}: ninguno de sus lados tiene línea.").fill(cell=cell)
    if not value:
        return _by_count(lines, {
            "en": "The {k} at {cell} has its {n} line already: its other sides have none.",
            "de": "Die {k} in {cell} hat schon {n} Linie: Ihre übrigen Seiten haben keine.",
            "fr": "Le {k} en {cell} a déjà {n} trait : ses autres côtés n’en ont pas.",
            "es": "El {k} de la {cell} ya tiene {n} línea: sus otros lados no tienen ninguna."}, Text(
            "The {k} at {cell} has its {n} lines already: its other sides have none.",
            "{cell}の{k}は線がもう{n}本あるので、残りの辺に線はありません。",
            zh="{cell}的 {k} 已经有 {n} 条线，所以其余的边都没有线。",
            ko="{cell}의 {k}: 선이 이미 {n}개 있으므로 나머지 변에는 선이 없습니다.",
            de="Die {k} in {cell} hat schon {n} Linien: Ihre übrigen Seiten haben keine.",
            fr="Le {k} en {cell} a déjà {n} traits : ses autres côtés n’en ont pas.",
            es="El {k} de la {cell} ya tiene {n} líneas: sus otros lados no tienen ninguna.")
        ).fill(k=k, cell=cell, n=lines)
    return _by_count(open_sides, {
        "en": "The {k} at {cell} needs every one of its {n} undecided side: they are lines.",
        "de": "Die {k} in {cell} braucht ihre einzige offene Seite: Sie ist eine Linie.",
        "fr": "Le {k} en {cell} a besoin de son seul côté indécis : c’est un trait.",
        "es": "El {k} de la {cell} necesita su único lado sin decidir: tiene línea."}, Text(
        "The {k} at {cell} needs every one of its {n} undecided sides: they are lines.",
        "{cell}の{k}は、残る{n}辺がすべて線でないと足りません。",
        zh="{cell}的 {k} 需要剩下的全部 {n} 条未定的边：它们都是线。",
        ko="{cell}의 {k}: 미정인 변 {n}개가 모두 선이어야 채워지므로, 모두 선입니다.",
        de="Die {k} in {cell} braucht jede ihrer {n} offenen Seiten: Sie sind Linien.",
        fr="Le {k} en {cell} a besoin de chacun de ses {n} côtés indécis : ce sont des traits.",
        es="El {k} de la {cell} necesita sus {n} lados sin decidir: todos tienen línea.")
    ).fill(k=k, cell=cell, n=open_sides)


def _vertex_words(b: _Board, v: int, lines: int) -> Text:
    dot = _dot(v, b.width)
    if lines == 2:
        return Text("Two lines meet at {dot}: its other edges have no line.",
                    "{dot}では線が2本つながっているので、ほかの辺に線はありません。",
                    zh="两条线在{dot}相连，所以它的其他边都没有线。",
                    ko="{dot}에서 선 두 개가 만나므로, 나머지 변에는 선이 없습니다.",
                    de="Am {dot} treffen sich zwei Linien: Seine übrigen Kanten haben keine Linie.",
                    fr="Deux traits se rejoignent au {dot} : ses autres arêtes n’ont pas de trait.",
                    es="Dos líneas se juntan en el {dot}: sus otras aristas no tienen línea.").fill(dot=dot)
    if lines == 0:
        return Text(
            "{dot} has no line and one undecided edge: a line there would end at the dot, so it has none.",
            "{dot}は線がなく、未定の辺が1本だけです。そこに線を引くと行き止まりになるので、線はありません。",
            zh="{dot}没有线，只有一条未定的边：在那里画线会在这个点断头，所以它没有线。",
            ko="{dot}에는 선이 없고 미정인 변이 하나뿐입니다: 거기에 선을 그으면 이 점에서 막다른 길이 "
               "되므로, 선이 없습니다.",
            de="Der {dot} hat keine Linie und nur eine offene Kante: Eine Linie dort würde am Punkt enden, "
               "daher hat sie keine.",
            fr="Le {dot} n’a aucun trait et une seule arête indécise : un trait sur elle finirait en cul-de-sac "
               "à ce point, donc elle n’en a pas.",
            es="El {dot} no tiene línea y solo una arista sin decidir: una línea ahí acabaría en el punto, "
               "así que no tiene línea.").fill(dot=dot).capitalised()
    return Text("A line ends at {dot} and can only go on along its one undecided edge: that edge is a line.",
                "{dot}で線が止まっていて、先に進めるのは未定の1本だけです。その辺は線です。",
                zh="线在{dot}中断，只能沿它唯一一条未定的边继续：这条边是线。",
                ko="선이 {dot}에서 멈추고, 이어질 수 있는 곳은 미정인 변 하나뿐입니다: 그 변은 선입니다.",
                de="Eine Linie endet am {dot} und kann nur über seine einzige offene Kante weiter: Diese Kante "
                   "ist eine Linie.",
                fr="Un trait s’arrête au {dot} et ne peut continuer que par sa seule arête indécise : cette arête "
                   "est un trait.",
                es="Una línea termina en el {dot} y solo puede seguir por su única arista sin decidir: esa arista "
                   "tiene línea.").fill(dot=dot)


def _early_loop_words(edge: Text, dot: Text, short: bool) -> Text:
    """Why a line on ``edge`` would close the chain from ``dot`` too early: a number would stay unmet
    (``short``: the chain holds every line) or other lines would be left outside."""
    why = Text("a number would stay unmet", "満たされない数字が残ります", zh="会有数字得不到满足",
               ko="채워지지 않는 숫자가 남습니다", de="eine Zahl bliebe unerfüllt",
               fr="un nombre resterait non respecté", es="un número quedaría sin cumplir") if short else Text(
        "other lines would be left outside it", "ほかの線が輪の外に残ります", zh="其他的线会留在回路外面",
        ko="다른 선이 고리 밖에 남습니다", de="andere Linien blieben außerhalb von ihr",
        fr="d’autres traits resteraient en dehors", es="otras líneas quedarían fuera de él")
    return Text(
        "A line on {edge} would join the two ends of the line from {dot} into a loop, but {why}: "
        "that edge has no line.",
        "{edge}に線を引くと、{dot}から続く線の両端がつながって輪になりますが、{why}。よって線はありません。",
        zh="在{edge}上画线，会把从{dot}延伸出的线的两端连成回路，但{why}：所以这条边没有线。",
        ko="{edge}에 선을 그으면 {dot}에서 이어지는 선의 두 끝이 만나 고리가 되는데, 그러면 {why}. "
           "따라서 그 변에는 선이 없습니다.",
        de="Eine Linie auf der {edge} würde die beiden Enden der Linie vom {dot} zu einer Schleife schließen, "
           "aber {why}: Diese Kante hat keine Linie.",
        fr="Un trait sur l’{edge} fermerait en boucle les deux bouts du trait qui part du {dot}, mais {why} : "
           "cette arête n’a pas de trait.",
        es="Una línea en la {edge} uniría en un bucle los dos extremos de la línea que sale del {dot}, pero {why}: "
           "esa arista no tiene línea.").fill(edge=edge, dot=dot, why=why)


def _easy_step(b: _Board) -> Hint | None:
    engine, g = b.engine, b.grid
    for c in range(b.cells):
        if b.clues[c] is None:
            continue
        lines, open_sides = engine.cell_line_count[c], engine.cell_unknown_count[c]
        mark = engine.mark()
        if not engine.easy_cell(c):
            raise _Contradiction
        decided = b.new_edges(mark.edges)
        if decided:
            evidence = [Mark("cell", c), *(Mark("edge", e) for e in b.known_edges(g.cell_edges[c]))]
            return b.step("clue", decided, evidence, _clue_words(b, c, decided[0][1], lines, open_sides))
    for rule in (VERTEX_RULE, LOOP_RULE):
        if rule == LOOP_RULE and engine.loop_closed_at >= 0 and engine.unknown_edge_count:
            loop = [e for e in range(g.edge_count) if engine.edge_state[e] == LINE]
            decided = tuple((e, 0) for e in range(g.edge_count) if engine.edge_state[e] == UNKNOWN)
            return b.step("loop", decided, (Mark("edge", e) for e in loop), Text(
                "The loop is closed and meets every number: no other edge has a line.",
                "輪が閉じてすべての数字を満たしています。ほかの辺に線はありません。",
                zh="回路已经闭合并满足所有数字：其他边都没有线。",
                ko="고리가 닫혔고 모든 숫자를 채웁니다: 다른 변에는 선이 없습니다.",
                de="Die Schleife ist geschlossen und erfüllt jede Zahl: Keine andere Kante hat eine Linie.",
                fr="La boucle est fermée et respecte tous les nombres : aucune autre arête n’a de trait.",
                es="El bucle está cerrado y cumple todos los números: ninguna otra arista tiene línea."))
        for v in range(g.vertex_count):
            lines = engine.vertex_line_count[v]
            chain = b.chain_edges(v) if lines == 1 else []
            mark = engine.mark()
            if not engine.easy_vertex(v):
                raise _Contradiction
            decided = b.new_edges(mark.edges)
            if not decided:
                continue
            if engine.current_rule != rule:
                engine.undo(mark)
                continue
            if rule == VERTEX_RULE:
                evidence = [Mark("vertex", v), *(Mark("edge", e) for e in b.known_edges(g.vertex_edges[v]))]
                return b.step("vertex", decided, evidence, _vertex_words(b, v, lines))
            short = len(chain) == engine.line_count
            return b.step("loop", decided, [Mark("vertex", v), *(Mark("edge", e) for e in chain)],
                          _early_loop_words(_edge(decided[0][0], b.width, b.height), _dot(v, b.width), short))
    return None


# --- medium ----------------------------------------------------------------------------------

def _corner_step(b: _Board) -> Hint | None:
    """The corner rule to its fixed point from every cell and dot, until it decides an edge.

    ``sources[i]``: the places whose corner masks, narrowed, reached place ``i`` (a cell, or
    ``cells + v`` for dot ``v``): the evidence of what ``i`` decides.
    """
    engine = b.engine
    places = b.cells + b.grid.vertex_count
    for i in range(places):
        if not engine.in_corner_queue[i]:
            engine.in_corner_queue[i] = True
            engine.corner_queue.append(i)
    sources: dict[int, set[int]] = {}
    while engine.corner_queue:
        i = engine.corner_queue.pop()
        engine.in_corner_queue[i] = False
        mark = engine.mark()
        if not engine.corner_rule(i):
            raise _Contradiction
        reached = sources.get(i, set()) | {i}
        for corner in engine.corner_mask_trail[mark.corner_masks::2]:  # corner, old mask; ...
            other = engine.corner_vertex_item[corner] if i < b.cells else corner >> 2
            sources.setdefault(other, set()).update(reached)
        decided = b.new_edges(mark.edges)
        if decided:
            evidence = [Mark("cell", p) if p < b.cells else Mark("vertex", p - b.cells) for p in reached]
            return b.step("corner", decided, evidence, _corner_words(b, i, decided, len(reached) > 1))
    return None


def _corner_words(b: _Board, i: int, decided: Sequence[tuple[int, int]], helped: bool) -> Text:
    with_others = Text(", read with the corners around it (the marked cells and dots)",
                       "周りの角（印のマスと点）も合わせて見ると", zh="结合周围的角（标出的格子和点）来看",
                       ko="주변 모서리(표시된 칸과 점)까지 함께 보면",
                       de=", zusammen mit den Ecken ringsum gelesen (den markierten Feldern und Punkten)",
                       fr=", en lisant aussi les coins autour (les cases et points marqués)",
                       es=", leyendo también las esquinas de alrededor (las casillas y puntos marcados)") if helped \
        else Text(", read corner by corner", "角ごとに見ると", zh="逐个角来看", ko="모서리마다 보면",
                  de=", Ecke für Ecke gelesen", fr=", coin par coin", es=", esquina por esquina")
    if i >= b.cells:
        v = i - b.cells
        return Text(
            "At {dot} the loop has 0 or 2 lines{with_others}: in every way left, {what}.",
            "{dot}は線が0本か2本です。{with_others}、残る組み合わせはどれも「{what}」です。",
            zh="{dot}的线是 0 条或 2 条。{with_others}，剩下的每种组合都是“{what}”。",
            ko="{dot}에는 선이 0개 또는 2개입니다. {with_others}, 남은 조합은 모두 ‘{what}’입니다.",
            de="Am {dot} hat die Schleife 0 oder 2 Linien{with_others}. In jeder verbleibenden Möglichkeit gilt: "
               "{what}.",
            fr="Au {dot}, la boucle a 0 ou 2 traits{with_others} : dans chaque possibilité restante, {what}.",
            es="En el {dot} el bucle tiene 0 o 2 líneas{with_others}: en todas las posibilidades que quedan, {what}."
        ).fill(dot=_dot(v, b.width), with_others=with_others, what=_around(decided, b.grid.vertex_edges[v], cell=False))
    k, cell = b.clues[i], _cell(i, b.width)
    name = Text("The {k} at {cell}", "{cell}の{k}", zh="{cell}的 {k}", ko="{cell}의 {k}", de="Die {k} in {cell}",
                fr="Le {k} en {cell}", es="El {k} de la {cell}") if k is not None else Text(
        "The cell at {cell}", "{cell}のマス", zh="{cell}的格子", ko="{cell}의 칸", de="Das Feld in {cell}",
        fr="La case en {cell}", es="La casilla de la {cell}")
    return Text(
        "{name}{with_others}: in every way its sides can still go, {what}.",
        "{name}は、{with_others}、残る辺の組み合わせはどれも「{what}」です。",
        zh="{name}，{with_others}，它的边剩下的每种组合都是“{what}”。",
        ko="{name}: {with_others}, 변의 남은 조합은 모두 ‘{what}’입니다.",
        de="{name}{with_others} – bei jeder noch möglichen Belegung der Seiten gilt: {what}.",
        fr="{name}{with_others} : dans toutes les possibilités restantes pour ses côtés, {what}.",
        es="{name}{with_others}: en todas las formas en que aún pueden ir sus lados, {what}."
    ).fill(name=name.fill(k=k if k is not None else "", cell=cell), with_others=with_others,
           what=_around(decided, b.grid.cell_edges[i], cell=True))


def _threes_step(b: _Board) -> Hint | None:
    engine, g, w = b.engine, b.grid, b.width
    mark = engine.mark()
    engine.threes_done = True  # as the engine's propagation marks it: the rule runs once
    if not engine.adjacent_threes():
        raise _Contradiction
    decided = b.new_edges(mark.edges)
    if not decided:
        return None
    changed = {e for e, _ in decided}
    pairs = [(a, a + step) for a in range(b.cells) for step in (1, w)
             if b.clues[a] == 3 and (step == w or a % w < w - 1) and a + step < b.cells and b.clues[a + step] == 3
             and (set(g.cell_edges[a]) | set(g.cell_edges[a + step])) & changed]
    evidence = [Mark("cell", c) for pair in pairs for c in pair]
    names = [Text("{a} and {c}", "{a}と{c}", zh="{a}和{c}", ko="{a}과 {c}", de="{a} und {c}", fr="{a} et {c}",
                  es="{a} y {c}").fill(a=_cell(a, w), c=_cell(c, w)) for a, c in pairs]
    where = Text.join(names, Text("; ", "、", zh="；", ko="; ", de="; ", fr=" ; ", es="; "))
    return b.step("threes", decided, evidence, Text(
        "Two 3s side by side ({where}): the side between them and their two far sides are lines, and the "
        "edges that continue the side between them have none.",
        "3が隣り合っています（{where}）。間の辺と両端の辺は線で、間の辺の延長には線がありません。",
        zh="两个 3 相邻（{where}）：它们之间的边和两端的边是线，之间那条边的延长线上没有线。",
        ko="3 두 개가 나란히 있습니다({where}): 사이의 변과 양쪽 끝의 변은 선이고, 사이 변의 연장선에는 선이 없습니다.",
        de="Zwei Dreien nebeneinander ({where}): Die Seite zwischen ihnen und ihre beiden äußeren Seiten sind "
           "Linien, und die Kanten, die die Seite zwischen ihnen verlängern, haben keine.",
        fr="Deux 3 côte à côte ({where}) : le côté entre eux et leurs deux côtés extérieurs sont des traits, et "
           "les arêtes qui prolongent le côté entre eux n’en ont pas.",
        es="Dos 3 contiguos ({where}): el lado entre ellos y sus dos lados exteriores tienen línea, y las aristas "
           "que prolongan el lado entre ellos no tienen línea.").fill(where=where))


# --- hard ------------------------------------------------------------------------------------

def _tie(b: _Board, start: int, goal: int) -> list[int]:
    """The known edges of a shortest path between two colour nodes (cells, the outside), or []."""
    colouring = b.engine.colouring
    assert colouring is not None
    sides, state, cells = colouring.edge_sides, b.engine.edge_state, b.cells
    previous: dict[int, tuple[int, int]] = {start: (-1, -1)}
    queue = [start]
    for x in queue:
        if x == goal:
            break
        for e in (b.grid.cell_edges[x] if x < cells else colouring.border_edges):
            if state[e] == UNKNOWN:
                continue
            a, c = sides[2 * e], sides[2 * e + 1]
            y = c if a == x else a
            if y not in previous:
                previous[y] = (x, e)
                queue.append(y)
    if goal not in previous:
        return []
    path, x = [], goal
    while x != start:
        x, e = previous[x]
        path.append(e)
    return path


def _tied_words(first: Text, second: Text, value: int) -> Text:
    """Two colour nodes tied by the marked edges: on different sides (the edge between them is a line,
    ``value`` 1) or on the same side (no line)."""
    side = Text("different sides: the edge between them is a line", "内外が逆なので、間の辺は線です",
                zh="内外相反，所以它们之间的边是线。", ko="안팎이 반대이므로 사이의 변은 선입니다.",
                de="verschiedenen Seiten: Die Kante zwischen ihnen ist eine Linie.",
                fr="de part et d’autre : l’arête entre eux est un trait.",
                es="en lados distintos: la arista entre ellos tiene línea.") if value else Text(
        "the same side: the edge between them has no line", "同じ側なので、間の辺に線はありません",
        zh="在同一侧，所以它们之间的边没有线。", ko="같은 쪽이므로 사이의 변에는 선이 없습니다.",
        de="derselben Seite: Die Kante zwischen ihnen hat keine Linie.",
        fr="du même côté : l’arête entre eux n’a pas de trait.",
        es="del mismo lado: la arista entre ellos no tiene línea.")
    return Text(
        "Inside and outside: crossing a line swaps them, crossing a × keeps them. Along the marked edges, "
        "{first} and {second} are on {side}.",
        "内側と外側: 線をまたぐと入れ替わり、×をまたぐと変わりません。印の辺をたどると、{first}と{second}は{side}",
        zh="内侧与外侧：跨过线就互换，跨过 × 则不变。沿着标出的边，{first}和{second}{side}",
        ko="안쪽과 바깥쪽: 선을 넘으면 바뀌고, ×를 넘으면 그대로입니다. "
           "표시된 변을 따라가면 {first}과 {second}은 {side}",
        de="Innen und außen: Über eine Linie hinweg wechseln sie, über ein × hinweg bleiben sie. Entlang der "
           "markierten Kanten liegen {first} und {second} auf {side}",
        fr="Intérieur et extérieur : franchir un trait les échange, franchir un × les garde. Le long des arêtes "
           "marquées, {first} et {second} sont {side}",
        es="Dentro y fuera: cruzar una línea los intercambia, cruzar una × los mantiene. Siguiendo las aristas "
           "marcadas, {first} y {second} quedan {side}").fill(first=first, second=second, side=side)


def _tied_sides_words(k: int, cell: Text, what: Text) -> Text:
    """A clue whose open sides the marked edges tie together: counted so, only ``what`` meets it."""
    return Text(
        "The {k} at {cell}: the cells beyond some of its open sides are tied together by the marked edges "
        "(crossing a line swaps inside and outside, crossing a × keeps them), so those sides go together; "
        "counted that way, the {k} is met only if {what}.",
        "{cell}の{k}: 未定の辺の先のマスのうち、印の辺で内外が結び付いているものは一緒に決まります"
        "（線をまたぐと内外が入れ替わり、×では変わりません）。そう数えると、{k}を満たすのは「{what}」の場合だけです。",
        zh="{cell}的 {k}：它的一些未定的边外侧的格子由标出的边连在一起（跨过线内外互换，跨过 × 不变），"
           "所以这些边一起决定；这样数下来，只有“{what}”时才能满足 {k}。",
        ko="{cell}의 {k}: 미정인 변 너머의 칸 가운데 표시된 변으로 안팎이 묶인 것들은 함께 정해집니다"
           "(선을 넘으면 안팎이 바뀌고, ×를 넘으면 그대로입니다). 그렇게 세면 ‘{what}’일 때만 이 숫자가 채워집니다.",
        de="Die {k} in {cell}: Die Felder hinter einigen ihrer offenen Seiten sind durch die markierten Kanten "
           "verbunden (über eine Linie hinweg wechseln innen und außen, über ein × hinweg nicht), daher gehen "
           "diese Seiten zusammen; so gezählt ist die {k} nur erfüllt, wenn gilt: {what}.",
        fr="Le {k} en {cell} : les cases au-delà de certains de ses côtés indécis sont liées par les arêtes "
           "marquées (franchir un trait échange intérieur et extérieur, franchir un × les garde), donc ces côtés "
           "vont ensemble ; en comptant ainsi, le {k} n’est respecté que si {what}.",
        es="El {k} de la {cell}: las casillas al otro lado de algunos de sus lados sin decidir están unidas por "
           "las aristas marcadas (cruzar una línea intercambia dentro y fuera, cruzar una × los mantiene), así que "
           "esos lados van juntos; contando así, el {k} solo se cumple si {what}.").fill(k=k, cell=cell, what=what)


def _colour_step(b: _Board) -> Hint | None:
    engine = b.engine
    colouring = engine.colouring
    assert colouring is not None
    colouring.grown.extend(range(b.cells + 1))  # look at every class afresh
    while colouring.has_work():
        clue_cell = -1 if colouring.grown else colouring.clue_queue[-1]
        mark = engine.mark()
        if not colouring.deduce_step(engine):
            raise _Contradiction
        decided = b.new_edges(mark.edges)
        if not decided:
            continue
        e, value = decided[0]
        engine.undo(mark)  # the classes as they were, for the words
        if clue_cell < 0:
            a, c = colouring.edge_sides[2 * e], colouring.edge_sides[2 * e + 1]
            path = _tie(b, a, c)
            evidence = [Mark("cell", x) for x in (a, c) if x < b.cells] + [Mark("edge", p) for p in path]
            return b.step("colour", [(e, value)], evidence,
                          _tied_words(_node(a, b.width, b.cells), _node(c, b.width, b.cells), value))
        k = b.clues[clue_cell]
        far = []
        for side_edge in b.grid.cell_edges[clue_cell]:
            if engine.edge_state[side_edge] == UNKNOWN:
                x, y = colouring.edge_sides[2 * side_edge], colouring.edge_sides[2 * side_edge + 1]
                far.append(y if x == clue_cell else x)
        ties: list[int] = []
        nodes = [clue_cell, *far]
        for p, x in enumerate(nodes):
            for y in nodes[p + 1:]:
                if colouring.find(x)[0] == colouring.find(y)[0]:
                    ties += _tie(b, x, y)
        evidence = [Mark("cell", clue_cell), *(Mark("edge", t) for t in ties)]
        what = _around([(e, value)], b.grid.cell_edges[clue_cell], cell=True)
        assert k is not None  # the colouring's clue queue holds clue cells
        return b.step("colour", [(e, value)], evidence, _tied_sides_words(k, _cell(clue_cell, b.width), what))
    return None


def _supposed(edge: Text, value: int) -> Text:
    """"Suppose the edge had a line" (``value`` LINE) or "... had no line"; the Japanese is the edge and
    what is assumed, for a sentence to go on with と仮定すると."""
    if value == LINE:
        return Text("Suppose {edge} had a line", "{edge}に線がある", zh="假设{edge}有线",
                    ko="{edge}에 선이 있다고 가정하면",
                    de="Angenommen, die {edge} hätte eine Linie", fr="Supposons que l’{edge} ait un trait",
                    es="Supongamos que la {edge} tiene línea").fill(edge=edge)
    return Text("Suppose {edge} had no line", "{edge}に線がない", zh="假设{edge}没有线",
                ko="{edge}에 선이 없다고 가정하면",
                de="Angenommen, die {edge} hätte keine Linie", fr="Supposons que l’{edge} n’ait pas de trait",
                es="Supongamos que la {edge} no tiene línea").fill(edge=edge)


def _so(value: int) -> Text:
    """The conclusion of a refuted assumption of ``value`` on the edge: the other way."""
    if value == LINE:
        return Text("So it has no line.", "よってこの辺に線はありません。", zh="所以这条边没有线。",
                    ko="따라서 이 변에는 선이 없습니다.", de="Daher hat sie keine Linie.",
                    fr="Donc elle n’a pas de trait.", es="Así que no tiene línea.")
    return Text("So it has a line.", "よってこの辺は線です。", zh="所以这条边是线。", ko="따라서 이 변은 선입니다.",
                de="Daher hat sie eine Linie.", fr="Donc elle a un trait.", es="Así que tiene línea.")


def _trial_words(edge: Text, value: int, forced: int) -> Text:
    """A trial refuted: assuming ``value`` on ``edge`` forced ``forced`` more edges into a contradiction."""
    more = _by_count(forced, {"en": "{n} more edge (marked)", "de": "noch {n} Kante (markiert)",
                              "fr": "{n} autre arête (marquée)", "es": "{n} arista más (marcada)"}, Text(
        "{n} more edges (marked)", "", zh="另外 {n} 条边（已标出）", ko="변 {n}개가 더(표시됨)",
        de="noch {n} Kanten (markiert)", fr="{n} autres arêtes (marquées)", es="{n} aristas más (marcadas)")
    ).fill(n=forced)
    return Text(
        "{supposed}: the rules up to inside and outside then decide {more} and run into a contradiction.",
        "{supposed}と仮定すると、ほかの{n}辺が決まっていき、矛盾に行き着きます。",
        zh="{supposed}：到内外规则为止的各条规则会再决定{more}，并推出矛盾。",
        ko="{supposed}, 안쪽과 바깥쪽까지의 규칙으로 {more} 정해지고 모순에 이릅니다.",
        de="{supposed}: Die Regeln bis zu innen und außen entscheiden dann {more} und führen zu einem Widerspruch.",
        fr="{supposed} : les règles jusqu’à intérieur et extérieur décident alors {more} et mènent à une "
           "contradiction.",
        es="{supposed}: las reglas hasta dentro y fuera deciden entonces {more} y llevan a una contradicción."
    ).fill(supposed=_supposed(edge, value), more=more, n=forced) + _so(value)


def _search_words(edge: Text, value: int, nodes: int) -> Text:
    """A search refuted: under ``value`` on ``edge``, ``nodes`` cases and no loop."""
    cases = _by_count(nodes, {"en": "{n} case", "de": "{n} Fall", "es": "{n} caso"}, Text(
        "{n} cases", "", zh="{n} 种情况", ko="{n}가지", de="{n} Fälle", fr="{n} cas", es="{n} casos")).fill(n=nodes)
    return Text(
        "{supposed}: trying every way on from there ({cases}) finds no loop that meets every number.",
        "{supposed}と仮定すると、その先をすべて試しても（{n}通り）すべての数字を満たす輪はできません。",
        zh="{supposed}：从那里试遍之后的所有走法（{cases}），都找不到满足所有数字的回路。",
        ko="{supposed}, 그 뒤를 모두 시도해도({cases}) 모든 숫자를 채우는 고리가 없습니다.",
        de="{supposed}: Probiert man von dort jeden weiteren Weg ({cases}), findet sich keine Schleife, die jede "
           "Zahl erfüllt.",
        fr="{supposed} : en essayant toutes les suites à partir de là ({cases}), on ne trouve aucune boucle qui "
           "respecte tous les nombres.",
        es="{supposed}: probando todas las continuaciones desde ahí ({cases}), no se encuentra ningún bucle que "
           "cumpla todos los números."
    ).fill(supposed=_supposed(edge, value), cases=cases, n=nodes) + _so(value)


def _trial_step(b: _Board) -> Hint | None:
    engine = b.engine
    for e in range(b.grid.edge_count):
        if engine.edge_state[e] != UNKNOWN:
            continue
        check_deadline(b.deadline)
        for value in (LINE, CROSS):
            mark = engine.mark()
            ok = engine.set_edge(e, value) and engine.propagate(MEDIUM)
            forced = list(engine.edge_trail[mark.edges + 1:])
            engine.undo(mark)
            if ok:
                continue
            return b.step("trial", [(e, 0 if value == LINE else 1)], (Mark("edge", f) for f in forced),
                          _trial_words(_edge(e, b.width, b.height), value, len(forced)))
    return None


def _has_loop(engine: Engine, clues: Sequence[int | None], width: int, height: int,
              node_limit: int, deadline: float | None = None) -> tuple[bool | None, int]:
    """(whether some loop meets the clues and the engine's edges, nodes used); None past the limit.

    Depth first over the engine's branching edge (its MRV choice), with the medium rules and
    colouring at every node; every leaf is checked by :func:`~gridlogic.loop.board.validate_loop`.
    The engine is left as it was (but past ``deadline``, when :class:`~gridlogic.params.OutOfTime`
    leaves it where the search was).
    """
    start = engine.mark()
    frames: list[list[Any]] = []  # [edge, mark, values tried]
    nodes = 0
    ok = engine.propagate(MEDIUM)
    while True:
        if ok:
            nodes += 1
            if nodes > node_limit:
                engine.undo(start)
                return None, nodes
            check_deadline(deadline)
            e = engine.choose_edge()
            if e < 0:
                if validate_loop(engine.edges(), clues, width, height):
                    engine.undo(start)
                    return True, nodes
                ok = False
            else:
                frames.append([e, engine.mark(), 0])
        while frames:  # the deepest frame with a value left tries it
            frame = frames[-1]
            engine.undo(frame[1])
            if frame[2] == 2:
                frames.pop()
                continue
            value = LINE if frame[2] == 0 else CROSS
            frame[2] += 1
            ok = engine.set_edge(frame[0], value) and engine.propagate(MEDIUM)
            break
        else:
            engine.undo(start)
            return False, nodes


def _search_step(b: _Board) -> Hint | None:
    engine = b.engine
    e = engine.choose_edge()
    if e < 0:
        return None
    for value in (LINE, CROSS):
        mark = engine.mark()
        found, nodes = (False, 0) if not engine.set_edge(e, value) else _has_loop(
            engine, b.clues, b.width, b.height, SEARCH_NODE_LIMIT, b.deadline)
        engine.undo(mark)
        if found is False:
            return b.step("search", [(e, 0 if value == LINE else 1)], (),
                          _search_words(_edge(e, b.width, b.height), value, nodes))
    return None


def search_step(clues: Sequence[int | None], width: int, height: int, known: Mapping[int, int],
                deadline: float | None = None) -> Hint | None:
    """The ``search`` step alone, beyond every level: for a version's own step solver when its techniques
    decide nothing more (version 3's, on a puzzle brought from outside that is beyond its ladder)."""
    try:
        return _search_step(_Board(check_clues(clues, width, height), width, height, known, deadline))
    except _Contradiction:
        return None


def next_step(clues: Sequence[int | None], width: int, height: int, known: Mapping[int, int],
              deadline: float | None = None) -> Hint | None:
    """The next step for a board whose ``known`` edges (edge -> LINE or CROSS) are right, by the
    easiest technique (see the module docstring); None when none decides anything.

    Raises nothing for a consistent board (but :class:`~gridlogic.params.OutOfTime` past ``deadline``);
    a board the clues contradict gives None too.
    """
    checked = check_clues(clues, width, height)
    try:
        b = _Board(checked, width, height, known, deadline)
        for technique in (_easy_step, _corner_step, _threes_step, _colour_step, _trial_step, _search_step):
            found = technique(b)
            if found is not None:
                return found
    except _Contradiction:
        return None
    return None


# --- hints of a puzzle and a board -----------------------------------------------------------

STUCK = Text("Nothing more follows from the numbers and the edges decided so far by these techniques.",
             "これらの手筋では、数字と決まった辺からこれ以上は決まりません。",
             zh="用这些技巧，从数字和已经确定的边推不出更多了。",
             ko="이 기법들로는 숫자와 지금까지 정해진 변에서 더 정해지는 것이 없습니다.",
             de="Mit diesen Techniken folgt aus den Zahlen und den bisher entschiedenen Kanten nichts weiter.",
             fr="Avec ces techniques, rien de plus ne découle des nombres et des arêtes décidées jusqu’ici.",
             es="Con estas técnicas no se deduce nada más de los números y las aristas decididas hasta ahora.")
SEVERAL = Text("This puzzle has more than one loop: from here on, the numbers decide nothing more.",
               "この問題には答えの輪が2つ以上あります。ここから先は数字だけでは決まりません。",
               zh="这道题的答案回路不止一个：从这里开始，数字无法再决定什么。",
               ko="이 퍼즐에는 답이 되는 고리가 둘 이상 있습니다: 여기서부터는 숫자만으로 더 정할 수 없습니다.",
               de="Dieses Rätsel hat mehr als eine Schleife: Ab hier entscheiden die Zahlen nichts mehr.",
               fr="Cette grille a plus d’une boucle : à partir d’ici, les nombres ne décident plus rien.",
               es="Este tablero tiene más de un bucle: a partir de aquí, los números no deciden nada más.")
SOLVED = Text("Nothing is left to decide: the loop is complete.", "輪が完成しています。",
              zh="没有要决定的了：回路已经完成。", ko="더 정할 것이 없습니다: 고리가 완성되었습니다.",
              de="Es ist nichts mehr zu entscheiden: Die Schleife ist vollständig.",
              fr="Il ne reste rien à décider : la boucle est complète.",
              es="No queda nada por decidir: el bucle está completo.")
NO_LOOP = Text("No loop meets these numbers.", "これらの数字をすべて満たす輪はありません。",
               zh="没有能满足这些数字的回路。", ko="이 숫자들을 모두 채우는 고리는 없습니다.",
               de="Keine Schleife erfüllt diese Zahlen.", fr="Aucune boucle ne respecte ces nombres.",
               es="Ningún bucle cumple estos números.")


def mistake_words(edge: Text, is_line: bool, more: int) -> Text:
    """The first wrong edge (a line off the loop, or a × on it) and how many more wrong edges follow it."""
    what = Text("has a line, but the loop does not pass there", "に線がありますが、答えの輪は通りません",
                zh="有线，但答案的回路不经过这里", ko="에 선이 있지만 답의 고리는 지나가지 않습니다",
                de="hat eine Linie, aber die Schleife verläuft dort nicht",
                fr="a un trait, mais la boucle n’y passe pas", es="tiene línea, pero el bucle no pasa por ahí"
                ) if is_line else Text(
        "is marked ×, but the loop passes there", "に×がありますが、答えの輪が通ります",
        zh="标了 ×，但答案的回路经过这里", ko="에 ×가 있지만 답의 고리가 지나갑니다",
        de="ist mit × markiert, aber die Schleife verläuft dort", fr="est marquée ×, mais la boucle y passe",
        es="está marcada con ×, pero el bucle pasa por ahí")
    after = _by_count(more, {"fr": " ({n} autre après elle)"}, Text(
        " ({n} more after it)", "（ほかに{n}か所）", zh="（后面还有 {n} 处）", ko="(그 뒤로 {n}곳 더)",
        de=" (danach noch {n} weitere)", fr=" ({n} autres après elle)", es=" ({n} más después)")).fill(n=more) \
        if more else Text("", "")
    return Text(
        "{edge} is a mistake: it {what}{after}. Clear it, and the hints go on from the edges that are right.",
        "{edge}は間違いです。この辺{what}{after}。消すと、正しい辺からヒントが続きます。",
        zh="{edge}是错的：它{what}{after}。清除它后，提示会从正确的边继续。",
        ko="{edge}은 잘못되었습니다: 이 변{what}{after}. 지우면 올바른 변에서 힌트가 이어집니다.",
        de="Die {edge} ist ein Fehler: Sie {what}{after}. Lösche sie, dann gehen die Tipps von den richtigen "
           "Kanten aus weiter.",
        fr="L’{edge} est une erreur : elle {what}{after}. Effacez-la, et les indices reprennent à partir des "
           "arêtes justes.",
        es="La {edge} es un error: {what}{after}. Bórrala y las pistas siguen desde las aristas correctas."
    ).fill(edge=edge, what=what, after=after).capitalised()


def _flat(board: Mapping[str, Sequence[int]]) -> list[int]:
    return list(board["horizontal"]) + list(board["vertical"])


def _known_of(flat: Sequence[int]) -> dict[int, int]:
    return {e: LINE if v == BOARD_LINE else CROSS for e, v in enumerate(flat) if v != BOARD_BLANK}


def mistakes(puzzle: Any, board: Mapping[str, Sequence[int]]) -> list[int]:
    """The edges the board has wrong, by edge number: a line where the loop has none, or a × on the loop."""
    return [e for e, (v, answer) in enumerate(zip(_flat(board), puzzle.edges()))
            if (v == BOARD_LINE and not answer) or (v == BOARD_CROSS and answer)]


def hint(puzzle: Any, board: Mapping[str, Sequence[int]]) -> Hint:
    """The next hint for a player's board (as ``parse_board`` gives it): the earliest mistake, else
    the easiest step from the edges the board knows."""
    return hint_for(puzzle, board, next_step)


def hint_for(puzzle: Any, board: Mapping[str, Sequence[int]],
             step_of: Callable[[Sequence[int | None], int, int, Mapping[int, int]], Hint | None]) -> Hint:
    """:func:`hint` with another step solver ``step_of`` (a version's own, as :func:`next_step` is called)."""
    wrong = mistakes(puzzle, board)
    if wrong:
        first = wrong[0]
        return Hint("mistake", None, (), (Mark("edge", first),), mistake_words(
            _edge(first, puzzle.width, puzzle.height), _flat(board)[first] == BOARD_LINE, len(wrong) - 1))
    flat = _flat(board)
    if all((v == BOARD_LINE) == bool(answer) for v, answer in zip(flat, puzzle.edges())):
        return Hint("solved", None, (), (), SOLVED)
    step = step_of(puzzle.clues, puzzle.width, puzzle.height, _known_of(flat))
    return step if step is not None else Hint("stuck", None, (), (), STUCK)


def apply(puzzle: Any, board: Mapping[str, Sequence[int]], given: Hint) -> dict[str, list[int]]:
    """The board with the hint's edges drawn or marked ×, or its mistake cleared."""
    flat = _flat(board)
    for mark in given.decides:
        flat[mark.index] = BOARD_LINE if mark.value else BOARD_CROSS
    if given.status == "mistake":
        for mark in given.evidence:
            flat[mark.index] = BOARD_BLANK
    split = (puzzle.height + 1) * puzzle.width
    return {"horizontal": flat[:split], "vertical": flat[split:]}


STUCK_SECONDS = 5.0  # the solver's time to tell "several loops" from "beyond the techniques"


StepFinder = Callable[[Sequence[int | None], int, int, Mapping[int, int], "float | None"], "Hint | None"]


def walkthrough(clues: Sequence[int | None], width: int, height: int, levels: Sequence[str] = LEVELS,
                techniques: Sequence[Technique] = TECHNIQUES, deadline: float | None = None,
                step_finder: StepFinder | None = None) -> Walkthrough:
    """Every step from the empty board until every edge is known or no technique decides more;
    its level is the hardest technique's (None when a search was needed or it got stuck). Past
    ``deadline``: :class:`~gridlogic.params.OutOfTime`. ``step_finder`` finds each step (this
    module's :func:`next_step` by default; version 3 passes its ladder's)."""
    find_step = step_finder or next_step
    checked = check_clues(clues, width, height)
    known: dict[int, int] = {}
    edge_count = (height + 1) * width + height * (width + 1)
    steps: list[Hint] = []
    while len(known) < edge_count:
        check_deadline(deadline)
        step = find_step(checked, width, height, known, deadline)
        if step is None:
            verdict = stuck_verdict(checked, width, height, deadline)
            if verdict.status == "none":
                return Walkthrough(None, tuple(steps), "contradiction", NO_LOOP)
            return Walkthrough(None, tuple(steps), "stuck", SEVERAL if verdict.status == "several" else STUCK)
        steps.append(step)
        for mark in step.decides:
            known[mark.index] = LINE if mark.value else CROSS
    if not validate_loop([1 if known[e] == LINE else 0 for e in range(edge_count)], checked, width, height):
        return Walkthrough(None, tuple(steps), "contradiction", NO_LOOP)
    used = {step.technique for step in steps if step.technique is not None}
    return Walkthrough(hardest_level(used, techniques, levels), tuple(steps), "solved")


def stuck_verdict(clues: list[int | None], width: int, height: int, deadline: float | None) -> Verdict:
    """The solver's status of a puzzle whose walk-through is stuck (several loops, none, or beyond the
    techniques; its solutions are not the canonical pair, which nothing here shows), within
    :data:`STUCK_SECONDS` and ``deadline``: :class:`~gridlogic.params.OutOfTime`
    when the deadline, not its own limit, left it undecided."""
    verdict = decide(clues, width, height, time_limit=seconds_left(deadline, STUCK_SECONDS), least=False)  # status only
    if verdict.status == "undecided":
        check_deadline(deadline)
    return verdict


def start(puzzle: Any) -> dict[str, list[int]]:
    """The board a play starts from: every edge blank."""
    return {"horizontal": [BOARD_BLANK] * ((puzzle.height + 1) * puzzle.width),
            "vertical": [BOARD_BLANK] * (puzzle.height * (puzzle.width + 1))}


def hints_by_version(gradings: Mapping[int, Grading], default: int, own: Mapping[int, Hints] | None = None) -> Hints:
    """Loop's :class:`~gridlogic.hints.Hints` record: a puzzle of a version in ``gradings`` is explained
    by its levels; any other (one brought from outside, or no version) by those of ``default``. A
    version in ``own`` has its own step solver and techniques (version 3's ladder): its record answers
    for its puzzles, and for every other puzzle too when it is the ``default``."""
    own = own or {}
    techniques: dict[int | None, tuple[Technique, ...]] = {n: graded(g) for n, g in gradings.items() if n not in own}
    levels: dict[int | None, tuple[str, ...]] = {n: g.levels for n, g in gradings.items() if n not in own}

    def record_of(version: object) -> Hints | None:
        if isinstance(version, int) and version in own:
            return own[version]
        return own.get(default) if version not in gradings else None

    def techniques_of(version: int | None) -> tuple[Technique, ...]:
        record = record_of(version)
        return record.techniques(version) if record else techniques[version if version in techniques else default]

    def levels_of(version: int | None) -> tuple[str, ...]:
        record = record_of(version)
        return record.levels(version) if record else levels[version if version in levels else default]

    def hint_of(puzzle: Any, board: Mapping[str, Sequence[int]]) -> Hint:
        record = record_of(getattr(puzzle, "version", None))
        return record.hint(puzzle, board) if record else hint(puzzle, board)

    def explain(problem: Any, version: int | None, deadline: float | None = None) -> Walkthrough:
        """The walk-through of a problem's clues, graded by the levels of ``version``, within ``deadline``."""
        record = record_of(version)
        if record:
            return record.explain(problem, version, deadline)
        return walkthrough(problem.givens["clues"], problem.width, problem.height, levels_of(version),
                           techniques_of(version), deadline)

    return Hints(techniques=techniques_of, levels=levels_of, hint=hint_of, apply=apply, explain=explain,
                 start=start)
