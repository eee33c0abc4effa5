"""The Loop engine on its own: its docstring's worked example, the trail, the typed search frame."""


import doctests

from gridlogic.loop import engine as engine_module
from gridlogic.loop.board import CROSS, LINE, grid
from gridlogic.loop.engine import MEDIUM, Engine, TrailMark
from gridlogic.loop.solver import EXAMPLES


def test_engine_docstring_example():
    failures, tried = doctests.testmod(engine_module, verbose=False)
    assert tried >= 5 and failures == 0


def _snapshot(engine):
    return (
        list(engine.edge_state), engine.unknown_edge_count, engine.line_count,
        list(engine.cell_line_count), list(engine.cell_unknown_count),
        list(engine.vertex_line_count), list(engine.vertex_unknown_count),
        engine.unmet_clue_count, list(engine.chain_mate), list(engine.chain_length),
        engine.loop_closed_at, list(engine.corner_mask),
    )  # fmt: skip


def test_undo_restores_every_counter_chain_and_mask():
    for w, h, clues in EXAMPLES.values():
        engine = Engine(list(clues), w, h)
        before = _snapshot(engine)
        mark = engine.mark()
        assert engine.propagate(MEDIUM)
        assert engine.unknown_edge_count < grid(w, h).edge_count
        engine.undo(mark)
        assert _snapshot(engine) == before
        assert engine.mark() == mark


def test_a_mark_names_the_length_of_each_trail():
    engine = Engine([None] * 4, 2, 2, colour=True)
    g = engine.grid
    assert engine.mark() == TrailMark(edges=0, chains=0, corner_masks=0, colours=0)
    assert engine.set_edge(g.horizontal(0, 0), LINE) and engine.set_edge(g.horizontal(0, 1), LINE)
    assert engine.set_edge(g.vertical(0, 1), CROSS)
    # three edges set; two chain joins (two ends each, 3 ints an end); the two lines tie both cells
    # to the outside (2 ints a union), so the cross between them unites no further classes
    assert engine.mark() == TrailMark(edges=3, chains=12, corner_masks=0, colours=4)


def test_a_cycle_closes_only_as_the_whole_answer():
    # three sides of the left cell of a 2x1 board are one chain of length 3; its fourth side
    # (the middle edge) closes the square
    g = grid(2, 1)
    top, left, bottom, middle = g.horizontal(0, 0), g.vertical(0, 0), g.horizontal(1, 0), g.vertical(0, 1)
    for clues, closes in (([None, 1], True), ([None, 2], False), ([None, None], True)):
        engine = Engine(clues, 2, 1)
        for e in (top, left, bottom):
            assert engine.set_edge(e, LINE)
        end = g.edge_vertices[top][1]
        assert engine.chain_length[end] == 3 and engine.chain_mate[engine.chain_mate[end]] == end
        # with the 2, the closed square would leave the right cell one line short
        assert engine.set_edge(middle, LINE) is closes
        assert engine.loop_closed_at == 3
