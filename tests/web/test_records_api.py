"""The records' API: every refusal of the trust rules, one player against another, the daily pages' data.

The app runs under TestClient with a clock the tests move by hand (never the real one), its
records in an SQLite file or a database of the throwaway PostgreSQL cluster. Each TestClient is
one player: its own cookie jar.
"""

from __future__ import annotations

import base64
import csv
import io
import json
import sqlite3
import warnings
from datetime import UTC, datetime, timedelta
from urllib.parse import urlencode

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tests.play_logs import solving_log

from gridlogic import GAMES, puzzle_from_id, scoring
from gridlogic.store import daily
from gridlogic.store.plays import ALLOWANCE_SECONDS, time_floor
from gridlogic.store.records import WRITE_LIMIT
from gridlogic.store.tokens import Signer
from gridlogic.web.app import create_app
from gridlogic.web.records import COOKIE, RecordSettings

SECRET = b"test-secret-of-the-records-api-0123456789"
LAUNCH_NOON = datetime.combine(daily.LAUNCH, datetime.min.time(), UTC) + timedelta(hours=12)
PLAIN = "signal.3.5x5.medium.records-api"
TODAY_DAILY = f"signal.3.5x5.medium.daily-{daily.LAUNCH.isoformat()}"


class Clock:
    def __init__(self, now: datetime = LAUNCH_NOON) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


class Site:
    """One app over one database, with its clock; ``player()`` is a new player's client."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.clock = Clock()
        self.app = create_app(record_settings=RecordSettings(url, SECRET, self.clock))
        self.players = 0

    def player(self, address: str | None = None) -> TestClient:
        """A new player's client, from ``address`` (default: an address of its own)."""
        self.players += 1
        return TestClient(self.app, raise_server_exceptions=False,
                          client=(address or f"2001:db8:{self.players:x}::1", 50000))

    def start(self, client: TestClient, puzzle_id: str = PLAIN) -> str:
        answer = client.post("/api/records/start", json={"id": puzzle_id})
        assert answer.status_code == 200, answer.text
        return answer.json()["play"]

    def play(self, client: TestClient, puzzle_id: str = PLAIN, seconds: float = 60.0, **body: object):
        """A play started, ``seconds`` of the clock, and its record sent: the answer."""
        receipt = self.start(client, puzzle_id)
        self.clock.advance(seconds)
        return client.post("/api/records", json=finished(receipt, puzzle_id, seconds=seconds, **body))


def finished(receipt: str, puzzle_id: str, *, seconds: float, **changes: object) -> dict:
    """The body of a record of a solved play (the fewest moves, and their log), with ``changes``."""
    puzzle = puzzle_from_id(puzzle_id)
    body = {"play": receipt, "board": puzzle.solution(), "seconds": seconds,
            "moves": GAMES[puzzle.game].min_moves(puzzle), "checks": 0, "revealed": False,
            "log": solving_log(puzzle, seconds)}
    body.update(changes)
    return body


# --- who is playing -------------------------------------------------------------------------------

def test_a_new_player_gets_a_signed_http_only_same_site_cookie(site):
    answer = site.player().get("/daily")
    assert answer.status_code == 200 and "text/html" in answer.headers["content-type"]
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Path=/" in cookie and "Content-Security-Policy" in answer.headers


def test_a_player_keeps_the_cookie_and_is_not_given_another(site):
    client = site.player()
    client.get("/daily")
    assert "set-cookie" not in client.get("/api/records/stats").headers


def test_a_forged_or_altered_cookie_is_a_new_player_who_sees_nothing(site):
    alice = site.player()
    assert site.play(alice).status_code == 201
    alice_cookie = alice.cookies[COOKIE]
    body, mac = alice_cookie.split(".")
    forgeries = [
        Signer(lambda: b"another-secret-another-secret").seal("player", json.loads(
            base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))),  # Alice's ID, the wrong key
        body + "." + mac[:-2] + ("AA" if mac[-2:] != "AA" else "BB"),  # Alice's ID, a bent MAC
        Signer(lambda: SECRET).seal("play", json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))),
    ]
    for forged in forgeries:
        mallory = site.player()
        mallory.cookies.set(COOKIE, forged)
        answer = mallory.get("/api/records/stats")
        assert answer.json()["plays"] == 0
        assert answer.headers["set-cookie"].startswith(f"{COOKIE}=")
    assert alice.get("/api/records/stats").json()["plays"] == 1


# --- a play's record: what the server checks itself ----------------------------------------------

def test_a_solved_play_is_recorded_with_the_servers_own_score(each_site):
    client = each_site.player()
    answer = each_site.play(client, seconds=200.0, moves=90, checks=2, log=None)  # the page's count of moves
    assert answer.status_code == 201, answer.text
    record = answer.json()["record"]
    expected = scoring.score_puzzle(puzzle_from_id(PLAIN), seconds=200.0, moves=90, checks=2, revealed=False)
    assert (record["score"], record["rank"]) == (expected.score, expected.rank)
    assert answer.json()["score"] == expected.to_dict()
    assert record["outcome"] == "solved" and record["puzzle_id"] == PLAIN and record["seconds"] == 200.0
    assert record["handed_out_at"] == LAUNCH_NOON.isoformat()
    assert record["finished_at"] == (LAUNCH_NOON + timedelta(seconds=200)).isoformat()


def test_the_page_cannot_send_its_own_score(site):
    client = site.player()
    receipt = site.start(client)
    site.clock.advance(30)
    answer = client.post("/api/records", json=finished(receipt, PLAIN, seconds=30, score=100))
    assert answer.status_code == 400 and "unknown field 'score'" in answer.json()["error"]


def test_a_receipt_the_server_did_not_sign_is_refused(site):
    client = site.player()
    receipt = site.start(client)
    body, mac = receipt.split(".")
    content = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    content["t"] -= 3_600_000  # "handed out an hour earlier"
    altered = base64.urlsafe_b64encode(json.dumps(content).encode()).rstrip(b"=").decode() + "." + mac
    for forged in ("not-a-receipt", altered, Signer(lambda: b"x" * 32).seal("play", content)):
        answer = client.post("/api/records", json=finished(forged, PLAIN, seconds=3600))
        assert answer.status_code == 400 and "not a hand-out receipt" in answer.json()["error"]
    assert client.get("/api/records/stats").json()["plays"] == 0


def test_another_players_receipt_is_refused_and_records_nothing(each_site):
    alice, mallory = each_site.player(), each_site.player()
    mallory.get("/daily")
    receipt = each_site.start(alice)
    each_site.clock.advance(40)
    answer = mallory.post("/api/records", json=finished(receipt, PLAIN, seconds=40))
    assert answer.status_code == 403 and "another player" in answer.json()["error"]
    assert alice.get("/api/records/stats").json()["plays"] == 0
    assert mallory.get("/api/records/stats").json()["plays"] == 0


@pytest.mark.parametrize("claimed, accepted", [
    (100.0, True), (100.0 - ALLOWANCE_SECONDS, True), (100.0 - ALLOWANCE_SECONDS - 0.1, False), (3.0, False),
    (100.0 + ALLOWANCE_SECONDS, True), (100.0 + ALLOWANCE_SECONDS + 0.1, False),
])
def test_a_time_outside_what_the_server_saw_is_refused(site, claimed, accepted):
    client = site.player()
    receipt = site.start(client)
    site.clock.advance(100)
    answer = client.post("/api/records", json=finished(receipt, PLAIN, seconds=claimed))
    if accepted:
        assert answer.status_code == 201, answer.text
    else:
        assert answer.status_code == 400
        assert ("shorter than the 100.0 s the server saw" in answer.json()["error"]
                or "longer than the 100.0 s" in answer.json()["error"])


def test_an_unsolved_board_is_refused(site):
    client = site.player()
    receipt = site.start(client)
    site.clock.advance(30)
    board = puzzle_from_id(PLAIN).givens()["tiles"]  # as shuffled: not solved
    answer = client.post("/api/records", json=finished(receipt, PLAIN, seconds=30, board=board))
    assert answer.status_code == 400 and "not solved" in answer.json()["error"]


def test_fewer_moves_than_the_least_that_solve_are_refused_unless_revealed(site):
    least = GAMES["signal"].min_moves(puzzle_from_id(PLAIN))
    client = site.player()
    answer = site.play(client, seconds=30, moves=least - 1, log=None)  # no log: the page's count is checked
    assert answer.status_code == 400 and f"at least {least}" in answer.json()["error"]
    assert site.play(client, seconds=30, moves=least, log=None).status_code == 201
    assert site.play(client, seconds=30, moves=0, revealed=True).status_code == 201
    # hints the page claims excuse no moves: a hint's moves are moves
    for moves, hints in ((least - 1, 1), (0, 1), (0, 50)):
        answer = site.play(client, seconds=30, moves=moves, hints=hints, log=None)
        assert answer.status_code == 400 and f"at least {least}" in answer.json()["error"]
    # with a log the server counts the moves itself: one short of the board is refused, whatever is claimed
    short = solving_log(puzzle_from_id(PLAIN), 30)[:-1]
    answer = site.play(client, seconds=30, moves=least, log=short)
    assert answer.status_code == 400 and "do not give the board" in answer.json()["error"]


def test_a_revealed_play_is_recorded_as_revealed_with_no_points(site):
    answer = site.play(site.player(), seconds=12, revealed=True)
    assert answer.status_code == 201
    record = answer.json()["record"]
    assert (record["outcome"], record["score"], record["rank"]) == ("revealed", 0, "revealed")


def test_the_same_play_sent_twice_is_stored_once_and_other_figures_are_refused(each_site):
    client = each_site.player()
    receipt = each_site.start(client)
    each_site.clock.advance(50)
    body = finished(receipt, PLAIN, seconds=50)
    assert client.post("/api/records", json=body).status_code == 201
    again = client.post("/api/records", json=body)
    assert again.status_code == 200 and again.json()["new"] is False
    changed = client.post("/api/records", json={**body, "seconds": 48})
    assert changed.status_code == 409
    assert client.get("/api/records/stats").json()["plays"] == 1


def test_writes_past_the_rate_limit_are_answered_429_with_retry_after(site):
    client = site.player()
    for _ in range(WRITE_LIMIT):
        assert site.play(client, seconds=1.0).status_code == 201
    refused = site.play(client, seconds=1.0)
    assert refused.status_code == 429 and "a minute" in refused.json()["error"]
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert site.play(site.player(), seconds=1.0).status_code == 201  # another player is not held back
    site.clock.advance(60)
    assert site.play(client, seconds=1.0).status_code == 201


@pytest.mark.parametrize("change, message", [
    ({"board": None}, "board"),
    ({"moves": -1}, "moves"),
    ({"seconds": "fast"}, "seconds"),
    ({"revealed": "no"}, "revealed"),
    ({"hints": 1.5}, "hints"),
    ({"receipt": "made-up"}, "receipt is not this server's receipt"),
])
def test_a_bad_record_is_refused_with_a_reason(site, change, message):
    client = site.player()
    receipt = site.start(client)
    site.clock.advance(30)
    answer = client.post("/api/records", json={**finished(receipt, PLAIN, seconds=30), **change})
    assert answer.status_code == 400 and message in answer.json()["error"], answer.text


def test_a_record_without_its_parts_is_refused(site):
    client = site.player()
    receipt = site.start(client)
    full = finished(receipt, PLAIN, seconds=0)
    for missing in ("board", "moves"):
        body = {k: v for k, v in full.items() if k != missing}
        answer = client.post("/api/records", json=body)
        assert answer.status_code == 400 and missing in answer.json()["error"]
    assert client.post("/api/records", json=[1]).status_code == 400
    assert client.post("/api/records/start", json={"id": "chess.1.5x5.any.x"}).status_code == 400


# --- daily puzzles ---------------------------------------------------------------------------------

def test_todays_daily_is_recorded_as_the_daily_and_starts_the_streak(each_site):
    client = each_site.player()
    assert each_site.play(client, TODAY_DAILY, seconds=80).status_code == 201
    day = client.get("/api/daily").json()
    assert day["date"] == daily.LAUNCH.isoformat() and day["streak"] == {"current": 1, "best": 1}
    mine = next(p for p in day["puzzles"] if p["id"] == TODAY_DAILY)
    assert (mine["preset"], mine["solved"], mine["best"], mine["first"]["daily_date"]) == (
        "medium", 1, 80.0, daily.LAUNCH.isoformat())
    others = [p for p in day["puzzles"] if p["id"] != TODAY_DAILY]
    assert len(others) == len(daily.rules_on(daily.LAUNCH)) - 1 and all(p["first"] is None for p in others)


def test_only_the_days_own_puzzle_of_a_day_that_has_come_counts_as_daily(site):
    client = site.player()
    tomorrow = daily.LAUNCH + timedelta(days=1)
    not_daily = [
        f"signal.3.5x5.medium.daily-{tomorrow.isoformat()}",          # a day still to come
        f"signal.3.5x5.medium.daily-{daily.LAUNCH.isoformat()}.2",    # a candidate, not the day's puzzle
        f"signal.3.5x5.hard.daily-{daily.LAUNCH.isoformat()}",        # not a preset's settings
    ]
    for puzzle_id in not_daily:
        answer = site.play(client, puzzle_id, seconds=20)
        assert answer.status_code == 201, answer.text
        assert answer.json()["record"]["daily_date"] is None, puzzle_id
    assert client.get("/api/records/stats").json()["streak"] == {"current": 0, "best": 0}


def noon_of(offset: int) -> datetime:
    return LAUNCH_NOON + timedelta(days=offset)


def test_the_streak_grows_day_by_day_and_the_archive_shows_the_days(site):
    client = site.player()
    for offset in range(3):
        site.clock.now = noon_of(offset)
        day = site.clock.now.date().isoformat()
        assert site.play(client, f"signal.3.5x5.medium.daily-{day}", seconds=30).status_code == 201
    assert client.get("/api/records/stats").json()["streak"] == {"current": 3, "best": 3}
    archive = client.get("/api/daily/archive").json()
    assert [(d["date"], d["solved"], d["puzzles"]) for d in archive["days"]] == [
        (noon_of(offset).date().isoformat(), 1, len(daily.rules_on(noon_of(offset).date()))) for offset in (1, 0)]
    # A day missed breaks the run; playing it from the archive later does not mend it.
    site.clock.now = noon_of(4)
    late = f"signal.3.5x5.medium.daily-{noon_of(3).date().isoformat()}"
    answer = site.play(client, late, seconds=30)
    assert answer.json()["record"]["daily_date"] == noon_of(3).date().isoformat()
    assert client.get("/api/records/stats").json()["streak"] == {"current": 0, "best": 3}
    past = client.get(f"/api/daily?date={noon_of(0).date().isoformat()}").json()
    assert past["date"] == noon_of(0).date().isoformat() and past["today"] == noon_of(4).date().isoformat()
    assert sum(p["solved"] for p in past["puzzles"]) == 1


def test_days_outside_the_dailies_are_refused(site):
    client = site.player()
    before = (daily.LAUNCH - timedelta(days=1)).isoformat()
    after = (daily.LAUNCH + timedelta(days=1)).isoformat()
    assert client.get(f"/api/daily?date={before}").status_code == 404
    assert client.get(f"/api/daily?date={after}").status_code == 404
    assert client.get("/api/daily?date=tomorrow").status_code == 400
    assert client.get("/api/daily?date=2026-13-01").status_code == 400
    assert client.get("/api/daily?day=1").status_code == 400


def test_the_leaderboard_shows_display_names_and_times_only(each_site):
    alice, bob = each_site.player(), each_site.player()
    assert alice.put("/api/records/name", json={"name": "  Alice   in  Wonderland "}).json() == {
        "name": "Alice in Wonderland"}
    each_site.play(alice, TODAY_DAILY, seconds=90)
    each_site.play(bob, TODAY_DAILY, seconds=70)
    board = alice.get(f"/api/daily/leaderboard?date={daily.LAUNCH}&game=signal&preset=medium").json()
    assert board["entries"] == [{"name": None, "seconds": 70.0}, {"name": "Alice in Wonderland", "seconds": 90.0}]
    assert alice.get("/api/daily/leaderboard?game=chess&preset=medium").status_code == 400
    assert alice.get("/api/daily/leaderboard?game=signal&preset=easy").status_code == 400


@pytest.mark.parametrize("name, status", [
    ("x" * 33, 400), ("tab\there", 200), ("bell\u0007", 400), (5, 400), (None, 200), ("", 200),
])
def test_a_display_name_is_checked(site, name, status):
    answer = site.player().put("/api/records/name", json={"name": name})
    assert answer.status_code == status, answer.text


def test_the_export_holds_every_record_of_the_player_as_json_and_csv(site):
    client = site.player()
    site.play(client, seconds=40)
    site.play(client, TODAY_DAILY, seconds=50, revealed=True)
    site.play(site.player(), seconds=10)
    exported = client.get("/api/records/export?format=json")
    assert "attachment" in exported.headers["content-disposition"]
    rows = exported.json()["records"]
    assert [(r["puzzle_id"], r["outcome"], r["seconds"]) for r in rows] == [
        (PLAIN, "solved", 40.0), (TODAY_DAILY, "revealed", 50.0)]
    assert "player_id" not in rows[0]
    text = client.get("/api/records/export?format=csv")
    assert text.headers["content-type"].startswith("text/csv")
    table = list(csv.DictReader(io.StringIO(text.text)))
    assert [(r["puzzle_id"], r["outcome"], float(r["seconds"])) for r in table] == [
        (PLAIN, "solved", 40.0), (TODAY_DAILY, "revealed", 50.0)]
    assert client.get("/api/records/export?format=xml").status_code == 400


def test_one_player_can_never_read_or_change_anothers_records(each_site):
    alice, mallory = each_site.player(), each_site.player()
    each_site.play(alice, TODAY_DAILY, seconds=60)
    alice.put("/api/records/name", json={"name": "Alice"})
    mallory.get("/daily")
    assert mallory.get("/api/records/export").json()["records"] == []
    assert mallory.get("/api/records/stats").json()["plays"] == 0
    assert mallory.get("/api/records/stats").json()["name"] is None
    assert all(p["first"] is None for p in mallory.get("/api/daily").json()["puzzles"])
    assert mallory.delete("/api/records").json() == {"deleted": 0}
    mallory.put("/api/records/name", json={"name": "Not Alice"})
    # Nothing names a player or a record: paths and fields for one are not there to try.
    for path in ("/api/records/" + "a" * 32, "/api/records/export?player=" + "a" * 32,
                 "/api/records/stats?player=x"):
        assert mallory.get(path).status_code in (400, 404, 405)
    assert mallory.delete("/api/records?player=x").status_code == 400
    mine = alice.get("/api/records/stats").json()
    assert (mine["plays"], mine["name"]) == (1, "Alice")
    assert alice.delete("/api/records").json() == {"deleted": 1}
    assert alice.get("/api/records/stats").json()["plays"] == 0


# --- a database that is down -------------------------------------------------------------------

def test_a_postgresql_that_is_down_answers_503_with_a_receipt_and_play_goes_on(postgres):
    site = Site(postgres.create_database())
    client = site.player()
    assert site.play(client, seconds=5).status_code == 201  # the store is open and migrated
    receipt = site.start(client)
    site.clock.advance(45)
    body = finished(receipt, PLAIN, seconds=45)
    postgres.stop()
    try:
        down = client.post("/api/records", json=body)
        assert down.status_code == 503 and "does not answer" in down.json()["error"]
        assert down.headers["retry-after"] and down.json()["receipt"]
        assert client.get("/api/records/stats").status_code == 503
        shown = client.get("/api/signal/puzzle?size=4&seed=while-down")
        assert shown.status_code == 200
        checked = client.post("/api/signal/check", json={"size": 4, "seed": "while-down",
                                                          "board": shown.json()["givens"]["tiles"]})
        assert checked.status_code == 200
        assert client.post("/api/records/start", json={"id": PLAIN}).status_code == 200
        # an answer for a play (its receipt shown) goes out only once noted; one for nobody goes out
        helped = client.get(f"/api/signal/solution?id={PLAIN}&use=reveal&play={receipt}")
        assert helped.status_code == 503 and helped.headers["retry-after"]
        assert site.player().get(f"/api/signal/solution?id={PLAIN}").status_code == 200
    finally:
        postgres.start()
    site.clock.advance(3600)  # the page sends it again an hour later, with the receipt
    late = client.post("/api/records", json={**body, "receipt": down.json()["receipt"]})
    assert late.status_code == 201, late.text
    assert late.json()["record"]["finished_at"] == (LAUNCH_NOON + timedelta(seconds=50)).isoformat()
    # Without the receipt the same late write is refused: the server saw an hour.
    receipt = site.start(client)
    site.clock.advance(3600)
    refused = client.post("/api/records", json=finished(receipt, PLAIN, seconds=45))
    assert refused.status_code == 400 and "shorter than" in refused.json()["error"]


def test_an_sqlite_file_locked_past_the_timeout_answers_503_and_the_write_goes_later(tmp_path):
    path = tmp_path / "records.sqlite3"
    site = Site(f"sqlite:///{path}?timeout=0.2")
    client = site.player()
    assert site.play(client, seconds=5).status_code == 201
    receipt = site.start(client)
    site.clock.advance(30)
    body = finished(receipt, PLAIN, seconds=30)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        down = client.post("/api/records", json=body)
        assert down.status_code == 503 and "database is locked" in down.json()["error"]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    site.clock.advance(600)
    assert client.post("/api/records", json={**body, "receipt": down.json()["receipt"]}).status_code == 201
    other = site.start(client)
    another_plays = {**finished(other, PLAIN, seconds=0), "receipt": down.json()["receipt"]}
    assert client.post("/api/records", json=another_plays).status_code == 400


# --- what a leaderboard trusts: every route to the answer, and forged times ----------------------

def ranked(client: TestClient) -> list[dict]:
    board = client.get(f"/api/daily/leaderboard?date={daily.LAUNCH}&game=signal&preset=medium")
    assert board.status_code == 200, board.text
    return board.json()["entries"]


def answer_of(client: TestClient, puzzle_id: str, **query: str) -> dict:
    """The answer from the solution endpoint, as the page asks for it (``play``, ``use``) or not."""
    answer = client.get(f"/api/signal/solution?{urlencode({'id': puzzle_id, **query})}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def hints_to_the_end(client: TestClient, puzzle_id: str, receipt: str | None) -> tuple[list[int], int]:
    """Hint after hint, each applied, until the board is solved: the board and the hints counted."""
    puzzle = puzzle_from_id(puzzle_id)
    board, counted = puzzle.givens()["tiles"], 0
    for _ in range(4 * puzzle.width * puzzle.height):
        body = {"id": puzzle_id, "board": board, **({"play": receipt} if receipt else {})}
        answer = client.post("/api/signal/hint", json=body)
        assert answer.status_code == 200, answer.text
        counted += answer.json()["hint"]["status"] in ("step", "mistake")
        board = answer.json()["board"]
        if GAMES["signal"].check(puzzle, board)["solved"]:
            return board, counted
    raise AssertionError("the hints did not reach the end")


def test_every_route_to_the_answer_keeps_the_play_off_the_leaderboard(each_site):
    site = each_site
    honest = site.player()
    honest.put("/api/records/name", json={"name": "honest"})
    assert site.play(honest, TODAY_DAILY, seconds=90).status_code == 201
    records: dict[str, dict] = {}

    def record(name: str, client: TestClient, receipt: str, **changes: object) -> None:
        site.clock.advance(40)
        answer = client.post("/api/records", json=finished(receipt, TODAY_DAILY, seconds=40, **changes))
        assert answer.status_code == 201, answer.text
        records[name] = answer.json()["record"]

    # the Reveal button: the answer shown to this play
    player = site.player()
    receipt = site.start(player, TODAY_DAILY)
    answer_of(player, TODAY_DAILY, play=receipt, use="reveal")
    record("reveal", player, receipt)
    # the answer fetched for Check, with the receipt, or without it
    for name, query in (("check", {"use": "check"}), ("no receipt", {})):
        player = site.player()
        receipt = site.start(player, TODAY_DAILY)
        answer_of(player, TODAY_DAILY, **({"play": receipt} | query if query else {}))
        record(name, player, receipt)
    # the answer fetched before the play began (by a player with the cookie), or shown to another
    # play of the same player
    player = site.player()
    player.get("/daily")
    answer_of(player, TODAY_DAILY)
    record("before", player, site.start(player, TODAY_DAILY))
    player = site.player()
    answer_of(player, TODAY_DAILY, play=site.start(player, TODAY_DAILY), use="reveal")
    record("other play", player, site.start(player, TODAY_DAILY))
    # hints applied to the end, with the receipt or without it; the page claims none
    hinted = {}
    for name in ("hints", "hints, no receipt"):
        player = site.player()
        receipt = site.start(player, TODAY_DAILY)
        board, hinted[name] = hints_to_the_end(player, TODAY_DAILY, receipt if name == "hints" else None)
        record(name, player, receipt, board=board, hints=0)

    assert ranked(honest) == [{"name": "honest", "seconds": 90.0}]
    for name in ("reveal", "hints", "hints, no receipt"):
        assert (records[name]["outcome"], records[name]["score"]) == ("revealed", 0), name
        assert "handed out the answer to this play" in records[name]["unranked"]
    for name in ("check", "no receipt", "before", "other play"):
        assert records[name]["outcome"] == "solved", name
        assert "the answer (or the solve) of this puzzle" in records[name]["unranked"], name
    for name in ("hints", "hints, no receipt"):
        assert hinted[name] > 0 and records[name]["hints"] == hinted[name]
        assert f"gave {hinted[name]} hint" in records[name]["unranked"]


def test_forged_times_from_fresh_cookies_are_kept_but_never_ranked(each_site):
    site = each_site
    honest = site.player()
    assert site.play(honest, TODAY_DAILY, seconds=90).status_code == 201
    floor = time_floor(GAMES["signal"], puzzle_from_id(TODAY_DAILY))
    forged = []
    for n in range(25):
        answer = answer_of(site.player(), TODAY_DAILY)  # a fresh cookie (none at all) fetches the answer
        forger = site.player()  # and another plays it back at once
        receipt = site.start(forger, TODAY_DAILY)
        seconds = n % 2
        site.clock.advance(seconds)
        written = forger.post("/api/records", json=finished(receipt, TODAY_DAILY, seconds=seconds,
                                                            board={"tiles": answer["tiles"]}))
        assert written.status_code == 201, written.text
        forged.append(forger)
    # just under the floor is still no person's time; just over it is one the server cannot tell apart
    close, fast = site.player(), site.player()
    assert site.play(close, TODAY_DAILY, seconds=round(floor - 0.1, 1)).status_code == 201
    assert site.play(fast, TODAY_DAILY, seconds=round(floor + 0.1, 1)).status_code == 201
    assert ranked(honest) == [{"name": None, "seconds": round(floor + 0.1, 1)}, {"name": None, "seconds": 90.0}]
    for forger in (*forged, close):
        mine = forger.get("/api/records/export").json()["records"]
        assert len(mine) == 1 and mine[0]["outcome"] == "solved" and "below" in mine[0]["unranked"]
        assert forger.get("/api/daily").json()["puzzles"][0]["solved"] == 1  # the player's own record


def test_the_server_counts_the_hints_it_gave_not_the_pages_count(each_site):
    site = each_site
    player = site.player()
    puzzle = puzzle_from_id(PLAIN)
    for claimed in (0, 7):
        receipt = site.start(player)
        hint = player.post("/api/signal/hint", json={"id": PLAIN, "board": puzzle.givens()["tiles"], "play": receipt})
        assert hint.status_code == 200 and hint.json()["hint"]["status"] == "step"
        site.clock.advance(120)
        written = player.post("/api/records", json=finished(receipt, PLAIN, seconds=120, hints=claimed))
        assert written.status_code == 201, written.text
        record = written.json()["record"]
        expected = scoring.score_puzzle(puzzle, seconds=120, moves=record["moves"], checks=0, revealed=False,
                                        hints=1)
        assert (record["hints"], record["score"], record["outcome"]) == (1, expected.score, "solved")
        assert record["unranked"] == "the server gave 1 hint"
    # a play the server gave nothing ranks, whatever hints the page claims
    assert site.play(player, seconds=120, hints=3).json()["record"]["unranked"] is None


def test_help_for_a_play_that_is_not_the_players_own_is_refused(each_site):
    site = each_site
    alice, mallory = site.player(), site.player()
    receipt = site.start(alice, TODAY_DAILY)
    mallory.get("/daily")
    shuffled = puzzle_from_id(TODAY_DAILY).givens()["tiles"]
    refusals = [
        (mallory.get(f"/api/signal/solution?{urlencode({'id': TODAY_DAILY, 'play': receipt})}"), 403),
        (mallory.post("/api/signal/hint", json={"id": TODAY_DAILY, "board": shuffled, "play": receipt}), 403),
        (alice.get(f"/api/signal/solution?{urlencode({'id': PLAIN, 'play': receipt})}"), 400),
        (alice.get(f"/api/signal/solution?{urlencode({'id': TODAY_DAILY, 'play': 'x.y'})}"), 400),
        (alice.get(f"/api/signal/solution?{urlencode({'id': TODAY_DAILY, 'use': 'peek'})}"), 400),
    ]
    for answer, status in refusals:
        assert answer.status_code == status, answer.text
        assert "tiles" not in answer.json()
    site.clock.advance(60)
    written = alice.post("/api/records", json=finished(receipt, TODAY_DAILY, seconds=60))
    assert written.json()["record"]["unranked"] is None  # nothing was handed out


def test_help_noted_by_one_server_is_read_by_another_and_after_a_restart(each_site):
    # Two servers over one database (as --workers N or servers behind a balancer), the second
    # started after the first one handed the answer out: the record taken by the second knows it.
    site = each_site
    first = site.player()
    receipt = site.start(first, TODAY_DAILY)
    answer_of(first, TODAY_DAILY, play=receipt, use="reveal")
    hint = first.post("/api/signal/hint", json={"id": PLAIN, "board": puzzle_from_id(PLAIN).givens()["tiles"],
                                                "play": (other := site.start(first))})
    assert hint.status_code == 200
    second = TestClient(create_app(record_settings=RecordSettings(site.url, SECRET, site.clock)),
                        raise_server_exceptions=False)
    second.cookies.set(COOKIE, first.cookies[COOKIE])
    site.clock.advance(60)
    revealed = second.post("/api/records", json=finished(receipt, TODAY_DAILY, seconds=60))
    hinted = second.post("/api/records", json=finished(other, PLAIN, seconds=60))
    assert revealed.json()["record"]["outcome"] == "revealed"
    assert hinted.json()["record"]["hints"] == 1
    assert ranked(second) == []
