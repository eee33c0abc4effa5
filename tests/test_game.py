"""gridlogic.game: the table, puzzle IDs, board keys and the checks ``Game.spec`` makes."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

import doctests
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gridlogic.game
from gridlogic import GAMES, InvalidParameters, PuzzleSpec, parse_id, puzzle_from_id
from gridlogic.game import Option, Version, ids, imported, record, registry
from gridlogic.rng import js_length


@pytest.mark.parametrize("module", [ids, imported, record, registry])
def test_module_docstring_examples(module):
    assert doctests.testmod(module).failed == 0


@pytest.mark.parametrize("extra, says", [
    ("nosuchgame", "the game module 'nosuchgame' (GRIDLOGIC_GAMES: 'nosuchgame') cannot be loaded: No module"),
    ("json", "the game module 'json' (GRIDLOGIC_GAMES: 'json') cannot be loaded: module 'json' has no attribute"),
])
def test_a_game_module_that_cannot_be_loaded_is_one_clear_line(extra, says):
    run = subprocess.run([sys.executable, "-m", "gridlogic.cli", "signal", "generate", "--size", "4"],
                         capture_output=True, text=True, check=False, env={**os.environ, "GRIDLOGIC_GAMES": extra})
    assert run.returncode == 2 and run.stderr.startswith(f"gridlogic: {says}"), run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr


def test_games_are_listed_in_the_registry_order():
    assert [registry.load_game(module).name for module in registry.game_modules()] == list(GAMES)
    assert registry.game_modules()[:len(registry.GAME_MODULES)] == registry.GAME_MODULES


def test_importing_the_package_or_an_adapter_loads_no_game():
    # The registry loads the games the first time GAMES is read, not as a side effect of imports.
    code = ("import sys, gridlogic, gridlogic.cli, gridlogic.scoring; "
            "print(sorted(m for m in sys.modules if m.split('.')[1:2] in (['signal'], ['pattern'], ['loop'])))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80).filter(lambda s: js_length(s) <= 80))
def test_every_seed_survives_an_id(seed):
    spec = GAMES["pattern"].spec(5, seed, version=1)
    assert spec.id.isascii() and " " not in spec.id
    assert parse_id(spec.id) == spec


def test_lone_surrogates_and_dots_survive_an_id():
    for seed in ("\ud800", "a.b", "", "%41", "x" * 80):
        spec = GAMES["signal"].spec(4, seed, version=3)
        assert parse_id(spec.id) == spec


def test_puzzle_from_id_makes_the_same_puzzle():
    puzzle = GAMES["loop"].generate(5, "id", "easy")
    assert puzzle_from_id(puzzle.id).to_dict() == puzzle.to_dict()


@pytest.mark.parametrize("text, message", [
    ("signal.3.4x4.any", "not a puzzle ID"),
    ("chess.1.4x4.any.x", "unknown game 'chess'"),
    ("signal.x.4x4.any.s", "version 'x' is not a number"),
    ("signal.9.4x4.any.s", "no generator version 9"),
    ("signal.3.4by4.any.s", "is not a size like 5x5"),
    ("signal.3.4x4q.any.s", "unknown or repeated option letter 'q'"),
    ("signal.3.7x7.any.s", "not 7"),
    ("signal.3.4x4.expert.s", "unknown difficulty 'expert'"),
    ("signal.3.4x4.any.%FF", "not percent-encoded UTF-8"),
    ("signal.3.4x4.any.%ZZ", "a '%' that does not start an escape of two hex digits"),
    ("signal.3.4x4.any.%E0%A4%A", "a '%' that does not start an escape of two hex digits"),
    ("signal.3.4x4.any.100%", "a '%' that does not start an escape of two hex digits"),
    ("signal.3.4x4.any." + "x" * 1000, "at most 1000 characters"),
    (12, "a puzzle ID is text"),
])
def test_bad_ids_say_what_is_wrong(text, message):
    with pytest.raises(InvalidParameters, match=message):
        parse_id(text)


def test_spec_refuses_what_generate_refuses():
    signal = GAMES["signal"]
    with pytest.raises(InvalidParameters, match="makes square boards only, not 4x5"):
        signal.spec((4, 5), "x", version=3)
    with pytest.raises(InvalidParameters, match="has no option 'wrapping'"):
        signal.spec(4, "x", version=3, wrapping=True)
    with pytest.raises(InvalidParameters, match="seed must be a str"):
        signal.spec(4, 5)


def test_a_size_refused_by_one_version_names_the_versions_that_make_it():
    """A link without a version means the first one, which may be too small for what was asked."""
    loop = GAMES["loop"]
    with pytest.raises(InvalidParameters) as refused:
        loop.spec(15, "x", version=1)
    assert str(refused.value) == (
        "Loop size must be a square side, an integer from 5 to 10, not 15; "
        "version 2 makes it, with sizes 4 to 30 (width x height apart); "
        "version 3 makes it, with sizes 4 to 30 (width x height apart); "
        "version 4 makes it, with sizes 1 to 30 (width x height apart)")
    with pytest.raises(InvalidParameters) as refused:
        loop.spec(99, "x", version=1)
    assert str(refused.value) == "Loop size must be a square side, an integer from 5 to 10, not 99"
    with pytest.raises(InvalidParameters) as refused:
        loop.spec(99, "x", version=2)
    assert "version 1" not in str(refused.value)


def _with_options() -> gridlogic.game.Game:
    """Signal with an extra, imaginary version 99 that is rectangular and has two options."""
    signal = GAMES["signal"]
    latest = signal.version()
    version = Version(
        99, "a test version", sides=tuple(range(3, 9)), presets=(4,), default_size=4, difficulties=("any",),
        make=latest.make, from_dict=latest.from_dict, verify=latest.verify, rectangular=True,
        options=(Option("wrapping", (False, True), ("", "w"), "wrap"),
                 Option("mirror", ("none", "left"), ("", "m"), "mirror")),
        offered=lambda w, h, d, o: "no 3x3 with a mirror" if (w, h) == (3, 3) and o["mirror"] == "left" else None,
    )
    return dataclasses.replace(signal, versions={**signal.versions, 99: version})


def test_options_and_rectangles_in_ids_and_board_keys(monkeypatch):
    game = _with_options()
    monkeypatch.setitem(GAMES, "signal", game)
    spec = game.spec((7, 5), "s", version=99, wrapping=True, mirror="left")
    assert spec.board == "7x5wm" and spec.board_key == "7x5wm"
    assert spec.id == "signal.99.7x5wm.any.s" and parse_id(spec.id) == spec
    assert game.board_of("7x5wm", 99) == ((7, 5), {"wrapping": True, "mirror": "left"})
    plain = game.spec(5, "s", version=99)
    assert plain.board == "5x5" and plain.board_key == 5 and game.board_of(5, 99) == (5, {})
    with pytest.raises(InvalidParameters, match="no 3x3 with a mirror"):
        game.spec(3, "s", version=99, mirror="left")
    with pytest.raises(InvalidParameters, match="mirror must be one of 'none', 'left', not 'right'"):
        game.spec(3, "s", version=99, mirror="right")
    with pytest.raises(InvalidParameters, match="wrapping must be one of False, True, not 1"):
        game.spec(3, "s", version=99, wrapping=1)


def test_puzzle_spec_size():
    assert PuzzleSpec("signal", 3, 4, 4, "any", "s").size == 4
    assert PuzzleSpec("signal", 3, 5, 4, "any", "s").size == (5, 4)
