"""What a daily's leaderboard trusts, through the API: the server's clock, the floor, the log, three
players per address, the per-player headers, and friends' groups across two app instances.

The app runs under TestClient with a clock the tests move by hand, over SQLite and the throwaway
PostgreSQL cluster (``each_site``), as in ``test_records_api.py``, whose helpers this module uses.
"""

from __future__ import annotations

from tests.play_logs import solving_log
from tests.web.test_records_api import TODAY_DAILY, Site, finished, ranked

from gridlogic import GAMES, puzzle_from_id
from gridlogic.store import daily
from gridlogic.store.plays import time_floor
from gridlogic.store.records import PLACES_PER_ADDRESS

DAILY_QUERY = f"date={daily.LAUNCH}&game=signal&preset=medium"


def floor_of_today() -> float:
    return time_floor(GAMES["signal"], puzzle_from_id(TODAY_DAILY))


def test_the_daily_json_names_each_puzzles_floor(site):
    puzzles = site.player().get(f"/api/daily?date={daily.LAUNCH}").json()["puzzles"]
    medium = next(p for p in puzzles if (p["game"], p["preset"]) == ("signal", "medium"))
    assert medium["id"] == TODAY_DAILY and medium["floor"] == floor_of_today()
    assert all(isinstance(p["floor"], float) and p["floor"] > 0 for p in puzzles)


def test_a_bot_recording_at_once_or_under_the_floor_is_never_ranked_and_a_patient_play_is(each_site):
    site, floor = each_site, floor_of_today()
    bot = site.player()
    receipt = site.start(bot, TODAY_DAILY)  # the answer computed offline, recorded at once
    answer = bot.post("/api/records", json=finished(receipt, TODAY_DAILY, seconds=5.0))
    assert answer.status_code == 201 and "below" in answer.json()["record"]["unranked"]
    assert answer.json()["record"]["seen_seconds"] == 0.0
    waiting = site.player()  # a bot that waits, but less than the floor
    assert "below" in site.play(waiting, TODAY_DAILY, seconds=floor - 1).json()["record"]["unranked"]
    patient = site.player()
    assert site.play(patient, TODAY_DAILY, seconds=floor + 1).json()["record"]["unranked"] is None
    assert ranked(patient) == [{"name": None, "seconds": floor + 1}]


def test_a_record_without_a_log_is_kept_but_not_ranked(site):
    player = site.player()
    answer = site.play(player, TODAY_DAILY, seconds=300.0, log=None)
    assert answer.status_code == 201 and answer.json()["record"]["unranked"] == "the record carries no log of its moves"
    assert ranked(player) == []


def test_one_address_holds_at_most_three_places_on_a_daily(each_site):
    site, floor = each_site, floor_of_today()
    household = [site.player("203.0.113.9") for _ in range(PLACES_PER_ADDRESS + 2)]
    for n, player in enumerate(household):
        assert site.play(player, TODAY_DAILY, seconds=floor + 10 + n).status_code == 201
    neighbour = site.player("203.0.113.10")
    assert site.play(neighbour, TODAY_DAILY, seconds=floor + 100).status_code == 201
    assert [entry["seconds"] for entry in ranked(neighbour)] == [floor + 10, floor + 11, floor + 12, floor + 100]


def test_every_answer_of_a_player_is_private_and_varies_by_cookie(site):
    player = site.player()
    site.play(player, TODAY_DAILY, seconds=100)
    for path in ("/api/daily", "/api/records/stats", "/api/records/export?format=csv", "/api/groups",
                 f"/api/daily/leaderboard?{DAILY_QUERY}", "/daily", "/stats"):
        answer = player.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["cache-control"] == "private, no-store", path
        assert "Cookie" in [name.strip() for name in answer.headers["vary"].split(",")], path
    refused = player.post("/api/groups/join", json={"invite": "0" * 32})
    assert refused.status_code == 404 and refused.headers["cache-control"] == "private, no-store"


def test_friends_make_a_group_join_by_its_link_and_see_its_board_from_another_instance(each_site, tmp_path):
    site, floor = each_site, floor_of_today()
    alice, bob, carol = site.player(), site.player(), site.player()
    alice.put("/api/records/name", json={"name": "Alice"})
    made = alice.post("/api/groups", json={"name": "  Lunch   table "})
    assert made.status_code == 201, made.text
    group = made.json()["group"]
    assert group["name"] == "Lunch table" and group["members"] == 1
    assert bob.post("/api/groups/join", json={"invite": group["invite"]}).json()["group"]["members"] == 2
    site.play(alice, TODAY_DAILY, seconds=floor + 5)
    site.play(bob, TODAY_DAILY, seconds=200.0, log=None)  # kept, unranked: no log
    site.play(carol, TODAY_DAILY, seconds=floor + 1)  # not a member
    # a second app instance on the same database shows the same board to a member
    other = Site(site.url)
    other.clock.now = site.clock.now
    bob_there = other.player()
    bob_there.cookies.update(bob.cookies)
    board = bob_there.get(f"/api/groups/{group['id']}/leaderboard?{DAILY_QUERY}")
    assert board.status_code == 200, board.text
    entries = board.json()["entries"]
    assert [(e["name"], e["seconds"], e["state"], e["you"]) for e in entries] == [
        ("Alice", floor + 5, "ranked", False), (None, 200.0, "unranked", True)]
    assert entries[1]["unranked"] == "the record carries no log of its moves"
    assert carol.get(f"/api/groups/{group['id']}/leaderboard?{DAILY_QUERY}").status_code == 404
    assert bob_there.delete(f"/api/groups/{group['id']}").json() == {"left": group["id"]}
    assert bob.get("/api/groups").json() == {"groups": []}
    assert alice.delete("/api/records").status_code == 200  # deleting your records removes you
    assert alice.get("/api/groups").json() == {"groups": []}
    assert bob.post("/api/groups/join", json={"invite": group["invite"]}).status_code == 404


def test_groups_refuse_what_is_not_allowed_with_what_is(site):
    player = site.player()
    for body, says in (({"name": ""}, "needs a name"), ({"name": "x" * 33}, "at most 32"), ({}, "needs a name"),
                       ({"name": "a", "x": 1}, "unknown field")):
        answer = player.post("/api/groups", json=body)
        assert answer.status_code == 400 and says in answer.json()["error"], body
    answer = player.post("/api/groups/join", json={"invite": "not-an-invite"})
    assert answer.status_code == 400 and "32 hex digits" in answer.json()["error"]
    assert player.delete("/api/groups/zz").status_code == 404
    assert player.delete(f"/api/groups/{'0' * 16}").status_code == 404


def test_the_log_of_the_page_is_checked_against_the_servers_window(site):
    player = site.player()
    receipt = site.start(player, TODAY_DAILY)
    site.clock.advance(60)
    log = solving_log(puzzle_from_id(TODAY_DAILY), 60)
    log[-1][0] = 90.0  # a move the page says it made after the server saw the record
    answer = player.post("/api/records", json=finished(receipt, TODAY_DAILY, seconds=60, log=log))
    assert answer.status_code == 400 and "later than" in answer.json()["error"]
