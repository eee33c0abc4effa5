"""Every way to a daily puzzle's answer is noted as the answer, so the play of a player who took it
takes no leaderboard place: the walk-through (``/explain``), the PDF (``/pdf``, its second page is the
solution), the studio's analyse, fixes and thin of the daily's own givens (its ID or its text in any
format, the daily of yesterday, today or tomorrow), and the answer of the daily's copy brought in by
the import dialog (``signal.import...``).

The app runs under TestClient with a clock the tests move by hand, its records in an SQLite file (and
in a database of the throwaway PostgreSQL cluster for the routes themselves, as the neighbouring record
tests run). Each TestClient is one player: its own cookie jar. A record's ``unranked`` gives every
reason a play takes no place (a record without a log of its moves is one of them), so the tests look
for the answer among them and keep a player who took no answer beside, to show the answer is the
reason that came.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable
from datetime import date, timedelta
from urllib.parse import urlencode

import pytest
from pypdf import PdfReader
from web_helpers import run_async

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette's note on its test client's future, as in conftest.py
    from starlette.testclient import TestClient

from tests.web.test_records_api import Site as RecordSite
from tests.web.test_records_api import finished

from gridlogic import GAMES, GenerationFailed, puzzle_from_id
from gridlogic.store import daily
from gridlogic.store.daily import DailyPuzzles
from gridlogic.web.api import DailyTwins
from gridlogic.web.puzzles import PuzzleSource

PLAY_SECONDS = 600.0


def daily_id(day: date, game: str, preset: str) -> str:
    """The ID of ``game``'s ``preset`` daily puzzle of ``day``: the first candidate its generator makes."""
    rule = daily.rule_on(day, game, preset)
    assert rule is not None
    for spec in daily.candidates(day, rule):
        try:
            GAMES[game].make(spec)
        except GenerationFailed:
            continue
        return spec.id
    raise AssertionError(f"no daily {game} {preset} puzzle on {day}")


SIGNAL_DAILY = daily_id(daily.LAUNCH, "signal", "medium")
LOOP_DAILY = daily_id(daily.LAUNCH, "loop", "medium")


def text_of(puzzle_id: str, export: str) -> str:
    """The puzzle of ``puzzle_id`` as another program writes it (a Net game ID, a Loopy game ID)."""
    puzzle = puzzle_from_id(puzzle_id)
    game = GAMES[puzzle.game]
    return game.exports[export](game.problem(puzzle))


class Site(RecordSite):
    """The records' app of ``test_records_api``, whose players get their cookie first (a request that
    hands out an answer makes no player) and record their plays after :data:`PLAY_SECONDS`."""

    def player(self, address: str | None = None) -> TestClient:
        client = super().player(address)
        assert client.get("/daily").status_code == 200  # the player cookie
        return client

    def record(self, client: TestClient, receipt: str, puzzle_id: str) -> dict:
        """The play of ``receipt`` solved after :data:`PLAY_SECONDS` (the fewest moves, logged): its record."""
        self.clock.advance(PLAY_SECONDS)
        answer = client.post("/api/records", json=finished(receipt, puzzle_id, seconds=PLAY_SECONDS))
        assert answer.status_code == 201, answer.text
        return answer.json()["record"]

    def play(self, client: TestClient, puzzle_id: str) -> dict:
        return self.record(client, self.start(client, puzzle_id), puzzle_id)


def took_the_answer(record: dict) -> bool:
    """Whether a record says its player was handed the answer (to this play or of its puzzle)."""
    return record["outcome"] in ("solved", "revealed") and "answer" in (record["unranked"] or "")


@pytest.fixture()
def site(tmp_path) -> Site:
    return Site(f"sqlite:///{tmp_path / 'records.sqlite3'}")


@pytest.fixture()
def each_site(database_url) -> Site:
    return Site(database_url)


def ok(answer):
    assert answer.status_code == 200, answer.text
    return answer


# Each route to the daily's answer, asked by a player (with the receipt of the play it is for, or None:
# asked before the play began).
ROUTES: dict[str, Callable[[TestClient, str | None], object]] = {
    "explain": lambda client, receipt: ok(client.get(
        "/api/signal/explain", params={"id": SIGNAL_DAILY, **({"play": receipt} if receipt else {})})),
    "pdf": lambda client, receipt: ok(client.get(
        "/api/signal/pdf", params={"id": SIGNAL_DAILY, **({"play": receipt} if receipt else {})})),
    "studio analyse of the ID": lambda client, _: ok(client.post("/api/signal/analyse", json={"text": SIGNAL_DAILY})),
    "studio analyse of the Net ID": lambda client, _: ok(client.post(
        "/api/signal/analyse", json={"text": text_of(SIGNAL_DAILY, "net")})),
    "studio fixes of the Net ID": lambda client, _: ok(client.post(
        "/api/signal/fixes", json={"text": text_of(SIGNAL_DAILY, "net")})),
}


def solution_of_the_imported_copy(client: TestClient, use: str) -> None:
    """The daily's Net ID brought in by the import dialog, and the answer of that copy (Check or Reveal,
    with the copy's own receipt)."""
    copy = ok(client.post("/api/signal/import", json={"text": text_of(SIGNAL_DAILY, "net")})).json()["id"]
    assert copy.startswith("signal.import.")
    receipt = client.post("/api/records/start", json={"id": copy}).json()["play"]
    ok(client.get(f"/api/signal/solution?{urlencode({'id': copy, 'play': receipt, 'use': use})}"))


def test_every_route_to_a_dailys_answer_keeps_its_play_off_the_leaderboard(each_site):
    site = each_site
    honest = site.player()
    control = site.play(honest, SIGNAL_DAILY)
    assert not took_the_answer(control), control
    records: dict[str, dict] = {}
    for name, route in ROUTES.items():
        if name in ("explain", "pdf"):  # these take the play's receipt
            player = site.player()
            receipt = site.start(player, SIGNAL_DAILY)
            route(player, receipt)
            records[f"{name}, with the receipt"] = site.record(player, receipt, SIGNAL_DAILY)
        player = site.player()
        route(player, None)
        records[f"{name}, before the play"] = site.play(player, SIGNAL_DAILY)
    for use in ("check", "reveal"):
        player = site.player()
        solution_of_the_imported_copy(player, use)
        records[f"the imported copy's answer ({use})"] = site.play(player, SIGNAL_DAILY)
    assert len(records) == 9
    for name, record in records.items():
        assert took_the_answer(record), (name, record)
        assert record["outcome"] == "solved", name  # handed the answer, not shown it in this play


def test_a_pdf_is_the_puzzle_and_its_solution_whatever_is_noted(site):
    player = site.player()
    answer = ok(player.get("/api/signal/pdf", params={"id": SIGNAL_DAILY, "play": site.start(player, SIGNAL_DAILY)}))
    assert answer.headers["content-type"] == "application/pdf" and len(PdfReader(io.BytesIO(answer.content)).pages) == 2


def test_the_studio_thinning_a_dailys_loop_is_its_answer(site):
    player = site.player()
    for text in (text_of(LOOP_DAILY, "loopy"), text_of(LOOP_DAILY, "puzzlink")):
        assert ok(player.post("/api/loop/thin", json={"text": text, "level": "hard"})).json()["status"] in (
            "thinned", "unfinished")
    assert took_the_answer(site.play(player, LOOP_DAILY))
    other = site.player()
    assert not took_the_answer(site.play(other, LOOP_DAILY))


def test_the_dailies_of_yesterday_and_tomorrow_are_dailies_to_the_studio(site):
    tomorrow = daily_id(daily.LAUNCH + timedelta(days=1), "signal", "medium")
    early = site.player()
    ok(early.post("/api/signal/analyse", json={"text": text_of(tomorrow, "net")}))  # on the day before
    site.clock.advance(24 * 3600)
    late = site.player()
    ok(late.post("/api/signal/analyse", json={"text": text_of(SIGNAL_DAILY, "net")}))  # on the day after
    assert took_the_answer(site.play(early, tomorrow))
    assert took_the_answer(site.play(late, SIGNAL_DAILY))
    assert not took_the_answer(site.play(site.player(), SIGNAL_DAILY))


def test_a_design_that_is_no_daily_notes_nothing(site):
    player = site.player()
    other = "signal.3.5x5.medium.answer-routes"  # the daily's size and level, other tiles
    ok(player.post("/api/signal/analyse", json={"text": text_of(other, "net")}))
    ok(player.post("/api/signal/analyse", json={"text": "signal.3.6x6.hard.answer-routes"}))
    ok(player.post("/api/loop/analyse", json={"text": text_of("loop.1.7x7.medium.answer-routes", "loopy")}))
    assert not took_the_answer(site.play(player, SIGNAL_DAILY))
    assert not took_the_answer(site.play(player, LOOP_DAILY))


@pytest.mark.parametrize("path", ["/api/signal/explain", "/api/signal/pdf"])
def test_a_receipt_not_the_players_own_of_that_puzzle_is_refused_and_nothing_leaves(site, path):
    alice, mallory = site.player(), site.player()
    receipt = site.start(alice, SIGNAL_DAILY)
    others = mallory.get(path, params={"id": SIGNAL_DAILY, "play": receipt})
    another_puzzle = alice.get(path, params={"id": "signal.3.5x5.medium.answer-routes", "play": receipt})
    forged = alice.get(path, params={"id": SIGNAL_DAILY, "play": "x.y"})
    for answer, status in ((others, 403), (another_puzzle, 400), (forged, 400)):
        assert answer.status_code == status, answer.text
        assert answer.headers["content-type"] == "application/json" and "walkthrough" not in answer.json()
    assert not took_the_answer(site.record(alice, receipt, SIGNAL_DAILY))


def test_the_docstrings_worked_example_of_daily_twins():
    signal = GAMES["signal"]
    net = signal.read(text_of(SIGNAL_DAILY, "net"))
    other_tiles = signal.read(text_of("signal.3.5x5.medium.answer-routes", "net"))
    larger = signal.problem(puzzle_from_id("signal.4.7x7.medium.answer-routes"))

    async def scenario() -> list[object]:
        source = PuzzleSource(GAMES, workers=0)
        dailies = DailyPuzzles(source.puzzle_of)
        found: list[object] = []
        try:
            for offset in (0, -1, 1, 2):
                twins = DailyTwins(GAMES, dailies, lambda offset=offset: daily.LAUNCH + timedelta(days=offset), source)
                found.append(None if (spec := await twins.of(net)) is None else spec.id)
            twins = DailyTwins(GAMES, dailies, lambda: daily.LAUNCH, source)
            found += [await twins.of(other_tiles), twins.rows_of("signal", larger.width, larger.height)]
        finally:
            source.close()
        return found

    assert run_async(scenario) == [SIGNAL_DAILY, SIGNAL_DAILY, SIGNAL_DAILY, None, None, []]
