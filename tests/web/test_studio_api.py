"""``POST /api/{game}/analyse`` and ``/api/{game}/fixes``: verdicts, differences, levels, fixes that
analyse unique, refusals, and the work admitted like every expensive request."""

from __future__ import annotations

import json

import pytest

from gridlogic import GAMES
from gridlogic.game import parse_id
from gridlogic.web.inputs import MAX_BODY_BYTES

PATTERN = GAMES["pattern"]


def test_the_docstrings_worked_example(client):
    answer = client.post("/api/pattern/analyse", json={"text": "2x2:1/1/1/1"})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "game": "pattern", "width": 2, "height": 2, "format": "tatham", "verdict": "several", "level": None,
        "techniques": {}, "difference": [{"kind": "cell", "index": index} for index in range(4)], "id": None,
        "note": "at least two solutions; two of them differ in 4 cells", "exports": {},
    }


def test_a_unique_tatham_id_has_its_level_and_techniques(client):
    text = PATTERN.exports["tatham"](PATTERN.problem(PATTERN.generate((8, 6), "studio-api", "easy")))
    answer = client.post("/api/pattern/analyse", json={"text": text})
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert (found["verdict"], found["level"], found["difference"]) == ("unique", "easy", [])
    assert found["techniques"]["line"] > 0 and set(found["techniques"]) == {"line", "probe", "search"}
    # the play ID plays it
    played = client.post("/api/pattern/import", json={"text": found["id"]})
    assert played.status_code == 200 and played.json()["id"] == found["id"]


@pytest.mark.parametrize("game, text", [("pattern", "3x2:2/1/1/3/1"), ("loop", "13200\n21221\n20013\n10022\n21220"),
                                        ("signal", "signal.4.5x5.easy.studio-exports")])
def test_a_unique_puzzle_comes_in_every_format_its_game_writes_each_read_back_alike(client, game, text):
    found = client.post(f"/api/{game}/analyse", json={"text": text}).json()
    record = GAMES[game]
    assert found["verdict"] == "unique" and set(found["exports"]) == set(record.exports)
    played = record.problem(record.make(parse_id(found["id"])))
    for written in found["exports"].values():
        assert record.read(written).givens == played.givens, written


def test_a_design_with_several_solutions_has_no_exports(client):
    assert client.post("/api/pattern/analyse", json={"text": "2x2:1/1/1/1"}).json()["exports"] == {}


def test_the_fixes_of_the_docstrings_puzzle_each_analyse_unique(client):
    answer = client.post("/api/pattern/fixes", json={"text": "2x2:1/1/1/1"})
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert found["verdict"] == "several" and len(found["difference"]) == 4
    assert found["fixes"][0] == {"changes": [{"kind": "cell", "index": 0, "value": 1}], "text": "2x2:2/1/2/1",
                                 "id": "pattern.import.2x2.tatham.2x2:2/1/2/1"}
    for fix in found["fixes"]:
        again = client.post("/api/pattern/analyse", json={"text": fix["text"]}).json()
        assert again["verdict"] == "unique" and again["id"] == fix["id"]


def test_a_loop_with_several_loops_gets_a_difference_and_a_fix(client):
    analysed = client.post("/api/loop/analyse", json={"text": "2x2t0:3c"}).json()
    assert analysed["verdict"] == "several"
    assert analysed["difference"] and {mark["kind"] for mark in analysed["difference"]} == {"edge"}
    found = client.post("/api/loop/fixes", json={"text": "2x2t0:3c"}).json()
    assert found["difference"] == analysed["difference"]
    fix = found["fixes"][0]
    assert [change["kind"] for change in fix["changes"]] == ["clue"]
    again = client.post("/api/loop/analyse", json={"text": fix["text"]}).json()
    assert again["verdict"] == "unique" and again["level"] is not None and again["id"] == fix["id"]


def test_a_generated_puzzle_id_is_analysed_as_its_givens(client):
    found = client.post("/api/loop/analyse", json={"text": "loop.2.5x5.any.a"}).json()
    assert found["verdict"] == "unique" and found["format"] == "gridlogic"
    assert found["id"].startswith("loop.import.5x5.puzzlink.")


def test_signal_several_solutions_differ_in_tiles_and_a_moved_link_fixes_them(client):
    text = json.dumps([2, 12, 4, 6, 15, 9, 1, 3, 8])
    found = client.post("/api/signal/fixes", json={"text": text}).json()
    assert found["verdict"] == "several"
    assert [mark["index"] for mark in found["difference"]] == [0, 1, 2, 3, 5, 6, 7, 8]  # all but the cross
    assert found["fixes"]
    for fix in found["fixes"]:
        assert {change["kind"] for change in fix["changes"]} == {"tile"}
        again = client.post("/api/signal/analyse", json={"text": fix["text"]}).json()
        assert again["verdict"] == "unique" and again["id"] == fix["id"]


def test_the_work_is_admitted_as_the_studios_kinds(client):
    seen = []
    admission = client.app.state.admission
    admission.observers.append(seen.append)
    try:
        client.post("/api/pattern/analyse", json={"text": "3x2:2/1/1/3/1"})
        client.post("/api/pattern/fixes", json={"text": "3x2:2/1/1/3/1"})
    finally:
        admission.observers.remove(seen.append)
    seen = [decision for decision in seen if decision.kind != "generate"]  # the ready stock's, in the background
    assert [(d.kind, d.key.game, d.key.version, d.key.width, d.key.height, d.key.difficulty) for d in seen] == [
        ("analyse", "pattern", 0, 3, 2, "tatham"), ("fixes", "pattern", 0, 3, 2, "tatham")]
    assert all(decision.refusal is None and decision.estimate > 0 for decision in seen)


@pytest.mark.parametrize("path, body, status, message", [
    ("pattern/analyse", {"text": "width 3\nheight 2\nrows\n3\n"}, 400, "line"),
    ("pattern/analyse", {"text": "   "}, 400, "text must be the puzzle as text (.non, a Tatham game ID"),
    ("pattern/fixes", {"text": 5}, 400, "text must be the puzzle as text"),
    ("pattern/analyse", {}, 400, "one field, text"),
    ("pattern/analyse", {"text": "2x2:1/1/1/1", "size": 5}, 400, "one field, text"),
    ("pattern/analyse", {"text": "loop.1.5x5.any.x"}, 400, "is a Loop puzzle's ID, not a Pattern one"),
    ("signal/analyse", {"text": "[2, 8]"}, 400, "square number of tiles"),
    ("loop/fixes", {"text": "slither/3/2/dh"}, 400, "describes 5 cells"),
    ("pattern/analyse", {"text": "51x1:" + "/" * 51}, 422, "51x1 Pattern board is too large to analyse; at most 50x50"),
    ("loop/fixes", {"text": "slither/60/1/" + "g" * 60}, 422, "too large to analyse; at most 50x50"),
    ("pattern/analyse", {"text": "x" * (MAX_BODY_BYTES + 1)}, 413, "the body is too large"),
    ("chess/analyse", {"text": "2x2:1/1/1/1"}, 404, "unknown game 'chess'"),
])
def test_bad_requests_are_refused_saying_what_is_wrong(client, path, body, status, message):
    answer = client.post(f"/api/{path}", json=body)
    assert answer.status_code == status, answer.text
    assert message in answer.json()["error"]


def test_the_studio_takes_no_query_and_only_post(client):
    assert client.post("/api/pattern/analyse?x=1", json={"text": "2x2:1/1/1/1"}).status_code == 400
    assert client.get("/api/pattern/analyse").status_code == 405
    assert client.get("/api/pattern/fixes").status_code == 405


def test_thin_hides_the_clues_a_level_does_not_need_and_the_rest_analyses_unique(client):
    every = "13200\n21221\n20013\n10022\n21220"  # a 5x5 loop, every clue shown
    seen = []
    admission = client.app.state.admission
    admission.observers.append(seen.append)
    try:
        answer = client.post("/api/loop/thin", json={"text": every, "level": "medium"})
    finally:
        admission.observers.remove(seen.append)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["status"] == "thinned" and data["asked"] == "medium" and data["level"] == "medium"
    assert len(data["hidden"]) == 14 and all(mark["kind"] == "clue" for mark in data["hidden"])
    assert [d.kind for d in seen if d.kind != "generate"] == ["thin"]  # generate: the ready stock's
    again = client.post("/api/loop/analyse", json={"text": data["text"]}).json()
    assert again["verdict"] == "unique" and again["level"] == "medium" and again["id"] == data["id"]


@pytest.mark.parametrize("path, body, message", [
    ("loop/thin", {"text": "13200\n21221\n20013\n10022\n21220"}, "missing: level"),
    ("loop/thin", {"text": "3.3\n...\n3.3", "level": "easy", "size": 5}, "unknown: 'size'"),
    ("loop/thin", {"text": "3.3\n...\n3.3", "level": "any"}, "level must be one of easy, medium, hard, expert"),
    ("loop/thin", {"text": "3.3\n...\n3.3", "level": 3}, "level must be one of easy, medium, hard, expert"),
    ("pattern/thin", {"text": "2x2:1/1/1/1", "level": "easy"}, "hides no clues of Pattern puzzles"),
])
def test_thin_refusals_say_what_is_wrong(client, path, body, message):
    answer = client.post(f"/api/{path}", json=body)
    assert answer.status_code == 400, answer.text
    assert message in answer.json()["error"]


def test_thin_says_when_the_level_cannot_finish_the_puzzle(client):
    data = client.post("/api/loop/thin", json={"text": "3.3\n...\n3.3", "level": "hard"}).json()
    assert data["status"] == "unfinished" and data["hidden"] == [] and data["id"] is None
