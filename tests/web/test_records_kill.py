"""A server killed mid-write (SIGKILL, under load) loses no committed play and corrupts nothing.

For each database, ``gridlogic serve --workers 2`` runs as a real subprocess. Player threads
start plays and record them as fast as they can; once enough records have been answered, the
whole server (supervisor and workers) gets SIGKILL while writes are in flight, three times over.
After each kill the database is opened directly and must hold every play whose record was
answered 201/200 ("committed"), must hold nothing else than those and the writes whose answer
never came, and must pass its own integrity check (SQLite's ``integrity_check``, PostgreSQL's
``amcheck`` over the plays' indexes). The server is started again on the same database and the
unanswered writes are sent again: each is either stored now, found stored already, or refused
as late (the server saw more time pass than the play claims); a refused one is not stored.
"""

from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from postgres_cluster import check_plays_indexes, free_port
from sqlalchemy import create_engine, select, text

from gridlogic import GAMES, puzzle_from_id
from gridlogic.store.location import database_url as store_url
from gridlogic.store.records import PLAYS

PUZZLE = "signal.3.5x5.medium.kill-test"
PLAYERS = 6
KILLS = 3
COMMITS_BEFORE_KILL = 24
ROOT = Path(__file__).resolve().parents[2]


class Server:
    def __init__(self, database: str, secret: str) -> None:
        self.port = free_port()
        env = {**os.environ, "GRIDLOGIC_DATABASE_URL": database, "GRIDLOGIC_SECRET": secret}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gridlogic.cli", "serve", "--port", str(self.port), "--workers", "2"],
            env=env, cwd=ROOT, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 90
        while True:
            try:
                if httpx.get(f"{self.url}/api/games", timeout=5).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"the server did not start: {self.process.stderr.read().decode()}")
            time.sleep(0.2)

    def kill(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # the supervisor and its workers at once
        except ProcessLookupError:
            pass
        self.process.wait(timeout=30)


def play_id(receipt: str) -> str:
    body = receipt.split(".")[0]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))["n"]


class Load:
    """Player threads writing records; what was answered, and what was sent but never answered."""

    def __init__(self, url: str) -> None:
        self.url = url
        puzzle = puzzle_from_id(PUZZLE)
        self.board = puzzle.solution()
        self.moves = GAMES["signal"].min_moves(puzzle)
        self.committed: dict[str, dict] = {}
        self.unanswered: list[tuple[dict, dict]] = []  # (cookies, body)
        self.unexpected: list[str] = []
        self.writing = 0  # record writes sent and not yet answered
        self.lock = threading.Lock()
        self.stop = threading.Event()

    def player(self) -> None:
        # One player a thread, its cookie kept from play to play: an address makes only a household of
        # new players at once (gridlogic.web.records.NEW_PLAYERS), and six players write 180 plays a minute.
        with httpx.Client(base_url=self.url, timeout=30) as client:
            while not self.stop.is_set():
                try:
                    started = time.monotonic()
                    receipt = client.post("/api/records/start", json={"id": PUZZLE}).json()["play"]
                except (httpx.TransportError, ValueError):
                    return
                body = {"play": receipt, "board": self.board, "moves": self.moves, "checks": 0,
                        "revealed": False, "seconds": round(time.monotonic() - started, 1) + 0.1}
                with self.lock:
                    self.writing += 1
                try:
                    answer = client.post("/api/records", json=body)
                except httpx.TransportError:
                    with self.lock:
                        self.unanswered.append((dict(client.cookies), body))
                    return
                with self.lock:
                    self.writing -= 1
                    if answer.status_code in (200, 201):
                        self.committed[play_id(receipt)] = body
                    else:
                        self.unexpected.append(f"{answer.status_code} {answer.text}")

    def run_until(self, commits: int, then) -> None:
        threads = [threading.Thread(target=self.player) for _ in range(PLAYERS)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 120
        while (len(self.committed) < commits or self.writing < 2) and time.monotonic() < deadline:
            time.sleep(0.002)
        then()  # the kill, while records are being written
        self.stop.set()
        for thread in threads:
            thread.join(timeout=60)
        self.stop.clear()
        assert self.unexpected == []
        assert len(self.committed) >= commits, "the load did not reach its writes in two minutes"


def stored_ids(database: str) -> set[str]:
    engine = create_engine(store_url(database))
    with engine.connect() as connection:
        ids = set(connection.execute(select(PLAYS.c.id)).scalars())
    engine.dispose()
    return ids


def integrity(database: str) -> None:
    engine = create_engine(store_url(database))
    with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            assert connection.execute(text("PRAGMA integrity_check")).scalars().all() == ["ok"]
        else:
            assert check_plays_indexes(connection) == 3
    engine.dispose()


@pytest.mark.timeout(900)
def test_a_server_killed_mid_write_loses_no_committed_play_and_corrupts_nothing(database_url):
    secret = "kill-test-secret-0123456789abcdef"
    committed: dict[str, dict] = {}
    pending: list[tuple[dict, dict]] = []
    for _ in range(KILLS):
        server = Server(database_url, secret)
        for cookies, body in pending:  # the writes a killed server never answered, sent again
            with httpx.Client(base_url=server.url, cookies=cookies, timeout=30) as client:
                answer = client.post("/api/records", json=body)
            assert answer.status_code in (200, 201, 400), answer.text
            if answer.status_code == 400:
                assert "shorter than" in answer.json()["error"]
                assert play_id(body["play"]) not in stored_ids(database_url)
            else:
                committed[play_id(body["play"])] = body
        load = Load(server.url)
        load.run_until(COMMITS_BEFORE_KILL, server.kill)
        committed.update(load.committed)
        pending = load.unanswered
        stored = stored_ids(database_url)
        assert set(committed) <= stored, "a committed play was lost"
        assert stored <= set(committed) | {play_id(body["play"]) for _, body in pending}
        integrity(database_url)
    assert len(committed) >= KILLS * COMMITS_BEFORE_KILL
