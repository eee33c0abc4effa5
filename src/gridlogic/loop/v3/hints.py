"""Hints for Loop version 3: the next edges a person can decide by the easiest of version 3's techniques, and why.

The step solver is version 3's own ladder (:mod:`.ladder`), so a walk-through uses exactly the
techniques of the grade and its level is the grade's (``tests/loop/test_v3_hints.py`` checks it on
every level). A step is found level by level, easiest first: a board holding the clues and the known
edges applies the techniques of one level (its pair facts and links, which the player's board does
not show, are found again from the edges each time) and stops at the first cell or dot where an edge
is decided; the edges decided there are the step. Its technique is the level's own: the rule that
decided the first edge when it belongs to the level, else the level's rule that wrote the facts it
used (``cell_pair`` or ``opposite`` at hard, ``parity`` at expert), since those never decide an edge
themselves. From medium up a step also names the **facts it stands on**, in the order they were
written: the pair facts and links the deciding cell or dot read, then those each fact's rule had read,
back to the numbers and the edges (:func:`_chain`); each fact's number or dot is marked as evidence.
The words are in all seven languages (:data:`WORDS`). A walk-through takes a ``deadline`` (see
:mod:`gridlogic.hints`), checked before each step and inside a ``search`` step: past it,
:class:`~gridlogic.params.OutOfTime`.

Worked example (the levels' ``EXAMPLES["clue"]``, checked in ``tests/loop/test_v3_hints.py``): on the
2×2 board ``. . / 0 1`` the first step is the 0's: none of its four sides has a line.

>>> step = next_step([None, None, 0, 1], 2, 2, {})
>>> step.technique, [(m.index, m.value) for m in step.decides]
('clue', [(2, 0), (4, 0), (9, 0), (10, 0)])

On the 4×4 example of ``cell_pair``, its first step decides two edges at the dot at row 4, column 2,
standing on one fact, which the 1 beside the dot wrote:

>>> from gridlogic.loop.v3.levels import EXAMPLES
>>> width, height, clues = EXAMPLES["cell_pair"]
>>> step = next(s for s in walkthrough(clues, width, height).steps if s.technique == "cell_pair")
>>> print(step.explanation.en.split("in order: ")[1])  # doctest: +NORMALIZE_WHITESPACE
(1) the 1 at row 4, column 2: at most one of the edges going right and down from the dot at row 4,
column 2 is a line. That decides 2 edges: 0 lines, 2 without.
>>> [(m.kind, m.index) for m in step.evidence]
[('vertex', 16), ('edge', 31), ('edge', 12), ('cell', 13)]
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
from gridlogic.loop.v3.ladder import AT_LEAST_ONE, AT_MOST_ONE, RULE_LEVEL, Board, Contradiction
from gridlogic.loop.v3.levels import LEVELS
from gridlogic.params import check_deadline

__all__ = ["HINTS", "TECHNIQUES", "next_step", "walkthrough"]

ENGINE = {t.name: t for t in ENGINE_TECHNIQUES}
TECHNIQUES = (
    ENGINE["clue"], ENGINE["vertex"], ENGINE["loop"],
    Technique("pinch", "easy", Text(
        "a line reaching a number's corner spends the one side it can spare",
        "数字の角に線が届くと、その数字が空けられる1辺がそこで使われる",
        zh="线到达数字的角时，就用掉了这个数字唯一可以空出的那条边",
        ko="선이 숫자의 모서리에 닿으면 그 숫자가 비워 둘 수 있는 한 변이 거기서 쓰인다",
        de="eine Linie, die eine Ecke der Zahl erreicht, verbraucht die eine Seite, die sie frei lassen kann",
        fr="un trait qui atteint un coin du nombre y dépense le seul côté qu'il peut laisser vide",
        es="una línea que llega a una esquina del número gasta el único lado que puede dejar vacío")),
    Technique("pair", "medium", Text(
        "two edges side by side at a dot: at most one, or at least one, is a line",
        "点で隣り合う2辺: 線は多くて1本、または少なくとも1本",
        zh="点上相邻的两条边：至多一条、或至少一条是线",
        ko="점에서 나란한 두 변: 선은 많아야 하나, 또는 적어도 하나",
        de="zwei benachbarte Kanten an einem Punkt: höchstens eine oder mindestens eine ist eine Linie",
        fr="deux arêtes voisines en un point : au plus une, ou au moins une, est un trait",
        es="dos aristas vecinas en un punto: como mucho una, o al menos una, es línea")),
    Technique("bound", "medium", Text(
        "a number against the fewest and most lines its other sides can hold",
        "数字と、残りの辺が持てる線の最少・最多を比べる",
        zh="把数字与其余边能容纳的最少和最多线数相比",
        ko="숫자를 나머지 변이 가질 수 있는 선의 최소·최대와 비교한다",
        de="eine Zahl gegen die wenigsten und meisten Linien, die ihre anderen Seiten tragen können",
        fr="un nombre comparé au moins et au plus de traits que ses autres côtés peuvent porter",
        es="un número frente a las líneas mínimas y máximas que caben en sus otros lados")),
    Technique("cell_pair", "hard", Text(
        "a number tells its corners how many lines they hold",
        "数字がその角の線の数を決める",
        zh="数字决定它的各个角上有几条线",
        ko="숫자가 자기 모서리의 선 개수를 정한다",
        de="eine Zahl sagt ihren Ecken, wie viele Linien sie tragen",
        fr="un nombre dit à ses coins combien de traits ils portent",
        es="un número dice a sus esquinas cuántas líneas llevan")),
    Technique("opposite", "hard", Text(
        "what one pair at a dot holds limits the opposite pair",
        "点の一方の組が決まると、向かいの組も制限される",
        zh="点上一组边的情况限制了对面的那一组",
        ko="점에서 한 쌍이 가진 것이 맞은편 쌍을 제한한다",
        de="was ein Paar an einem Punkt trägt, begrenzt das gegenüberliegende Paar",
        fr="ce que porte une paire en un point limite la paire opposée",
        es="lo que lleva un par en un punto limita el par opuesto")),
    Technique("parity", "expert", Text(
        "edges linked alike or opposite, chained across the board",
        "同じか逆と分かった辺どうしを盤全体でつなぐ",
        zh="已知相同或相反的边，在整个盘面上串联起来",
        ko="같거나 반대로 묶인 변들을 판 전체에 걸쳐 잇는다",
        de="Kanten, als gleich oder entgegengesetzt verknüpft, über das ganze Brett verkettet",
        fr="des arêtes liées pareilles ou opposées, enchaînées sur toute la grille",
        es="aristas enlazadas iguales u opuestas, encadenadas por todo el tablero")),
    ENGINE["search"],  # beyond every level
)
FACT_RULES = {2: ("cell_pair", "opposite"), 3: ("parity",)}  # a level whose rules may only write facts


class _Fact:
    """What one rule wrote at one item during a step: about a pair (``pair`` >= 0: ``flag`` is
    AT_MOST_ONE, AT_LEAST_ONE or both, of the pair's two edges) or a link (``pair`` -1: ``edges`` are
    alike, ``differ`` 0, or opposite, 1)."""

    def __init__(self, rule: str, item: int, pair: int, flag: int, edges: tuple[int, int], differ: int) -> None:
        self.rule, self.item, self.pair, self.flag, self.edges, self.differ = rule, item, pair, flag, edges, differ


class _StepBoard(Board):
    """A ladder board that logs every edge it decides and every fact a rule wrote, with the item
    (cell, or cell_count + dot) whose rules wrote it: the step's chain (:func:`_chain`)."""

    def __init__(self, clues: Sequence[int | None], width: int, height: int, level: int,
                 known: Mapping[int, int]) -> None:
        super().__init__(clues, width, height, level)
        self.counts["given"] = 0
        self.rule = "given"
        self.item = -1
        for e in sorted(known):
            self.set_edge(e, known[e])
        self.decided: list[tuple[int, str]] = []
        self.fact_rules: list[str] = []
        self.facts: list[_Fact] = []
        self.facts_before_decision = 0

    def set_edge(self, e: int, value: int) -> None:
        if self.state[e] == UNKNOWN and self.rule != "given":
            if not self.decided:
                self.facts_before_decision = len(self.facts)
            self.decided.append((e, self.rule))
        super().set_edge(e, value)

    def set_flag(self, p: int, flag: int) -> None:
        if not self.flags[p] & flag:
            self.fact_rules.append(self.rule)
            a, b = self.layout.pair_edges[p]
            if self.state[a] == UNKNOWN and self.state[b] == UNKNOWN:  # else it only restates an edge
                last = self.facts[-1] if self.facts else None
                if last is not None and last.pair == p and last.item == self.item and last.rule == self.rule:
                    last.flag |= flag
                else:
                    self.facts.append(_Fact(self.rule, self.item, p, flag, (a, b), 0))
        super().set_flag(p, flag)

    def link(self, a: int, b: int, differ: int) -> None:
        if self.links.find(a)[0] != self.links.find(b)[0]:
            self.facts.append(_Fact(self.rule, self.item, -1, 0, (a, b), differ))
        super().link(a, b, differ)

    def first_step(self) -> int | None:
        """Apply the level's techniques until one cell or dot decides an edge: that item (cells first,
        then dots; -1 for the whole board's ``loop``), or None when nothing is decided."""
        while True:
            while (item := self.next_item()) >= 0:
                self.item = item
                if item < self.layout.cell_count:
                    self.cell_rules(item)
                else:
                    self.vertex_rules(item - self.layout.cell_count)
                if self.decided:
                    return item
            self.item = -1
            self.loop_rule()
            if self.decided:
                return -1
            if not self.waiting():
                return None


def _reads(board: _StepBoard, item: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The pairs and the edges whose facts an item's rules read: a cell's corners and sides, a dot's
    pairs and edges (none for the whole board's ``loop``)."""
    lay = board.layout
    if item < 0:
        return (), ()
    if item < lay.cell_count:
        return lay.cell_pairs[item], lay.grid.cell_edges[item]
    return lay.vertex_pairs[item - lay.cell_count], lay.vertex_around[item - lay.cell_count]


def _fact_reads(board: _StepBoard, fact: _Fact) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The pairs and edges whose facts the rule that wrote ``fact`` read: a number's corner reads the
    corner across the cell (the run of its two other sides), unless its number alone tells; a dot's pair
    with one line, nothing but
    edges; an opposite pair, the pairs across from it; a link, everything its item reads."""
    lay = board.layout
    if fact.rule == "cell_pair":
        k = board.clues[fact.item]
        if not (fact.flag & AT_MOST_ONE and k >= 2) and not (fact.flag & AT_LEAST_ONE and k <= 2):
            return (), ()  # a 0 or 1 takes at most one line at a corner, a 3 at least one, whatever else holds
        corners = lay.cell_pairs[fact.item]
        return (corners[(corners.index(fact.pair) + 2) % 4],), ()
    if fact.rule == "pair":
        return (), ()
    if fact.rule == "opposite":
        return lay.pair_disjoint[fact.pair], ()
    return _reads(board, fact.item)


def _chain(board: _StepBoard, item: int) -> list[_Fact]:
    """The facts the step's first decision stands on, in the order they were written: those the
    deciding item reads (and the links of the edge it decided), then those each fact's rule had read
    when it wrote it (:func:`_fact_reads`), and so on back; a link is read with every link of its
    chain of links."""
    facts = board.facts[:board.facts_before_decision]
    by_pair: dict[int, list[int]] = {}
    chain_of: dict[int, int] = {}  # a linked edge -> an edge of its chain of links, towards the chain's root

    def chain_root(e: int) -> int:
        while chain_of.get(e, e) != e:
            e = chain_of[e]
        return e

    for n, fact in enumerate(facts):
        if fact.pair >= 0:
            by_pair.setdefault(fact.pair, []).append(n)
        else:
            a, b = (chain_root(e) for e in fact.edges)
            chain_of[b] = a
    by_chain: dict[int, list[int]] = {}
    for n, fact in enumerate(facts):
        if fact.pair < 0:
            by_chain.setdefault(chain_root(fact.edges[0]), []).append(n)
    pairs, edges = _reads(board, item)
    todo = [(pairs, (*edges, board.decided[0][0]), len(facts))]
    used: set[int] = set()
    while todo:
        pairs, edges, before = todo.pop()
        found = [n for p in pairs for n in by_pair.get(p, ())]
        found += [n for e in edges for n in by_chain.get(chain_root(e), ())]
        for n in found:
            if n < before and n not in used:
                used.add(n)
                todo.append((*_fact_reads(board, facts[n]), n))
    return [facts[n] for n in sorted(used)]


# The words of a step, each in en, ja, zh, ko, de, fr, es.
WORDS = {
    "board": Text("the whole board", "盤全体", zh="整个盘面", ko="판 전체", de="das ganze Brett", fr="toute la grille",
                  es="todo el tablero"),
    "cell": Text("the cell at row {r}, column {c}", "{r}行{c}列のマス", zh="第{r}行第{c}列的格子",
                 ko="{r}행 {c}열의 칸", de="das Feld in Zeile {r}, Spalte {c}", fr="la case ligne {r}, colonne {c}",
                 es="la casilla fila {r}, columna {c}"),
    "clue": Text("the {k} at row {r}, column {c}", "{r}行{c}列の{k}", zh="第{r}行第{c}列的{k}", ko="{r}행 {c}열의 {k}",
                 de="die {k} in Zeile {r}, Spalte {c}", fr="le {k} ligne {r}, colonne {c}",
                 es="el {k} en la fila {r}, columna {c}"),
    "dot": Text("the dot at row {r}, column {c}", "{r}行{c}列の点", zh="第{r}行第{c}列的点", ko="{r}행 {c}열의 점",
                de="Punkt (Zeile {r}, Spalte {c})", fr="le point ligne {r}, colonne {c}",
                es="el punto fila {r}, columna {c}"),
    "up": Text("up", "上", zh="上", ko="위", de="oben", fr="le haut", es="arriba"),
    "right": Text("right", "右", zh="右", ko="오른쪽", de="rechts", fr="la droite", es="la derecha"),
    "down": Text("down", "下", zh="下", ko="아래", de="unten", fr="le bas", es="abajo"),
    "left": Text("left", "左", zh="左", ko="왼쪽", de="links", fr="la gauche", es="la izquierda"),
    "at_most": Text("at most one", "多くて1本", zh="至多一条", ko="많아야 하나", de="höchstens eine", fr="au plus une",
                    es="como mucho una"),
    "at_least": Text("at least one", "少なくとも1本", zh="至少一条", ko="적어도 하나", de="mindestens eine",
                     fr="au moins une", es="al menos una"),
    "exactly": Text("exactly one", "ちょうど1本", zh="恰好一条", ko="정확히 하나", de="genau eine", fr="exactement une",
                    es="exactamente una"),
    "pair": Text("{quant} of the edges going {a} and {b} from {dot} is a line",
                 "{dot}から{a}と{b}への辺のうち、線は{quant}", zh="{dot}向{a}和向{b}的边中，线{quant}",
                 ko="{dot}의 {a}·{b} 방향 변 중 선은 {quant}",
                 de="{quant} der Kanten nach {a} und {b} an {dot} ist eine Linie",
                 fr="{quant} des arêtes vers {a} et vers {b} depuis {dot} est un trait",
                 es="{quant} de las aristas hacia {a} y hacia {b} desde {dot} es línea"),
    "pair_own": Text("{quant} of its edges going {a} and {b} is a line", "その{a}と{b}への辺のうち、線は{quant}",
                     zh="它向{a}和向{b}的边中，线{quant}", ko="이 점의 {a}·{b} 방향 변 중 선은 {quant}",
                     de="{quant} seiner Kanten nach {a} und {b} ist eine Linie",
                     fr="{quant} de ses arêtes vers {a} et vers {b} est un trait",
                     es="{quant} de sus aristas hacia {a} y hacia {b} es línea"),
    "edge": Text("the edge going {way} from {dot}", "{dot}から{way}への辺", zh="{dot}向{way}的边",
                 ko="{dot}의 {way} 방향 변", de="die Kante nach {way} an {dot}", fr="l'arête vers {way} depuis {dot}",
                 es="la arista hacia {way} desde {dot}"),
    "two_edges": Text("{a} and {b}", "{a}と{b}", zh="{a}和{b}", ko="{a}과 {b}", de="{a} und {b}", fr="{a} et {b}",
                      es="{a} y {b}"),
    "edges_at": Text("the edges going {a} and {b} from {dot}", "{dot}から{a}と{b}への辺", zh="{dot}向{a}和向{b}的边",
                     ko="{dot}의 {a}·{b} 방향 변", de="die Kanten nach {a} und {b} an {dot}",
                     fr="les arêtes vers {a} et vers {b} depuis {dot}",
                     es="las aristas hacia {a} y hacia {b} desde {dot}"),
    "edges_own": Text("its edges going {a} and {b}", "その{a}と{b}への辺", zh="它向{a}和向{b}的边",
                      ko="이 점의 {a}·{b} 방향 변", de="seine Kanten nach {a} und {b}",
                      fr="ses arêtes vers {a} et vers {b}", es="sus aristas hacia {a} y hacia {b}"),
    "alike": Text("{edges} are alike (both lines or neither)", "{edges}は同じ（両方線か、両方線なし）",
                  zh="{edges}相同（都是线或都不是）", ko="{edges}은 같음(둘 다 선이거나 둘 다 아님)",
                  de="{edges} sind gleich (beide Linien oder keine)",
                  fr="{edges} sont pareilles (deux traits ou aucun)",
                  es="{edges} son iguales (las dos son línea o ninguna)"),
    "opposite": Text("{edges} are opposite (exactly one is a line)", "{edges}は逆（線はちょうど1本）",
                     zh="{edges}相反（恰好一条是线）", ko="{edges}은 반대(정확히 하나가 선)",
                     de="{edges} sind entgegengesetzt (genau eine ist eine Linie)",
                     fr="{edges} sont opposées (exactement un trait)",
                     es="{edges} son opuestas (exactamente una es línea)"),
    "fact": Text("({n}) {writer}: {fact}", "（{n}）{writer}: {fact}", zh="（{n}）{writer}：{fact}",
                 ko="({n}) {writer}: {fact}", de="({n}) {writer}: {fact}", fr="({n}) {writer} : {fact}",
                 es="({n}) {writer}: {fact}"),
    "fact_separator": Text("; ", "。", zh="；", ko="; ", de="; ", fr=" ; ", es="; "),
    "chain": Text(" It stands on these facts, in order: {facts}.", "根拠は順に次のとおり: {facts}。",
                  zh="依据依次是：{facts}。", ko=" 근거는 차례로 다음과 같다: {facts}.",
                  de=" Das beruht auf diesen Fakten, der Reihe nach: {facts}.",
                  fr=" Cela repose sur ces faits, dans l'ordre : {facts}.",
                  es=" Se apoya en estos hechos, por orden: {facts}."),
    "step": Text("At {place}: {why}.{chain} That decides {what}.", "{place}: {why}。{chain}これで{what}が決まります。",
                 zh="在{place}：{why}。{chain}由此确定{what}。", ko="{place}: {why}.{chain} 이로써 {what}이 정해진다.",
                 de="{Place}: {why}.{chain} Das entscheidet {what}.", fr="{Place} : {why}.{chain} Cela décide {what}.",
                 es="{Place}: {why}.{chain} Eso decide {what}."),
    "decided_one": Text("{n} edge: {lines} line{s}, {crosses} without", "{n}辺（線{lines}、線なし{crosses}）",
                        zh="{n}条边（线{lines}，无线{crosses}）", ko="변 {n}개(선 {lines}, 선 없음 {crosses})",
                        de="{n} Kante: {lines} mit Linie, {crosses} ohne",
                        fr="{n} arête : {lines} avec trait, {crosses} sans",
                        es="{n} arista: {lines} con línea, {crosses} sin"),
    "decided": Text("{n} edges: {lines} line{s}, {crosses} without", "{n}辺（線{lines}、線なし{crosses}）",
                    zh="{n}条边（线{lines}，无线{crosses}）", ko="변 {n}개(선 {lines}, 선 없음 {crosses})",
                    de="{n} Kanten: {lines} mit Linie, {crosses} ohne",
                    fr="{n} arêtes : {lines} avec trait, {crosses} sans",
                    es="{n} aristas: {lines} con línea, {crosses} sin"),
}
WAYS = ("up", "right", "down", "left")


def _dot_words(v: int, width: int) -> Text:
    r, c = divmod(v, width + 1)
    return WORDS["dot"].fill(r=r + 1, c=c + 1)


def _writer(item: int, board: _StepBoard) -> Text:
    """The cell (by its number) or dot whose rules wrote a fact, or the whole board."""
    cells = board.layout.cell_count
    if item < 0:
        return WORDS["board"]
    if item < cells:
        r, c = divmod(item, board.width)
        return WORDS["clue"].fill(k=board.clues[item], r=r + 1, c=c + 1)
    return _dot_words(item - cells, board.width)


def _way(e: int, v: int, board: _StepBoard) -> Text:
    """The direction edge ``e`` goes from dot ``v``."""
    a, b = board.layout.grid.edge_vertices[e]
    step = (b if a == v else a) - v
    return WORDS[WAYS[(-(board.width + 1), 1, board.width + 1, -1).index(step)]]


def _fact_words(fact: _Fact, board: _StepBoard) -> Text:
    """A fact in words: a pair's by its dot and directions ("its edges" at the dot that wrote it), a
    link's by its two edges (by their one dot, when they meet)."""
    lay, cells = board.layout, board.layout.cell_count
    a, b = fact.edges
    dots = [v for v in lay.grid.edge_vertices[a] if v in lay.grid.edge_vertices[b]]
    if fact.pair >= 0:
        dots = [lay.pair_vertex[fact.pair]]
    if dots:
        v = dots[0]
        own = fact.item == cells + v
        ways = {"a": _way(a, v, board), "b": _way(b, v, board), "dot": _dot_words(v, board.width)}
        if fact.pair >= 0:
            quant = WORDS["exactly" if fact.flag == AT_MOST_ONE | AT_LEAST_ONE else
                          "at_most" if fact.flag == AT_MOST_ONE else "at_least"]
            return WORDS["pair_own" if own else "pair"].fill(quant=quant, **ways)
        edges = WORDS["edges_own" if own else "edges_at"].fill(**ways)
    else:
        named = [WORDS["edge"].fill(way=_way(e, lay.grid.edge_vertices[e][0], board),
                                    dot=_dot_words(lay.grid.edge_vertices[e][0], board.width)) for e in fact.edges]
        edges = WORDS["two_edges"].fill(a=named[0], b=named[1])
    return WORDS["opposite" if fact.differ else "alike"].fill(edges=edges)


def _chain_words(chain: Sequence[_Fact], board: _StepBoard) -> Text:
    if not chain:
        return Text("", "")
    facts = [WORDS["fact"].fill(n=n, writer=_writer(fact.item, board), fact=_fact_words(fact, board))
             for n, fact in enumerate(chain, 1)]
    return WORDS["chain"].fill(facts=Text.join(facts, WORDS["fact_separator"]))


def _chain_marks(chain: Sequence[_Fact], board: _StepBoard) -> list[Mark]:
    """Each fact's place: the number or dot that wrote it and the dot of its pair (a link's edges)."""
    cells = board.layout.cell_count
    marks = []
    for fact in chain:
        if fact.item >= 0:
            marks.append(Mark("cell", fact.item) if fact.item < cells else Mark("vertex", fact.item - cells))
        if fact.pair >= 0:
            marks.append(Mark("vertex", board.layout.pair_vertex[fact.pair]))
        else:
            marks += [Mark("edge", e) for e in fact.edges]
    return marks


def _place(item: int, width: int, cells: int) -> tuple[Mark | None, Text]:
    if item < 0:
        return None, WORDS["board"]
    if item < cells:
        r, c = divmod(item, width)
        return Mark("cell", item), WORDS["cell"].fill(r=r + 1, c=c + 1)
    return Mark("vertex", item - cells), _dot_words(item - cells, width)


_WHY = {
    "clue": Text("a number already has all its lines (its other sides have none), or needs every undecided side",
                 "数字の線がもう足りている（残りの辺に線はない）か、残る辺がすべて線でないと足りない",
                 zh="数字的线已经够了（其余的边没有线），或者需要所有未定的边",
                 ko="숫자의 선이 이미 다 찼거나(나머지 변에는 선이 없음) 남은 변이 모두 선이어야 한다",
                 de="eine Zahl hat schon alle ihre Linien (ihre anderen Seiten haben keine) oder braucht jede offene "
                    "Seite",
                 fr="un nombre a déjà tous ses traits (ses autres côtés n'en ont pas) ou a besoin de chaque côté "
                    "ouvert",
                 es="un número ya tiene todas sus líneas (sus otros lados no tienen) o necesita cada lado abierto"),
    "vertex": Text("a dot has 0 or 2 lines", "点には線が0本か2本", zh="点上有0条或2条线", ko="점에는 선이 0개나 2개",
                   de="ein Punkt hat 0 oder 2 Linien", fr="un point a 0 ou 2 traits", es="un punto tiene 0 o 2 líneas"),
    "loop": Text("a line there would close a loop that is not the whole answer (or the loop is closed already)",
                 "そこに線を引くと答え全体でない輪が閉じる（または輪がもう閉じている）",
                 zh="在那里画线会闭合一个不是完整答案的回路（或者回路已经闭合）",
                 ko="거기에 선을 그으면 답 전체가 아닌 고리가 닫힌다(또는 고리가 이미 닫혔다)",
                 de="eine Linie dort würde eine Schleife schließen, die nicht die ganze Lösung ist (oder die Schleife "
                    "ist schon geschlossen)",
                 fr="un trait là fermerait une boucle qui n'est pas toute la solution (ou la boucle est déjà fermée)",
                 es="una línea ahí cerraría un bucle que no es toda la solución (o el bucle ya está cerrado)"),
    "pinch": Text("the number can leave out one more side; a line already reaches the dot where two of its undecided "
                  "sides meet, so at most one of those two is a line and the side left out is there: its other "
                  "undecided sides are lines",
                  "この数字が空けられる辺はあと1本で、未定の2辺が出会う点に線がもう届いているので、"
                  "その2辺のうち線は多くて1本。空く辺はそこにあるので、ほかの未定の辺は線",
                  zh="这个数字还能空出一条边；线已到达它两条未定边相交的点，所以这两条中至多一条是线，"
                     "空出的边就在那里：其余未定的边都是线",
                  ko="이 숫자는 한 변을 더 비울 수 있다. 미정인 두 변이 만나는 점에 선이 이미 닿아 있으니 그 둘 중 "
                     "선은 많아야 하나이고 비는 변은 거기에 있다: 나머지 미정 변은 선이다",
                  de="die Zahl kann noch eine Seite frei lassen; eine Linie erreicht schon den Punkt, an dem zwei "
                     "ihrer offenen Seiten zusammentreffen, also ist höchstens eine davon eine Linie und die freie "
                     "Seite liegt dort: ihre anderen offenen Seiten sind Linien",
                  fr="le nombre peut encore laisser un côté vide ; un trait atteint déjà le point où deux de ses "
                     "côtés ouverts se rejoignent, donc au plus un des deux est un trait et le côté vide est là : ses "
                     "autres côtés ouverts sont des traits",
                  es="el número aún puede dejar un lado vacío; una línea ya llega al punto donde se juntan dos de sus "
                     "lados abiertos, así que como mucho uno de los dos es línea y el lado vacío está ahí: sus otros "
                     "lados abiertos son líneas"),
    "pair": Text("a dot with one line takes at most one of any two undecided edges (exactly one of its last two), and "
                 "a dot without a line takes both or neither of its last two edges",
                 "線が1本ある点は、未定の2辺のうち多くて1本（最後の2辺ならちょうど1本）を取り、"
                 "線のない点は最後の2辺を両方取るか取らない",
                 zh="有一条线的点在任意两条未定边中至多取一条（最后两条时恰好一条），"
                    "没有线的点对最后两条边要么都取要么都不取",
                 ko="선이 하나인 점은 미정인 두 변 중 많아야 하나(마지막 두 변이면 정확히 하나)를 갖고, 선이 없는 "
                    "점은 마지막 두 변을 둘 다 갖거나 둘 다 갖지 않는다",
                 de="ein Punkt mit einer Linie nimmt von zwei offenen Kanten höchstens eine (von seinen letzten zwei "
                    "genau eine), und ein Punkt ohne Linie nimmt seine letzten zwei Kanten beide oder keine",
                 fr="un point avec un trait prend au plus une de deux arêtes ouvertes (exactement une de ses deux "
                    "dernières), et un point sans trait prend ses deux dernières arêtes toutes les deux ou aucune",
                 es="un punto con una línea toma como mucho una de dos aristas abiertas (exactamente una de sus dos "
                    "últimas), y un punto sin línea toma sus dos últimas aristas las dos o ninguna"),
    "bound": Text("counting the fewest and most lines the number's other sides can hold, with what its corner dots "
                  "allow, this side is decided",
                  "数字の残りの辺が持てる線の最少と最多を、角の点の条件も入れて数えると、この辺が決まる",
                  zh="数一数数字其余的边（连同角上的点允许的情况）最少和最多能有几条线，这条边就确定了",
                  ko="숫자의 나머지 변이 가질 수 있는 선의 최소와 최대를 모서리 점의 조건까지 넣어 세면 이 변이 "
                     "정해진다",
                  de="zählt man die wenigsten und meisten Linien, die die anderen Seiten der Zahl tragen können, mit "
                     "dem, was ihre Eckpunkte erlauben, ist diese Seite entschieden",
                  fr="en comptant le moins et le plus de traits que les autres côtés du nombre peuvent porter, avec "
                     "ce que permettent ses points de coin, ce côté est décidé",
                  es="contando las líneas mínimas y máximas que caben en los otros lados del número, con lo que "
                     "permiten los puntos de sus esquinas, este lado queda decidido"),
    "cell_pair": Text("the numbers tell their corners how many lines they hold (a 3's corner at least one, a 1's at "
                      "most one, a 2 passes \"exactly one\" on), and the dots pass that across",
                      "数字が角の線の数を決め（3の角は少なくとも1本、1の角は多くて1本、"
                      "2は「ちょうど1本」を向かいへ渡す）、点がそれを隣へ伝える",
                      zh="数字决定角上线的数目（3的角至少一条，1的角至多一条，2把“恰好一条”传到对角），"
                         "点再把它传到相邻处",
                      ko="숫자가 모서리의 선 개수를 정하고(3의 모서리는 적어도 하나, 1의 모서리는 많아야 하나, 2는 "
                         "\"정확히 하나\"를 건너편으로 넘김) 점이 그것을 옆으로 전한다",
                      de="die Zahlen sagen ihren Ecken, wie viele Linien sie tragen (die Ecke einer 3 mindestens "
                         "eine, einer 1 höchstens eine, eine 2 gibt „genau eine“ weiter), und die Punkte reichen das "
                         "weiter",
                      fr="les nombres disent à leurs coins combien de traits ils portent (le coin d'un 3 au moins un, "
                         "d'un 1 au plus un, un 2 transmet « exactement un »), et les points le passent plus loin",
                      es="los números dicen a sus esquinas cuántas líneas llevan (la esquina de un 3 al menos una, la "
                         "de un 1 como mucho una, un 2 pasa «exactamente una»), y los puntos lo transmiten"),
    "opposite": Text("at a dot, a pair of edges with a line among them leaves at most one for the opposite pair, and "
                     "a pair with exactly one decides what the dot's other edges hold",
                     "点で、線を含む2辺の組があれば向かいの組の線は多くて1本。ちょうど1本の組があれば、"
                     "点の残りの辺が決まる",
                     zh="在一个点上，含有线的一组边让对面那组至多一条线；恰好一条的一组决定该点其余的边",
                     ko="한 점에서 선을 포함한 두 변의 쌍이 있으면 맞은편 쌍의 선은 많아야 하나이고, 정확히 하나인 "
                        "쌍은 그 점의 나머지 변을 정한다",
                     de="an einem Punkt lässt ein Kantenpaar mit einer Linie darin dem gegenüberliegenden Paar "
                        "höchstens eine, und ein Paar mit genau einer entscheidet die übrigen Kanten des Punkts",
                     fr="en un point, une paire d'arêtes avec un trait laisse au plus un trait à la paire opposée, et "
                        "une paire avec exactement un décide les autres arêtes du point",
                     es="en un punto, un par de aristas con una línea deja como mucho una al par opuesto, y un par "
                        "con exactamente una decide las demás aristas del punto"),
    "parity": Text("edges known to be alike or opposite (a number's or a dot's last two undecided edges), chained "
                   "across the board, decide it",
                   "同じか逆と分かった辺（数字や点の最後の未定の2辺）を盤全体でつなぐと決まる",
                   zh="已知相同或相反的边（数字或点最后两条未定的边），在整个盘面上串联起来，就确定了它",
                   ko="같거나 반대라고 알려진 변(숫자나 점의 마지막 미정 두 변)을 판 전체에 걸쳐 이으면 정해진다",
                   de="Kanten, die als gleich oder entgegengesetzt bekannt sind (die letzten zwei offenen Kanten "
                      "einer Zahl oder eines Punkts), über das Brett verkettet, entscheiden es",
                   fr="des arêtes connues pareilles ou opposées (les deux dernières arêtes ouvertes d'un nombre ou "
                      "d'un point), enchaînées sur la grille, le décident",
                   es="aristas que se saben iguales u opuestas (las dos últimas aristas abiertas de un número o de un "
                      "punto), encadenadas por el tablero, lo deciden"),
}

# The words of a clue or vertex step, which say exactly what was counted.
EASY_WORDS = {
    "zero": Text("{Clue}: none of its sides has a line.", "{place}の0: どの辺にも線はありません。",
                 zh="{Clue}：它的边都没有线。", ko="{Clue}: 어느 변에도 선이 없다.",
                 de="{Clue}: Keine ihrer Seiten hat eine Linie.", fr="{Clue} : aucun de ses côtés n'a de trait.",
                 es="{Clue}: ninguno de sus lados tiene línea."),
    "full": Text("{Clue} has its {count} already: its other sides have none.",
                 "{place}の{k}は線がもう{k}本あるので、残りの辺に線はありません。",
                 zh="{Clue}已经有{k}条线：其余的边都没有线。",
                 ko="{Clue}은(는) 선이 이미 {k}개이므로 나머지 변에는 선이 없다.",
                 de="{Clue} hat schon alle ihre Linien: Ihre anderen Seiten haben keine.",
                 fr="{Clue} a déjà tous ses traits : ses autres côtés n'en ont pas.",
                 es="{Clue} ya tiene todas sus líneas: sus otros lados no tienen."),
    "needs": Text("{Clue} needs every one of its {count}: they are lines.",
                  "{place}の{k}は、残る{n}辺がすべて線でないと足りません。", zh="{Clue}需要剩下的{n}条边全都是线。",
                  ko="{Clue}은(는) 남은 변 {n}개가 모두 선이어야 한다.",
                  de="{Clue} braucht jede ihrer offenen Seiten: Sie sind Linien.",
                  fr="{Clue} a besoin de chacun de ses côtés ouverts : ce sont des traits.",
                  es="{Clue} necesita cada uno de sus lados abiertos: son líneas."),
    "ends": Text("A line ends at {place} and can only go on along its one undecided edge: that edge is a line.",
                 "{place}で線が止まっていて、先に進めるのは未定の1本だけです。その辺は線です。",
                 zh="线在{place}停住，只能沿唯一未定的边继续：那条边是线。",
                 ko="선이 {place}에서 멈춰 있고 미정인 한 변으로만 이어질 수 있다: 그 변은 선이다.",
                 de="Eine Linie endet bei {place} und kann nur über ihre eine offene Kante weiter: Diese Kante ist "
                    "eine Linie.",
                 fr="Un trait s'arrête sur {place} et ne peut continuer que par sa seule arête ouverte : c'est un "
                    "trait.",
                 es="Una línea termina en {place} y solo puede seguir por su única arista abierta: esa arista es "
                    "línea."),
    "two": Text("Two lines meet at {place}: its other edges have no line.",
                "{place}では線が2本つながっているので、ほかの辺に線はありません。",
                zh="{place}已有两条线相接：它其余的边都没有线。",
                ko="{place}에서 선 두 개가 만나므로 나머지 변에는 선이 없다.",
                de="Zwei Linien treffen sich bei {place}: Seine anderen Kanten haben keine Linie.",
                fr="Deux traits se rejoignent sur {place} : ses autres arêtes n'ont pas de trait.",
                es="Dos líneas se juntan en {place}: sus otras aristas no tienen línea."),
    "dead_end": Text("{Place} has no line and one undecided edge: a line there would end at the dot, so it has none.",
                     "{place}は線がなく、未定の辺が1本だけです。そこに線を引くと行き止まりになるので、線はありません。",
                     zh="{place}没有线，只有一条未定的边：在那里画线会在这个点断头，所以没有线。",
                     ko="{place}은(는) 선이 없고 미정인 변이 하나뿐이다: 거기 선을 그으면 점에서 끊기므로 선이 없다.",
                     de="{Place} hat keine Linie und eine offene Kante: Eine Linie dort würde am Punkt enden, daher "
                        "hat sie keine.",
                     fr="{Place} n'a pas de trait et une seule arête ouverte : un trait là finirait au point, donc il "
                        "n'y en a pas.",
                     es="{Place} no tiene línea y sí una arista abierta: una línea ahí acabaría en el punto, así que "
                        "no la hay."),
}


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _easy_words(technique: str, place: Text, item: int, board: _StepBoard, decided: Sequence[tuple[int, int]],
                lines_before: int) -> Text | None:
    """The words of a ``clue`` or ``vertex`` step, which say exactly what was counted; None for others."""
    lines = sum(v for _, v in decided)
    if technique == "clue" and 0 <= item < board.layout.cell_count:
        clue = _writer(item, board).capitalised()
        k = board.clues[item]
        if k == 0:
            return EASY_WORDS["zero"].fill(Clue=clue, place=place)
        if not lines:
            return EASY_WORDS["full"].fill(Clue=clue, place=place, k=k, count=_count(k, "line"))
        return EASY_WORDS["needs"].fill(Clue=clue, place=place, k=k, n=len(decided),
                                        count=_count(len(decided), "undecided side"))
    if technique == "vertex":
        name = "ends" if lines else "two" if lines_before == 2 else "dead_end"
        return EASY_WORDS[name].fill(place=place, Place=place.capitalised())
    return None



def _words(technique: str, place: Text, decided: Sequence[tuple[int, int]], chain: Text) -> Text:
    lines = sum(v for _, v in decided)
    what = WORDS["decided" if len(decided) > 1 else "decided_one"].fill(
        n=len(decided), lines=lines, crosses=len(decided) - lines, s="" if lines == 1 else "s")
    return WORDS["step"].fill(place=place, Place=place.capitalised(), why=_WHY[technique], chain=chain, what=what)


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
        if item is not None:
            return _step(board, item, level, known)
    return None


def _step(board: _StepBoard, item: int, level: int, known: Mapping[int, int]) -> Hint:
    """The hint of the first item that decided an edge on a level's board: what it decided, the
    technique (the level's own, see the module docstring), the facts it stood on and their places."""
    first_rule = board.decided[0][1]
    technique = first_rule
    if RULE_LEVEL[first_rule] != level:
        technique = next((r for r in board.fact_rules if RULE_LEVEL.get(r) == level), FACT_RULES[level][0])
    decided = tuple(sorted((e, 1 if board.state[e] == LINE else 0) for e, _ in board.decided))
    cells = board.layout.cell_count
    mark, place = _place(item, board.width, cells)
    around = _reads(board, item)[1]
    lines_before = sum(1 for e in around if known.get(e) == LINE) if item >= cells else 0
    chain = _chain(board, item)
    words = _easy_words(technique, place, item, board, decided, lines_before) or _words(
        technique, _writer(item, board), decided, _chain_words(chain, board))
    seen = {e for e, _ in decided}
    evidence = ([mark] if mark else []) + [Mark("edge", e) for e in around
                                           if e not in seen and board.state[e] != UNKNOWN]
    evidence += [m for m in dict.fromkeys(_chain_marks(chain, board)) if m not in evidence]
    return Hint("step", technique, tuple(Mark("edge", e, v) for e, v in decided), tuple(evidence), words)


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
