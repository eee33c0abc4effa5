"""Who a client is, for its fair share: its address, and the per-address rate limits.

**The address** is the one the server sees on the connection, or, when the connection comes from a
trusted reverse proxy (``gridlogic serve --trust-proxy``), the address that proxy saw: uvicorn
takes it from ``X-Forwarded-For``, walking from the right past the trusted proxies' own entries
(entries further left are the client's own word, and are ignored). It is then grouped
(:func:`address_key`): an IPv6 address by its /64 network (one subscriber is given a whole /64, and
could take a new address for every request), an IPv4-mapped IPv6 address as its IPv4 address.

**What a share is.** :class:`ClientShares`, an ASGI middleware, puts each request's address key in
:data:`~.admission.REQUESTER`, so that the admission of expensive work counts it against that
address's share (:mod:`.admission`). The connections an address may hold are counted by the
server's protocol (:mod:`.connections`). And :class:`RateLimit` (a token bucket per address, no HTTP)
bounds how often an address may do something: a bucket holds ``burst`` tokens and gains
``per_second`` a second; each act takes one, and with none left the act is refused for the seconds
until the next token. The records use two (:mod:`.records`): new players per address, and hand-outs
and writes per address.

Every limit here is per server process: with ``gridlogic serve --workers N`` an address may have N
times as much, spread as the kernel spreads its connections. The buckets of at most
:data:`TRACKED_ADDRESSES` addresses are kept, the least recently used forgotten first (a forgotten
address starts again with a full bucket).

Worked example (``tests/web/test_clients.py`` checks it)::

    >>> address_key("2001:db8:1:2:aaaa::1"), address_key("::ffff:192.0.2.7"), address_key("192.0.2.7")
    ('2001:db8:1:2::/64', '192.0.2.7', '192.0.2.7')
    >>> clock = iter([0.0, 0.0, 0.0, 5.0]).__next__
    >>> new_players = RateLimit(Rate(burst=2, per_second=0.1, what="new players"), clock)
    >>> new_players.take("192.0.2.7"), new_players.take("192.0.2.7"), new_players.take("192.0.2.7")
    (None, None, 10)
    >>> new_players.take("192.0.2.7")   # 5 s later: half a token
    5
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from starlette.types import ASGIApp, Receive, Scope, Send

from gridlogic.web.admission import REQUESTER

TRACKED_ADDRESSES = 100_000
UNKNOWN = "unknown"  # a request whose transport names no peer (a Unix socket)


def address_key(host: str | None) -> str:
    """The share ``host`` belongs to (see the module docstring); a host that is not an IP address as it is."""
    if not host:
        return UNKNOWN
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def client_key(scope: Scope) -> str:
    """The address key of the client of an ASGI request (after uvicorn's trusted-proxy rewrite)."""
    client = scope.get("client")
    return address_key(client[0] if client else None)


class TrustedProxies:
    """The addresses and networks (``127.0.0.1``, ``10.0.0.0/8``; ``*``: any) whose connections are a
    reverse proxy's. ValueError names an item that is neither."""

    def __init__(self, text: str | list[str] | None) -> None:
        items = [item.strip() for item in (text.split(",") if isinstance(text, str) else list(text or []))]
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        for item in filter(None, items):
            if item == "*":
                self.networks += [ipaddress.ip_network("0.0.0.0/0"), ipaddress.ip_network("::/0")]
                continue
            try:
                self.networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                raise ValueError(f"a trusted proxy is an IP address or network like 10.0.0.0/8, not {item!r}") from None

    def __contains__(self, host: object) -> bool:
        try:
            address = ipaddress.ip_address(str(host))
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def __bool__(self) -> bool:
        return bool(self.networks)


class ClientShares:
    """ASGI middleware: each HTTP request runs with :data:`~.admission.REQUESTER` set to its client's key."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        token = REQUESTER.set(client_key(scope))
        try:
            await self.app(scope, receive, send)
        finally:
            REQUESTER.reset(token)


@dataclass(frozen=True)
class Rate:
    """A rate limit: ``burst`` acts at once, then ``per_second`` a second; ``what`` names the acts."""

    burst: int
    per_second: float
    what: str

    def text(self) -> str:
        """``30 new players at once, then one every 10 s``."""
        return f"{self.burst} {self.what} at once, then one every {1 / self.per_second:g} s"


class RateLimit:
    """A token bucket per key (see the module docstring); ``clock`` gives seconds (monotonic by default)."""

    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic,
                 tracked: int = TRACKED_ADDRESSES) -> None:
        self.rate = rate
        self.clock = clock
        self.tracked = tracked
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (tokens, when)

    def take(self, key: str) -> int | None:
        """Take a token for ``key``: None when there was one, else the whole seconds until there is."""
        now = self.clock()
        tokens, then = self._buckets.get(key, (float(self.rate.burst), now))
        tokens = min(float(self.rate.burst), tokens + max(0.0, now - then) * self.rate.per_second)
        taken = tokens >= 1.0
        self._buckets[key] = (tokens - 1.0 if taken else tokens, now)
        self._buckets.move_to_end(key)
        while len(self._buckets) > self.tracked:
            self._buckets.popitem(last=False)
        return None if taken else max(1, math.ceil((1.0 - tokens) / self.rate.per_second))
