"""The inside/outside colouring: its docstring's worked example, undo, agreement with the loop."""


import doctests

from gridlogic.loop import colouring as colouring_module
from gridlogic.loop.board import inside_of_loop
from gridlogic.loop.engine import MEDIUM, Engine
from gridlogic.loop.solver import EXAMPLES


def test_colouring_docstring_example():
    failures, tried = doctests.testmod(colouring_module, verbose=False)
    assert tried >= 5 and failures == 0


def _classes(colouring):
    return (
        list(colouring.parent), list(colouring.parity), list(colouring.class_size),
        list(colouring.next_member),
    )  # fmt: skip


def test_colour_classes_are_undone_with_the_trail():
    w, h, clues = EXAMPLES["colour"]
    engine = Engine(list(clues), w, h, colour=True)
    colouring = engine.colouring
    before = _classes(colouring)
    mark = engine.mark()
    assert engine.propagate(MEDIUM) and engine.unknown_edge_count == 0
    assert len(colouring.trail) == 2 * w * h  # a solved board ties every cell to the outside (2 ints a union)
    engine.undo(mark)
    assert _classes(colouring) == before and colouring.trail == []
    assert engine.unknown_edge_count == engine.grid.edge_count


def test_solved_board_parities_are_the_inside_of_the_loop():
    solved = []
    for name, (w, h, clues) in EXAMPLES.items():
        engine = Engine(list(clues), w, h, colour=True)
        assert engine.propagate(MEDIUM)
        if engine.unknown_edge_count:
            continue  # medium rules and colouring alone stop (the threes example has several loops)
        colouring = engine.colouring
        outside_root, outside_parity = colouring.find(w * h)
        parities = []
        for cell in range(w * h):
            root, parity = colouring.find(cell)
            assert root == outside_root
            parities.append(parity ^ outside_parity)
        assert parities == inside_of_loop(engine.edges(), w, h)
        solved.append(name)
    assert solved == ["clue", "vertex", "loop", "corner", "colour"]


def test_members_ring_holds_exactly_each_class():
    w, h, clues = EXAMPLES["colour"]
    engine = Engine(list(clues), w, h, colour=True)
    colouring = engine.colouring
    engine.propagate(MEDIUM)
    for node in range(w * h + 1):
        ring, m = [node], colouring.next_member[node]
        while m != node:
            ring.append(m)
            m = colouring.next_member[m]
        root = colouring.find(node)[0]
        assert sorted(ring) == [x for x in range(w * h + 1) if colouring.find(x)[0] == root]
        assert len(ring) == colouring.class_size[root]
