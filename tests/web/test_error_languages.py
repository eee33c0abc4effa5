"""The API's errors carry a code the page says in its seven languages (gridlogic.web.errors).

Every code of :data:`~gridlogic.web.errors.KINDS` has its words (``error.<code>``) in every
``static/words/<lang>.js``, using only params the code's answers carry; and the refusals a person
meets on the pages (a bad puzzle ID, an import that does not parse, a Loopy ID of another grid, a
puzzle with several solutions, a body too large, a busy server...) come back to a browser (a
request with ``Accept-Language``) with their code and params beside the English ``error``, which
stays as it was; a client without ``Accept-Language`` gets the English ``error`` alone.
"""

from __future__ import annotations

import json
import re

import pytest

from gridlogic import GAMES
from gridlogic.errors import GenerationFailed
from gridlogic.game.imported import refusal
from gridlogic.web.app import STATIC_DIR
from gridlogic.web.errors import CODES, KINDS, error_code, with_code

LANGUAGES = ("en", "ja", "zh", "ko", "de", "fr", "es")
BROWSER = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}  # what a browser sends, whatever the page's language
# The params every answer may have besides its pattern's groups (see gridlogic.web.errors).
COMMON_PARAMS = {"detail", "game", "seconds", "id"}
_WORD = re.compile(r'^\s*"(error\.[\w.]+)":\s*("(?:[^"\\]|\\.)*"),?\s*$', re.MULTILINE)


def error_words(lang: str) -> dict[str, str]:
    """The ``error.*`` words of ``static/words/<lang>.js``."""
    text = (STATIC_DIR / "words" / f"{lang}.js").read_text(encoding="utf-8")
    return {key: json.loads(word) for key, word in _WORD.findall(text)}


def placeholders(word: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", word))


def test_the_codes_come_from_the_kinds_each_once():
    assert CODES == tuple(dict.fromkeys(kind.code for kind in KINDS))
    assert len(CODES) >= 30
    for code in CODES:
        assert re.fullmatch(r"[a-z]+\.[a-zA-Z]+", code), code


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_has_words_in_every_language(lang: str):
    words = error_words(lang)
    wanted = {f"error.{code}" for code in CODES} | {"error.http"}
    assert sorted(wanted - set(words)) == [], f"words/{lang}.js lacks these error words"
    assert sorted(set(words) - wanted) == [], f"words/{lang}.js has error words of no code"
    for key, word in words.items():
        assert word.strip(), f"{lang}:{key} is empty"
        assert placeholders(word) == placeholders(error_words("en")[key]), f"{lang}:{key}"
    if lang != "en":
        english = error_words("en")
        same = [key for key in words if words[key] == english[key] and key != "error.http"]
        assert same == [], f"words/{lang}.js has English words: {same}"


def test_the_words_use_only_params_their_code_carries():
    english = error_words("en")
    for kind in KINDS:
        groups = set(re.compile(kind.pattern).groupindex) if kind.pattern else set()
        used = placeholders(english[f"error.{kind.code}"])
        assert used <= groups | COMMON_PARAMS, (kind.code, used - groups - COMMON_PARAMS)


@pytest.mark.parametrize(("status", "path", "message", "code", "params"), [
    (400, "/api/loop/import", "the clues cover 6 faces, but the triangular 5x5 grid has 50", "text.loopyFaces",
     {"count": 6, "grid": "triangular", "width": 5, "height": 5, "faces": 50}),
    (400, "/api/pattern/puzzle", "puzzle id 'loop.1.5x5.easy.a' names a loop puzzle, not a pattern one",
     "id.otherGame", {"id": "loop.1.5x5.easy.a", "other": "loop", "game": "pattern"}),
    (400, "/api/pattern/import", "'loop.1.5x5.easy.a' is a Loop puzzle's ID, not a Pattern one",
     "id.otherGame", {"other": "loop"}),
    (422, "/api/signal/import", ("this Signal puzzle could not be proven to have exactly one solution within "
     "2,000 search nodes"), "import.unproven", {"limits": "2,000 search nodes"}),
    (422, "/api/pattern/import", "this Pattern puzzle fills no cell: its blank grid is solved already",
     "import.solved", {}),
    (422, "/api/pattern/puzzle", ("no 5x5 Pattern puzzle of difficulty hard (version 1) was found for seed 'x' "
     "in 3 attempts; try another seed, size or difficulty"), "puzzle.notFound", {"width": 5, "height": 5}),
    (400, "/api/records/name", "a name has at most 32 characters; this one has 40", "name.tooLong",
     {"most": 32, "n": 40}),
    (404, "/api/groups/join", "no group has this invite; ask its member for the link again", "group.unknown", {}),
    (409, "/api/records/play", "this play is recorded already, with other figures", "record.already", {}),
    (503, "/api/pattern/puzzle", "the server is busy: 9 requests of expensive work are in flight", "server.busy",
     {"seconds": 4}),
    (429, "/api/pattern/hint", "this address has 2 requests of expensive work in flight", "client.share",
     {"seconds": 4}),
    (503, "/api/records/play", "the database is down; try again later", "records.unavailable", {}),
    (503, "/api/pattern/solution", ("the database is down; the answer and the hints of a recorded play are handed "
     "out once the server has noted them: try again later"), "records.unavailable", {"game": "pattern"}),
    (418, "/api/pattern/puzzle", "something new", "request.refused", {"detail": "something new"}),
    (502, "/", "something else", "server.unavailable", {}),
])
def test_a_message_gets_its_code_and_params(status, path, message, code, params):
    found, found_params = error_code(status, path, message, retry_after="4", games=("pattern", "loop", "signal"))
    assert found == code
    assert found_params["detail"] == message
    assert params.items() <= found_params.items()
    assert ("game" in found_params) == path.startswith(("/api/pattern/", "/api/loop/", "/api/signal/"))


def test_an_answer_with_a_code_is_left_as_it_is():
    coded = {"error": "x", "code": "own.code", "params": {}}
    assert with_code(coded, 400, "/api/pattern/puzzle") == coded
    assert with_code({"receipt": "r"}, 503, "/api/records/play") == {"receipt": "r"}


# What a person can meet on the pages: (method, path, body, status, code, params).
REFUSALS = [
    ("GET", "/api/pattern/puzzle?id=bogus", None, 400, "id.invalid", {"id": "bogus", "game": "pattern"}),
    ("GET", "/api/pattern/explain?id=pattern.bogus", None, 400, "id.invalid", {"id": "pattern.bogus"}),
    ("GET", "/api/pattern/puzzle?id=pattern.v9.5x5.hard.a", None, 400, "id.invalid", {}),
    ("GET", "/api/pattern/puzzle?id=loop.1.5x5.easy.a", None, 400, "id.otherGame", {"other": "loop"}),
    ("GET", "/api/bogus/explain?id=bogus", None, 404, "game.unknown", {"other": "bogus"}),
    ("GET", "/api/pattern/puzzle?size=99", None, 400, "size.invalid", {}),
    ("POST", "/api/pattern/import", {"text": "hello"}, 400, "text.unreadable", {"game": "pattern"}),
    ("POST", "/api/signal/import", {"text": "hello"}, 400, "text.unreadable", {"game": "signal"}),
    ("POST", "/api/pattern/analyse", {"text": "hello"}, 400, "text.unreadable", {}),
    ("POST", "/api/loop/import", {"text": "5x5t1:abc"}, 400, "text.loopyFaces", {"grid": "triangular", "faces": 50}),
    ("POST", "/api/pattern/import", {"text": " "}, 400, "text.empty", {}),
    ("POST", "/api/pattern/import", {"text": "loop.1.5x5.easy.a"}, 400, "id.otherGame", {"other": "loop"}),
    ("POST", "/api/pattern/import", {"text": "2x2:1/1/1/1"}, 422, "import.several", {"game": "pattern"}),
    ("POST", "/api/pattern/import", "x" * 70_000, 413, "body.tooLarge", {"bytes": 65536}),
    ("GET", "/api/daily?date=1999-01-01", None, 404, "daily.none", {"date": "1999-01-01"}),
    ("GET", "/api/daily?date=yesterday", None, 400, "date.invalid", {"date": "yesterday"}),
    ("GET", "/api/nothing", None, 404, "path.unknown", {}),
    ("DELETE", "/api/games", None, 405, "method.notAllowed", {}),
]


@pytest.mark.parametrize(("method", "path", "body", "status", "code", "params"), REFUSALS,
                         ids=[f"{code}:{path}" for _, path, _, _, code, _ in REFUSALS])
def test_a_refusal_a_person_meets_has_its_code(client, method, path, body, status, code, params):
    answer = client.request(method, path, json=body, headers=BROWSER)
    assert answer.status_code == status, answer.text
    data = answer.json()
    assert isinstance(data["error"], str) and data["error"]
    assert data["code"] == code, data
    assert data["params"]["detail"] == data["error"]
    assert params.items() <= data["params"].items()
    assert int(answer.headers["content-length"]) == len(answer.content)
    assert "Accept-Language" in answer.headers["vary"]
    plain = client.request(method, path, json=body)  # a script's request: the English error alone
    assert plain.json() == {"error": data["error"]}
    assert "Accept-Language" in plain.headers["vary"]


def test_a_compressed_refusal_has_its_code(client):
    long_id = "pattern.bogus." + "x" * 2000  # an answer long enough to be compressed
    answer = client.get(f"/api/pattern/explain?id={long_id}", headers={**BROWSER, "Accept-Encoding": "gzip"})
    assert answer.status_code == 400
    assert answer.headers.get("content-encoding") == "gzip", answer.headers
    assert answer.json()["code"] == "id.invalid"
    assert set(answer.headers["vary"].replace(" ", "").split(",")) >= {"Accept-Encoding", "Accept-Language"}


def test_a_client_past_its_share_is_told_when_to_ask_again(client, app):
    admission = app.state.admission
    jobs = admission.client_jobs
    admission.client_jobs = 0  # every expensive request of this address is past its share
    try:
        answer = client.get("/api/pattern/puzzle?size=5&seed=past-its-share", headers=BROWSER)
    finally:
        admission.client_jobs = jobs
    assert answer.status_code == 429, answer.text
    data = answer.json()
    assert data["code"] == "client.share"
    assert data["params"]["seconds"] == int(answer.headers["retry-after"])


def test_an_unexpected_error_has_its_code_too(client, app, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("broken on purpose")

    monkeypatch.setattr(app.state.puzzles, "get", broken)
    answer = client.get("/api/pattern/puzzle?size=5&seed=broken-on-purpose", headers=BROWSER)
    assert answer.status_code == 503
    data = answer.json()
    assert data["code"] == "server.failed"
    assert data["error"] == "the server could not answer this request; the error has been logged"


@pytest.mark.parametrize("name", ["pattern", "loop", "signal"])
def test_the_messages_of_the_engines_refusals_get_their_codes(name):
    """The sentences the library words (an import refused, a puzzle not found), as it words them."""
    game = GAMES[name]
    path = f"/api/{name}/import"
    for status, code in [("several", "import.several"), ("none", "import.none"), ("unknown", "import.unproven")]:
        message = str(refusal(status, game.title, game.solution_noun, game.imports.limits_text()))
        assert error_code(422, path, message)[0] == code, message
    spec = game.spec(game.version(game.unversioned).default_size, "no-such-puzzle", "any")
    message = str(GenerationFailed.after(500, spec))
    found, params = error_code(422, f"/api/{name}/puzzle", message)
    assert found == "puzzle.notFound", message
    assert (params["width"], params["height"]) == (spec.width, spec.height)
