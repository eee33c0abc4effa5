"""ReadyPuzzles: seedless requests of slow kinds get puzzles made before; a seed is always made on demand.

Generation runs with ``workers=0`` (a thread of this process); the tests call :meth:`fill` themselves
and await it, so nothing waits on a clock.
"""

from __future__ import annotations

import warnings

from web_helpers import run_async

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from gridlogic import GAMES
from gridlogic.web.app import create_app
from gridlogic.web.puzzles import PuzzleSource
from gridlogic.web.ready import ReadyPuzzles

LOOP = GAMES["loop"]


def test_the_docstring_example_a_wanted_slow_kind_is_made_ahead_and_handed_out_from_the_cache():
    async def scenario():
        source = PuzzleSource(GAMES, workers=0)
        ready = ReadyPuzzles(source)
        asked = LOOP.spec(7, "x", "hard", version=1)
        assert ready.take(asked) == asked  # nothing ready: the request's own spec, made on demand
        await ready.fill()  # a kind never made counts as slow
        assert ready.ready_count(asked) == 2
        handed = ready.take(LOOP.spec(7, "y", "hard", version=1))
        assert handed.seed not in ("x", "y")
        assert (handed.game, handed.version, handed.width, handed.difficulty) == ("loop", 1, 7, "hard")
        assert handed in source._cache  # its puzzle is made: get answers from the cache
        puzzle = await source.get(handed)
        assert puzzle.id == handed.id and LOOP.verify(puzzle)
        assert ready.ready_count(asked) == 1
        source.close()
    run_async(scenario)


def test_fast_kinds_are_made_on_demand_and_kinds_not_asked_lately_are_dropped():
    async def scenario():
        source = PuzzleSource(GAMES, workers=0)
        ready = ReadyPuzzles(source, slow_seconds=1000, kinds=1)  # nothing is slow enough
        fast = GAMES["signal"].spec(4, "a", "any", version=3)
        await source.get(fast)  # its estimate is now known: far below 1000 s
        ready.take(fast)
        await ready.fill()
        assert ready.ready_count(fast) == 0
        ready.slow_seconds = 0
        await ready.fill()
        assert ready.ready_count(fast) == 2
        ready.take(LOOP.spec(5, "b", "easy"))  # a second kind pushes the first out (kinds=1)
        assert ready.ready_count(fast) == 0 and ready.take(fast) == fast
        source.close()
    run_async(scenario)


def test_the_api_hands_a_seedless_request_a_ready_puzzle_and_a_seeded_one_its_own():
    # Outside a `with` block the app's background task does not run: the test fills by itself.
    app = create_app(workers=0)
    client = TestClient(app)
    ready: ReadyPuzzles = app.state.ready
    first = client.get("/api/loop/puzzle?size=7&difficulty=hard").json()
    run_async(ready.fill)  # what the background task does once the request woke it
    kept = {spec.seed for specs in ready._ready.values() for spec in specs}
    assert len(kept) == 2
    second = client.get("/api/loop/puzzle?size=7&difficulty=hard").json()
    assert second["seed"] in kept and second["seed"] != first["seed"]
    seeded = client.get("/api/loop/puzzle?size=7&difficulty=hard&seed=mine").json()
    assert seeded["seed"] == "mine"
    by_id = client.get("/api/loop/puzzle", params={"id": first["id"]}).json()
    assert by_id["seed"] == first["seed"]
    app.state.puzzles.close()
