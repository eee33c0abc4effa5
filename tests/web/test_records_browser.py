"""The daily page in Debian's chromium: play today's daily to the end, reload, see it recorded and the streak.

The server is the suite's real uvicorn server (``server_url``), its records in the temporary
data directory of ``tests/conftest.py``; each Playwright context is a new player (a new cookie).
"""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlparse

import pytest
from page_helpers import open_puzzle
from playwright.sync_api import Page, expect
from test_browser import expect_result_card, rotations_clockwise

from gridlogic import GAMES, puzzle_from_id
from gridlogic.store.plays import time_floor

TIMEOUT = 20_000


def play_signal_by_clicks(page: Page, server_url: str, puzzle_id: str) -> None:
    """Solve the puzzle by clicks, its answer worked out here (as a player works it out: asked of
    the server with the player's cookie, it would take the play off the leaderboard). Playwright
    clicks faster than any person, so the last click waits until the play is as long as the least
    a person needs (:func:`gridlogic.store.plays.time_floor`), by the page's own clock since its
    receipt came."""
    puzzle = puzzle_from_id(puzzle_id)
    clicks = []
    for i, (given, answer) in enumerate(zip(puzzle.givens()["tiles"], puzzle.solution()["tiles"])):
        turns = rotations_clockwise(given, answer)
        tile = page.locator(f'.tile[data-index="{i}"]')
        clicks += [(tile, "right")] if turns == 3 else [(tile, "left")] * turns
    for tile, button in clicks[:-1]:
        tile.click(button=button)
    page.wait_for_function(
        """([id, least]) => (JSON.parse(localStorage.getItem('gridlogic.records.receipts')) || [])
             .some((r) => r.id === id && Date.now() - r.since >= least)""",
        arg=[puzzle_id, (time_floor(GAMES["signal"], puzzle) + 0.5) * 1000], timeout=TIMEOUT)
    tile, button = clicks[-1]
    tile.click(button=button)


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
    assert written.value.json()["record"]["unranked"] is None, written.value.text()
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


def test_the_page_shows_the_plays_receipt_with_its_hint_and_its_reveal(page, server_url):
    open_puzzle(page, server_url, "signal", 5, "trust-receipts")
    page.wait_for_function("(JSON.parse(localStorage.getItem('gridlogic.records.receipts')) || []).length === 1",
                           timeout=TIMEOUT)
    receipt = page.evaluate("JSON.parse(localStorage.getItem('gridlogic.records.receipts'))[0].play")
    with page.expect_request(lambda r: r.url.endswith("/api/signal/hint"), timeout=TIMEOUT) as hinted:
        page.locator("#hint").click()
    assert json.loads(hinted.value.post_data or "{}")["play"] == receipt
    expect(page.locator("#hint-panel")).to_be_visible(timeout=TIMEOUT)
    with page.expect_request(lambda r: "/api/signal/solution?" in r.url, timeout=TIMEOUT) as shown, \
            page.expect_response(lambda r: r.url.endswith("/api/records") and r.request.method == "POST",
                                 timeout=TIMEOUT) as written:
        page.locator("#reveal").click()
        page.click("#ask-yes")  # Reveal asks first, in the page's language
    query = parse_qs(urlparse(shown.value.url).query)
    assert (query["play"], query["use"]) == ([receipt], ["reveal"])
    assert written.value.status == 201, written.value.text()
    record = written.value.json()["record"]
    assert (record["outcome"], record["hints"]) == ("revealed", 1)  # the hint as the server counted it


def test_a_daily_checked_against_the_answer_is_recorded_and_shown_unranked(page, server_url):
    # Check compares the board with the answer the server hands the page: the play keeps its
    # outcome and its streak, and the daily card says why it is not on the leaderboard.
    page.goto(f"{server_url}/daily")
    card = page.locator('.daily[data-game="signal"][data-preset="medium"]')
    expect(card.locator(".outcome")).to_have_text("Not played yet", timeout=TIMEOUT)
    today = page.evaluate("() => new Date().toISOString().slice(0, 10)")
    card.locator("a.play-link").click()
    expect(page.locator("#status")).to_contain_text(f"daily-{today}", timeout=TIMEOUT)
    # Check asks for the answer with the play's receipt: wait for the receipt, which a loaded server
    # may take a while to hand out, so that the click is not what waits for it
    page.wait_for_function("""(id) => (JSON.parse(localStorage.getItem('gridlogic.records.receipts')) || [])
        .some((r) => r.id === id)""", arg=f"signal.3.5x5.medium.daily-{today}", timeout=TIMEOUT)
    with page.expect_request(lambda r: "/api/signal/solution?" in r.url, timeout=TIMEOUT) as asked:
        page.locator("#check").click()
    assert parse_qs(urlparse(asked.value.url).query)["use"] == ["check"]
    expect(page.locator("#status")).to_contain_text("No mistakes", timeout=TIMEOUT)
    with page.expect_response(lambda r: r.url.endswith("/api/records") and r.request.method == "POST",
                              timeout=TIMEOUT) as written:
        play_signal_by_clicks(page, server_url, f"signal.3.5x5.medium.daily-{today}")
    record = written.value.json()["record"]
    assert record["outcome"] == "solved" and "the answer (or the solve) of this puzzle" in record["unranked"]
    page.goto(f"{server_url}/daily")
    expect(card.locator(".outcome")).to_have_text(re.compile(r"^Solved in "), timeout=TIMEOUT)
    expect(card.locator(".unranked")).to_have_text(re.compile(r"^Not on the leaderboard"))
    expect(page.locator("#streak")).to_have_text("Daily streak: 1 (best 1)")


def test_a_group_is_made_its_link_joins_a_friend_and_its_board_shows_beside_the_public_one(browser, server_url):
    contexts = [browser.new_context(viewport={"width": 1000, "height": 1000}, locale="en-US") for _ in range(2)]
    try:
        maker, friend = (context.new_page() for context in contexts)
        maker.goto(f"{server_url}/daily")
        card = maker.locator('.daily[data-game="signal"][data-preset="medium"]')
        expect(card.locator(".floor")).to_have_text(re.compile(r"^Plays under \d+:\d\d are not ranked$"),
                                                    timeout=TIMEOUT)
        maker.fill("#group-name", "Lunch table")
        maker.click("#new-group button[type=submit]")
        group = maker.locator("#group-list li")
        expect(group.locator(".group-name")).to_have_text("Lunch table (1 member)", timeout=TIMEOUT)
        link = group.locator("input.invite").input_value()
        assert parse_qs(urlparse(link).query)["join"][0]

        friend.goto(link)
        expect(friend.locator("#join-offer")).to_be_visible(timeout=TIMEOUT)
        friend.click("#join")
        expect(friend.locator("#group-list .group-name")).to_have_text("Lunch table (2 members)", timeout=TIMEOUT)
        assert "join=" not in friend.url
        friend_card = friend.locator('.daily[data-game="signal"][data-preset="medium"]')
        friend_card.locator("summary").click()
        expect(friend_card.locator("h4")).to_have_text("Group: Lunch table", timeout=TIMEOUT)
        expect(friend_card.locator("ol.group-board li")).to_have_text("Nobody has solved it on its day yet.")

        friend.locator("#group-list button.leave").click()
        expect(friend.locator("#group-list li")).to_have_count(0, timeout=TIMEOUT)
    finally:
        for context in contexts:
            context.close()
