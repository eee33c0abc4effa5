"""``gridlogic serve``: its arguments, its one-line errors, and what it hands to uvicorn."""

from __future__ import annotations

import socket

import pytest
import uvicorn

from gridlogic.cli import main


@pytest.mark.parametrize("port", ["abc", "0", "65536", "-1"])
def test_a_bad_port_is_one_line_and_exit_code_2(capsys, port):
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--port", port])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"port {port!r}" in error


def test_a_port_in_use_is_one_line_and_exit_code_2(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"gridlogic: cannot listen on '127.0.0.1' port {port}: ")
    assert error.count("\n") == 1


def test_serve_hands_a_bound_socket_and_the_app_to_uvicorn(capsys, monkeypatch):
    seen = {}

    def fake_run(server, sockets=None):
        seen["app"] = server.config.app
        seen["address"] = sockets[0].getsockname()

    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["serve", "--port", str(port)]) == 0
    assert seen["address"] == ("127.0.0.1", port)
    assert type(seen["app"]).__name__ == "Starlette"
    assert f"serving http://127.0.0.1:{port}/" in capsys.readouterr().err


def test_a_bad_trusted_proxy_is_one_line_and_exit_code_2(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--trust-proxy", "127.0.0.1,proxy.example"])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "a trusted proxy is an IP address or network" in error


@pytest.mark.parametrize("trusted, reads_the_header", [("", False), ("127.0.0.1,10.0.0.0/8", True)])
def test_proxy_headers_are_read_from_the_trusted_proxies_only(capsys, monkeypatch, trusted, reads_the_header):
    seen = {}
    monkeypatch.setattr(uvicorn.Server, "run", lambda server, sockets=None: seen.update(config=server.config))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["serve", "--port", str(port), "--trust-proxy", trusted]) == 0
    config = seen["config"]
    assert config.proxy_headers is reads_the_header  # uvicorn's default trusted 127.0.0.1 unasked
    assert config.forwarded_allow_ips == trusted
    assert config.limit_concurrency == 1000  # counted as connections open (gridlogic.web.connections)
