"""The daily page in Debian's chromium: play today's daily to the end, reload, see it recorded and the streak.

The server is the suite's real uvicorn server (``server_url``), its records in the temporary
data directory of ``tests/conftest.py``; each Playwright context is a new player (a new cookie).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from test_browser import api, expect_result_card, rotations_clockwise

TIMEOUT = 20_000


def play_signal_by_clicks(page: Page, server_url: str, puzzle_id: str) -> None:
    puzzle = api(page, f"{server_url}/api/signal/puzzle?id={puzzle_id}")
    solution = api(page, f"{server_url}/api/signal/solution?id={puzzle_id}")
    for i, (given, answer) in enumerate(zip(puzzle["tiles"], solution["tiles"])):
        turns = rotations_clockwise(given, answer)
        tile = page.locator(f'.tile[data-index="{i}"]')
        if turns == 3:
            tile.click(button="right")
        else:
            for _ in range(turns):
                tile.click()


def test_the_daily_played_reloaded_shows_the_record_and_the_streak(page, server_url, artifacts):
    page.goto(f"{server_url}/daily")
    card = page.locator('.daily[data-game="signal"][data-preset="medium"]')
    expect(card.locator(".outcome")).to_have_text("Not played yet", timeout=TIMEOUT)
    expect(page.locator("#streak")).to_have_text("Daily streak: 0 (best 0)")
    today = page.evaluate("() => new Date().toISOString().slice(0, 10)")
    puzzle_id = f"signal.3.5x5.medium.daily-{today}"
    assert page.locator('.daily[data-game="loop"]').count() == 2
    page.screenshot(path=artifacts / "daily-before.png", full_page=True)

    card.locator("a.play-link").click()
    expect(page.locator("#status")).to_contain_text(f"daily-{today}", timeout=TIMEOUT)
    with page.expect_response(lambda r: r.url.endswith("/api/records") and r.request.method == "POST",
                              timeout=TIMEOUT) as written:
        play_signal_by_clicks(page, server_url, puzzle_id)
    assert written.value.status == 201, written.value.text()
    expect_result_card(page)

    page.goto(f"{server_url}/daily")
    page.reload()
    expect(card.locator(".outcome")).to_have_text(re.compile(r"^Solved in \d+:\d\d · score \d+ \([SABCD]\)$"),
                                                 timeout=TIMEOUT)
    expect(page.locator("#streak")).to_have_text("Daily streak: 1 (best 1)")
    expect(card.locator("a.play-link")).to_have_text("Play again")
    card.locator("summary").click()
    expect(card.locator(".leaderboard li").first).to_have_text(re.compile(r"^anonymous — \d+:\d\d$"))
    page.screenshot(path=artifacts / "daily-after.png", full_page=True)

    page.goto(f"{server_url}/stats")
    row = page.locator('#groups tr[data-game="signal"]')
    expect(row).to_contain_text("5 × 5", timeout=TIMEOUT)
    expect(row.locator("td").nth(3)).to_have_text("1")
    expect(page.locator("#streak")).to_have_text("Daily streak: 1 (best 1)")


@pytest.fixture()
def page_seeing_a_503(browser):
    """A fresh page whose only allowed console error is chromium's note of the one 503 answer."""
    context = browser.new_context(viewport={"width": 1000, "height": 1000}, locale="en-US")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    yield tab
    context.close()
    assert errors in ([], ["Failed to load resource: the server responded with a status of 503 (Service Unavailable)"])


def test_a_record_the_server_cannot_take_waits_and_goes_later(page_seeing_a_503, server_url):
    # The write is answered 503 once (as a database that is down answers); the page keeps it and
    # sends it again by itself, and the daily page shows it recorded.
    page = page_seeing_a_503
    refused = []

    def once_unavailable(route):
        if not refused:
            refused.append(route.request.post_data)
            route.fulfill(status=503, content_type="application/json",
                          body='{"error": "the records database does not answer"}')
        else:
            route.continue_()

    page.route("**/api/records", once_unavailable)
    page.goto(f"{server_url}/daily")
    card = page.locator('.daily[data-game="signal"][data-preset="medium"]')
    expect(card.locator(".outcome")).to_have_text("Not played yet", timeout=TIMEOUT)
    today = page.evaluate("() => new Date().toISOString().slice(0, 10)")
    card.locator("a.play-link").click()
    expect(page.locator("#status")).to_contain_text(f"daily-{today}", timeout=TIMEOUT)
    play_signal_by_clicks(page, server_url, f"signal.3.5x5.medium.daily-{today}")
    expect_result_card(page)
    # The record is sent after the card shows: wait for the page to keep the refused one.
    page.wait_for_function("() => (JSON.parse(localStorage.getItem('gridlogic.records.pending')) || []).length === 1",
                           timeout=TIMEOUT)
    assert len(refused) == 1
    # Loading a page of the site sends what waits.
    with page.expect_response(lambda r: r.url.endswith("/api/records") and r.request.method == "POST",
                              timeout=TIMEOUT) as written:
        page.goto(f"{server_url}/daily")
    assert written.value.status == 201, written.value.text()
    expect(card.locator(".outcome")).to_have_text(re.compile(r"^Solved in "), timeout=TIMEOUT)
    assert page.evaluate("JSON.parse(localStorage.getItem('gridlogic.records.pending')).length") == 0
