"""The check endpoint's body is read by params.parse_json: every JSON refusal is a 400 that says why."""

from __future__ import annotations

import sys

import pytest
from web_helpers import game_or_skip

LIMIT = sys.get_int_max_str_digits()


@pytest.mark.parametrize("raw, reason", [
    (b'{"size": 4, "seed": "b", "board": [' + b"7" * (LIMIT + 1) + b"]}",
     f"it holds an integer of more than {LIMIT} digits"),
    (b"[" * 30_000, "it is nested too deeply"),
    (b'{"size": 4, "seed": "b", "board": [Infinity]}', "Infinity is not JSON"),
    (b'{"size": 4,\n "seed": "b" "board": [1]}', "Expecting ',' delimiter"),
], ids=["long-int", "deep", "infinity", "syntax"])
def test_json_the_body_cannot_be_read_as_is_a_400_naming_the_reason(client, raw, reason):
    game_or_skip("signal")
    answer = client.post("/api/signal/check", content=raw, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == f"the body is not valid JSON ({reason})"
