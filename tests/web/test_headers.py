"""Every answer carries the security headers; redirects name no host; unread bodies close the connection.

Also: an error answer quotes at most a short prefix of what it refuses, however large the value.
"""

from __future__ import annotations

import json
import warnings

import pytest
from starlette.routing import Route

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from gridlogic.web.app import create_app
from gridlogic.web.headers import SECURITY_HEADERS, relative_location
from gridlogic.web.inputs import MAX_BODY_BYTES, MAX_QUERY_BYTES

REQUESTS = [
    ("GET", "/", None, 200),
    ("GET", "/api/games", None, 200),
    ("GET", "/static/main.js", None, 200),
    ("GET", "/static/style.css", None, 200),
    ("GET", "/api/signal/puzzle?seed=headers", None, 200),
    ("GET", "/api/signal/puzzle?size=7", None, 400),
    ("GET", "/api/chess/puzzle", None, 404),
    ("GET", "/nothing/here", None, 404),
    ("GET", "/static/missing.js", None, 404),
    ("POST", "/api/games", b"{}", 405),
    ("POST", "/api/signal/check?seed=headers", b"{", 400),
]


@pytest.mark.parametrize("method, path, body, status", REQUESTS, ids=[f"{m} {p}" for m, p, _, _ in REQUESTS])
def test_every_answer_has_the_security_headers_once(client, method, path, body, status):
    answer = client.request(method, path, content=body)
    assert answer.status_code == status
    for name, value in SECURITY_HEADERS.items():
        assert answer.headers.get_list(name) == [value], name


def test_the_policy_allows_this_server_only_and_no_framing():
    policy = SECURITY_HEADERS["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe" not in policy and "http" not in policy
    assert SECURITY_HEADERS["x-frame-options"] == "DENY"


def test_an_unexpected_error_answer_has_them_too():
    app = create_app(workers=0)

    async def broken(request):
        raise ZeroDivisionError("a bug outside the guarded API")

    app.router.routes.append(Route("/broken", broken))
    with TestClient(app, raise_server_exceptions=False) as client:
        answer = client.get("/broken")
    assert answer.status_code == 503
    for name, value in SECURITY_HEADERS.items():
        assert answer.headers.get_list(name) == [value]


def test_a_redirect_never_names_the_host_the_request_gave(client):
    answer = client.get("/static", headers={"Host": "evil.example"}, follow_redirects=False)
    assert answer.status_code in (301, 302, 307, 308)
    assert answer.headers["location"] == "/static/"
    assert "evil" not in answer.text


@pytest.mark.parametrize(
    "location, relative",
    [
        ("http://evil.example/static/", "/static/"),
        ("https://evil.example:8443/a/b?c=1&d=2", "/a/b?c=1&d=2"),
        ("/already/relative?x", "/already/relative?x"),
        ("http://evil.example", "/"),
        ("http://host//evil.example/x", "/evil.example/x"),  # "//evil.example/x" would name a host
    ],
)
def test_relative_location(location, relative):
    assert relative_location(location) == relative


def test_a_body_the_app_does_not_read_closes_the_connection(client):
    answer = client.post("/api/games", content=b"x" * 1000)
    assert answer.status_code == 405 and answer.headers["connection"] == "close"
    declared = client.post("/api/signal/check?seed=x", content=b"{}",
                           headers={"Content-Length": str(2**30)})  # a declared 1 GiB, refused unread
    assert declared.status_code == 413 and declared.headers["connection"] == "close"
    read = client.post("/api/signal/check?seed=x", json={"board": []})
    assert read.status_code == 400 and "connection" not in read.headers
    assert "connection" not in client.get("/api/games").headers


LONG = "9" * (MAX_QUERY_BYTES - 100)
LONG_REQUESTS = [
    ("GET", f"/api/signal/puzzle?seed={LONG}", None),
    ("GET", f"/api/signal/puzzle?size={LONG}", None),
    ("GET", f"/api/signal/puzzle?difficulty={LONG}", None),
    ("GET", f"/api/signal/puzzle?id=signal.3.4x4.any.{LONG[:900]}", None),
    ("GET", f"/api/signal/puzzle?{LONG}=1", None),
    ("GET", f"/api/{LONG}/puzzle", None),
    ("GET", f"/static/{LONG}", None),
    ("POST", "/api/signal/check?seed=x", {"board": [[0] * 100] * 200}),
    ("POST", "/api/signal/check?seed=x", {"board": {"tiles": "x" * (MAX_BODY_BYTES - 100)}}),
    ("POST", "/api/signal/check?seed=x", {"board": [], "x" * (MAX_BODY_BYTES - 100): 1}),
    ("POST", "/api/signal/check", {"board": [], "seed": "x" * (MAX_BODY_BYTES - 100)}),
    ("POST", "/api/loop/check?seed=x", {"board": {"horizontal": [7] * 10000, "vertical": []}}),
    ("POST", "/api/pattern/check?seed=x", {"board": {"cells": ["x"] * 10000}}),
]


@pytest.mark.parametrize("method, path, body", LONG_REQUESTS, ids=range(len(LONG_REQUESTS)))
def test_an_error_quotes_at_most_a_short_prefix(client, method, path, body):
    content = None if body is None else json.dumps(body).encode()
    assert content is None or len(content) <= MAX_BODY_BYTES
    answer = client.request(method, path, content=content)
    assert answer.status_code in (400, 404, 413)
    assert len(answer.json()["error"]) <= 300, answer.json()["error"][:200]
