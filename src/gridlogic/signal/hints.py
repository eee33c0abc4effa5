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
from dataclasses import dataclass, field
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
    Technique("boundary", "easy", Text("a turn with a pipe off the board is dropped", "盤の外を向く向きは除く")),
    Technique("local", "easy", Text("a tile's pipes must meet its neighbours' (a pipe needs a pipe facing back)",
                                    "隣のタイルとパイプが合う向きだけが残る")),
    Technique("global", "medium", Text("a turn that would close a loop or cut tiles off from the rest is dropped",
                                       "輪を作る向きや、タイルを孤立させる向きは除く")),
    Technique("search", "medium", Text("a tile's turns are tried; a turn that leads to no solution is dropped",
                                       "向きを試し、解にたどり着けない向きは除く")),
)
LEVELS = ("easy", "medium", "hard")

DIRECTIONS = (("up", "上"), ("right", "右"), ("down", "下"), ("left", "左"))
NEIGHBOURS = (("the tile above", "上のタイル"), ("the tile to the right", "右のタイル"),
              ("the tile below", "下のタイル"), ("the tile to the left", "左のタイル"))
SHAPE_NAMES = {"blank": ("a blank", "空白"), "end": ("an end", "行き止まり"), "straight": ("a straight", "直線"),
               "elbow": ("an elbow", "L字"), "tee": ("a tee", "T字"), "cross": ("a cross", "十字")}


# --- words -----------------------------------------------------------------------------------

def _tile(i: int, width: int) -> Text:
    r, c = divmod(i, width)
    return Text(f"row {r + 1}, column {c + 1}", f"{r + 1}行{c + 1}列")


def _listed(words: Sequence[str], joiner: str) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {joiner} " + words[-1]


def _pointing(mask: int) -> Text:
    dirs = [DIRECTIONS[d] for d in range(4) if mask & BITS[d]]
    return Text(_listed([d[0] for d in dirs], "and"), "と".join(d[1] for d in dirs))


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


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
        shape = SHAPE_NAMES[SHAPES[left[0]]]
        tile, pointing = _tile(i, geo.width), _pointing(left[0])
        return _Event(i, left[0], "search", [], Text(
            f"{_capital(tile.en)} ({shape[0]}): the rules stop here, so try its turns. {len(tried) - 1} of the "
            f"{len(tried)} ways it can still turn {'leads' if len(tried) == 2 else 'lead'} to no solution "
            f"({nodes} tries in all): only pointing {pointing.en} is left.",
            f"{tile.ja}（{shape[1]}）: 手筋が尽きたので向きを試します。残る{len(tried)}通りのうち{len(tried) - 1}通りは"
            f"解にたどり着きません（試行{nodes}回）。残るのは{pointing.ja}を向く向きだけです。"))

    def _decided(self, i: int) -> _Event:
        """Tile ``i`` has one turn left: why, from its border, its neighbours now and what the global rule dropped."""
        d, geo = self.domains, self.geo
        mask = d[i].bit_length() - 1
        tile, shape = _tile(i, geo.width), SHAPE_NAMES[SHAPES[mask]]
        if len(VARIANTS[mask]) == 1:
            return _Event(i, mask, self.stage, [], Text(
                f"{_capital(tile.en)} is {shape[0]}: it looks the same whichever way it turns.",
                f"{tile.ja}は{shape[1]}なので、どう回しても同じです。"))
        must: list[Text] = []
        cannot: list[Text] = []
        border: list[Text] = []
        evidence: list[int] = []
        for d_, (way, way_ja) in enumerate(DIRECTIONS):
            j = neighbour(i, d_, geo.width, geo.height, geo.wrapping)
            if j < 0:
                border.append(Text(way, way_ja))
                continue
            who, who_ja = NEIGHBOURS[d_]
            if self.stage == "boundary":  # the border alone, and the links the player made
                if not self.given[i] & WITHOUT[d_]:
                    evidence.append(j)
                    must.append(Text(f"{way} (it is linked to {who})", f"{way_ja}（{who_ja}とつながっている）"))
                continue
            there, back = d[j], OPPOSITE[d_]
            faces, turns_away = there & WITH[back], there & WITHOUT[back]
            if faces and turns_away:
                continue
            decided = not there & (there - 1)
            evidence.append(j)
            if faces:
                why = Text(f"{who} points at it" + ("" if decided else " however it can still turn"),
                           f"{who_ja}がこちらを向いている" if decided else f"{who_ja}はどう回してもこちらを向く")
                must.append(Text(f"{way} ({why.en})", f"{way_ja}（{why.ja}）"))
            else:
                why = Text(f"{who} does not point at it" if decided else f"{who} cannot turn to point at it",
                           f"{who_ja}がこちらを向いていない" if decided else f"{who_ja}はこちらを向けない")
                cannot.append(Text(f"{way} ({why.en})", f"{way_ja}（{why.ja}）"))
        if border:  # the border's directions share one reason, said once
            cannot.insert(0, Text(f"{_listed([w.en for w in border], 'or')} (the board's edge)",
                                  f"{'・'.join(w.ja for w in border)}（盤の端）"))
        clauses_en, clauses_ja = [], []
        if must:
            clauses_en.append(f"must point {_listed([m.en for m in must], 'and')}")
            clauses_ja.append(f"{'と'.join(m.ja for m in must)}とはつながり")
        if cannot:
            clauses_en.append(f"cannot point {_listed([c.en for c in cannot], 'or')}")
            clauses_ja.append(f"{'と'.join(c.ja for c in cannot)}には向けません")
        for drop in self.dropped.get(i, []):
            pointing = _pointing(drop.mask)
            evidence += drop.tiles
            if drop.kind == "loop":
                clauses_en.append(f"pointing {pointing.en} would close a loop with the marked tiles")
                clauses_ja.append(f"{pointing.ja}を向くと印のタイルと輪になります")
            elif drop.kind == "agree":
                clauses_en.append(f"pointing {pointing.en}, with the marked tiles turned to agree, would close a "
                                  "loop or shut tiles off from the rest")
                clauses_ja.append(f"{pointing.ja}を向くと、印のタイルを合わせて回したとき輪ができるか、タイルが孤立します")
            else:
                clauses_en.append(f"pointing {pointing.en} would cut the marked tiles off from the rest")
                clauses_ja.append(f"{pointing.ja}を向くと印のタイルが孤立します")
        prefix = Text("", "")
        if self.global_dropped and i not in self.dropped:
            prefix = Text("With the turns that would close a loop or cut tiles off ruled out: ",
                          "輪を作る向きやタイルを孤立させる向きを除くと、")
        pointing = _pointing(mask)
        en_clauses = (" and ".join(clauses_en) if len(clauses_en) < 3
                      else "; ".join(clauses_en[:-1]) + "; and " + clauses_en[-1])
        ja_clauses = "。".join(c for c in clauses_ja)
        sentence = Text(
            f"{_capital(tile.en)} ({shape[0]}) {en_clauses}: only one way is left, pointing {pointing.en}.",
            f"{tile.ja}（{shape[1]}）は{ja_clauses}。残る向きは一つで、{pointing.ja}を向きます。")
        if prefix.en:
            sentence = Text(prefix.en + sentence.en[0].lower() + sentence.en[1:], prefix.ja + sentence.ja)
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
        return _Drop(mask, "agree", sorted(set(geo.neighbours[i])))
    trial = list(domains)
    trial[i] = 1 << mask
    cells = len(trial)
    forced: list[list[int]] = [[] for _ in range(cells)]
    possible: list[list[int]] = [[] for _ in range(cells)]
    for a, b, has_a, lacks_a, has_b, lacks_b in geo.pairs:
        if trial[a] & has_a and trial[b] & has_b:
            possible[a].append(b)
            possible[b].append(a)
            if not trial[a] & lacks_a and not trial[b] & lacks_b:
                path = _path(forced, a, b)
                if path:
                    return _Drop(mask, "loop", path)
                forced[a].append(b)
                forced[b].append(a)
    groups = _groups(possible)
    apart = min((g for g in groups if i not in g), key=len, default=[])
    return _Drop(mask, "cut", sorted(apart))


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
             "これまでのタイルとつながりからは、探索の範囲内でこれ以上は決まりません。")
SEVERAL = Text("This board has more than one solution: from here on, the tiles decide nothing more.",
               "この盤面には答えが2つ以上あります。ここから先はタイルだけでは決まりません。")
SOLVED = Text("Nothing is left to decide: the board is one tree.", "すべてつながっています。")


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
        more = Text(f" ({len(wrong) - 1} more after it)", f"（ほかに{len(wrong) - 1}か所）") if len(wrong) > 1 \
            else Text("", "")
        first, second = _tile(i, n), _tile(j, n)
        return Hint("mistake", None, (), (Mark("tile", i), Mark("tile", j)), Text(
            f"The link between {first.en} and {second.en} is a mistake: the solution does not join them{more.en}. "
            "Turn one of them, and the hints go on from the links that are right.",
            f"{first.ja}と{second.ja}のつながりは間違いです。答えではつながりません{more.ja}。"
            "どちらかを回すと、正しいつながりからヒントが続きます。"))
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
        return Walkthrough(None, steps, "contradiction", Text(
            "No way of turning these tiles makes one tree.", "どう回してもひとつの木になりません。")), run
    if run.status == "stuck":
        ways = (solve_checked(list(tiles), n, deadline=deadline).solutions if articles
                else solve_board(tiles, geo, SOLVE_NODE_LIMIT, deadline).solutions)
        return Walkthrough(None, steps, "stuck", SEVERAL if len(ways) > 1 else STUCK), run
    solution = [domain.bit_length() - 1 for domain in run.domains]
    if not is_solved(solution, n, geo.height, geo.wrapping):
        return Walkthrough(None, steps, "contradiction", Text(
            "No way of turning these tiles makes one tree.", "どう回してもひとつの木になりません。")), run
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
