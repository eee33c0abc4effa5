"""``POST /api/signal/import`` takes Net game IDs: a wrapping one is played wrapping, a barred one
refused saying why."""

from __future__ import annotations

NET_WRAPPING = "5x5w:2463397c48dbdda81a9c44d1e"  # Net's format notes, 7.2; its answer 489c3cb621ebdd522a3c4174b
NET_BARRED = "6x4w:42a9h1vh1a1cbd8h65v5ache279ha6b"  # Net's format notes, 7.3


def test_a_wrapping_net_id_is_played_wrapping_and_checked_solved(client):
    imported = client.post("/api/signal/import", json={"text": NET_WRAPPING})
    assert imported.status_code == 200, imported.text
    puzzle = imported.json()
    assert puzzle["id"] == "signal.import.5x5.hex.5x5w:189336bc84e7ee54256c88e2d"
    assert puzzle["wrapping"] is True and (puzzle["width"], puzzle["height"]) == (5, 5)
    solution = client.get("/api/signal/solution", params={"id": puzzle["id"]}).json()
    checked = client.post("/api/signal/check", json={"id": puzzle["id"], "board": solution["tiles"]})
    assert checked.status_code == 200 and checked.json()["solved"] is True
    unsolved = client.post("/api/signal/check", json={"id": puzzle["id"], "board": puzzle["givens"]["tiles"]})
    assert unsolved.json()["solved"] is False


def test_a_bordered_oblong_net_id_is_played_without_wrapping(client):
    puzzle = client.post("/api/signal/import", json={"text": "4x3:86418b3ace5c"}).json()
    assert puzzle["id"] == "signal.import.4x3.hex.4x3:49824735cdac" and "wrapping" not in puzzle
    assert puzzle["size"] == [4, 3]


def test_a_net_id_with_barriers_is_a_400_that_says_why_and_names_the_board_without_them(client):
    refused = client.post("/api/signal/import", json={"text": NET_BARRED})
    assert refused.status_code == 400
    message = refused.json()["error"]
    assert "Signal has no barriers" in message and "6x4w:42a911a1cbd8655ace279a6b" in message
