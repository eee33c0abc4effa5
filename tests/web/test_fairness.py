"""Every expensive path bounded, every client treated fairly: a real uvicorn server, real sockets, real workers.

Each test runs ``gridlogic serve``'s configuration (:func:`gridlogic.cli.serve.server_config`) in a
thread of this process over an app with one worker process and an SQLite file, and drives it from
other loopback addresses (all of 127.0.0.0/8 is this machine), one address per client where the
test is about many clients. Nothing is timed: where work must stay unfinished while something else
is watched, the worker processes are stopped with SIGSTOP (and continued with SIGCONT), and the
test waits for the admission's decisions (its observers) or for the server's answers.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import selectors
import signal
import socket
import threading
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime

import uvicorn

from gridlogic import GAMES, puzzle_from_id
from gridlogic.cli import serve
from gridlogic.web import connections
from gridlogic.web.admission import Decision
from gridlogic.web.app import create_app
from gridlogic.web.records import RecordSettings

SECRET = b"test-secret-of-the-fairness-tests-0123456789"
NOON = datetime(2026, 12, 5, 12, tzinfo=UTC)
HINTED = "signal.4.25x25w.hard.p1"  # the largest Signal board, wrapping, hard: the slowest hints
GUARD_SECONDS = 300  # a deadlock guard on blocking calls, never reached when the server works


class Server:
    """A running server: its port, its app (admission, pool) and the admission's decisions so far."""

    def __init__(self, app, port: int) -> None:
        self.app = app
        self.port = port
        self.decisions: list[Decision] = []
        self._counted = threading.Condition()
        app.state.admission.observers.append(self._decided)

    def _decided(self, decision: Decision) -> None:
        with self._counted:
            self.decisions.append(decision)
            self._counted.notify_all()

    def wait_decisions(self, count: int) -> list[Decision]:
        with self._counted:
            assert self._counted.wait_for(lambda: len(self.decisions) >= count, GUARD_SECONDS)
            return list(self.decisions)

    @contextlib.contextmanager
    def workers_stopped(self) -> Iterator[list[int]]:
        """The worker processes stopped (SIGSTOP) for the ``with`` block, then continued."""
        pids = self.app.state.admission.pool.pids()
        assert pids, "no worker started yet"
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
        try:
            yield pids
        finally:
            for pid in pids:
                os.kill(pid, signal.SIGCONT)


@contextlib.contextmanager
def running(tmp_path, *, trusted: str = "") -> Iterator[Server]:
    settings = RecordSettings(f"sqlite:///{tmp_path / 'records.sqlite3'}", SECRET, lambda: NOON)
    app = create_app(workers=1, record_settings=settings)
    sock = serve.listening_socket("127.0.0.1", 0)
    server = uvicorn.Server(serve.server_config(app, trusted))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    started = threading.Event()
    while not server.started and thread.is_alive():
        started.wait(0.02)
    assert server.started
    dailies = app.state.records.dailies_made  # the first round of making the dailies ahead is
    while not dailies.is_set() and thread.is_alive():  # background work: let it end first
        started.wait(0.02)
    try:
        yield Server(app, sock.getsockname()[1])
    finally:
        server.should_exit = True
        thread.join(timeout=GUARD_SECONDS)
        sock.close()


def ask(port: int, method: str, path: str, body: object = None, *, source: str = "127.0.0.1",
        headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One request on a connection of its own from ``source``: status, headers (lower case), body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=GUARD_SECONDS, source_address=(source, 0))
    try:
        data = json.dumps(body).encode() if body is not None else None
        connection.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        connection.close()


class InThreads:
    """Each ``call()`` run in a thread of its own; :attr:`results` in the order they end."""

    def __init__(self, calls: list) -> None:
        self.results: list = []
        self._ended = threading.Condition()
        self.threads = [threading.Thread(target=self._run, args=(call,), daemon=True) for call in calls]
        for thread in self.threads:
            thread.start()

    def _run(self, call) -> None:
        result = call()
        with self._ended:
            self.results.append(result)
            self._ended.notify_all()

    def wait(self, count: int) -> list:
        """The results once ``count`` calls have ended."""
        with self._ended:
            assert self._ended.wait_for(lambda: len(self.results) >= count, GUARD_SECONDS)
            return list(self.results)

    def join(self) -> list:
        return self.wait(len(self.threads))


def queue_rule_holds(admitted: list[Decision], workers: int, queue_seconds: float) -> bool:
    """Each admitted piece of work found an idle worker, or was due within the queue's seconds."""
    ahead: list[float] = []
    for decision in admitted:
        if len(ahead) >= workers and sum(ahead) / workers + decision.estimate > queue_seconds:
            return False
        ahead.append(decision.estimate)
    return True


def test_hints_from_16_clients_never_hold_up_cheap_requests(tmp_path):
    puzzle = puzzle_from_id(HINTED)
    board = GAMES["signal"].hints.start(puzzle)
    with running(tmp_path) as server:
        assert ask(server.port, "GET", f"/api/signal/puzzle?id={HINTED}")[0] == 200  # made; a worker is running
        with server.workers_stopped():
            asking = InThreads([
                lambda k=k: ask(server.port, "POST", "/api/signal/hint", {"id": HINTED, "board": board},
                                source=f"127.0.0.{10 + k}")
                for k in range(16)])
            decisions = server.wait_decisions(1 + 16)[1:]  # after the puzzle's own generation
            refused = [d for d in decisions if d.refusal is not None]
            # no worker can run while stopped: every hint admitted is still unanswered, and yet
            games = [ask(server.port, "GET", "/api/games", source="127.0.0.2")[0] for _ in range(50)]
            assert games == [200] * 50
            answered_meanwhile = len(asking.results)
        hints = asking.join()
    statuses = Counter(status for status, _, _ in hints)
    admitted = [d for d in decisions if d.refusal is None]
    assert answered_meanwhile <= len(refused)  # only refusals could be answered while the workers stood still
    assert statuses == Counter({200: len(admitted), 503: len(refused)})
    assert all(type(d.refusal).__name__ == "Busy" for d in refused)  # each client had its own address
    assert queue_rule_holds(admitted, 1, server.app.state.admission.queue_seconds)
    assert all(json.loads(body)["hint"]["status"] == "step" for status, _, body in hints if status == 200)


def random_nonogram(side: int, seed: int) -> str:
    """A random grid's clues as a Tatham game ID: rarely one solution, often past the import's time limit."""
    draw = random.Random(seed)
    grid = [[draw.random() < 0.5 for _ in range(side)] for _ in range(side)]

    def runs(line: list[bool]) -> str:
        lengths = [len(run) for run in "".join("x" if cell else " " for cell in line).split()]
        return ".".join(map(str, lengths)) or "0"

    columns = [runs([row[c] for row in grid]) for c in range(side)]
    return f"{side}x{side}:" + "/".join(columns + [runs(row) for row in grid])


def test_12_distinct_50x50_imports_at_once_are_each_admitted_within_the_bound_or_refused_at_once(tmp_path):
    with running(tmp_path) as server:
        assert ask(server.port, "GET", "/api/pattern/puzzle?seed=warm")[0] == 200  # a worker is running
        with server.workers_stopped():
            asking = InThreads([
                lambda k=k: ask(server.port, "POST", "/api/pattern/import", {"text": random_nonogram(50, k)},
                                source=f"127.0.1.{10 + k}")
                for k in range(12)])
            decisions = server.wait_decisions(1 + 12)[1:]
            refused = [d for d in decisions if d.refusal is not None]
            early = asking.wait(len(refused))  # every refusal comes while no worker can run
            assert sorted(status for status, _, _ in early) == [503] * len(refused)
        answers = asking.join()
    admitted = [d for d in decisions if d.refusal is None]
    assert 1 <= len(admitted) < 12 and len(refused) == 12 - len(admitted)
    assert queue_rule_holds(admitted, 1, server.app.state.admission.queue_seconds)
    assert all(d.estimate >= 5.0 for d in decisions)  # the table's cost of a 50x50 proof: its whole limit
    statuses = Counter(status for status, _, _ in answers)
    assert statuses[503] == len(refused) and statuses[200] + statuses[422] == len(admitted)
    for status, headers, body in answers:
        if status == 503:
            assert int(headers["retry-after"]) >= 1 and "the server is busy" in json.loads(body)["error"]


def open_quietly(port: int, source: str, count: int) -> list[socket.socket]:
    return [socket.create_connection(("127.0.0.1", port), timeout=GUARD_SECONDS, source_address=(source, 0))
            for _ in range(count)]


def refusals_among(sockets: list[socket.socket], expected: int) -> tuple[list[bytes], list[socket.socket]]:
    """Wait until ``expected`` of ``sockets`` have been answered and closed by the server; those answers,
    and the sockets still open."""
    chooser = selectors.DefaultSelector()
    for sock in sockets:
        chooser.register(sock, selectors.EVENT_READ)
    answers: dict[socket.socket, bytes] = {}
    while len(answers) < expected:
        ready = chooser.select(GUARD_SECONDS)
        assert ready, "the server stopped answering"
        for key, _ in ready:
            sock = key.fileobj
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
            answers[sock] = data
            chooser.unregister(sock)
    chooser.close()
    return list(answers.values()), [sock for sock in sockets if sock not in answers]


def test_a_slowloris_of_1000_sockets_from_one_address_leaves_another_address_served(tmp_path):
    with running(tmp_path) as server:
        attack = open_quietly(server.port, "127.0.0.2", 1000)
        try:
            refusals, held = refusals_among(attack, 1000 - connections.PER_ADDRESS)
            for sock in held:  # the connections it holds send a head that never ends
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            served = [ask(server.port, "GET", "/api/games", source="127.0.0.3")[0] for _ in range(100)]
        finally:
            for sock in attack:
                sock.close()
    assert len(held) == connections.PER_ADDRESS
    assert all(answer.startswith(b"HTTP/1.1 429 ") and b"retry-after: 10" in answer for answer in refusals)
    assert b"the most one address may hold" in refusals[0]
    assert served.count(200) >= 95 and served == [200] * 100


def test_1000_connections_from_many_addresses_are_all_served(tmp_path):
    with running(tmp_path) as server:
        clients = [sock for k in range(20) for sock in open_quietly(server.port, f"127.0.2.{k + 1}", 50)]
        try:
            for sock in clients:
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answers, still_open = refusals_among(clients, len(clients))  # each answered, then closed
        finally:
            for sock in clients:
                sock.close()
    assert still_open == [] and len(answers) == 1000
    assert Counter(answer.split(b" ", 2)[1] for answer in answers) == Counter({b"200": 1000})


def test_the_1001st_connection_is_refused_as_it_opens(tmp_path, monkeypatch):
    monkeypatch.setattr(connections, "PER_ADDRESS", 2000)
    with running(tmp_path) as server:
        clients = open_quietly(server.port, "127.0.3.1", 1001)
        try:
            [refusal], held = refusals_among(clients, 1)
        finally:
            for sock in clients:
                sock.close()
    assert len(held) == 1000 and refusal.startswith(b"HTTP/1.1 503 ")
    assert b"the server has 1000 connections open" in refusal


def handouts(port: int, count: int, *, source: str, headers: dict[str, str] | None = None) -> list:
    return [ask(port, "POST", "/api/records/start", {"id": "signal.3.5x5.medium.fair"}, source=source,
                headers=headers) for _ in range(count)]


def test_300_cookieless_handouts_from_one_address_meet_429s(tmp_path):
    with running(tmp_path) as server:
        answers = handouts(server.port, 300, source="127.0.0.4")
        cookie = answers[0][1]["set-cookie"].split(";")[0]
        known = handouts(server.port, 1, source="127.0.0.4", headers={"Cookie": cookie})
        read = ask(server.port, "GET", "/api/records/stats", source="127.0.0.4")
        other = handouts(server.port, 1, source="127.0.0.5")
    statuses = [status for status, _, _ in answers]
    assert statuses == [200] * 10 + [429] * 290  # the clock stands still: no token comes back
    assert len({headers["set-cookie"] for _, headers, _ in answers[:10]}) == 10
    _, headers, body = answers[-1]
    assert "set-cookie" not in headers and int(headers["retry-after"]) >= 1
    assert "10 new players at once, then one every 60 s" in json.loads(body)["error"]
    assert "send the player cookie" in json.loads(body)["error"]
    assert known[0][0] == 200  # a player the address made before goes on
    assert read[0] == 200 and "set-cookie" not in read[1]  # a read is answered, without a new player
    assert other[0][0] == 200  # another address has its own share


def test_an_address_has_a_share_of_writes_whatever_players_it_holds(tmp_path):
    with running(tmp_path) as server:
        first = handouts(server.port, 1, source="127.0.0.6")
        cookie = {"Cookie": first[0][1]["set-cookie"].split(";")[0]}
        answers = handouts(server.port, 120, source="127.0.0.6", headers=cookie)
    assert [status for status, _, _ in answers] == [200] * 119 + [429]
    assert "120 hand-outs and record writes at once, then one every 0.5 s" in json.loads(answers[-1][2])["error"]


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_share(tmp_path):
    with running(tmp_path, trusted="127.0.0.1") as server:
        proxied = {client: handouts(server.port, 40, source="127.0.0.1",
                                    headers={"X-Forwarded-For": f"198.51.100.66, {client}"})
                   for client in ("203.0.113.5", "203.0.113.6")}
        untrusted = handouts(server.port, 40, source="127.0.0.7",
                             headers={"X-Forwarded-For": "203.0.113.7"})  # not a proxy: its own address
        proxy_connections = open_quietly(server.port, "127.0.0.1", connections.PER_ADDRESS + 50)
        try:
            for sock in proxy_connections:
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answers, _ = refusals_among(proxy_connections, len(proxy_connections))
        finally:
            for sock in proxy_connections:
                sock.close()
    for answers_of_client in proxied.values():
        assert [status for status, _, _ in answers_of_client] == [200] * 10 + [429] * 30
    assert [status for status, _, _ in untrusted] == [200] * 10 + [429] * 30
    assert all(answer.startswith(b"HTTP/1.1 200 ") for answer in answers)  # a proxy's connections: not capped


def test_one_address_cannot_hold_the_queue_of_expensive_work(tmp_path):
    puzzle = puzzle_from_id(HINTED)
    board = GAMES["signal"].hints.start(puzzle)
    with running(tmp_path) as server:
        assert ask(server.port, "GET", f"/api/signal/puzzle?id={HINTED}")[0] == 200
        with server.workers_stopped():
            asking = InThreads([
                lambda: ask(server.port, "POST", "/api/signal/hint", {"id": HINTED, "board": board},
                            source="127.0.0.8")
                for _ in range(8)])
            decisions = server.wait_decisions(1 + 8)[1:]
            over = [d for d in decisions if type(d.refusal).__name__ == "OverShare"]
            early = asking.wait(len(over))  # refused while no worker can run
            other = InThreads([lambda: ask(server.port, "POST", "/api/signal/hint", {"id": HINTED, "board": board},
                                           source="127.0.0.9")])
            beside = server.wait_decisions(1 + 8 + 1)[-1]
        hints, [(other_status, _, _)] = asking.join(), other.join()
    admitted = [d for d in decisions if d.refusal is None]
    assert 1 <= len(admitted) <= server.app.state.admission.client_jobs and len(over) == 8 - len(admitted)
    assert [status for status, _, _ in early] == [429] * len(over)
    assert Counter(status for status, _, _ in hints) == Counter({200: len(admitted), 429: len(over)})
    assert beside.refusal is None and other_status == 200  # another address is admitted beside it
