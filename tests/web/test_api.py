"""The JSON API through Starlette's TestClient: shapes, agreement with the engines, every refusal."""

from __future__ import annotations

import dataclasses
import json
import logging
import warnings
from collections import deque

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from web_helpers import failing_signal_case, game_or_skip, installed_games

from gridlogic import GAMES, scoring
from gridlogic.errors import GenerationFailed, InvalidParameters
from gridlogic.web.app import MAX_BODY_BYTES, STATIC_DIR, create_app

HEADER = {"game", "id", "size", "width", "height", "difficulty", "seed", "version", "level"}


def test_games_lists_every_installed_game_with_its_surface(client):
    answer = client.get("/api/games")
    assert answer.status_code == 200
    listed = answer.json()["games"]
    assert [g["name"] for g in listed] == installed_games()
    for entry in listed:
        game = game_or_skip(entry["name"])
        latest = game.version()
        assert (entry["title"], entry["sizes"], entry["defaultSize"], entry["difficulties"], entry["version"]) == (
            game.title, list(latest.sides), latest.default_size, list(latest.difficulties), game.latest)
        assert [v["number"] for v in entry["versions"]] == sorted(game.versions)
        for listed_version in entry["versions"]:
            version = game.versions[listed_version["number"]]
            assert listed_version["presets"] == list(version.presets)
            assert listed_version["menu"] == [preset.to_dict() for preset in version.menu]
            assert listed_version["difficulties"] == list(version.difficulties)


def test_docstring_worked_example(client):
    signal = game_or_skip("signal")
    refused = client.get("/api/signal/puzzle?size=7")
    assert refused.status_code == 400
    assert refused.json() == {"error": "Signal size must be a square side, 4, 5 or 6, not 7; "
                                       "version 4 makes it, with sizes 3 to 25 (width x height apart)"}
    shown = client.get("/api/signal/puzzle?size=4&seed=notes-example").json()
    assert shown == {"game": "signal", "id": "signal.3.4x4.any.notes-example", "size": 4, "width": 4,
                     "height": 4, "difficulty": "any", "seed": "notes-example", "version": 3,
                     "level": "medium", "givens": {"tiles": list(signal.generate(4, "notes-example").shuffled)}}


@pytest.mark.parametrize("game", GAMES)
def test_puzzle_is_the_engines_givens_and_never_the_solution(client, game):
    module = game_or_skip(game)
    answer = client.get(f"/api/{game}/puzzle", params={"seed": "api-1"})
    assert answer.status_code == 200
    shown = answer.json()
    assert set(shown) == HEADER | {"givens"}  # the givens under their own key, never in the header
    first = module.versions[module.unversioned]
    assert (shown["game"], shown["size"], shown["difficulty"], shown["seed"], shown["version"]) == (
        game, first.default_size, "any", "api-1", module.unversioned)
    made = module.generate(first.default_size, "api-1", version=module.unversioned)
    assert shown["id"] == made.id and client.get(f"/api/{game}/puzzle", params={"id": made.id}).json() == shown
    assert shown["givens"] == made.givens()


@pytest.mark.parametrize("game", GAMES)
def test_no_seed_gets_a_random_one_that_reopens_the_same_puzzle(client, game):
    game_or_skip(game)
    first, second = (client.get(f"/api/{game}/puzzle").json() for _ in range(2))
    assert first["seed"] != second["seed"]
    again = client.get(f"/api/{game}/puzzle", params={"seed": first["seed"]}).json()
    assert again == first


@pytest.mark.parametrize("game", GAMES)
def test_solution_solves_and_scores(client, game):
    module = game_or_skip(game)
    side = module.versions[module.unversioned].sides[0]
    params = {"size": str(side), "seed": "api-2"}
    solution = client.get(f"/api/{game}/solution", params=params).json()
    made = module.generate(side, "api-2", version=module.unversioned)
    keys = set(made.solution())  # the board a player sends may be the solution's form (parse_board)
    assert set(solution) == HEADER | keys
    assert {k: solution[k] for k in keys} == made.solution()
    body = {"size": side, "seed": "api-2", "board": {k: solution[k] for k in keys}}
    plain = client.post(f"/api/{game}/check", json=body).json()
    assert plain["solved"] is True and plain["score"] is None
    stats = {"seconds": 61.5, "moves": 40, "checks": 1, "revealed": False}
    scored = client.post(f"/api/{game}/check", json={**body, **stats}).json()
    least = module.min_moves(made)
    expected = scoring.score_play(game, side, "any", min_moves=least, **stats).to_dict()
    assert scored["score"] == expected
    assert set(scored["score"]) == {"score", "rank", "rankLabel", "breakdown", "par"}


@pytest.mark.parametrize("game", [name for name, game in GAMES.items() if game.hints is not None])
def test_the_starting_board_is_not_solved_and_earns_no_score(client, game):
    module = game_or_skip(game)
    assert module.hints is not None  # the hints know the board a play starts from
    puzzle = client.get(f"/api/{game}/puzzle", params={"seed": "api-3"}).json()
    start = module.hints.start(module.generate(puzzle["size"], "api-3"))
    answer = client.post(f"/api/{game}/check", json={
        "seed": "api-3", "board": start,
        "seconds": 1, "moves": 0, "checks": 0, "revealed": False}).json()
    assert answer["solved"] is False and answer["score"] is None


def test_check_accepts_the_parameters_in_the_query_string(client):
    game_or_skip("signal")
    solution = client.get("/api/signal/solution?size=6&seed=q").json()
    answer = client.post("/api/signal/check?size=6&seed=q", json={"board": solution["tiles"]})
    assert answer.status_code == 200 and answer.json()["solved"] is True


def test_signal_lit_tiles_are_those_joined_to_the_centre(client):
    game_or_skip("signal")
    solution = client.get("/api/signal/solution?size=5&seed=lit").json()
    answer = client.post("/api/signal/check", json={"size": 5, "seed": "lit",
                                                    "board": solution["tiles"]}).json()
    assert answer["lit"] == list(range(25))


def _fewest_clicks(given: int, answer: int) -> int:
    # Breadth-first over the four orientations, one click turning either way.
    def turn(mask: int, k: int) -> int:
        for _ in range(k % 4):
            mask = ((mask << 1) & 15) | (mask >> 3)
        return mask

    seen, queue = {given: 0}, deque([given])
    while queue:
        mask = queue.popleft()
        if mask == answer:
            return seen[mask]
        for k in (1, 3):
            nxt = turn(mask, k)
            if nxt not in seen:
                seen[nxt] = seen[mask] + 1
                queue.append(nxt)
    raise AssertionError("not a rotation")


def test_minimum_moves_against_a_breadth_first_count(client):
    game_or_skip("signal")
    for seed in ("m1", "m2", "m3"):
        puzzle = client.get(f"/api/signal/puzzle?size=6&seed={seed}").json()
        solution = client.get(f"/api/signal/solution?size=6&seed={seed}").json()
        expected = sum(_fewest_clicks(g, a) for g, a in zip(puzzle["givens"]["tiles"], solution["tiles"]))
        assert GAMES["signal"].min_moves(GAMES["signal"].generate(6, seed)) == expected


def test_generation_failure_is_a_422_with_the_engines_message(client):
    signal = game_or_skip("signal")
    size, seed, difficulty = failing_signal_case()
    with pytest.raises(GenerationFailed) as raised:
        signal.generate(size, seed, difficulty, version=3)  # a request without a version means 3
    params = {"size": str(size), "seed": seed, "difficulty": difficulty}
    for path in ("puzzle", "solution"):
        answer = client.get(f"/api/signal/{path}", params=params)
        assert answer.status_code == 422
        assert answer.json() == {"error": str(raised.value)}
    checked = client.post("/api/signal/check", json={**params, "size": size, "board": [0] * 16})
    assert checked.status_code == 422


LONG_SEED = "s" * 81
ASTRAL_80 = "😀" * 40  # 40 characters, 80 UTF-16 units: the longest seed there is

BAD_GETS = [
    ("/api/signal/puzzle?size=abc", "'abc'"),
    ("/api/signal/puzzle?size=", "''"),
    ("/api/signal/puzzle?size=%EF%BC%95", "'５'"),  # a full-width digit is not a size
    ("/api/signal/puzzle?size=4.0", "'4.0'"),
    ("/api/signal/puzzle?difficulty=extreme", "'extreme'"),
    (f"/api/signal/puzzle?seed={LONG_SEED}", "81 UTF-16 code units"),
    ("/api/signal/puzzle?seed=" + "%F0%9F%98%80" * 41, "82 UTF-16 code units"),
    ("/api/signal/puzzle?seed=%ED%A0%80", "not percent-encoded UTF-8"),
    ("/api/signal/puzzle?version=2", "no generator version 2"),
    ("/api/signal/puzzle?id=signal.3.4x4.any.x&seed=y", "not both"),
    ("/api/signal/puzzle?id=pattern.1.5x5.any.x", "names a pattern puzzle"),
    ("/api/signal/puzzle?id=signal.3.9x9.any.x", "not 9"),
    ("/api/signal/puzzle?id=nonsense", "not a puzzle ID"),
    ("/api/signal/puzzle?colour=red", "'colour'"),
    ("/api/signal/puzzle?size=4&size=5", "more than once"),
    ("/api/signal/solution?size=4", "seed is required"),
    ("/api/games?x=1", "'x'"),
    ("/api/pattern/puzzle?difficulty=hard", "'hard'"),
]


@pytest.mark.parametrize("path, quoted", BAD_GETS)
def test_bad_query_parameters_are_a_400_naming_the_value(client, path, quoted):
    game_or_skip(path.split("/")[2]) if path.split("/")[2] in GAMES else None
    answer = client.get(path)
    assert answer.status_code == 400, answer.text
    assert quoted in answer.json()["error"]


def test_the_longest_seed_is_accepted(client):
    game_or_skip("signal")
    answer = client.get("/api/signal/puzzle", params={"seed": ASTRAL_80, "size": "4"})
    assert answer.status_code == 200 and answer.json()["seed"] == ASTRAL_80


@pytest.mark.parametrize("seed", ["", "\ud800x", "a.b.c", "50% off", "日本"])
def test_every_seed_the_library_takes_travels_in_an_id(client, seed):
    # The empty seed is a seed; a lone surrogate cannot be in a URL's UTF-8, but it can be in an ID.
    puzzle = GAMES["signal"].generate(5, seed)
    answer = client.get("/api/signal/puzzle", params={"id": puzzle.id})
    assert answer.status_code == 200 and answer.json()["seed"] == seed
    assert answer.json()["givens"]["tiles"] == list(puzzle.shuffled)


def _post(client, body: object, game: str = "signal", raw: bytes | None = None, **headers):
    content = raw if raw is not None else json.dumps(body).encode()
    return client.post(f"/api/{game}/check", content=content,
                       headers={"Content-Type": "application/json", **headers})


def _signal_board(client) -> list[int]:
    return client.get("/api/signal/puzzle?size=4&seed=b").json()["givens"]["tiles"]


BAD_BODIES = [
    (b"{not json", "not valid JSON"),
    (b"", "empty"),
    (b"\xff\xfe", "not UTF-8"),
    (b"[1, 2]", "JSON object"),
    (b'{"size": 4, "seed": "b", "board": NaN}', "not valid JSON"),
    (b'{"size": 4, "seed": "b"}', "no board"),
    (b'{"size": true, "seed": "b", "board": []}', "size must be a whole number, not a bool True"),
    (b'{"size": "4", "seed": "b", "board": []}', "size must be a whole number, not a str '4'"),
    (b'{"size": 4, "seed": 7, "board": []}', "seed must be a str, not int 7"),
    (b'{"size": 4, "seed": "b", "board": [], "cheat": 1}', "'cheat'"),
]


@pytest.mark.parametrize("raw, expected", BAD_BODIES)
def test_bad_bodies_are_a_400(client, raw, expected):
    game_or_skip("signal")
    answer = _post(client, None, raw=raw)
    assert answer.status_code == 400, answer.text
    assert expected in answer.json()["error"]


def test_a_body_over_the_limit_is_a_413(client):
    answer = _post(client, None, raw=b"[" * 100_000)
    assert answer.status_code == 413 and "too large" in answer.json()["error"]


SIXTEEN_TILES = "board must be a list of 16 entries, each an integer from 0 to 15"


@pytest.mark.parametrize("raw, expected", [
    (b'{"seed": "b", "board": [1]}', f"{SIXTEEN_TILES}; it has 1 entry: [1]"),
    (b'{"size": 4, "seed": "b", "board": "1111"}', f"{SIXTEEN_TILES}, not str '1111'"),
    (b'{"size": 4, "seed": "b", "board": [true]}', f"{SIXTEEN_TILES}; it has 1 entry: [True]"),
    (b'{"size": 4, "seed": "b", "board": [0, 0, true, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}',
     f"{SIXTEEN_TILES}; board[2] is True, a bool"),
    (b'{"size": 4, "seed": "b", "board": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16]}',
     f"{SIXTEEN_TILES}; board[15] is 16"),
])
def test_malformed_signal_boards_are_a_400_that_says_why(client, raw, expected):
    game_or_skip("signal")
    answer = _post(client, None, raw=raw)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == expected


def test_a_deeply_nested_body_is_a_400(client):
    game_or_skip("signal")
    answer = _post(client, None, raw=b"[" * 30_000 + b"]" * 30_000)
    assert answer.status_code == 400


@pytest.mark.parametrize("stats, expected", [
    ({"seconds": 10}, "missing moves, checks, revealed"),
    ({"seconds": -1, "moves": 1, "checks": 0, "revealed": False}, "seconds -1"),
    ({"seconds": "10", "moves": 1, "checks": 0, "revealed": False}, "seconds '10'"),
    ({"seconds": 1e300, "moves": 1, "checks": 0, "revealed": False}, "seconds 1e+300"),
    ({"seconds": 10, "moves": 1.5, "checks": 0, "revealed": False}, "moves must be a whole number from 0"),
    ({"seconds": 10, "moves": 1, "checks": -2, "revealed": False}, "checks must be a whole number from 0"),
    ({"seconds": 10, "moves": 1, "checks": 0, "revealed": "no"}, "revealed 'no'"),
])
def test_bad_play_figures_are_a_400(client, stats, expected):
    game_or_skip("signal")
    answer = _post(client, {"size": 4, "seed": "b", "board": _signal_board(client), **stats})
    assert answer.status_code == 400, answer.text
    assert expected in answer.json()["error"]


def test_a_parameter_in_both_query_and_body_is_a_400(client):
    game_or_skip("signal")
    answer = client.post("/api/signal/check?seed=b", json={"size": 4, "board": []})
    assert answer.status_code == 400 and "not partly in each" in answer.json()["error"]


def test_a_signal_tile_that_is_not_a_rotation_is_the_engines_400(client):
    game_or_skip("signal")
    board = _signal_board(client)
    board[0] = 15 if board[0] != 15 else 1
    answer = _post(client, {"size": 4, "seed": "b", "board": board})
    assert answer.status_code == 400 and "not a rotation" in answer.json()["error"]


def test_a_huge_declared_length_is_refused_before_reading(client):
    answer = client.post("/api/signal/check", content=b"{}",
                         headers={"Content-Length": str(MAX_BODY_BYTES + 1)})
    assert answer.status_code == 413 and "too large" in answer.json()["error"]


@pytest.mark.parametrize("game, board, expected", [
    ("loop", [0] * 60, "a Loop board must be a JSON object, not a list"),
    ("loop", {"horizontal": [0] * 30, "vertical": [0] * 30, "outside": []}, "unknown field 'outside'"),
    ("loop", {"horizontal": [0] * 30, "vertical": [0] * 30, "inside": []}, "board.inside must be a list of 25"),
])
def test_board_shapes_are_checked_per_game(client, game, board, expected):
    game_or_skip(game)
    answer = _post(client, {"size": 5, "seed": "b", "board": board}, game=game)
    assert answer.status_code == 400, answer.text
    assert expected in answer.json()["error"]


@pytest.mark.parametrize("game, board, expected", [
    ("pattern", [3] * 25, "board must be a list of 25 entries, each 0, 1 or 2; board[0] is 3"),
    ("loop", {"horizontal": [0] * 30, "vertical": [0] * 29},
     ("board.vertical must be a list of 30 entries, each 0, 1 or 2; it has 29 entries: "
      "[0, 0, 0, 0, 0, 0, 0, 0, ...]")),
    ("loop", {"horizontal": [0] * 29 + ["1"], "vertical": [0] * 30},
     ("board.horizontal must be a list of 30 entries, each 0, 1 or 2; board.horizontal[29] is "
      "'1', a str")),
])
def test_board_entries_are_checked_per_game(client, game, board, expected):
    game_or_skip(game)
    answer = _post(client, {"size": 5, "seed": "b", "board": board}, game=game)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == expected


def test_unknown_game_path_and_method(client):
    unknown = client.get("/api/chess/puzzle")
    assert unknown.status_code == 404 and "'chess'" in unknown.json()["error"]
    nothing = client.get("/api/signal/nothing")
    assert nothing.status_code == 404 and "error" in nothing.json()
    assert client.get("/static/missing.js").status_code == 404
    wrong_method = client.get("/api/signal/check")
    assert wrong_method.status_code == 405 and "GET" in wrong_method.json()["error"]


def test_the_page_and_its_files_are_served(client):
    index = client.get("/")
    assert index.status_code == 200 and "text/html" in index.headers["content-type"]
    assert "default-src 'self'" in index.headers["content-security-policy"]
    modules = sorted(path.relative_to(STATIC_DIR).as_posix() for path in STATIC_DIR.rglob("*.js"))
    assert {"main.js", "play.js", "views/index.js"} <= set(modules)
    for name in modules:
        module = client.get(f"/static/{name}")
        assert module.status_code == 200
        assert module.headers["content-type"].startswith("text/javascript")
    assert client.get("/static/style.css").headers["content-type"].startswith("text/css")
    assert client.get("/static/favicon.svg").headers["content-type"].startswith("image/svg+xml")


# --- the web layer's own behaviour, with stand-in game modules -----------------------------------


def _stand_in(make=None, check=None):
    """The real Signal entry with every version's ``make`` (and the game's ``check``) replaced."""
    real = GAMES["signal"]
    versions = {n: dataclasses.replace(v, make=make or v.make) for n, v in real.versions.items()}
    return dataclasses.replace(real, versions=versions, check=check or real.check)


def test_outcomes_are_cached_failures_included():
    calls: list[tuple] = []

    def make(spec):
        calls.append((spec.width, spec.seed, spec.difficulty))
        if spec.seed == "bad":
            raise GenerationFailed("no puzzle for 'bad'")
        return GAMES["signal"].make(spec)

    with TestClient(create_app({"signal": _stand_in(make)}, workers=0)) as stand_in:
        for _ in range(3):
            assert stand_in.get("/api/signal/puzzle?seed=ok").status_code == 200
            assert stand_in.get("/api/signal/solution?seed=ok").status_code == 200
            assert stand_in.get("/api/signal/puzzle?seed=bad").json() == {"error": "no puzzle for 'bad'"}
    assert calls == [(4, "ok", "any"), (4, "bad", "any")]


def test_an_unexpected_engine_error_is_logged_and_never_a_500(caplog):
    def make(spec):
        raise ZeroDivisionError("engine bug")

    def check(puzzle, board):
        raise InvalidParameters("board refused by the engine")

    app = create_app({"signal": _stand_in(make, check)}, workers=0)
    with (TestClient(app, raise_server_exceptions=False) as stand_in,
          caplog.at_level(logging.ERROR, logger="gridlogic.web")):
        answer = stand_in.get("/api/signal/puzzle?seed=x")
    assert answer.status_code == 503
    assert "logged" in answer.json()["error"] and "Traceback" not in answer.text
    assert any("engine bug" in (record.exc_text or "") for record in caplog.records)
