"""Loopy's hats grid (t16): its puzzles read onto the same faces, our descriptions, bad ones refused.

tests/data/loopy_grids/hats.txt holds 100 puzzles made by Loopy (6×6, 7×6, 6×7, 8×8 and its preset
10×10, levels Easy to Hard), each with the edges of the loop Loopy's solver finds. Loopy numbers
faces and edges by the grid it builds from the description, so our solver finding exactly Loopy's
edges means our grid is Loopy's, face for face and edge for edge.

tests/data/loopy_grids/hats-ours.tsv holds puzzles on grids Loopy never made: descriptions made by
:func:`hats.new_description` (the first five, at 6×6 to 15×15) and short hand-written ones that
Loopy completes with default parents, each with a clue in every face (the outline of a region of
faces); Loopy read every one of these IDs and its solver found the same loop (checked with
tools/loopy_grid_ids.py's driver, ``solve``).
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import doctests
import pytest

from gridlogic.errors import InvalidParameters
from gridlogic.loop.grids import LoopyPuzzle, decide, grid_type, hats, read_loopy_id, write_loopy_id
from gridlogic.loop.grids.loopy_ids import read_clues

DATA = Path(__file__).resolve().parents[2] / "data" / "loopy_grids"


def stored(filename: str) -> list[tuple[str, list[int]]]:
    rows = []
    for line in (DATA / filename).read_text(encoding="utf-8").splitlines():
        loopy_id, edges = line.split("\t")
        rows.append((loopy_id, [int(e) for e in edges.split()]))
    return rows


def read_hats_id(loopy_id: str) -> LoopyPuzzle:
    """A hats ID read with hats.build directly (the catalogue may not list the builder yet)."""
    params, _, body = loopy_id.partition(":")
    size, _, kind = params.partition("t")
    assert kind == "16", loopy_id
    width, _, height = size.partition("x")
    description, _, clues = body.partition("_")
    grid = hats.build(int(width), int(height or width), description)
    return LoopyPuzzle(grid, tuple(read_clues(clues, grid)))


def loop_of(puzzle: LoopyPuzzle) -> list[int] | None:
    verdict = decide(puzzle.grid, puzzle.clues)
    if verdict.status != "unique":
        return None
    return [e for e, on in enumerate(verdict.solutions[0]) if on]


def test_the_module_example() -> None:
    result = doctests.testmod(hats)
    assert result.attempted > 0 and result.failed == 0


def test_a_hundred_loopy_puzzles_at_every_level_and_the_preset_size() -> None:
    rows = stored("hats.txt")
    assert len(rows) == 100
    sizes = {loopy_id.split("t")[0] for loopy_id, _ in rows}
    assert {"6x6", "10x10"} <= sizes


def test_loopy_puzzles_read_onto_loopys_faces_unique_with_loopys_loop_and_written_back() -> None:
    for loopy_id, loopy_loop in stored("hats.txt"):
        puzzle = read_hats_id(loopy_id)
        assert puzzle.grid.name == "hats"
        assert loop_of(puzzle) == loopy_loop, loopy_id
        assert write_loopy_id(puzzle) == loopy_id


def test_loopy_puzzles_have_one_loop_by_a_sat_count_too(sat_loops) -> None:
    """The independent check (conftest.py), on every fifth puzzle."""
    for loopy_id, loopy_loop in stored("hats.txt")[::5]:
        puzzle = read_hats_id(loopy_id)
        assert sat_loops(puzzle.grid, puzzle.clues) == [frozenset(loopy_loop)], loopy_id


def test_our_descriptions_and_short_ones_as_loopy_read_them() -> None:
    rows = stored("hats-ours.tsv")
    assert len(rows) >= 10
    for loopy_id, loopy_loop in rows:
        puzzle = read_hats_id(loopy_id)
        assert all(clue is not None for clue in puzzle.clues)
        assert loop_of(puzzle) == loopy_loop, loopy_id
        assert write_loopy_id(puzzle) == loopy_id


def test_the_catalogue_reads_hats_ids_once_it_lists_the_builder() -> None:
    if grid_type("hats").builder is None:
        pytest.skip("catalogue.py does not list hats.build yet")
    for loopy_id, _ in stored("hats.txt")[:10] + stored("hats-ours.tsv")[:3]:
        assert read_loopy_id(loopy_id) == read_hats_id(loopy_id)
        assert write_loopy_id(read_loopy_id(loopy_id)) == loopy_id


@pytest.mark.parametrize(("width", "height"), [(6, 6), (10, 10), (7, 12), (15, 6), (25, 25)])
def test_new_descriptions_build_connected_grids_of_hats(width: int, height: int) -> None:
    for seed in range(3):
        description = hats.new_description(width, height, random.Random(seed))
        assert hats.new_description(width, height, random.Random(seed)) == description
        hats.check_description(width, height, description)
        grid = hats.build(width, height, description)
        assert grid.description == description and (grid.width, grid.height) == (width, height)
        assert {len(f) for f in grid.faces} == {14}
        # A hat is 8 kites and a square of the rectangle half a triangle, 1.5 kites: at most 3/4 of
        # a hat a square, fewer for the hats cut by the rim.
        assert 0.3 < len(grid.faces) / (width * height) <= 0.75
        assert connected_faces(grid) == len(grid.faces)


def connected_faces(grid) -> int:
    seen, todo = {0}, [0]
    while todo:
        f = todo.pop()
        for e in grid.face_edges[f]:
            for g in grid.edge_faces[e]:
                if g not in seen:
                    seen.add(g)
                    todo.append(g)
    return len(seen)


@pytest.mark.parametrize(
    ("description", "complaint"),
    [
        ("", "not of that form"),
        ("1,0,0", "not of that form"),
        ("1,0,0,H,", "not of that form"),
        ("1,0,0,X", "not of that form"),
        ("1,,0,0,H", "not of that form"),
        ("100,0,0,H", "not of that form"),
        (" 1,0,0,H", "not of that form"),
        ("1,0,0,H_2", "not of that form"),
        ("1,0,H", "fewer than the 3 needed"),
        ("8,0,0,H", "kite 8 does not exist (a hat has kites 0 to 7)"),
        ("2,1,9,T", "child 9 of a T does not exist (a T has children 0 to 6)"),
        ("2,1,0,11,F", "child 11 of an F does not exist (an F has children 0 to 10)"),
        ("0,4,0,H", "hat 4 of an H does not exist (an H has hats 0 to 3)"),
        ("0,1,3,H", "hat 1 of a T does not exist (a T has only hat 0)"),
        ("0,2,1,T", "hat 2 of a P does not exist (a P has hats 0 to 1)"),
        ("0,1,1,P", None),
        ("1," * 150 + "H", "more than the 200 allowed"),
    ],
)
def test_bad_descriptions_are_refused_clearly(description: str, complaint: str | None) -> None:
    if complaint is None:  # a valid one among the bad, for contrast
        hats.check_description(6, 6, description)
        return
    with pytest.raises(InvalidParameters, match="hats grid description") as caught:
        hats.check_description(6, 6, description)
    assert complaint in str(caught.value)
    assert "H, T, P or F" in str(caught.value)
    with pytest.raises(InvalidParameters):
        hats.build(6, 6, description)


@pytest.mark.parametrize("bad", [None, 3, ["1,0,0,H"]])
def test_a_description_that_is_not_text_is_refused(bad: object) -> None:
    with pytest.raises(InvalidParameters, match="is text"):
        hats.check_description(6, 6, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("width", "height"), [(0, 6), (6, -1), (6.0, 6), (True, 6)])
def test_bad_sizes_are_refused(width: object, height: object) -> None:
    with pytest.raises(InvalidParameters, match="whole number at least 1"):
        hats.build(width, height, "0,0,0,H")  # type: ignore[arg-type]


def test_the_metatiles_as_the_paper_counts_them() -> None:
    """13, 7, 11 and 11 children; 4, 1, 2 and 2 hats; and the shares of H, T, P and F in a large
    patch are 1 : (7 - 3√5)/2 : 3√5 - 6 : (9 - 3√5)/2 (Tatham's reading of the paper's figure 2.8)."""
    assert [len(hats.children(k)) for k in hats.TYPES] == [13, 7, 11, 11]
    assert [hats.hats_in(k) for k in hats.TYPES] == [4, 1, 2, 2]
    shares = hats.metatile_shares()
    root5 = math.sqrt(5)
    expected = {"H": 1, "T": (7 - 3 * root5) / 2, "P": 3 * root5 - 6, "F": (9 - 3 * root5) / 2}
    assert all(math.isclose(shares[k], expected[k], rel_tol=1e-9) for k in hats.TYPES)
    assert [hats.default_parent(k) for k in hats.TYPES] == [("H", 0), ("H", 3), ("H", 4), ("H", 8)]


def test_the_maps_have_as_many_entries_as_loopys() -> None:
    """Counted in Loopy's hat-tables.h (its kitemap entries other than -1, its metamap entries other
    than 'does not exist'); the tables themselves are not in the project."""
    assert [len(hats.kite_maps()[k]) for k in hats.TYPES] == [896, 440, 744, 746]
    assert [len(hats.metatile_maps()[k]) for k in hats.TYPES] == [145, 79, 125, 125]


def test_the_kite_maps_step_back_and_forth() -> None:
    """Left and right are inverse turns about a kite's centre; a forward step across an edge and a
    step back across it are the same pair of kites."""
    for kind, steps in hats.kite_maps().items():
        assert steps, kind
        for (step, name), neighbour in steps.items():
            if step == hats.LEFT:
                assert steps.get((hats.RIGHT, neighbour)) in (name, None)
            if step == hats.RIGHT:
                assert steps.get((hats.LEFT, neighbour)) in (name, None)


def test_the_metatile_maps_are_cycles_over_whole_types() -> None:
    for kind, cycle in hats.metatile_maps().items():
        assert sorted(cycle) == sorted(cycle.values()), kind  # a permutation
        for (meta, meta2), (other, other2) in cycle.items():
            parent = hats.children(kind)
            assert hats.children(parent[meta2].kind)[meta].kind == hats.children(parent[other2].kind)[other].kind


def test_the_hat_has_eight_kites_and_fourteen_corners() -> None:
    kites = hats.hat_kites(hats.HAT_KITE0)
    assert len({hats.kite_region(k) for k in kites}) == 8
    outline = hats.hat_outline(hats.HAT_KITE0, mirrored=False)
    assert len(set(outline)) == 14
    mirrored = hats.hat_outline(hats.HAT_KITE0, mirrored=True)
    assert len(set(mirrored)) == 14 and set(mirrored) != set(outline)


def test_trimming_keeps_the_largest_inland_region_in_order() -> None:
    """A 3×3 block of squares (4 inland dots) and a 2×2 block apart (1 inland dot): only the
    larger block's faces stay, in their order; a lone face touching no inland dot goes too."""
    def square(x: int, y: int) -> list[tuple[int, int]]:
        return [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]

    small = [square(x, y) for y in (10, 11) for x in (10, 11)]
    big = [square(x, y) for y in range(3) for x in range(3)]
    lone = [square(20, 20)]
    faces = small[:2] + big[:5] + lone + big[5:] + small[2:]
    assert hats.trimmed(faces) == big
    assert hats.trimmed(lone) == []
