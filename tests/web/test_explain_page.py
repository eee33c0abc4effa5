"""The walk-through page (/explain?id=ID) in Debian's chromium, against a real uvicorn server.

A Pattern's solve is walked with the buttons, the keys and the list of steps: step 0 is the empty
board, each step marks what it decides, the last step shows the solution (as many filled cells as
the server's answer has); a Loop and a Signal puzzle open and step too. A page without an ID, or
with one the server refuses, says so; axe-core finds no violation on a phone and a desktop, in both
languages. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from page_helpers import DESKTOP, PHONE, TIMEOUT, axe_violations
from playwright.sync_api import Page, expect

PATTERN_ID = "pattern.2.10x10.medium.walk"


def open_walk(page: Page, server_url: str, puzzle_id: str) -> int:
    """Opens the walk-through of ``puzzle_id``; the number of its steps."""
    page.goto(f"{server_url}/explain?id={puzzle_id}")
    expect(page.locator("body[data-ready=yes]")).to_have_count(1, timeout=TIMEOUT)
    steps = page.locator("#steps li").count()
    assert steps > 0
    expect(page.locator("#position")).to_have_text(f"Step 0 of {steps}")
    return steps


def test_a_pattern_is_walked_to_its_solution(tab: Page, server_url: str, artifacts: Path):
    page = tab
    steps = open_walk(page, server_url, PATTERN_ID)
    expect(page.locator("#summary")).to_contain_text("Pattern 10 × 10, level medium")
    expect(page.locator(".pattern-grid .cell.filled")).to_have_count(0)
    expect(page.locator("#first")).to_be_disabled()
    page.click("#next")
    expect(page.locator("#position")).to_have_text(f"Step 1 of {steps}")
    expect(page.locator("#step-text")).to_contain_text("1. line: ")
    expect(page.locator("#board .hint-decides").first).to_be_attached()
    expect(page.locator('#steps [aria-current="step"]')).to_have_count(1)
    page.screenshot(path=artifacts / "explain-pattern-step-1.png")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#position")).to_have_text(f"Step 2 of {steps}")
    page.keyboard.press("End")
    expect(page.locator("#position")).to_have_text(f"Step {steps} of {steps}")
    expect(page.locator("#next")).to_be_disabled()
    answer = httpx.get(f"{server_url}/api/pattern/solution", params={"id": PATTERN_ID}).json()
    expect(page.locator(".pattern-grid .cell.filled")).to_have_count(sum(answer["cells"]))
    page.screenshot(path=artifacts / "explain-pattern-last.png")
    page.locator("#steps .step").nth(2).click()
    expect(page.locator("#position")).to_have_text(f"Step 3 of {steps}")
    expect(page.locator("#steps li").nth(2).locator("button")).to_have_attribute("aria-current", "step")
    page.click("#back")
    expect(page.locator("#position")).to_have_text(f"Step 2 of {steps}")
    page.click("#first")
    expect(page.locator(".pattern-grid .cell.filled")).to_have_count(0)
    expect(page.locator("#board .hint-decides")).to_have_count(0)
    expect(page.locator("#play-link")).to_have_attribute("href", f"/?id={PATTERN_ID}")


@pytest.mark.parametrize("puzzle_id", ["loop.3.7x7.easy.walk", "signal.4.5x5.easy.walk"])
def test_loop_and_signal_walks_step(tab: Page, server_url: str, puzzle_id: str, artifacts: Path):
    page = tab
    steps = open_walk(page, server_url, puzzle_id)
    before = page.locator("#board").inner_html()
    page.click("#last")
    expect(page.locator("#position")).to_have_text(f"Step {steps} of {steps}")
    assert page.locator("#board").inner_html() != before
    expect(page.locator("#board .hint-decides").first).to_be_attached()
    page.screenshot(path=artifacts / f"explain-{puzzle_id.split('.')[0]}-last.png")


@pytest.mark.parametrize(("query", "said"), [
    ("", "named by its ID"),
    ("?id=pattern.9.5x5.any.a", "The server refused: "),
    ("?id=bogus", "The server refused: unknown game 'bogus'"),
    ("?id=pattern.bogus", "The server refused: 'pattern.bogus' is not a puzzle ID"),
])
@pytest.mark.parametrize("tab", [PHONE, DESKTOP], indirect=True, ids=["phone", "desktop"])
def test_a_walk_that_cannot_be_shown_says_why(tab: Page, server_url: str, query: str, said: str):
    """The error is named (as the game page names it) with no board and no step buttons to press
    (issue 41 item 5: /explain?id=bogus showed an empty board and enabled First/Back/Next/Last)."""
    tab.goto(f"{server_url}/explain{query}")
    expect(tab.locator("body[data-ready=failed]")).to_have_count(1, timeout=TIMEOUT)
    expect(tab.locator("#status")).to_contain_text(said)
    expect(tab.locator("#status")).to_have_attribute("data-kind", "error")
    for hidden in ("#board", "#first", "#back", "#next", "#last", "#step-text"):
        expect(tab.locator(hidden)).to_be_hidden()
    assert axe_violations(tab) == []


@pytest.mark.parametrize("tab", [PHONE, DESKTOP], indirect=True, ids=["phone", "desktop"])
def test_the_walk_through_has_no_axe_violation(tab: Page, server_url: str, artifacts: Path):
    page = tab
    size = "phone" if page.viewport_size["width"] < 900 else "desktop"
    open_walk(page, server_url, PATTERN_ID)
    page.click("#next")
    assert axe_violations(page) == []
    page.screenshot(path=artifacts / f"explain-axe-{size}.png", full_page=True)
    page.select_option("#lang", "ja")
    expect(page.locator("h1")).to_have_text("手順の解説")
    expect(page.locator("#position")).to_contain_text("1手目")
    assert axe_violations(page) == [], "in Japanese"
    page.screenshot(path=artifacts / f"explain-axe-{size}-ja.png", full_page=True)


def test_zoomed_in_the_board_scrolls_to_the_steps_decision(tab: Page, server_url: str):
    page = tab
    steps = open_walk(page, server_url, PATTERN_ID)
    expect(page.locator("#zoom-out")).to_be_disabled()
    page.click("#zoom-in")
    expect(page.locator("#board.zoomed")).to_have_count(1)
    board = page.locator("#board")
    assert board.evaluate("b => b.scrollWidth > b.clientWidth && b.scrollHeight > b.clientHeight")
    for step in (steps, 1, steps // 2):
        page.locator("#steps .step").nth(step - 1).click()
        expect(page.locator("#position")).to_have_text(f"Step {step} of {steps}")
        inside = page.evaluate("""() => {
            const box = document.getElementById("board").getBoundingClientRect();
            const item = document.querySelector("#board .hint-decides").getBoundingClientRect();
            return item.left >= box.left - 1 && item.right <= box.right + 1
                && item.top >= box.top - 1 && item.bottom <= box.bottom + 1;
        }""")
        assert inside, step
    page.click("#zoom-fit")
    expect(page.locator("#board.zoomed")).to_have_count(0)
    assert board.evaluate("b => b.scrollWidth <= b.clientWidth + 1")
