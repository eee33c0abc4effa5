"""static/gridkeys.js, the keyboard movement Signal's and Pattern's boards share, run in the browser.

Every key and every cell of 1×1 to 5×5 boards is compared with an independent Python model
of the same rule: arrows step one cell and stop at the edge (-1), Home/End go to the row's
ends, any other key is not a move (null).
"""

from __future__ import annotations

KEYS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "Enter", "x"]


def expected_target(key: str, index: int, n: int) -> int | None:
    r, c = divmod(index, n)
    steps = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
    if key in steps:
        rr, cc = r + steps[key][0], c + steps[key][1]
        return rr * n + cc if 0 <= rr < n and 0 <= cc < n else -1
    if key == "Home":
        return r * n
    if key == "End":
        return r * n + n - 1
    return None


def test_the_module_is_served(client):
    module = client.get("/static/gridkeys.js")
    assert module.status_code == 200
    assert module.headers["content-type"].startswith("text/javascript")


def test_grid_move_target_matches_the_model(page, server_url):
    page.goto(f"{server_url}/")
    cases = [(key, i, n) for n in range(1, 6) for i in range(n * n) for key in KEYS]
    targets = page.evaluate(
        "cases => import('/static/gridkeys.js').then(m => "
        "cases.map(([key, i, n]) => m.gridMoveTarget(key, i, n)))",
        cases,
    )
    assert targets == [expected_target(*case) for case in cases]
    # The worked example of the module's header comment.
    assert [expected_target(k, 5, 4) for k in ("ArrowUp", "ArrowLeft", "Home", "End")] == [1, 4, 4, 7]
    assert expected_target("ArrowLeft", 4, 4) == -1
