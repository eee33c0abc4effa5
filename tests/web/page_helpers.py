"""Helpers of the browser tests: opening a puzzle, reading the API, made-up large boards, axe-core.

Large boards: the page draws whatever width × height the API sends, so the fitting tests hand it
made-up answers of the sizes the newer generator versions make (Playwright answers the page's
request in place of the server). Their givens follow each game's shape (Pattern's clues are
those of a random picture), which is all the page needs to draw and fit them.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from playwright.sync_api import Page, expect

TIMEOUT = 15_000
PHONE = {"width": 360, "height": 740}  # the viewports the layout tests use
DESKTOP = {"width": 1280, "height": 800}
ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def api(page: Page, url: str) -> dict:
    answer = page.request.get(url)
    assert answer.ok, answer.text()
    return answer.json()


def open_puzzle(page: Page, server_url: str, game: str, size: int, seed: str, difficulty: str = "any",
                extra: str = "") -> None:
    page.goto(f"{server_url}/?game={game}&size={size}&difficulty={difficulty}&seed={seed}{extra}")
    expect(page.locator("#status")).to_contain_text(f"“{seed}”", timeout=TIMEOUT)
    expect(page.locator(f'#board[data-game="{game}"]')).to_be_visible()


def rotations_clockwise(given: int, answer: int) -> int:
    mask = given
    for turns in range(4):
        if mask == answer:
            return turns
        mask = ((mask << 1) & 15) | (mask >> 3)
    raise AssertionError(f"{answer} is not a rotation of {given}")


def edge_centre(page: Page, key: str) -> tuple[float, float]:
    box = page.locator(f'.edge[data-edge="{key}"] .hit').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def pattern_cell(page: Page, i: int):
    return page.locator(f'.pattern-grid .cell[data-index="{i}"]')


def runs(line: list[int]) -> list[int]:
    found = [len(m) for m in re.findall(r"1+", "".join(map(str, line)))]
    return found or [0]


def made_up_puzzle(game: str, width: int, height: int, seed: int = 1, **options: object) -> dict:
    """An API answer for a game's board of width × height (not a puzzle with one solution)."""
    rng = random.Random(seed)
    header = {"game": game, "id": f"{game}.9.{width}x{height}.any.made-up-{seed}", "size": width if width == height
              else [width, height], "width": width, "height": height, "difficulty": "any",
              "seed": f"made-up-{seed}", "version": 9, "level": None, **options}
    if game == "pattern":
        cells = [[int(rng.random() < 0.55) for _ in range(width)] for _ in range(height)]
        return {**header, "givens": {"rowClues": [runs(row) for row in cells],
                                     "colClues": [runs([cells[r][c] for r in range(height)]) for c in range(width)]}}
    if game == "loop":
        return {**header, "givens": {"clues": [rng.choice([None, None, 0, 1, 2, 3]) for _ in range(width * height)]}}
    return {**header, "givens": {"tiles": [rng.choice([1, 3, 5, 7, 11]) for _ in range(width * height)]}}


def serve_made_up(page: Page, puzzle: dict) -> None:
    """Answers the page's next requests for a puzzle of puzzle's game with puzzle."""
    body = json.dumps(puzzle)
    page.route(f"**/api/{puzzle['game']}/puzzle?*",
               lambda route: route.fulfill(status=200, content_type="application/json", body=body))


def open_made_up(page: Page, server_url: str, puzzle: dict) -> None:
    serve_made_up(page, puzzle)
    page.goto(f"{server_url}/?game={puzzle['game']}&size=5&seed=x")
    expect(page.locator("#status")).to_contain_text(f"“{puzzle['seed']}”", timeout=TIMEOUT)


def layout_shift(page: Page) -> float:
    """The page's cumulative layout shift so far (shifts right after an input excluded, as browsers do)."""
    return page.evaluate("""() => new Promise((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 200);
    })""")


def axe_violations(page: Page, context: str = "document") -> list[dict]:
    """axe-core's violations on the page as it is now (axe injected from node_modules)."""
    if not AXE.exists():
        raise AssertionError(f"{AXE} is missing: run `npm ci` (`make test` does), which installs it")
    if not page.evaluate("typeof window.axe === 'object'"):
        # Evaluated through the DevTools protocol: the page's Content-Security-Policy stays as it is.
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;true")
    result = page.evaluate(
        f"""() => axe.run({context}, {{ resultTypes: ["violations"], rules: {{
            "label-content-name-mismatch": {{ enabled: true }} }} }})""")
    return [{"id": v["id"], "help": v["help"], "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"]]
