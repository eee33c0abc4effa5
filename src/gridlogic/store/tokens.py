"""Tokens only this server can make: the player cookie's ID and a play's receipts.

A token is ``BODY.MAC``: the body is its content as JSON, base64url without padding; the MAC is
HMAC-SHA256, keyed with the server's secret (:func:`gridlogic.store.location.cookie_secret`),
over the token's *purpose* and the body, so that a token sealed for one purpose (a player ID)
is never taken for another (a play's hand-out receipt)::

    >>> signer = Signer(lambda: b"an example secret, at least 16 bytes")
    >>> token = signer.seal("player", "0123")
    >>> signer.unseal("player", token), signer.unseal("play", token)
    ('0123', None)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Callable
from typing import Any

MAX_TOKEN_LENGTH = 4096


class Signer:
    """Seals content into tokens and reads back only the tokens it sealed; ``secret()`` gives the key."""

    def __init__(self, secret: Callable[[], bytes]) -> None:
        self._secret = secret

    def _mac(self, purpose: str, body: str) -> str:
        digest = hmac.new(self._secret(), f"{purpose}.{body}".encode("ascii"), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")

    def seal(self, purpose: str, content: object) -> str:
        text = json.dumps(content, separators=(",", ":"), ensure_ascii=True)
        body = base64.urlsafe_b64encode(text.encode("ascii")).rstrip(b"=").decode("ascii")
        return f"{body}.{self._mac(purpose, body)}"

    def unseal(self, purpose: str, token: object) -> Any:
        """The content of a token this server sealed for ``purpose``; None for anything else."""
        if (not isinstance(token, str) or token.count(".") != 1 or len(token) > MAX_TOKEN_LENGTH
                or not token.isascii()):
            return None
        body, mac = token.split(".")
        if not hmac.compare_digest(mac, self._mac(purpose, body)):
            return None
        return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
