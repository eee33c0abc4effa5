"""Three ``gridlogic serve`` instances on one PostgreSQL database, as an operator runs them behind a proxy.

Each instance is a real ``gridlogic serve`` process of its own (one server process, one generator
process), started with the same ``GRIDLOGIC_SECRET`` and ``--trust-proxy 127.0.0.1``; the test is
the proxy: it sends each request to the instance it chooses, with the client's address in
``X-Forwarded-For``. What must hold (``docs/running-a-server.md`` is this module written out for an
operator):

* **Started together on an empty database**, the instances migrate once: each takes PostgreSQL's
  advisory migration lock (:mod:`gridlogic.store.migrate`), so all three come up, none with an
  error, and the schema is at the newest revision.
* **A play crosses instances**: its hand-out on one, a hint on another, its record on a third; the
  cookie and the receipts signed by one are taken by the others (the shared secret), the hint
  noted by one is counted by the record on another (the ``aids`` table), and every instance reads
  the same leaderboard.
* **The guards of a leaderboard live in the database** and hold whichever instance a request
  reaches: at most three ranked places per client address (a keyed hash of the address, the same
  on every instance that shares the secret), at most 30 writes a minute per player. The per-address
  rate limits of :mod:`gridlogic.web.clients` are in each instance's memory: a test shows that an
  address makes its share of new players on each instance, so an operator sizes them per instance.
* **An instance killed mid-write** (SIGKILL while records sent to it are unanswered) loses no
  record it acknowledged and leaves nothing half-written; the others go on taking records, and the
  writes it never answered, sent again to another instance, are stored once or refused as late.

Nothing waits on a guess of time: the test waits for the servers' answers and for counts of
answered writes. The one wait by the clock is a daily play's own: a ranked play cannot be faster
than its puzzle's floor, so the test waits the floor out, as a person would.
"""

from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import httpx
import pytest
from postgres_cluster import Cluster, check_plays_indexes, free_port
from sqlalchemy import create_engine, select, text
from tests.play_logs import solving_log

from gridlogic import GAMES, puzzle_from_id
from gridlogic.store import migrate
from gridlogic.store.location import database_url as store_url
from gridlogic.store.records import PLACES_PER_ADDRESS, PLAYS, WRITE_LIMIT
from gridlogic.web.records import NEW_PLAYERS

INSTANCES = 3
SECRET = "many-instances-test-secret-0123456789"
PROXY = "127.0.0.1"  # the test is the proxy: every instance trusts its X-Forwarded-For
STARTS_TOGETHER = 3  # fresh databases that three instances start on at once (and the fixture's own)
KILL_PUZZLE = "signal.3.5x5.medium.many-instances"
LOADERS = 8  # threads writing records during the kill
COMMITS_BEFORE_KILL = 30
COMMITS_AFTER_KILL = 30
START_SECONDS = 120  # a deadlock guard on an instance's start, never reached when it works
ROOT = Path(__file__).resolve().parents[2]


class Instance:
    """One ``gridlogic serve`` process on ``database``; :meth:`ready` waits for its first answer."""

    def __init__(self, database: str) -> None:
        self.database = database
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # a file, not a pipe (a pipe nobody reads could fill and stop the server), open for its life
        self.log = tempfile.TemporaryFile()  # noqa: SIM115
        env = {**os.environ, "GRIDLOGIC_DATABASE_URL": database, "GRIDLOGIC_SECRET": SECRET}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gridlogic.cli", "serve", "--port", str(self.port), "--generators", "1",
             "--trust-proxy", PROXY],
            env=env, cwd=ROOT, start_new_session=True, stdout=subprocess.DEVNULL, stderr=self.log)

    def ready(self) -> Instance:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                if httpx.get(f"{self.url}/api/games", timeout=10).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"the instance did not start: {self.errors()}")
            time.sleep(0.1)

    def made(self, puzzle_id: str) -> None:
        """Wait until the instance has made ``puzzle_id`` (kept in its cache): a server still busy
        making its dailies ahead answers 503 with the seconds to wait."""
        game = puzzle_id.split(".")[0]
        answer = admitted(lambda: httpx.get(f"{self.url}/api/{game}/puzzle", params={"id": puzzle_id}, timeout=120))
        assert answer.status_code == 200, answer.text

    def errors(self) -> str:
        """What the instance wrote to its standard error."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def kill(self) -> None:
        """SIGKILL: the server and its generator process at once, as a machine that loses power."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=60)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.kill()


def admitted(request: Callable[[], httpx.Response]) -> httpx.Response:
    """The answer of ``request``, sent again after its ``Retry-After`` while the server is busy (503)."""
    deadline = time.monotonic() + START_SECONDS
    while True:
        answer = request()
        if answer.status_code != 503 or time.monotonic() > deadline:
            return answer
        time.sleep(min(5.0, float(answer.headers.get("Retry-After", "1"))))


def start_together(database: str, count: int = INSTANCES) -> list[Instance]:
    """``count`` instances launched at once on ``database``, then each waited for."""
    launched = [Instance(database) for _ in range(count)]
    try:
        return [instance.ready() for instance in launched]
    except BaseException:
        for instance in launched:
            instance.stop()
        raise


@dataclass
class Addresses:
    """Client addresses for ``X-Forwarded-For``, a new one each time (TEST-NET-2 and benchmarking nets)."""

    count: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def new(self) -> str:
        with self.lock:
            self.count += 1
            return f"198.18.{self.count // 250}.{self.count % 250 + 1}"


ADDRESSES = Addresses()


class Player:
    """One player (one cookie) behind the proxy, from one client address, on any instance."""

    def __init__(self, address: str | None = None) -> None:
        self.address = address or ADDRESSES.new()
        self.cookies = httpx.Cookies()

    def send(self, instance: Instance, method: str, path: str, **options) -> httpx.Response:
        with httpx.Client(base_url=instance.url, cookies=self.cookies, timeout=120,
                          headers={"X-Forwarded-For": self.address}) as client:
            answer = client.request(method, path, **options)
            self.cookies.update(client.cookies)
        return answer

    def start(self, instance: Instance, puzzle_id: str) -> Started:
        """A play of ``puzzle_id`` handed out by ``instance``."""
        answer = self.send(instance, "POST", "/api/records/start", json={"id": puzzle_id})
        assert answer.status_code == 200, answer.text
        return Started(answer.json()["play"], time.monotonic())


@dataclass(frozen=True)
class Started:
    """A play's receipt and when it came (monotonic seconds)."""

    receipt: str
    came: float

    def seconds(self) -> float:
        """The play's time so far, as the page counts it (from the receipt), and most of the 5 s the
        server allows either way: the server sees more (it signed the receipt before it came, and takes
        the record after it is sent, seconds after on a loaded machine), and must not see less than
        this less 5 s."""
        return round(time.monotonic() - self.came + 4.5, 1)


def solved_body(receipt: str, puzzle_id: str, seconds: float, logged: bool = True) -> dict:
    """The record of a play of ``puzzle_id`` solved in ``seconds``, as the page sends it."""
    puzzle = puzzle_from_id(puzzle_id)
    game = GAMES[puzzle.game]
    body = {"play": receipt, "board": puzzle.solution(), "moves": game.min_moves(puzzle), "checks": 0,
            "revealed": False, "seconds": seconds}
    if logged:
        body["log"] = solving_log(puzzle, seconds)
    return body


def play_id(receipt: str) -> str:
    body = receipt.split(".")[0]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))["n"]


def stored_ids(database: str) -> set[str]:
    engine = create_engine(store_url(database))
    with engine.connect() as connection:
        ids = set(connection.execute(select(PLAYS.c.id)).scalars())
    engine.dispose()
    return ids


@pytest.fixture(scope="module")
def instances(postgres: Cluster) -> Iterator[list[Instance]]:
    """Three instances started together on a new database of the session's cluster."""
    started = start_together(postgres.create_database())
    yield started
    for instance in started:
        instance.stop()


# --- the start: migrations on an empty database -------------------------------------------------


def test_three_instances_started_together_on_an_empty_database_migrate_once(postgres):
    for _ in range(STARTS_TOGETHER):
        database = postgres.create_database()
        started = start_together(database)
        try:
            for instance in started:
                assert httpx.get(f"{instance.url}/api/daily/archive", timeout=60).status_code == 200
        finally:
            for instance in started:
                instance.stop()
        for instance in started:
            assert "Traceback" not in instance.errors() and "ERROR" not in instance.errors(), instance.errors()
        engine = create_engine(store_url(database))
        assert migrate.current(engine) == migrate.head()
        with engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM alembic_version")).scalar_one() == 1
        engine.dispose()


# --- one play across instances; the leaderboard each reads --------------------------------------


@dataclass(frozen=True)
class Daily:
    """Today's daily that the tests play: its ID, game, preset and floor (seconds)."""

    id: str
    game: str
    preset: str
    floor: float
    day: date

    @property
    def board_query(self) -> str:
        return f"/api/daily/leaderboard?date={self.day}&game={self.game}&preset={self.preset}"


def todays_daily(instances: list[Instance]) -> Daily:
    """Today's medium daily of the first game with hints, once every instance has made it and its
    floor (each instance makes its dailies ahead as it starts; this waits for that, by its answers)."""
    asker = Player()
    deadline = time.monotonic() + START_SECONDS
    for instance in instances:
        while True:
            day = asker.send(instance, "GET", "/api/daily").json()
            found = [p for p in day["puzzles"] if p["preset"] == "medium" and GAMES[p["game"]].hints is not None]
            if found and found[0]["id"] is not None and found[0]["floor"] is not None:
                break
            assert time.monotonic() < deadline, f"the instance made no floor of today's daily: {day}"
            time.sleep(0.5)
    chosen = found[0]
    return Daily(chosen["id"], chosen["game"], chosen["preset"], chosen["floor"], date.fromisoformat(day["date"]))


def wait_out_floor(daily: Daily, plays: list[Started]) -> None:
    """Wait until every play has lasted the floor and a second by the server's clock too."""
    time.sleep(max(0.0, max(play.came for play in plays) + daily.floor + 1.0 - time.monotonic()))


def test_a_play_started_hinted_and_recorded_on_different_instances_and_one_leaderboard(instances):
    first, second, third = instances
    daily = todays_daily(instances)
    solver, hinted = Player(), Player()
    solving = solver.start(first, daily.id)  # the cookie is made by the first instance
    hinting = hinted.start(second, daily.id)
    puzzle = puzzle_from_id(daily.id)
    start_board = GAMES[daily.game].hints.start(puzzle)
    hint = admitted(lambda: hinted.send(third, "POST", f"/api/{daily.game}/hint",
                                        json={"id": daily.id, "board": start_board, "play": hinting.receipt}))
    assert hint.status_code == 200 and hint.json()["hint"]["status"] == "step", hint.text
    wait_out_floor(daily, [solving, hinting])

    answer = solver.send(second, "POST", "/api/records",
                         json=solved_body(solving.receipt, daily.id, solving.seconds()))
    assert answer.status_code == 201, answer.text
    assert answer.json()["record"]["unranked"] is None and answer.json()["record"]["hints"] == 0
    assert solver.send(third, "PUT", "/api/records/name", json={"name": "crossed"}).status_code == 200
    answer = hinted.send(first, "POST", "/api/records",
                         json=solved_body(hinting.receipt, daily.id, hinting.seconds()))
    assert answer.status_code == 201, answer.text
    record = answer.json()["record"]
    assert record["hints"] == 1 and "the server gave 1 hint" in record["unranked"]

    boards = [solver.send(instance, "GET", daily.board_query).json()["entries"] for instance in instances]
    assert boards[0] == boards[1] == boards[2]
    assert [entry["name"] for entry in boards[0]] == ["crossed"]
    stats = [solver.send(instance, "GET", "/api/records/stats").json() for instance in instances]
    assert all(found["plays"] == 1 and found["name"] == "crossed" for found in stats)


# --- the guards of a leaderboard, across instances ----------------------------------------------


def test_one_address_holds_three_places_whichever_instances_its_players_use(instances):
    daily = todays_daily(instances)
    household = [Player("203.0.113.77") for _ in range(PLACES_PER_ADDRESS + 2)]
    for number, player in enumerate(household):
        assert player.send(instances[number % INSTANCES], "PUT", "/api/records/name",
                           json={"name": f"household {number}"}).status_code == 200
    neighbour = Player("203.0.113.78")
    assert neighbour.send(instances[0], "PUT", "/api/records/name", json={"name": "neighbour"}).status_code == 200
    starts = [player.start(instances[number % INSTANCES], daily.id)
              for number, player in enumerate([*household, neighbour])]
    wait_out_floor(daily, starts)
    for number, (player, play) in enumerate(zip([*household, neighbour], starts, strict=True)):
        answer = player.send(instances[(number + 1) % INSTANCES], "POST", "/api/records",
                             json=solved_body(play.receipt, daily.id, play.seconds()))
        assert answer.status_code == 201 and answer.json()["record"]["unranked"] is None, answer.text

    boards = [neighbour.send(instance, "GET", daily.board_query).json()["entries"] for instance in instances]
    assert boards[0] == boards[1] == boards[2]
    names = [entry["name"] for entry in boards[0]]
    assert len([name for name in names if name.startswith("household")]) == PLACES_PER_ADDRESS
    assert "neighbour" in names


def test_a_players_writes_a_minute_are_counted_across_instances(instances):
    player = Player()
    for number in range(WRITE_LIMIT):
        answer = player.send(instances[number % INSTANCES], "PUT", "/api/records/name", json={"name": f"n{number}"})
        assert answer.status_code == 200, answer.text
    for instance in instances:
        refused = player.send(instance, "PUT", "/api/records/name", json={"name": "one too many"})
        assert refused.status_code == 429 and f"at most {WRITE_LIMIT} record writes a minute" in refused.text
        assert int(refused.headers["Retry-After"]) >= 1


def test_an_address_makes_its_share_of_new_players_on_each_instance(instances):
    """The per-address rate limits are in each instance's memory (documented, not shared): past its
    share on one instance an address is refused there and still served by the next."""
    address = ADDRESSES.new()
    for instance in instances:
        for _ in range(NEW_PLAYERS.burst):
            assert Player(address).send(instance, "POST", "/api/records/start",
                                        json={"id": KILL_PUZZLE}).status_code == 200
        refused = Player(address).send(instance, "POST", "/api/records/start", json={"id": KILL_PUZZLE})
        assert refused.status_code == 429 and "new players" in refused.text


# --- an instance killed mid-write ---------------------------------------------------------------


class Load:
    """Threads that play :data:`KILL_PUZZLE` as new players (each play a client address of its own,
    so no rate limit applies), its hand-out on one live instance and its record on the next."""

    def __init__(self, instances: list[Instance]) -> None:
        self.instances = instances
        self.live = list(instances)
        puzzle = puzzle_from_id(KILL_PUZZLE)
        self.board, self.moves = puzzle.solution(), GAMES[puzzle.game].min_moves(puzzle)
        self.committed: dict[str, dict] = {}
        self.unanswered: list[tuple[httpx.Cookies, dict]] = []
        self.unexpected: list[str] = []
        self.writing = {instance.port: 0 for instance in instances}  # record writes sent, not answered
        self.turn = 0
        self.changed = threading.Condition()
        self.stop = threading.Event()

    def next_two(self) -> tuple[Instance, Instance]:
        with self.changed:
            self.turn += 1
            live = self.live
            return live[self.turn % len(live)], live[(self.turn + 1) % len(live)]

    def play_once(self) -> None:
        starter, recorder = self.next_two()
        player = Player()
        try:
            play = player.start(starter, KILL_PUZZLE)
        except (httpx.TransportError, AssertionError):
            return  # the starter was killed: the play never began
        receipt = play.receipt
        body = {"play": receipt, "board": self.board, "moves": self.moves, "checks": 0, "revealed": False,
                "seconds": play.seconds()}
        with self.changed:
            self.writing[recorder.port] += 1
            self.changed.notify_all()
        try:
            answer = player.send(recorder, "POST", "/api/records", json=body)
        except httpx.TransportError:
            with self.changed:
                self.unanswered.append((player.cookies, body))
            return
        with self.changed:
            self.writing[recorder.port] -= 1
            if answer.status_code == 201:
                self.committed[play_id(receipt)] = body
            else:
                self.unexpected.append(f"{answer.status_code} {answer.text}")
            self.changed.notify_all()

    def player(self) -> None:
        while not self.stop.is_set():
            self.play_once()

    def wait_for(self, ready: Callable[[], bool]) -> None:
        with self.changed:
            assert self.changed.wait_for(ready, timeout=300), "the load did not get there in five minutes"

    def without(self, killed: Instance) -> None:
        with self.changed:
            self.live = [instance for instance in self.live if instance is not killed]


def amcheck(database: str) -> None:
    """PostgreSQL's own check of the plays' indexes (a torn write would break one)."""
    engine = create_engine(store_url(database))
    with engine.connect() as connection:
        check_plays_indexes(connection)
    engine.dispose()


@pytest.mark.timeout(900)
def test_an_instance_killed_mid_write_loses_no_acknowledged_record_and_the_others_go_on(instances):
    database = instances[0].database
    victim = instances[1]
    before = stored_ids(database)  # the plays of the tests before this one
    for instance in instances:
        instance.made(KILL_PUZZLE)
    load = Load(instances)
    threads = [threading.Thread(target=load.player) for _ in range(LOADERS)]
    for thread in threads:
        thread.start()
    try:
        load.wait_for(lambda: len(load.committed) >= COMMITS_BEFORE_KILL and load.writing[victim.port] >= 1)
        victim.kill()  # while a record sent to it is unanswered
        load.without(victim)
        killed_at = len(load.committed)
        load.wait_for(lambda: len(load.committed) >= killed_at + COMMITS_AFTER_KILL)
    finally:
        load.stop.set()
        for thread in threads:
            thread.join(timeout=300)
    assert load.unexpected == []

    stored = stored_ids(database) - before
    sent = {play_id(body["play"]) for _, body in load.unanswered}
    assert set(load.committed) <= stored, "an acknowledged record was lost"
    assert stored - set(load.committed) <= sent, "a play nobody recorded is stored"
    amcheck(database)
    for cookies, body in load.unanswered:  # sent again to an instance that lives
        player = Player()
        player.cookies = cookies
        answer = player.send(instances[0], "POST", "/api/records", json=body)
        assert answer.status_code in (200, 201, 400), answer.text
        if answer.status_code == 400:
            assert "shorter than" in answer.json()["error"]
            assert play_id(body["play"]) not in stored_ids(database)
    instances[1] = Instance(database).ready()  # the killed one back, for the tests after this one
