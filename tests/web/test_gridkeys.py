"""static/gridkeys.js, the keyboard movement Signal's and Pattern's boards share, run in the browser.

Every key and every cell of boards from 1×1 to 5×4 (square and not) is compared with an independent Python model
of the same rule: arrows step one cell and stop at the edge (-1), Home/End go to the row's
ends, any other key is not a move (null).
"""

from __future__ import annotations

KEYS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "Enter", "x"]


def expected_target(key: str, index: int, w: int, h: int) -> int | None:
    r, c = divmod(index, w)
    steps = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
    if key in steps:
        rr, cc = r + steps[key][0], c + steps[key][1]
        return rr * w + cc if 0 <= rr < h and 0 <= cc < w else -1
    if key == "Home":
        return r * w
    if key == "End":
        return r * w + w - 1
    return None


def test_the_module_is_served(client):
    module = client.get("/static/gridkeys.js")
    assert module.status_code == 200
    assert module.headers["content-type"].startswith("text/javascript")


def test_grid_move_target_matches_the_model(page, server_url):
    page.goto(f"{server_url}/")
    cases = [(key, i, w, h) for w in range(1, 6) for h in range(1, 5) for i in range(w * h) for key in KEYS]
    targets = page.evaluate(
        "cases => import('/static/gridkeys.js').then(m => "
        "cases.map(([key, i, w, h]) => m.gridMoveTarget(key, i, w, h)))",
        cases,
    )
    assert targets == [expected_target(*case) for case in cases]
    # The worked example of the module's header comment.
    assert [expected_target(k, 5, 4, 4) for k in ("ArrowUp", "ArrowLeft", "Home", "End")] == [1, 4, 4, 7]
    assert expected_target("ArrowLeft", 4, 4, 4) == -1
