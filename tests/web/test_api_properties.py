"""Property tests: whatever a client sends to any endpoint, the answer is JSON and never a 500.

Query strings, paths and bodies are drawn both at random and close to valid requests
(known parameter names, the games' real sizes, well-formed boards with random entries),
so that the engines' own ``check`` sees many boards it has to judge or refuse.
Valid sizes are kept to each game's smallest, so that generation stays cheap.
"""

from __future__ import annotations

import json
from urllib.parse import quote, quote_from_bytes, urlencode

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from web_helpers import installed_games

from gridlogic import GAMES

ANSWERS = {200, 400, 404, 405, 422}
GAME_NAMES = installed_games()
PATHS = ["puzzle", "solution", "check"]
PROPERTY_SETTINGS = settings(max_examples=80, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow])

game_names = st.one_of(st.sampled_from(GAME_NAMES or ["signal"]), st.sampled_from(["chess", "x"]),
                       st.text(min_size=1, max_size=12))
parameter_names = st.one_of(st.sampled_from(["size", "difficulty", "seed", "board", "game"]),
                            st.text(max_size=10))


def _plausible_values(name: str) -> st.SearchStrategy[str]:
    version = GAMES[name].version()
    return st.one_of(
        st.sampled_from([str(version.sides[0]), *version.difficulties, "p1", "p2", "0", "-1",
                         "99999999999999999999", "1e3", " 4"]),
        st.text(max_size=90),
    )


values = st.one_of(st.sampled_from(["4", "5", "any", "hard", "p1", ""]), st.text(max_size=90))


def assert_answer(response) -> None:
    assert response.status_code in ANSWERS, (response.status_code, response.text)
    payload = response.json()
    if response.status_code != 200:
        assert isinstance(payload, dict) and isinstance(payload["error"], str) and payload["error"]


@PROPERTY_SETTINGS
@given(game=game_names, path=st.sampled_from(PATHS + ["", "x"]),
       pairs=st.lists(st.tuples(parameter_names, values), max_size=5))
def test_any_query_string_gets_a_json_answer(client, game, path, pairs):
    url = f"/api/{quote(game, safe='')}/{path}?{urlencode(pairs)}"
    assert_answer(client.get(url))


@PROPERTY_SETTINGS
@given(game=st.sampled_from(GAME_NAMES or ["signal"]), raw=st.binary(max_size=120))
def test_any_raw_query_bytes_get_a_json_answer(client, game, raw):
    for path in ("puzzle", "solution"):
        assert_answer(client.get(f"/api/{game}/{path}?{quote_from_bytes(raw, safe='=&')}"))
    assert_answer(client.get(f"/api/games?{quote_from_bytes(raw, safe='=&')}"))


# Lone surrogates included: JSON can carry "\ud800", Python decodes it, UTF-8 cannot encode it.
any_text = st.text(st.characters(exclude_categories=()), max_size=20)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | any_text,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(any_text, children, max_size=5),
    max_leaves=20,
)


@PROPERTY_SETTINGS
@given(game=game_names, body=st.one_of(st.binary(max_size=200), json_values.map(
    lambda value: json.dumps(value).encode())))
def test_any_body_gets_a_json_answer(client, game, body):
    answer = client.post(f"/api/{quote(game, safe='')}/check", content=body,
                         headers={"Content-Type": "application/json"})
    assert_answer(answer)


def _turn(mask: int, k: int) -> int:
    for _ in range(k):
        mask = ((mask << 1) & 15) | (mask >> 3)
    return mask


@st.composite
def near_valid_checks(draw):
    """A check request with the right fields and a board of the right shape, random entries."""
    name = draw(st.sampled_from(GAME_NAMES or ["signal"]))
    module = GAMES[name]
    sides, difficulties = module.version().sides, module.version().difficulties
    # Each field is right three times in four, so that many requests reach the engine.
    size = sides[0] if draw(st.integers(0, 3)) else draw(
        st.one_of(st.integers(-2, 12), st.text(max_size=3)))
    n = size if isinstance(size, int) and 0 < size <= 12 else sides[0]
    # Mostly entries the game allows, so that the engine's check has to judge the board.
    entries = st.one_of(st.integers(0, 15 if name == "signal" else 2), st.integers(-1, 16))
    seed = draw(st.sampled_from(["p1", "p2"])) if draw(st.integers(0, 3)) else draw(
        st.one_of(st.sampled_from(["", "\ud800x", "x" * 81]), any_text))

    def line(length: int):
        return st.lists(entries, min_size=length, max_size=length)

    if name == "loop":
        board = draw(st.fixed_dictionaries({"horizontal": line((n + 1) * n),
                                            "vertical": line(n * (n + 1))}))
    elif name == "signal" and n in sides and draw(st.booleans()):
        # Tiles turned at random from the givens: a board the engine must judge, not refuse.
        tiles = module.generate(n, "p1").givens()["tiles"]
        turns = draw(st.lists(st.integers(0, 3), min_size=n * n, max_size=n * n))
        board = [_turn(mask, k) for mask, k in zip(tiles, turns)]
        seed = "p1"
    else:
        board = draw(line(n * n))
    body = {"size": size, "seed": seed, "board": board}
    if draw(st.booleans()):
        body["difficulty"] = draw(st.sampled_from([*difficulties, "nope"])) if draw(
            st.integers(0, 3)) else difficulties[0]
    if draw(st.booleans()):
        body.update(seconds=draw(st.one_of(st.floats(-1, 1e7), st.integers(-5, 10**9))),
                    moves=draw(st.integers(-1, 10**8)), checks=draw(st.integers(-1, 50)),
                    revealed=draw(st.one_of(st.booleans(), st.integers(0, 1))))
    return name, body


@PROPERTY_SETTINGS
@given(request=near_valid_checks())
@example(request=("pattern", {"size": 5, "seed": "\ud800x", "board": [0] * 25}))
def test_near_valid_checks_get_a_judgement_or_a_reason(client, request):
    name, body = request
    answer = client.post(f"/api/{name}/check", content=json.dumps(body).encode(),
                         headers={"Content-Type": "application/json"})
    assert_answer(answer)
    if answer.status_code == 200:
        verdict = answer.json()
        assert isinstance(verdict["solved"], bool)
        assert verdict["score"] is None or 0 <= verdict["score"]["score"] <= 100


@PROPERTY_SETTINGS
@given(game=st.sampled_from(GAME_NAMES or ["signal"]), data=st.data())
def test_near_valid_puzzle_requests_get_a_puzzle_or_a_reason(client, game, data):
    params = data.draw(st.dictionaries(st.sampled_from(["size", "difficulty", "seed"]),
                                       _plausible_values(game), max_size=3))
    for path in ("puzzle", "solution"):
        assert_answer(client.get(f"/api/{game}/{path}", params=params))
