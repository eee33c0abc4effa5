"""Signal's hints: the next tile a person can turn for certain, by the grader's own stages, and why.

A Signal board always shows every tile turned some way, so what a player
*knows* is read from the links: two tiles whose pipes meet are linked, and a
link the solution has too is a fact (a link it lacks is a mistake, and the
hint points at the earliest one instead). Each link keeps, for both its
tiles, only the turns with a pipe there.

From there the step solver runs the grader's stages (:mod:`.difficulty`),
one tile at a time, each tile reported the moment it has one turn left:

``boundary``
    turns with a pipe off the board are dropped;
``local``
    full sweeps in reading order: a tile keeps the turns that agree with
    what its neighbours can still be (a pipe towards a neighbour needs one
    facing back, and no pipe needs no pipe facing it);
``global``
    rounds of the grader's global rule: a turn after which the links
    every tile keeps would close a loop, or the links any tile allows
    could no longer join every tile, is dropped; local sweeps follow each
    round;
``search``
    when tiles are still open, the tile the grader's search would branch on
    (fewest turns left) is tried every way: a turn under which a search of
    :data:`~.difficulty.SEARCH_NODE_LIMIT` nodes (local and global rules at
    every node) finds no solution is dropped; then the rules run again.

A hint is the first tile so decided that the board does not already show
turned that way. A tile's technique is the stage it was decided in, so once
the global rule has been needed everything after it says ``global``.

**The walk-through** runs the stages from the given tiles alone: its
``boundary`` steps are exactly the tiles the grader counts as
``boundaryFixed``, with its ``local`` steps they are ``localFixed``, its
global rounds are ``globalRounds``, and it needs ``search`` steps exactly
when the grader's ``needsSearch`` is set. Signal's levels weigh those
figures (rounds, the border's share, how much is left and how deep the
search goes), not just the techniques, so the walk-through's level is the
grader's own verdict on the solution the steps reach
(:func:`~.difficulty.analyze_difficulty`), and the tests check that its
figures are the walk-through's.

**Version 4's boards** (any width and height, wrapping or not) run version
4's grader's stages (:mod:`.v4.grading`) on the board's own geometry: its
global rule (a turn that, with its neighbours turned to agree, would close a
loop or shut a group of tiles off, :mod:`.v4.deduction`) in rounds against
the domains each round began with; on a wrapping board, which has no border,
a first such round is the ``boundary`` stage (the grader's foothold); and
its search (the global rule at every node, :data:`SEARCH_NODE_LIMIT` nodes
per turn tried). The walk-through's figures are that grader's and its level
is that grader's verdict (:func:`~.v4.grading.grade`), which the tests check.

A walk-through takes a ``deadline`` (see :mod:`gridlogic.hints`), checked in every stage: at
each sweep of the local rule and each tile it decides, each tile the global rule looks at, each node
of the search's trials, and inside the solver and the grader that end it. Past it: :class:`~gridlogic.params.OutOfTime`.

Worked example (checked in ``tests/signal/test_hints.py``): the articles'
4x4 ``notes-example``, nothing turned yet. The top-right tile is an elbow
in a corner of the board, which leaves it one way, down and left; the
shuffled board shows it pointing up and left, so that is the first hint::

    >>> from gridlogic import signal
    >>> puzzle = signal.generate(4, "notes-example")
    >>> first = hint(puzzle, list(puzzle.shuffled))
    >>> first.technique, first.decides
    ('boundary', (Mark(kind='tile', index=3, value=12),))
    >>> first.explanation.en  # doctest: +NORMALIZE_WHITESPACE
    "Row 1, column 4 (an elbow) cannot point up or right (the board's edge): only one way is left,
    pointing down and left."
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gridlogic.hints import Hint, Hints, Mark, Technique, Text, Walkthrough
from gridlogic.params import check_deadline
from gridlogic.signal.board import BITS, SHAPES, VARIANTS, is_solved, neighbour
from gridlogic.signal.difficulty import analyze_checked, bounded_search
from gridlogic.signal.rules import check
from gridlogic.signal.search import members, mrv_choice
from gridlogic.signal.solver import SOLVE_NODE_LIMIT, conflict_free_orientations, solve_checked
from gridlogic.signal.tables import (
    OPPOSITE,
    VARIANT_DOMAINS,
    WITH,
    WITHOUT,
    Geometry,
    board_geometry,
    count_fixed,
)
from gridlogic.signal.v4.deduction import (
    count_solutions,
    groups_of,
    solve_board,
    surviving_orientations,
)
from gridlogic.signal.v4.grading import grade
from gridlogic.signal.v4.puzzle import VERSION as V4

__all__ = ["STAGES", "TECHNIQUES", "hint", "knowledge", "made_links", "mistakes", "walkthrough"]

SEARCH_NODE_LIMIT = 5000  # nodes version 4's search may take to refute one turn of a tile
STAGES = ("boundary", "local", "global", "search")
TECHNIQUES = (
    Technique("boundary", "easy", Text(
        "a turn with a pipe off the board is dropped", "盤の外を向く向きは除く",
        zh="管道伸出盘面的朝向被排除", ko="관이 판 밖을 향하는 방향은 제외한다",
        de="eine Ausrichtung mit einem Rohr über den Rand fällt weg",
        fr="une orientation avec un tuyau hors de la grille est écartée",
        es="se descarta una orientación con un tubo fuera del tablero")),
    Technique("local", "easy", Text(
        "a tile's pipes must meet its neighbours' (a pipe needs a pipe facing back)",
        "隣のタイルとパイプが合う向きだけが残る",
        zh="方块的管道必须与相邻方块的管道相接（一根管道需要对面也有管道）",
        ko="타일의 관은 이웃 타일의 관과 맞닿아야 한다(관이 있으면 맞은편에도 관이 있어야 한다)",
        de="die Rohre einer Kachel müssen auf die ihrer Nachbarn treffen (ein Rohr braucht ein Rohr, das zurückzeigt)",
        fr="les tuyaux d’une tuile doivent rejoindre ceux de ses voisines (un tuyau en demande un en face)",
        es="los tubos de una ficha deben unirse a los de sus vecinas (un tubo necesita otro que le apunte de vuelta)")),
    Technique("global", "medium", Text(
        "a turn that would close a loop or cut tiles off from the rest is dropped",
        "輪を作る向きや、タイルを孤立させる向きは除く",
        zh="会形成回路或使方块与其余部分断开的朝向被排除",
        ko="고리를 만들거나 타일을 나머지와 끊어 놓는 방향은 제외한다",
        de="eine Ausrichtung, die einen Kreis schließen oder Kacheln vom Rest abschneiden würde, fällt weg",
        fr="une orientation qui fermerait une boucle ou couperait des tuiles du reste est écartée",
        es="se descarta una orientación que cerraría un circuito o separaría fichas del resto")),
    Technique("search", "medium", Text(
        "a tile's turns are tried; a turn that leads to no solution is dropped",
        "向きを試し、解にたどり着けない向きは除く",
        zh="逐一尝试方块的朝向，得不到解的朝向被排除",
        ko="타일의 방향을 하나씩 시도해 답에 이르지 못하는 방향은 제외한다",
        de="die Ausrichtungen einer Kachel werden ausprobiert; eine, die zu keiner Lösung führt, fällt weg",
        fr="on essaie les orientations d’une tuile ; une orientation qui ne mène à aucune solution est écartée",
        es="se prueban las orientaciones de una ficha; se descarta la que no lleva a ninguna solución")),
)
LEVELS = ("easy", "medium", "hard")

DIRECTIONS = (  # the ways a pipe points, as the sentences say them after "point" (de "nach", fr "vers", es "hacia")
    Text("up", "上", zh="上", ko="위쪽", de="oben", fr="le haut", es="arriba"),
    Text("right", "右", zh="右", ko="오른쪽", de="rechts", fr="la droite", es="la derecha"),
    Text("down", "下", zh="下", ko="아래쪽", de="unten", fr="le bas", es="abajo"),
    Text("left", "左", zh="左", ko="왼쪽", de="links", fr="la gauche", es="la izquierda"),
)
NEIGHBOURS = (
    Text("the tile above", "上のタイル", zh="上方的方块", ko="위 타일", de="die Kachel darüber",
         fr="la tuile du dessus", es="la ficha de arriba"),
    Text("the tile to the right", "右のタイル", zh="右边的方块", ko="오른쪽 타일", de="die Kachel rechts",
         fr="la tuile de droite", es="la ficha de la derecha"),
    Text("the tile below", "下のタイル", zh="下方的方块", ko="아래 타일", de="die Kachel darunter",
         fr="la tuile du dessous", es="la ficha de abajo"),
    Text("the tile to the left", "左のタイル", zh="左边的方块", ko="왼쪽 타일", de="die Kachel links",
         fr="la tuile de gauche", es="la ficha de la izquierda"),
)
SHAPE_NAMES = {
    "blank": Text("a blank", "空白", zh="空白", ko="빈 타일", de="eine leere Kachel", fr="une tuile vide",
                  es="una ficha vacía"),
    "end": Text("an end", "行き止まり", zh="端点", ko="끝", de="ein Endstück", fr="une extrémité", es="un extremo"),
    "straight": Text("a straight", "直線", zh="直线", ko="직선", de="eine Gerade", fr="un tuyau droit", es="una recta"),
    "elbow": Text("an elbow", "L字", zh="L形", ko="ㄱ자", de="ein Winkel", fr="un coude", es="un codo"),
    "tee": Text("a tee", "T字", zh="T形", ko="T자", de="ein T-Stück", fr="un T", es="una T"),
    "cross": Text("a cross", "十字", zh="十字", ko="십자", de="ein Kreuz", fr="une croix", es="una cruz"),
}

# The separators of a list (:func:`_listed`): (between the first items, before the last one).
AND = (Text(", ", "と", zh="、", ko=", ", de=", ", fr=", ", es=", "),
       Text(" and ", "と", zh="和", ko="과 ", de=" und ", fr=" et ", es=" y "))
OR = (Text(", ", "と", zh="、", ko=", ", de=", ", fr=", ", es=", "),
      Text(" or ", "と", zh="或", ko="이나 ", de=" oder ", fr=" ou ", es=" o "))
BORDER = (Text(", ", "・", zh="、", ko=", ", de=", ", fr=", ", es=", "),  # the ways off the board's edge
          Text(" or ", "・", zh="或", ko="이나 ", de=" oder ", fr=" ou ", es=" o "))
CLAUSES = (Text("; ", "。", zh="；", ko=". ", de="; ", fr=" ; ", es="; "),  # three or more clauses of a tile
           Text("; and ", "。", zh="；", ko=". ", de="; und ", fr=" ; et ", es="; y "))
TWO_CLAUSES = (CLAUSES[0], Text(" and ", "。", zh="，", ko=". ", de=" und ", fr=" et ", es=" y "))


# --- words -----------------------------------------------------------------------------------

def _tile(i: int, width: int, capital: bool = False) -> Text:
    """A tile by its row and column: "row 2, column 3" ("Row 2, ..." with ``capital``, in English)."""
    r, c = divmod(i, width)
    return Text("{row} {r}, column {c}", "{r}行{c}列", zh="第 {r} 行第 {c} 列", ko="{r}행 {c}열",
                de="Zeile {r}, Spalte {c}", fr="ligne {r}, colonne {c}", es="fila {r}, columna {c}",
                ).fill(row="Row" if capital else "row", r=r + 1, c=c + 1)


def _the_tile(i: int, width: int) -> Text:
    """A tile as the subject that starts a sentence: "Row 2, column 3", de "Die Kachel in Zeile 2, Spalte 3"."""
    return Text("{tile}", "{tile}", zh="{tile}的方块", ko="{tile} 타일", de="Die Kachel in {tile}",
                fr="La tuile de la {tile}", es="La ficha de la {tile}").fill(tile=_tile(i, width, capital=True))


def _listed(items: Sequence[Text], separators: tuple[Text, Text]) -> Text:
    """Items one after the other: the first separator between all but the last two, the second before the last."""
    if len(items) < 2:
        return items[0] if items else Text("", "")
    return Text.join([Text.join(items[:-1], separators[0]), items[-1]], separators[1])


def _pointing(mask: int) -> Text:
    return _listed([DIRECTIONS[d] for d in range(4) if mask & BITS[d]], AND)


# The sentences of a decided tile (:meth:`_Run._decided`), each a template filled with its parts.
BECAUSE = Text("{way} ({why})", "{way}（{why}）", zh="{way}（{why}）", ko="{way}({why})", de="{way} ({why})",
               fr="{way} ({why})", es="{way} ({why})")
LINKED = Text("it is linked to {who}", "{who}とつながっている", zh="与{who}相连", ko="{who}과 이어져 있음",
              de="sie und {who} sind verbunden", fr="elle est reliée à {who}", es="está unida a {who}")
POINTS = Text("{who} points at it", "{who}がこちらを向いている", zh="{who}指向它", ko="{who}이 이쪽을 향함",
              de="{who} zeigt auf sie", fr="{who} pointe vers elle", es="{who} apunta hacia ella")
POINTS_ANYWAY = Text("{who} points at it however it can still turn", "{who}はどう回してもこちらを向く",
                     zh="{who}无论怎样转都指向它", ko="{who}은 어떻게 돌려도 이쪽을 향함",
                     de="{who} zeigt in jeder möglichen Ausrichtung auf sie",
                     fr="{who} pointe vers elle dans toutes ses orientations possibles",
                     es="{who} apunta hacia ella en cualquier orientación posible")
POINTS_AWAY = Text("{who} does not point at it", "{who}がこちらを向いていない", zh="{who}没有指向它",
                   ko="{who}이 이쪽을 향하지 않음", de="{who} zeigt nicht auf sie", fr="{who} ne pointe pas vers elle",
                   es="{who} no apunta hacia ella")
POINTS_AWAY_ANYWAY = Text("{who} cannot turn to point at it", "{who}はこちらを向けない", zh="{who}无法转向它",
                          ko="{who}은 이쪽을 향할 수 없음", de="{who} kann sich nicht zu ihr drehen",
                          fr="{who} ne peut pas se tourner vers elle", es="{who} no puede girarse hacia ella")
EDGE = Text("{ways} (the board's edge)", "{ways}（盤の端）", zh="{ways}（盘面边缘）", ko="{ways}(판의 가장자리)",
            de="{ways} (Rand des Feldes)", fr="{ways} (bord de la grille)", es="{ways} (borde del tablero)")
MUST = Text("must point {ways}", "{ways}とはつながり", zh="必须朝{ways}", ko="{ways}으로 향해야 합니다",
            de="muss nach {ways} zeigen", fr="doit pointer vers {ways}", es="debe apuntar hacia {ways}")
CANNOT = Text("cannot point {ways}", "{ways}には向けません", zh="不能朝{ways}", ko="{ways}으로는 향할 수 없습니다",
              de="kann nicht nach {ways} zeigen", fr="ne peut pas pointer vers {ways}",
              es="no puede apuntar hacia {ways}")
DROPPED = {  # a turn the global rule dropped, by why (:class:`_Drop`), naming its tiles
    "loop": Text("pointing {ways} would close a loop through {tiles}", "{ways}を向くと{tiles}を通る輪になります",
                 zh="朝{ways}会形成经过{tiles}的回路", ko="{ways}으로 향하면 {tiles}을 지나는 고리가 생깁니다",
                 de="würde, nach {ways} zeigend, einen Kreis durch {tiles} schließen",
                 fr="pointée vers {ways}, fermerait une boucle passant par {tiles}",
                 es="apuntando hacia {ways}, cerraría un circuito por {tiles}"),
    "cut": Text("pointing {ways} would cut {tiles} off from the rest", "{ways}を向くと{tiles}が孤立します",
                zh="朝{ways}会使{tiles}与其余部分断开", ko="{ways}으로 향하면 {tiles}이 고립됩니다",
                de="würde, nach {ways} zeigend, {tiles} vom Rest abschneiden",
                fr="pointée vers {ways}, couperait {tiles} du reste",
                es="apuntando hacia {ways}, separaría {tiles} del resto"),
    "agree_stuck": Text("pointing {ways} would leave {tiles} no way to turn that agrees",
                        "{ways}を向くと{tiles}に合う向きがなくなります",
                        zh="朝{ways}时，{tiles}没有相合的朝向", ko="{ways}으로 향하면 {tiles}에 맞는 방향이 없습니다",
                        de="würde, nach {ways} zeigend, {tiles} keine passende Ausrichtung lassen",
                        fr="pointée vers {ways}, ne laisserait à {tiles} aucune orientation qui s’accorde",
                        es="apuntando hacia {ways}, no dejaría a {tiles} ninguna orientación que encaje"),
    "agree_loop": Text("pointing {ways}, with its neighbours turned to agree, would close a loop through {tiles}",
                       "{ways}を向き、隣のタイルを合わせて回すと、{tiles}を通る輪になります",
                       zh="朝{ways}并把相邻方块转到与之相合时，会形成经过{tiles}的回路",
                       ko="{ways}으로 향하고 이웃 타일을 맞춰 돌리면 {tiles}을 지나는 고리가 생깁니다",
                       de="würde, nach {ways} zeigend und mit passend gedrehten Nachbarn, einen Kreis durch {tiles} "
                          "schließen",
                       fr="pointée vers {ways}, ses voisines tournées pour s’accorder, fermerait une boucle "
                          "passant par {tiles}",
                       es="apuntando hacia {ways}, con sus vecinas giradas para encajar, cerraría un circuito por "
                          "{tiles}"),
    "agree_cut": Text("pointing {ways}, with its neighbours turned to agree, would shut {tiles} off from the rest",
                      "{ways}を向き、隣のタイルを合わせて回すと、{tiles}が孤立します",
                      zh="朝{ways}并把相邻方块转到与之相合时，{tiles}会与其余部分隔绝",
                      ko="{ways}으로 향하고 이웃 타일을 맞춰 돌리면 {tiles}이 고립됩니다",
                      de="würde, nach {ways} zeigend und mit passend gedrehten Nachbarn, {tiles} vom Rest "
                         "abschneiden",
                      fr="pointée vers {ways}, ses voisines tournées pour s’accorder, isolerait {tiles} du reste",
                      es="apuntando hacia {ways}, con sus vecinas giradas para encajar, aislaría {tiles} del resto"),
    "agree": Text("pointing {ways}, with the marked tiles turned to agree, would close a loop or shut tiles off "
                  "from the rest", "{ways}を向くと、印のタイルを合わせて回したとき輪ができるか、タイルが孤立します",
                  zh="朝{ways}时，若把标记的方块转到与之相合，就会形成回路或使方块与其余部分隔绝",
                  ko="{ways}으로 향하면 표시된 타일을 맞춰 돌렸을 때 고리가 생기거나 타일이 고립됩니다",
                  de="würde, nach {ways} zeigend und mit den markierten Kacheln passend gedreht, einen Kreis schließen "
                     "oder Kacheln vom Rest abschneiden",
                  fr="pointée vers {ways}, les tuiles marquées tournées pour s’accorder, fermerait une boucle ou "
                     "isolerait des tuiles du reste",
                  es="apuntando hacia {ways}, con las fichas marcadas giradas para encajar, cerraría un circuito o "
                     "aislaría fichas del resto"),
}
NAMED_TILES = 8  # a drop names this many of its tiles; the rest are marked on the board
TILES = (Text("the tile at {tiles}", "{tiles}のタイル", zh="{tiles}的方块", ko="{tiles} 타일",
              de="die Kachel in {tiles}", fr="la tuile {tiles}", es="la ficha {tiles}"),
         Text("the tiles at {tiles}", "{tiles}のタイル", zh="{tiles}的方块", ko="{tiles} 타일",
              de="die Kacheln in {tiles}", fr="les tuiles {tiles}", es="las fichas {tiles}"))
TILE_LIST = (Text("; ", "・", zh="、", ko=", ", de="; ", fr=" ; ", es="; "),
             Text(" and ", "・", zh="和", ko=", ", de=" und ", fr=" et ", es=" y "))
MORE_TILES = Text("{n} more marked on the board", "ほか{n}枚（盤に印）", zh="另外 {n} 个（盘面上已标记）",
                  ko="그 밖의 {n}개(판에 표시)", de="{n} weiteren (markiert)", fr="{n} autres (marquées)",
                  es="{n} más (marcadas)")


def _tiles(tiles: Sequence[int], width: int) -> Text:
    """Tiles by row and column: the first :data:`NAMED_TILES`, then how many more are marked."""
    names = [_tile(t, width) for t in tiles[:NAMED_TILES]]
    if len(tiles) > NAMED_TILES:
        names.append(MORE_TILES.fill(n=len(tiles) - NAMED_TILES))
    return TILES[len(tiles) > 1].fill(tiles=_listed(names, TILE_LIST))


ONE_WAY_LEFT = Text("{tile} ({shape}) {clauses}: only one way is left, pointing {ways}.",
                    "{tile}（{shape}）は{clauses}。残る向きは一つで、{ways}を向きます。",
                    zh="{tile}（{shape}）{clauses}：只剩一种朝向，朝{ways}。",
                    ko="{tile}({shape})은 {clauses}. 남는 방향은 하나뿐이라 {ways}으로 향합니다.",
                    de="{tile} ({shape}) {clauses}: Es bleibt nur eine Ausrichtung, nach {ways}.",
                    fr="{tile} ({shape}) {clauses} : il ne reste qu’une orientation, vers {ways}.",
                    es="{tile} ({shape}) {clauses}: solo queda una orientación, hacia {ways}.")
RULED_OUT = Text("With the turns that would close a loop or cut tiles off ruled out ({tiles}): {sentence}",
                 "輪を作る向きやタイルを孤立させる向き（{tiles}）を除くと、{sentence}",
                 zh="排除会形成回路或使方块孤立的朝向（{tiles}）后，{sentence}",
                 ko="고리를 만들거나 타일을 고립시키는 방향({tiles})을 빼면, {sentence}",
                 de="Ohne die Ausrichtungen, die einen Kreis schließen oder Kacheln abschneiden würden ({tiles}), "
                    "gilt: {sentence}",
                 fr="Une fois écartées les orientations qui fermeraient une boucle ou isoleraient des tuiles "
                    "({tiles}) : {sentence}",
                 es="Descartadas las orientaciones que cerrarían un circuito o aislarían fichas ({tiles}): {sentence}")
"""The preface of a tile the local rule decided after the global rule dropped turns of other tiles
(named: those next to it, else all of them)."""
SAME_EVERY_WAY = Text("{tile} is {shape}: it looks the same whichever way it turns.",
                      "{tile}は{shape}なので、どう回しても同じです。",
                      zh="{tile}是{shape}：无论怎样旋转看起来都一样。",
                      ko="{tile}({shape})은 어떻게 돌려도 모양이 같습니다.",
                      de="{tile} ist {shape}: Sie sieht in jeder Ausrichtung gleich aus.",
                      fr="{tile} est {shape} : elle reste la même quelle que soit son orientation.",
                      es="{tile} es {shape}: se ve igual en cualquier orientación.")


def _tried_words(i: int, width: int, mask: int, tried: int, nodes: int) -> Text:
    """The search stage's sentence: of the ``tried`` turns of tile ``i``, only ``mask`` leads to a solution."""
    if tried == 2:
        words = Text(
            "{tile} ({shape}): the rules stop here, so try its turns. {refuted} of the {tried} ways it can still turn "
            "leads to no solution ({nodes} tries in all): only pointing {ways} is left.",
            "{tile}（{shape}）: 手筋が尽きたので向きを試します。残る{tried}通りのうち{refuted}通りは"
            "解にたどり着きません（試行{nodes}回）。残るのは{ways}を向く向きだけです。",
            zh="{tile}（{shape}）：规则到此为止，于是尝试它的朝向。它还能转到的 {tried} 种朝向中，"
               "有 {refuted} 种得不到解（共尝试 {nodes} 次）：只剩朝{ways}这一种。",
            ko="{tile}({shape}): 규칙으로는 더 정할 수 없으니 방향을 시도해 봅니다. 아직 가능한 {tried}가지 방향 중 "
               "{refuted}가지는 답에 이르지 못합니다(모두 {nodes}번 시도). 남는 것은 {ways}으로 향하는 방향뿐입니다.",
            de="{tile} ({shape}): Hier helfen die Regeln nicht weiter; probiere daher ihre Ausrichtungen aus. "
               "{refuted} der {tried} noch möglichen Ausrichtungen führt zu keiner Lösung ({nodes} Versuche "
               "insgesamt): Nur die Ausrichtung nach {ways} bleibt.",
            fr="{tile} ({shape}) : les règles s’arrêtent ici, essayez donc ses orientations. {refuted} des {tried} "
               "orientations encore possibles ne mène à aucune solution ({nodes} essais en tout) : il ne reste que "
               "l’orientation vers {ways}.",
            es="{tile} ({shape}): las reglas no dan para más, así que prueba sus orientaciones. {refuted} de las "
               "{tried} orientaciones que aún puede tomar no lleva a ninguna solución ({nodes} intentos en total): "
               "solo queda apuntar hacia {ways}.")
    else:
        words = Text(
            "{tile} ({shape}): the rules stop here, so try its turns. {refuted} of the {tried} ways it can still turn "
            "lead to no solution ({nodes} tries in all): only pointing {ways} is left.",
            "{tile}（{shape}）: 手筋が尽きたので向きを試します。残る{tried}通りのうち{refuted}通りは"
            "解にたどり着きません（試行{nodes}回）。残るのは{ways}を向く向きだけです。",
            zh="{tile}（{shape}）：规则到此为止，于是尝试它的朝向。它还能转到的 {tried} 种朝向中，"
               "有 {refuted} 种得不到解（共尝试 {nodes} 次）：只剩朝{ways}这一种。",
            ko="{tile}({shape}): 규칙으로는 더 정할 수 없으니 방향을 시도해 봅니다. 아직 가능한 {tried}가지 방향 중 "
               "{refuted}가지는 답에 이르지 못합니다(모두 {nodes}번 시도). 남는 것은 {ways}으로 향하는 방향뿐입니다.",
            de="{tile} ({shape}): Hier helfen die Regeln nicht weiter; probiere daher ihre Ausrichtungen aus. "
               "{refuted} der {tried} noch möglichen Ausrichtungen führen zu keiner Lösung ({nodes} Versuche "
               "insgesamt): Nur die Ausrichtung nach {ways} bleibt.",
            fr="{tile} ({shape}) : les règles s’arrêtent ici, essayez donc ses orientations. {refuted} des {tried} "
               "orientations encore possibles ne mènent à aucune solution ({nodes} essais en tout) : il ne reste que "
               "l’orientation vers {ways}.",
            es="{tile} ({shape}): las reglas no dan para más, así que prueba sus orientaciones. {refuted} de las "
               "{tried} orientaciones que aún puede tomar no llevan a ninguna solución ({nodes} intentos en total): "
               "solo queda apuntar hacia {ways}.")
    return words.fill(tile=_the_tile(i, width), shape=SHAPE_NAMES[SHAPES[mask]], tried=tried, refuted=tried - 1,
                      nodes=nodes, ways=_pointing(mask))


def _lowered(text: Text) -> Text:
    """A sentence that goes on after a colon: its first letter in lower case where the language writes it so."""
    return replace(text, **{lang: getattr(text, lang)[:1].lower() + getattr(text, lang)[1:]
                            for lang in ("en", "fr", "es")})


@dataclass
class _Drop:
    """Turns of one tile the global rule dropped: the turn, why ("loop" or "cut"), and the tiles involved."""

    mask: int
    kind: str
    tiles: list[int]


@dataclass
class _Event:
    """A tile decided: its turn, the stage, the tiles that force it and the words."""

    tile: int
    mask: int
    stage: str
    evidence: list[int]
    words: Text


@dataclass
class _Run:
    """The grader's stages from ``domains`` (bit sets of turns, see :mod:`.tables`), tile by tile.

    :meth:`events` yields each tile as it is decided and keeps the grader's figures on the way.
    """

    geo: Geometry
    domains: list[int]
    orders: list[tuple[int, ...]]
    articles: bool  # the articles' search (version 3's square boards), else version 4's
    stage: str = "boundary"
    status: str = "solved"  # or "stuck" (the search could not settle a tile) or "contradiction"
    boundary_fixed: int = 0
    local_fixed: int = 0
    local_rounds: int = 0
    global_rounds: int = 0
    needs_search: bool = False
    dropped: dict[int, list[_Drop]] = field(default_factory=dict)
    global_dropped: bool = False  # the global rule dropped turns since the search last decided a tile
    given: list[int] = field(default_factory=list)  # the domains the run began with
    deadline: float | None = None  # past it, OutOfTime (None: no deadline)

    def __post_init__(self) -> None:
        self.given = list(self.domains)

    def events(self) -> Iterator[_Event]:
        d, geo, cells = self.domains, self.geo, len(self.domains)
        for i in range(cells):
            d[i] &= geo.border_allowed[i]
        if not all(d):
            self.status = "contradiction"
            return
        for i in range(cells):
            if not d[i] & (d[i] - 1):
                yield self._decided(i)
        if geo.wrapping and not self.articles:  # no border: version 4's foothold is a first global round
            yield from self._global_round()
        self.boundary_fixed = count_fixed(d)
        self.stage = "local"
        yield from self._local()
        self.local_fixed = count_fixed(d)
        self.stage = "global"
        yield from self._global()
        while self.status == "solved" and count_fixed(d) < cells:
            check_deadline(self.deadline)
            self.needs_search = True
            self.stage = "search"
            event = self._tried(mrv_choice(d))
            if event is None:
                return
            yield event
            yield from self._local()
            yield from self._global()

    def _local(self) -> Iterator[_Event]:
        """Sweeps of neighbour agreement in reading order until one changes nothing (the grader's rule)."""
        d, geo = self.domains, self.geo
        rounds = 0
        while self.status == "solved":
            check_deadline(self.deadline)
            changed = False
            for i in range(len(d)):
                kept = d[i] & geo.border_allowed[i]
                for table, j in geo.supporters[i]:
                    kept &= table[d[j]]
                if kept != d[i]:
                    d[i] = kept
                    changed = True
                    if kept and not kept & (kept - 1):
                        check_deadline(self.deadline)
                        yield self._decided(i)
            if not changed:
                break
            rounds += 1
            if not all(d):
                self.status = "contradiction"
        if self.stage == "local":
            self.local_rounds = rounds

    def _global(self) -> Iterator[_Event]:
        """Rounds of the global rule, each followed by local sweeps, until a round drops nothing."""
        d, geo, cells = self.domains, self.geo, len(self.domains)
        if not self.articles:
            while self.status == "solved" and count_fixed(d) < cells and (yield from self._global_round()):
                if self.stage == "global":
                    self.global_rounds += 1
                yield from self._local()
            return
        for _ in range(cells * 4):
            if self.status != "solved" or count_fixed(d) == cells:
                return
            changed = False
            for i in range(cells):
                domain = d[i]
                if not domain & (domain - 1):
                    continue
                check_deadline(self.deadline)
                kept = conflict_free_orientations(d, i, geo)
                if kept == domain:
                    continue
                changed = self.global_dropped = True
                self.dropped.setdefault(i, []).extend(
                    _why_dropped(d, i, m, geo) for m in range(16) if (domain & ~kept) >> m & 1)
                d[i] = kept
                if not kept:
                    self.status = "contradiction"
                    return
                if not kept & (kept - 1):
                    yield self._decided(i)
            if not changed:
                return
            if self.stage == "global":
                self.global_rounds += 1
            yield from self._local()

    def _global_round(self) -> Generator[_Event, None, bool]:
        """One round of version 4's global rule (every tile against the domains the round began with,
        :func:`~.v4.deduction.global_round`); its value is whether it dropped anything."""
        d, geo = self.domains, self.geo
        groups = groups_of(d, geo)
        if groups is None:
            self.status = "contradiction"
            return False
        before = list(d)
        updates = []
        for i, domain in enumerate(before):
            if domain & (domain - 1):
                check_deadline(self.deadline)
                kept = surviving_orientations(before, i, self.orders[i], geo, groups)
                if kept != domain:
                    updates.append((i, kept))
        for i, kept in updates:
            if not kept:
                self.status = "contradiction"
                return False
            self.dropped.setdefault(i, []).extend(
                _why_dropped(before, i, m, geo, version_4=True) for m in range(16) if (before[i] & ~kept) >> m & 1)
            d[i] = kept
        if updates:
            self.global_dropped = True
        for i, kept in updates:
            if not kept & (kept - 1):
                yield self._decided(i)
        return bool(updates)

    def _tried(self, i: int) -> _Event | None:
        """The search stage at tile ``i``: every turn tried; the one left, or None (stuck) when not one."""
        d, geo = self.domains, self.geo
        left, nodes = [], 0
        tried = members(d[i], self.orders[i])
        for mask in tried:
            check_deadline(self.deadline)
            trial = d.copy()
            trial[i] = 1 << mask
            found, truncated, tries = _search(trial, self.orders, geo, self.articles, self.deadline)
            nodes += tries
            if truncated:
                self.status = "stuck"
                return None
            if found:
                left.append(mask)
        if len(left) != 1:
            self.status = "stuck" if left else "contradiction"
            return None
        d[i] = 1 << left[0]
        self.global_dropped = False
        return _Event(i, left[0], "search", [], _tried_words(i, geo.width, left[0], len(tried), nodes))

    def _decided(self, i: int) -> _Event:
        """Tile ``i`` has one turn left: why, from its border, its neighbours now and what the global rule dropped."""
        d, geo = self.domains, self.geo
        mask = d[i].bit_length() - 1
        tile, shape = _the_tile(i, geo.width), SHAPE_NAMES[SHAPES[mask]]
        if len(VARIANTS[mask]) == 1:
            return _Event(i, mask, self.stage, [], SAME_EVERY_WAY.fill(tile=tile, shape=shape))
        must: list[Text] = []
        cannot: list[Text] = []
        border: list[Text] = []
        evidence: list[int] = []
        for d_, way in enumerate(DIRECTIONS):
            j = neighbour(i, d_, geo.width, geo.height, geo.wrapping)
            if j < 0:
                border.append(way)
                continue
            who = NEIGHBOURS[d_]
            if self.stage == "boundary":  # the border alone, and the links the player made
                if not self.given[i] & WITHOUT[d_]:
                    evidence.append(j)
                    must.append(BECAUSE.fill(way=way, why=LINKED.fill(who=who)))
                continue
            there, back = d[j], OPPOSITE[d_]
            faces, turns_away = there & WITH[back], there & WITHOUT[back]
            if faces and turns_away:
                continue
            decided = not there & (there - 1)
            evidence.append(j)
            if faces:
                must.append(BECAUSE.fill(way=way, why=(POINTS if decided else POINTS_ANYWAY).fill(who=who)))
            else:
                cannot.append(BECAUSE.fill(way=way, why=(POINTS_AWAY if decided else POINTS_AWAY_ANYWAY).fill(who=who)))
        if border:  # the border's directions share one reason, said once
            cannot.insert(0, EDGE.fill(ways=_listed(border, BORDER)))
        clauses = [MUST.fill(ways=_listed(must, AND))] if must else []
        if cannot:
            clauses.append(CANNOT.fill(ways=_listed(cannot, OR)))
        for drop in self.dropped.get(i, []):
            evidence += drop.tiles
            clauses.append(DROPPED[drop.kind].fill(ways=_pointing(drop.mask), tiles=_tiles(drop.tiles, geo.width)))
        sentence = ONE_WAY_LEFT.fill(tile=tile, shape=shape, ways=_pointing(mask),
                                     clauses=_listed(clauses, CLAUSES if len(clauses) > 2 else TWO_CLAUSES))
        if self.global_dropped and i not in self.dropped:
            others = sorted(k for k in self.dropped if k != i)
            near = [k for k in others if k in geo.neighbours[i]] or others
            evidence += near
            sentence = RULED_OUT.fill(sentence=_lowered(sentence), tiles=_tiles(near, geo.width))
        return _Event(i, mask, self.stage, sorted(set(evidence) - {i}), sentence)


def _search(domains: list[int], orders: Sequence[Sequence[int]], geo: Geometry,
            articles: bool, deadline: float | None = None) -> tuple[bool, bool, int]:
    """Whether a search from ``domains`` finds a solution, whether it ran out of nodes first, and its
    nodes: the grader's search of the articles (version 3), or version 4's with its global rule."""
    if articles:
        count = bounded_search(domains, orders, geo, deadline)
        return count.found, count.truncated, count.nodes
    found = count_solutions(domains, geo, orders, SEARCH_NODE_LIMIT, deadline)
    return bool(found.solutions), found.truncated and not found.solutions, found.nodes


def _why_dropped(domains: Sequence[int], i: int, mask: int, geo: Geometry, version_4: bool = False) -> _Drop:
    """Why the global rule drops turn ``mask`` of tile ``i``: the loop its links would close (the
    tiles on it), or else the tiles it would cut off (the smallest group left apart). Version 4's
    rule also lets the neighbours agree first; a turn only that finds wrong is an ``agree`` drop,
    its tiles the neighbours."""
    if version_4 and conflict_free_orientations(domains, i, geo) >> mask & 1:
        return _agree_failure(domains, i, mask, geo) or _Drop(mask, "agree", sorted(set(geo.neighbours[i])))
    trial = list(domains)
    trial[i] = 1 << mask
    loop, present, open_links = _trial_links(trial, geo)
    if loop:
        return _Drop(mask, "loop", loop)
    possible = [list(linked) for linked in present]
    for a, b in open_links:
        possible[a].append(b)
        possible[b].append(a)
    apart = min((g for g in _groups(possible) if i not in g), key=len, default=[])
    return _Drop(mask, "cut", sorted(apart))


def _trial_links(trial: Sequence[int], geo: Geometry) -> tuple[list[int], list[list[int]], list[tuple[int, int]]]:
    """The links of the tiles' domains ``trial``: the tiles of a loop that the links present on every
    turn left close ([] when none), the present links (each tile's linked tiles, up to the loop) and
    the open ones (a pipe there is possible on both sides, but not on every turn)."""
    present: list[list[int]] = [[] for _ in trial]
    open_links = []
    for a, b, has_a, lacks_a, has_b, lacks_b in geo.pairs:
        if not trial[a] & has_a or not trial[b] & has_b:
            continue  # an absent link
        if trial[a] & lacks_a or trial[b] & lacks_b:
            open_links.append((a, b))
            continue
        path = _path(present, a, b)
        if path:
            return path, present, open_links
        present[a].append(b)
        present[b].append(a)
    return [], present, open_links


def _agree_failure(domains: Sequence[int], i: int, mask: int, geo: Geometry) -> _Drop | None:
    """Why turn ``mask`` of tile ``i`` fails once its neighbours agree with it (each keeps the turns
    that face ``i`` exactly where ``mask`` faces it): a neighbour left no turn (``agree_stuck``), the
    links every turn left now has closing a loop (``agree_loop``, the tiles on it), or a group of
    linked tiles with no open link left, short of the whole board (``agree_cut``, the smallest);
    None when none of these shows (the rule saw more than this replay)."""
    trial = list(domains)
    trial[i] = 1 << mask
    for d, j in geo.directions[i]:
        trial[j] &= WITH[OPPOSITE[d]] if mask & BITS[d] else WITHOUT[OPPOSITE[d]]
        if not trial[j]:
            return _Drop(mask, "agree_stuck", [j])
    loop, present, open_links = _trial_links(trial, geo)
    if loop:
        return _Drop(mask, "agree_loop", loop)
    groups = _groups(present)
    group_of = {tile: n for n, group in enumerate(groups) for tile in group}
    open_ends = [0] * len(groups)
    for a, b in open_links:
        open_ends[group_of[a]] += 1
        open_ends[group_of[b]] += 1
    closed = [group for n, group in enumerate(groups) if not open_ends[n] and len(group) < len(trial)]
    if not closed:
        return None
    smallest = min(closed, key=len)
    return _Drop(mask, "agree_cut", sorted(smallest))


def _path(adjacent: Sequence[Sequence[int]], start: int, goal: int) -> list[int]:
    """The tiles of a path from ``start`` to ``goal`` over ``adjacent``, or [] when there is none."""
    previous = {start: start}
    queue = [start]
    for x in queue:
        if x == goal:
            path = [x]
            while x != start:
                x = previous[x]
                path.append(x)
            return sorted(path)
        for y in adjacent[x]:
            if y not in previous:
                previous[y] = x
                queue.append(y)
    return []


def _groups(adjacent: Sequence[Sequence[int]]) -> list[list[int]]:
    seen: set[int] = set()
    groups = []
    for start in range(len(adjacent)):
        if start in seen:
            continue
        seen.add(start)
        group = [start]
        for x in group:
            for y in adjacent[x]:
                if y not in seen:
                    seen.add(y)
                    group.append(y)
        groups.append(group)
    return groups


# --- boards, knowledge and mistakes ----------------------------------------------------------

def _links(board: Sequence[int], geo: Geometry) -> list[tuple[int, int, int]]:
    """The links of a board, each once from its left or upper tile: (tile, neighbour, direction)."""
    found = []
    for i, mask in enumerate(board):
        for d in (1, 2):
            j = neighbour(i, d, geo.width, geo.height, geo.wrapping)
            if j >= 0 and mask & BITS[d] and board[j] & BITS[OPPOSITE[d]]:
                found.append((i, j, d))
    return found


def made_links(tiles: Sequence[int], board: Sequence[int], geo: Geometry) -> list[tuple[int, int, int]]:
    """The links the player made: those of ``board`` with a tile turned from its given ``tiles``
    (a link the shuffle left between two untouched tiles says nothing the player knows)."""
    return [(i, j, d) for i, j, d in _links(board, geo) if board[i] != tiles[i] or board[j] != tiles[j]]


def _geometry_of(puzzle: Any) -> Geometry:
    return board_geometry(puzzle.width, puzzle.height, puzzle.wrapping)


def _articles(geo: Geometry, version: int | None) -> bool:
    """Whether a board is explained and graded as the articles' (version 3's square boards) or as version 4's."""
    return version != V4 and geo.width == geo.height and not geo.wrapping


def mistakes(puzzle: Any, board: Sequence[int]) -> list[tuple[int, int]]:
    """The links the player made that the solution has not, in reading order, as pairs of tiles."""
    geo = _geometry_of(puzzle)
    wanted = {(i, j) for i, j, _ in _links(puzzle.answer, geo)}
    return [(i, j) for i, j, _ in made_links(puzzle.shuffled, board, geo) if (i, j) not in wanted]


def knowledge(tiles: Sequence[int], board: Sequence[int], geo: Geometry) -> list[int]:
    """Each tile's turns (a bit set) that keep every link the player made on ``board`` (a board
    without mistakes): a link's two tiles keep the turns with a pipe there."""
    domains = [VARIANT_DOMAINS[m] for m in tiles]
    for i, j, d in made_links(tiles, board, geo):
        domains[i] &= WITH[d]
        domains[j] &= WITH[OPPOSITE[d]]
    return domains


STUCK = Text("Nothing more follows from the tiles and the links made so far, within the search's limits.",
             "これまでのタイルとつながりからは、探索の範囲内でこれ以上は決まりません。",
             zh="在搜索的限度内，从这些方块和目前的连接推不出更多结论。",
             ko="지금까지의 타일과 연결로는 탐색 한도 안에서 더 정해지는 것이 없습니다.",
             de="Aus den Kacheln und den bisherigen Verbindungen folgt im Rahmen der Suche nichts mehr.",
             fr="Rien de plus ne découle des tuiles et des liaisons faites jusqu’ici, dans les limites de la "
                "recherche.",
             es="De las fichas y las uniones hechas hasta ahora no se deduce nada más, dentro de los límites de la "
                "búsqueda.")
SEVERAL = Text("This board has more than one solution: from here on, the tiles decide nothing more.",
               "この盤面には答えが2つ以上あります。ここから先はタイルだけでは決まりません。",
               zh="这个盘面有不止一个解：从这里开始，方块本身不能再决定什么。",
               ko="이 판은 답이 둘 이상입니다: 여기서부터는 타일만으로 더 정해지지 않습니다.",
               de="Dieses Feld hat mehr als eine Lösung: Ab hier entscheiden die Kacheln nichts mehr.",
               fr="Cette grille a plus d’une solution : à partir d’ici, les tuiles ne décident plus rien.",
               es="Este tablero tiene más de una solución: a partir de aquí, las fichas no deciden nada más.")
SOLVED = Text("Nothing is left to decide: the board is one tree.", "すべてつながっています。",
              zh="已经没有要决定的了：盘面连成了一棵树。", ko="더 정할 것이 없습니다: 판이 하나의 나무가 되었습니다.",
              de="Es bleibt nichts mehr zu entscheiden: Das Feld ist ein einziger Baum.",
              fr="Il ne reste rien à décider : la grille forme un seul arbre.",
              es="No queda nada por decidir: el tablero es un solo árbol.")
NO_TREE = Text("No way of turning these tiles makes one tree.", "どう回してもひとつの木になりません。",
               zh="无论怎样旋转这些方块，都连不成一棵树。", ko="이 타일들을 어떻게 돌려도 하나의 나무가 되지 않습니다.",
               de="Keine Drehung dieser Kacheln ergibt einen einzigen Baum.",
               fr="Aucune façon de tourner ces tuiles ne forme un seul arbre.",
               es="Ninguna forma de girar estas fichas da un solo árbol.")
MISTAKE = Text("The link between {first} and {second} is a mistake: the solution does not join them{more}. "
               "Turn one of them, and the hints go on from the links that are right.",
               "{first}と{second}のつながりは間違いです。答えではつながりません{more}。"
               "どちらかを回すと、正しいつながりからヒントが続きます。",
               zh="{first}和{second}之间的连接是错的：答案中它们并不相连{more}。转动其中一个，提示会从正确的连接继续。",
               ko="{first}과 {second} 사이의 연결은 틀렸습니다: 정답에서는 둘이 이어지지 않습니다{more}. "
                  "둘 중 하나를 돌리면 맞는 연결에서부터 힌트가 이어집니다.",
               de="Die Verbindung zwischen den Kacheln in {first} und {second} ist ein Fehler: Die Lösung verbindet "
                  "sie nicht{more}. Drehe eine der beiden, dann gehen die Tipps von den richtigen Verbindungen aus "
                  "weiter.",
               fr="La liaison entre les tuiles de la {first} et de la {second} est une erreur : la solution ne les "
                  "relie pas{more}. Tournez l’une d’elles, et les indices reprennent à partir des liaisons justes.",
               es="La unión entre las fichas de la {first} y de la {second} es un error: la solución no las une{more}. "
                  "Gira una de ellas y las pistas siguen a partir de las uniones correctas.")


def _more(count: int) -> Text:
    """The words " (3 more after it)" for a count of mistakes above one."""
    if count < 2:
        return Text("", "")
    return Text(" ({n} more after it)", "（ほかに{n}か所）", zh="（之后还有 {n} 处）", ko="(뒤에 {n}곳 더)",
                de=" (danach noch {n})", fr=" (encore {n} après)", es=" ({n} más después)").fill(n=count - 1)


def _step(event: _Event) -> Hint:
    return Hint("step", event.stage, (Mark("tile", event.tile, event.mask),),
                tuple(Mark("tile", j) for j in event.evidence), event.words)


def hint(puzzle: Any, board: Sequence[int]) -> Hint:
    """The next hint for a player's board: the earliest wrong link, else the first tile the stages
    decide that the board does not show turned that way."""
    geo = _geometry_of(puzzle)
    n = geo.width
    check(puzzle, board)  # every tile a turn of its given tile, or InvalidParameters says which is not
    wrong = mistakes(puzzle, board)
    if wrong:
        i, j = wrong[0]
        return Hint("mistake", None, (), (Mark("tile", i), Mark("tile", j)),
                    MISTAKE.fill(first=_tile(i, n), second=_tile(j, n), more=_more(len(wrong))))
    if is_solved(board, n, geo.height, geo.wrapping):
        return Hint("solved", None, (), (), SOLVED)
    run = _Run(geo, knowledge(puzzle.shuffled, board, geo), [VARIANTS[m] for m in puzzle.shuffled],
               _articles(geo, puzzle.version))
    for event in run.events():
        if board[event.tile] != event.mask:
            return _step(event)
    return Hint("stuck", None, (), (), STUCK)


def apply(puzzle: Any, board: Sequence[int], given: Hint) -> list[int]:
    """The board with the hint's tile turned its way (a mistake changes nothing: the player turns it)."""
    after = list(board)
    for mark in given.decides:
        after[mark.index] = mark.value if mark.value is not None else after[mark.index]
    return after


def walkthrough(tiles: Sequence[int], geo: Geometry, version: int | None = None,
                deadline: float | None = None) -> tuple[Walkthrough, _Run]:
    """Every tile in the order the stages decide it from the given tiles alone, and the run's figures;
    past ``deadline``, :class:`~gridlogic.params.OutOfTime`."""
    articles = _articles(geo, version)
    n = geo.width
    run = _Run(geo, [VARIANT_DOMAINS[m] for m in tiles], [VARIANTS[m] for m in tiles], articles, deadline=deadline)
    steps = tuple(_step(event) for event in run.events())
    check_deadline(deadline)  # before the solver or the grader that ends it
    if run.status == "contradiction":
        return Walkthrough(None, steps, "contradiction", NO_TREE), run
    if run.status == "stuck":
        ways = (solve_checked(list(tiles), n, deadline=deadline).solutions if articles
                else solve_board(tiles, geo, SOLVE_NODE_LIMIT, deadline).solutions)
        return Walkthrough(None, steps, "stuck", SEVERAL if len(ways) > 1 else STUCK), run
    solution = [domain.bit_length() - 1 for domain in run.domains]
    if not is_solved(solution, n, geo.height, geo.wrapping):
        return Walkthrough(None, steps, "contradiction", NO_TREE), run
    graded = analyze_checked(solution, n, deadline=deadline) if articles else grade(solution, geo, deadline)[0]
    return Walkthrough(graded.level if graded else None, steps, "solved"), run


def explain(problem: Any, version: int | None, deadline: float | None = None) -> Walkthrough:
    """The walk-through of a problem's tiles, with the grader's level of the solution it reaches; past
    ``deadline``, :class:`~gridlogic.params.OutOfTime`."""
    geo = board_geometry(problem.width, problem.height, bool(problem.options.get("wrapping", False)))
    return walkthrough(problem.givens["tiles"], geo, version, deadline)[0]


HINTS = Hints(
    techniques=lambda version: TECHNIQUES,
    levels=lambda version: LEVELS,
    hint=hint,
    apply=apply,
    explain=explain,
    start=lambda puzzle: list(puzzle.shuffled),
)
