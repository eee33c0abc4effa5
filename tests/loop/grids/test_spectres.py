"""Loopy's Spectres grid (t17): Loopy's own puzzles read into the same faces, and our descriptions.

tests/data/loopy_grids/spectres.txt holds 100 game IDs made by Loopy's generator (sizes 6x6,
7x6, 6x8, 8x8 and 10x10, levels e, n, t and h in turn; tools/loopy_grid_ids.py) with the edges of
the loop Loopy's solver finds. spectres-ours.tsv holds IDs we wrote: a description from
:func:`new_description`, every face's clue for a loop of ours, and the loop Loopy's solver found
on it (Loopy read the description and the clues into the same faces as we do).

Until the catalogue lists the spectres builder, the fixture routes spectres IDs to
:func:`spectres.build` (the lines the catalogue and ``loopy_ids.grid_for`` need are the same).
"""

from __future__ import annotations

import random
from pathlib import Path

import doctests
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic.errors import InvalidParameters
from gridlogic.loop.grids import LoopyPuzzle, decide, loopy_ids, read_loopy_id, spectres, write_loopy_id
from gridlogic.loop.grids.graph import Grid

DATA = Path(__file__).resolve().parents[2] / "data" / "loopy_grids"


def rows(name: str) -> list[tuple[str, list[int]]]:
    out = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        loopy_id, edges = line.split("\t")
        out.append((loopy_id, [int(e) for e in edges.split()]))
    return out


@pytest.fixture(autouse=True)
def spectres_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    original = loopy_ids.grid_for

    def grid_for(name: str, width: int, height: int, description: str | None) -> Grid:
        if name != "spectres":
            return original(name, width, height, description)
        if description is None:
            raise InvalidParameters("a spectres grid needs its description, before '_' in the ID")
        return spectres.build(width, height, description)

    monkeypatch.setattr(loopy_ids, "grid_for", grid_for)


def test_the_docstring_example() -> None:
    result = doctests.testmod(spectres)
    assert result.failed == 0 and result.attempted >= 4


def test_a_hundred_loopy_ids_at_the_preset_sizes_and_every_level() -> None:
    ids = [loopy_id for loopy_id, _ in rows("spectres.txt")]
    assert len(ids) == 100
    sizes = {loopy_id.split("t17")[0] for loopy_id in ids}
    assert {"6x6", "10x10"} <= sizes
    seeds = {loopy_id.split(":")[0] for loopy_id in ids}
    assert seeds == {s + "t17" for s in sizes}  # Loopy's own IDs leave out the level


@pytest.mark.parametrize("name", ["spectres.txt", "spectres-ours.tsv"])
def test_ids_import_unique_with_loopys_loop_and_write_back_the_same(name: str) -> None:
    for loopy_id, loopy_loop in rows(name):
        puzzle = read_loopy_id(loopy_id)
        assert puzzle.grid.name == "spectres" and all(len(f) == 14 for f in puzzle.grid.faces)
        verdict = decide(puzzle.grid, puzzle.clues)
        assert verdict.status == "unique", loopy_id
        assert [e for e, on in enumerate(verdict.solutions[0]) if on] == loopy_loop, loopy_id
        assert write_loopy_id(puzzle) == loopy_id


def test_loopy_ids_have_one_loop_by_a_sat_count_too(sat_loops) -> None:
    """The independent check: a SAT count on the grid's graph, sharing nothing with decide()."""
    for loopy_id, loopy_loop in rows("spectres.txt")[::4]:
        puzzle = read_loopy_id(loopy_id)
        assert sat_loops(puzzle.grid, puzzle.clues) == [frozenset(loopy_loop)], loopy_id


def test_our_descriptions_are_the_ones_stored_with_loopys_loop() -> None:
    """spectres-ours.tsv was made from these seeds; the same seed gives the same description."""
    for loopy_id, _ in rows("spectres-ours.tsv"):
        size, body = loopy_id.split("t17:")
        width, height = map(int, size.split("x"))
        description = body.split("_")[0]
        assert spectres.new_description(width, height, random.Random(f"spectres-ours-{width}x{height}")) == description


@pytest.mark.parametrize(("width", "height"), [(6, 6), (6, 11), (9, 7), (10, 10), (14, 14)])
def test_new_descriptions_build_into_a_disc_of_spectres(width: int, height: int) -> None:
    for seed in range(3):
        description = spectres.new_description(width, height, random.Random(seed))
        spectres.check_description(width, height, description)
        grid = spectres.build(width, height, description)
        assert (grid.width, grid.height, grid.description) == (width, height, description)
        assert all(len(f) == 14 for f in grid.faces)
        assert_disc(grid)
        blank = LoopyPuzzle(grid, (None,) * len(grid.faces))
        assert write_loopy_id(blank).startswith(f"{width}x{height}t17:{description}_")


def assert_disc(grid: Grid) -> None:
    """Every edge borders one or two faces, and the faces are connected through shared edges."""
    assert all(1 <= len(fs) <= 2 for fs in grid.edge_faces)
    seen, todo = {0}, [0]
    while todo:
        for e in grid.face_edges[todo.pop()]:
            for f in grid.edge_faces[e]:
                if f not in seen:
                    seen.add(f)
                    todo.append(f)
    assert len(seen) == len(grid.faces)


def test_the_derived_maps_are_consistent() -> None:
    """Across an edge and back again is where one started, at every level of the construction."""
    for kind in spectres.KINDS:
        for maps, sides in ((spectres.HEX_MAPS[kind], 6), (spectres.SPECTRE_MAPS[kind], 14)):
            for n, across in enumerate(maps.across_edge):
                if across.inside:
                    back = maps.across_edge[sides * across.piece + across.edge]
                    assert (back.piece, back.edge) == divmod(n, sides)
            assert sum(maps.side_pieces) == len(maps.across_outline)
    assert spectres.HEX_MAPS["G"].side_pieces == (2, 3, 3, 5, 5, 2)  # β α α γ δ β sides of a Γ


def test_the_weights_are_the_expansion_matrix_eigenvector() -> None:
    counts = {p: {k: spectres.SUB_KINDS[p].count(k) for k in spectres.KINDS} for p in spectres.KINDS}
    weights = spectres.WEIGHTS
    grown = {k: sum(weights[p] * counts[p][k] for p in spectres.KINDS) for k in spectres.KINDS}
    ratio = 4 + 15**0.5
    assert all(abs(grown[k] / weights[k] - ratio) < 1e-5 for k in spectres.KINDS)


def test_loopy_random_is_sha1_counter_mode() -> None:
    """Loopy's generator seeded 'dummy' picks the same first levels every time (a fixed stream)."""
    first = spectres.LoopyRandom(b"dummy")
    again = spectres.LoopyRandom(b"dummy")
    assert [first.upto(1000) for _ in range(50)] == [again.upto(1000) for _ in range(50)]
    assert all(0 <= spectres.LoopyRandom(b"x").upto(7) < 7 for _ in range(20))


def test_a_description_too_short_for_its_patch_is_extended_as_loopy_extends_it() -> None:
    """``00G`` names only the bottom hexagon; Loopy draws the rest from its 'dummy' stream (the
    face count below is what Loopy's grid has: its solver found our all-clue loop on it)."""
    assert len(spectres.build(10, 10, "00G").faces) == 51
    assert len(spectres.build(6, 6, "00G").faces) == 16


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "too short"),
        ("0G", "too short"),
        ("C00G", "starts with 'C'"),
        ("00a0G", "non-digit"),
        ("000Q", "ends with 'Q'"),
        ("0000g", "ends with 'g'"),
        ("02G", "character 2 is 2, but a hexagon of kind G has 2 Spectres"),
        ("0100G", "character 2 is 1, but a hexagon of kind F has 1 Spectre"),
        ("0007G", "character 4 is 7, but a hexagon of kind G has 7 sub-hexagons"),
        ("0009D", "character 4 is 9, but a hexagon of kind D has 8 sub-hexagons"),
    ],
)
def test_bad_descriptions_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(InvalidParameters, match=message):
        spectres.check_description(6, 6, text)
    with pytest.raises(InvalidParameters, match=message):
        read_loopy_id(f"6x6t17:{text}_a")


def test_bad_sizes_and_missing_descriptions_are_refused_clearly() -> None:
    with pytest.raises(InvalidParameters, match="must both be at least 6"):
        spectres.build(5, 6, "00G")
    with pytest.raises(InvalidParameters, match="at most 100x100"):
        spectres.new_description(101, 6, random.Random(0))
    with pytest.raises(InvalidParameters, match="is text, not int"):
        spectres.check_description(6, 6, 7)  # type: ignore[arg-type]
    with pytest.raises(InvalidParameters, match="needs its description"):
        read_loopy_id("6x6t17:a")


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="0123456789ABCGDJLXPSFYq", max_size=12))
def test_any_description_is_accepted_or_refused_clearly(text: str) -> None:
    try:
        spectres.check_description(6, 6, text)
    except InvalidParameters:
        return
    grid = spectres.build(6, 6, text)
    assert grid.faces and grid.description == text
