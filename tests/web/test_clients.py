"""Who a client is: its address key, trusted proxies, the request's requester, and the rate limits per address."""

from __future__ import annotations

import doctest
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from gridlogic.web import clients
from gridlogic.web.admission import REQUESTER
from gridlogic.web.clients import ClientShares, Rate, RateLimit, TrustedProxies, address_key


def test_the_module_docstring_example():
    assert doctest.testmod(clients, raise_on_error=True).attempted == 5


@pytest.mark.parametrize("host, key", [
    ("192.0.2.7", "192.0.2.7"),
    ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),  # the same subscriber's /64
    ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
    ("::ffff:192.0.2.7", "192.0.2.7"),
    ("testclient", "testclient"),
    (None, "unknown"),
])
def test_an_address_belongs_to_one_share(host, key):
    assert address_key(host) == key


def test_trusted_proxies_are_addresses_and_networks():
    proxies = TrustedProxies("127.0.0.1, 10.0.0.0/8,::1")
    assert "127.0.0.1" in proxies and "10.200.3.4" in proxies and "::1" in proxies
    assert "127.0.0.2" not in proxies and "192.0.2.1" not in proxies and "testclient" not in proxies
    assert "203.0.113.9" in TrustedProxies("*") and not TrustedProxies("")
    with pytest.raises(ValueError, match="not 'proxy.example'"):
        TrustedProxies("proxy.example")


def test_each_request_runs_on_behalf_of_its_clients_address():
    async def who(request: Request) -> PlainTextResponse:
        return PlainTextResponse(str(REQUESTER.get()))

    app = Starlette(routes=[Route("/", who)], middleware=[Middleware(ClientShares)])
    assert TestClient(app, client=("2001:db8::5", 1)).get("/").text == "2001:db8::/64"
    assert TestClient(app, client=("192.0.2.1", 1)).get("/").text == "192.0.2.1"
    assert REQUESTER.get() is None


def test_a_bucket_refills_at_its_rate_and_each_address_has_its_own():
    now = [0.0]
    limit = RateLimit(Rate(burst=3, per_second=0.5, what="acts"), lambda: now[0])
    assert [limit.take("a") for _ in range(4)] == [None, None, None, 2]
    assert limit.take("b") is None
    now[0] = 2.0
    assert limit.take("a") is None and limit.take("a") == 2
    now[0] = 1000.0
    assert [limit.take("a") for _ in range(4)] == [None, None, None, 2]  # never more than the burst


def test_only_the_most_recent_addresses_are_remembered():
    limit = RateLimit(Rate(burst=1, per_second=0.001, what="acts"), lambda: 0.0, tracked=2)
    assert limit.take("a") is None and limit.take("a") is not None
    limit.take("b")
    limit.take("c")  # "a" is forgotten: it starts again with a full bucket
    assert limit.take("a") is None
    assert Rate(30, 0.1, "new players").text() == "30 new players at once, then one every 10 s"
