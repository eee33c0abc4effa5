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
from gridlogic.web.ready import ReadyPuzzles, menu_specs

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
    kept = {spec.seed for made in ready._ready.values() for spec, _puzzle in made}
    assert len(kept) == 2
    second = client.get("/api/loop/puzzle?size=7&difficulty=hard").json()
    assert second["seed"] in kept and second["seed"] != first["seed"]
    seeded = client.get("/api/loop/puzzle?size=7&difficulty=hard&seed=mine").json()
    assert seeded["seed"] == "mine"
    by_id = client.get("/api/loop/puzzle", params={"id": first["id"]}).json()
    assert by_id["seed"] == first["seed"]
    app.state.puzzles.close()


def test_a_ready_puzzle_pushed_out_of_the_cache_is_put_back_when_handed_out():
    async def scenario():
        source = PuzzleSource(GAMES, workers=0, cache_size=1)
        ready = ReadyPuzzles(source)
        asked = LOOP.spec(7, "x", "hard", version=1)
        ready.take(asked)
        await ready.fill()
        assert ready.ready_count(asked) == 2  # the first of them is out of the one-place cache already
        handed = ready.take(asked)
        assert handed in source._cache and ready.ready_count(asked) == 1
        puzzle = await source.get(handed)  # answered from the cache: nothing is generated
        assert puzzle.seed == handed.seed and LOOP.verify(puzzle)
        source.close()
    run_async(scenario)


def test_a_versions_menu_is_wanted_from_its_first_request_on_and_never_pushed_out():
    async def scenario():
        source = PuzzleSource(GAMES, workers=0)
        preset = LOOP.spec((4, 4), "menu", "easy", version=4, grid="honeycomb")
        ready = ReadyPuzzles(source, menu=[preset], kinds=1, slow_seconds=0)  # every kind is worth keeping
        other_version = LOOP.spec(5, "a", "easy", version=3)
        ready.take(other_version)
        await ready.fill()
        assert ready.ready_count(preset) == 0  # nobody asked for version 4 yet
        ready.take(LOOP.spec(5, "b", "easy", version=4))  # a version 4 request: its menu is wanted
        ready.take(other_version)  # pushes the version 4 kind out of the one kind asked lately, not the menu's
        await ready.fill()
        assert ready.ready_count(preset) == 2 and ready.ready_count(other_version) == 2
        assert ready.ready_count(LOOP.spec(5, "b", "easy", version=4)) == 0
        handed = ready.take(LOOP.spec((4, 4), "mine-later", "easy", version=4, grid="honeycomb"))
        puzzle = await source.get(handed)
        assert (puzzle.grid, puzzle.width, puzzle.level) == ("honeycomb", 4, "easy") and LOOP.verify(puzzle)
        source.close()
    run_async(scenario)


def test_the_apps_menu_is_every_versions_presets():
    specs = menu_specs(GAMES)
    listed = [(spec.game, spec.version, spec.width, spec.height, spec.difficulty, spec.options) for spec in specs]
    expected = [(name, number, preset.width, preset.height, preset.difficulty, preset.options)
                for name, game in GAMES.items() for number, version in sorted(game.versions.items())
                for preset in version.menu]
    assert listed == expected and any(spec.options == (("grid", "hats"),) for spec in specs)
    assert create_app(workers=0).state.ready._menus.keys() == {(spec.game, spec.version) for spec in specs}
