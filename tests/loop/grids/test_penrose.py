"""Loopy's Penrose grids (kites and darts t11, rhombs t12): descriptions read into Loopy's faces.

tests/data/loopy_grids/penrose-p2.txt and penrose-p3.txt hold 100 game IDs each made by Loopy's
generator, with the edges of the loop Loopy's solver finds (tools/loopy_grid_ids.py made them).
tests/data/loopy_grids/accepted/ holds what Loopy said about *our* work: penrose-p2.txt and
penrose-p3.txt are IDs on descriptions we made (and short ones, which Loopy grows with its own
random generator), every clue shown for a loop we chose, which Loopy's solver solved to that loop;
penrose-legacy.txt the same on Loopy's legacy descriptions ``G<x>,<y>,<angle>`` (all it made
before 2023); penrose-dots.txt is Loopy's ``grid_new`` for a few descriptions of both forms, each
face's dots as Loopy's integer coordinates.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import doctests
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic.errors import InvalidParameters
from gridlogic.loop.grids import LoopyPuzzle, decide, loopy_ids, penrose, read_loopy_id, write_loopy_id
from gridlogic.loop.grids.graph import Grid

DATA = Path(__file__).resolve().parents[2] / "data" / "loopy_grids"
KINDS = ("penrose-p2", "penrose-p3")
ID = re.compile(r"(\d+)x(\d+)t(\d+):([^_]+)_(.*)")


def stored(path: Path) -> list[tuple[str, list[int]]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        loopy_id, edges = line.split("\t")
        rows.append((loopy_id, [int(e) for e in edges.split()]))
    return rows


def read(loopy_id: str) -> LoopyPuzzle:
    """A Penrose ID read with our build, without the catalogue (which does not list it yet)."""
    match = ID.fullmatch(loopy_id)
    assert match, loopy_id
    width, height, number, description, clues = match.groups()
    tiling = penrose.TILINGS[KINDS[int(number) - 11]]
    grid = tiling.build(int(width), int(height), description)
    return LoopyPuzzle(grid, tuple(loopy_ids.read_clues(clues, grid)))


def loop_of(grid: Grid, clues: tuple[int | None, ...]) -> list[int] | None:
    verdict = decide(grid, clues)
    assert verdict.status == "unique"
    return [e for e, on in enumerate(verdict.solutions[0]) if on]


def test_the_docstrings_example() -> None:
    result = doctests.testmod(penrose)
    assert result.failed == 0 and result.attempted >= 4


def test_the_subdivision_is_the_geometry_of_the_triangles() -> None:
    """Each parent, scaled by φ, is cut exactly into its children: every child placed on its
    corners 0 and 1 has its corner 2 where the table says, and the children's areas add up."""
    def area(corners: tuple[penrose.Point, ...]) -> float:
        points = [complex(*(sum(c * z for c, z in zip(p, powers, strict=True)) for powers in POWERS))
                  for p in corners]
        a, b, c = points
        return ((b - a).conjugate() * (c - a)).imag / 2

    import cmath
    t = cmath.exp(1j * cmath.pi / 5)
    POWERS = ([(t ** k).real for k in range(4)], [(t ** k).imag for k in range(4)])
    one_over_phi_squared = penrose.minus(penrose.ONE, penrose.INVERSE_PHI)
    for parent, children in penrose.SUBDIVISION.items():
        corners = penrose.place(parent, penrose.ORIGIN, penrose.multiply(penrose.BASE[parent], penrose.PHI), 0)
        named = {str(k): corners[k] for k in range(3)}
        for k in range(3):
            side = penrose.minus(corners[(k + 1) % 3], corners[k])
            named[f"{k}<"] = penrose.plus(corners[k], penrose.multiply(side, one_over_phi_squared))
            named[f"{k}>"] = penrose.plus(corners[k], penrose.multiply(side, penrose.INVERSE_PHI))
        total = 0.0
        for letter, *where in children:
            child = penrose.place(letter, named[where[0]], named[where[1]], 0)
            assert child == tuple(named[w] for w in where), (parent, letter)
            total += area(child)
        assert total == pytest.approx(area(corners))


def test_the_computed_tables_step_out_and_back_in_consistently() -> None:
    for (parent, child, edge), way in penrose.EXIT.items():
        if isinstance(way, penrose.Inside):
            assert penrose.EXIT[parent, way.letter, way.edge] == penrose.Inside(child, edge)
        else:
            back = penrose.ENTRY[parent, way.edge, -way.end]
            assert (back.letter, back.edge) == (child, edge)
    assert penrose.PARENTS == {"A": "ABV", "B": "ABU", "U": "AU", "V": "BV",
                               "C": "CX", "D": "DY", "X": "DXY", "Y": "CXY"}


@pytest.mark.parametrize("name", KINDS)
def test_loopy_puzzles_read_unique_with_loopys_loop_and_write_back_the_same(name: str) -> None:
    rows = stored(DATA / f"{name}.txt")
    assert len(rows) == 100
    for loopy_id, loopy_loop in rows:
        puzzle = read(loopy_id)
        assert puzzle.grid.name == name
        assert loop_of(puzzle.grid, puzzle.clues) == loopy_loop, loopy_id
        assert write_loopy_id(puzzle) == loopy_id


@pytest.mark.parametrize("name", KINDS)
def test_loopy_puzzles_have_one_loop_by_a_sat_count_too(name: str, sat_loops) -> None:
    for loopy_id, loopy_loop in stored(DATA / f"{name}.txt")[::5]:
        puzzle = read(loopy_id)
        assert sat_loops(puzzle.grid, puzzle.clues) == [frozenset(loopy_loop)], loopy_id


@pytest.mark.parametrize("name", KINDS)
def test_loopy_solves_our_descriptions_to_our_loop(name: str) -> None:
    """Loopy read these IDs on our descriptions (validate_desc) and its solver found the stored
    loop; we read them to the same grid, the same one loop, and write the same ID."""
    rows = stored(DATA / "accepted" / f"{name}.txt")
    assert len(rows) >= 15
    for loopy_id, loop in rows:
        puzzle = read(loopy_id)
        assert loop_of(puzzle.grid, puzzle.clues) == loop, loopy_id
        assert write_loopy_id(puzzle) == loopy_id


def test_loopy_solves_legacy_descriptions_to_our_loop() -> None:
    rows = stored(DATA / "accepted" / "penrose-legacy.txt")
    assert len(rows) == 12 and all(":G" in loopy_id for loopy_id, _ in rows)
    for loopy_id, loop in rows:
        puzzle = read(loopy_id)
        assert loop_of(puzzle.grid, puzzle.clues) == loop, loopy_id
        assert write_loopy_id(puzzle) == loopy_id


def test_our_dots_are_loopys_dots() -> None:
    """Loopy's grid_new, face by face and corner by corner, in its integer coordinates."""
    for line in (DATA / "accepted" / "penrose-dots.txt").read_text(encoding="utf-8").splitlines():
        label, loopy = line.split("\t")
        name, size, description = label.split()
        width, height = map(int, size.split("x"))
        grid = penrose.TILINGS[name].build(width, height, description)
        faces = " |".join("".join(f" {grid.dots[d][0]},{grid.dots[d][1]}" for d in f) for f in grid.faces)
        assert f"{len(grid.faces)} |{faces}" == loopy, label


def is_a_disc(grid: Grid) -> bool:
    """Every edge borders one or two faces, every face at least one other, each face four-sided."""
    return (all(len(fs) in (1, 2) for fs in grid.edge_faces)
            and all(len(f) == 4 for f in grid.faces)
            and len(grid.dots) - len(grid.edges) + len(grid.faces) == 1)


@pytest.mark.parametrize("name", KINDS)
@pytest.mark.parametrize(("width", "height"), [(4, 4), (6, 6), (10, 10), (5, 9), (9, 5), (20, 14)])
def test_new_descriptions_build_and_read_back(name: str, width: int, height: int) -> None:
    tiling = penrose.TILINGS[name]
    description = tiling.new_description(width, height, random.Random(f"{width}x{height}"))
    assert description == tiling.new_description(width, height, random.Random(f"{width}x{height}"))
    tiling.check_description(width, height, description)
    grid = tiling.build(width, height, description)
    assert (grid.name, grid.width, grid.height, grid.description) == (name, width, height, description)
    assert is_a_disc(grid)
    assert tiling.build(width, height, description) == grid
    made = tiling.new_grid(width, height, random.Random(f"{width}x{height}"))  # the grid new_description made
    assert made == grid and made.dots == grid.dots and made.description == description


def test_a_short_description_grows_as_loopy_grows_it() -> None:
    """'00A' names one triangle and no ancestors: Loopy chooses them with its generator seeded
    "dummy" (the grid is stored in penrose-dots.txt); a longer description naming the same
    ancestors gives the same grid."""
    short = penrose.P2.build(6, 6, "00A")
    dummy = penrose.LoopyRandom(b"dummy")
    chain = ["A"]
    for _ in range(20):
        chain.append(penrose.weighted_choice(penrose.PARENTS[chain[-1]], dummy.upto))
    assert penrose.P2.build(6, 6, "00" + "".join(chain)) == short


def test_the_catalogue_default_is_a_fixed_description() -> None:
    first, again = penrose.P3.build(6, 6), penrose.P3.build(6, 6)
    assert first == again and first.description == again.description
    assert penrose.P3.build(6, 6, first.description) == first


BAD_DESCRIPTIONS = [
    ("penrose-p2", "", "at least one of the letters A, B, U, V"),
    ("penrose-p2", "00", "at least one of the letters"),
    ("penrose-p2", "x0A", "first character is the orientation 0 to 9, not 'x'"),
    ("penrose-p2", "03A", "start corner 0, 1 or 2, not '3'"),
    ("penrose-p2", "00C", "character 'C' at 2 is not one of the letters A, B, U, V"),
    ("penrose-p3", "00A", "character 'A' at 2 is not one of the letters C, D, X, Y"),
    ("penrose-p2", "00AU", "'U' at 3 cannot be the parent of 'A'; a 'A' lies only in A or B or V"),
    ("penrose-p3", "00CY", "'Y' at 3 cannot be the parent of 'C'"),
    ("penrose-p2", "G0,0", "a legacy description is G<x>,<y>,<angle> with whole numbers"),
    ("penrose-p2", "G0,0,36x", "a legacy description is G<x>,<y>,<angle>"),
    ("penrose-p2", "G0,0,30", "the angle 30 is not one of 0, 36, ..., 324"),
    ("penrose-p3", "G0,0,360", "the angle 360 is not one of"),
    ("penrose-p3", "G5000,0,0", "the patch offset (5000, 0) is more than 3290 from the centre of a 6x6 grid's tiling"),
    ("penrose-p2", "00A b", "character ' ' at 3"),
]


@pytest.mark.parametrize(("name", "text", "message"), BAD_DESCRIPTIONS)
def test_bad_descriptions_are_refused_clearly(name: str, text: str, message: str) -> None:
    with pytest.raises(InvalidParameters, match=re.escape(message)):
        penrose.TILINGS[name].check_description(6, 6, text)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(KINDS), st.integers(4, 9), st.integers(4, 9),
       st.text(alphabet="0123456789ABCDUVXYG,-+ _", max_size=14))
def test_any_description_is_a_grid_or_a_clear_refusal(name: str, width: int, height: int, text: str) -> None:
    try:
        grid = penrose.TILINGS[name].build(width, height, text)
    except InvalidParameters as error:
        assert "grid description" in str(error)
    else:
        assert is_a_disc(grid) and grid.description == text


def test_a_description_that_is_not_text_is_refused() -> None:
    with pytest.raises(InvalidParameters, match="is text, not int"):
        penrose.P2.build(6, 6, 42)  # type: ignore[arg-type]


def test_large_legacy_grids_are_refused() -> None:
    """Loopy's legacy arithmetic may overflow from about 43x43; the largest read is 42x42."""
    penrose.P2.check_description(42, 42, "G0,0,0")
    with pytest.raises(InvalidParameters, match="up to about 40x40 .* a 43x43 grid needs depth 15"):
        penrose.P2.check_description(43, 43, "G0,0,0")


def test_a_box_with_no_inner_dot_is_refused() -> None:
    """A patch whose tiles have no inner dot is no grid (Loopy's grid for 3x3t12:00C has no face);
    kites and darts three wide never have one (refused by size once the catalogue asks for 4)."""
    with pytest.raises(InvalidParameters, match="'00C' leaves no face of a 3x3 grid with an inner dot"):
        penrose.P3.build(3, 3, "00C")
    with pytest.raises(InvalidParameters, match="no penrose-p2 patch with an inner dot fits a 3x5 grid|at least 4"):
        penrose.P2.new_description(3, 5, random.Random(1))


def test_loopy_ids_read_and_write_through_loopy_ids_once_grid_for_knows_penrose(monkeypatch) -> None:
    """The integration the catalogue will have: read_loopy_id with grid_for handing Penrose to us."""
    plain = loopy_ids.grid_for

    def grid_for(name: str, width: int, height: int, description: str | None) -> Grid:
        if name in penrose.TILINGS:
            if description is None:
                raise InvalidParameters(f"a {name} grid needs its description before the clues")
            return penrose.TILINGS[name].build(width, height, description)
        return plain(name, width, height, description)

    monkeypatch.setattr(loopy_ids, "grid_for", grid_for)
    for name in KINDS:
        for loopy_id, loopy_loop in stored(DATA / f"{name}.txt")[:10]:
            puzzle = read_loopy_id(loopy_id)
            assert loop_of(puzzle.grid, puzzle.clues) == loopy_loop
            assert write_loopy_id(puzzle) == loopy_id
    with pytest.raises(InvalidParameters, match="not allowed"):
        read_loopy_id("6x6t12:00A_a")
