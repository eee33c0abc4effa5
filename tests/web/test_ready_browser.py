"""The page asks for a puzzle without a seed when the player wants any one (the dice, a fresh game),
so that the server may hand out one it made ready before; a seed the player typed is asked for as is."""

from __future__ import annotations

from page_helpers import TIMEOUT, open_puzzle
from playwright.sync_api import Page, expect

from gridlogic import GAMES


def test_the_dice_asks_for_any_puzzle_and_shows_the_seed_the_server_picked(page: Page, server_url):
    open_puzzle(page, server_url, "loop", 5, "typed-seed", "easy")
    with page.expect_request(lambda r: "/api/loop/puzzle?" in r.url) as asked:
        page.locator("#dice").click()
    assert "seed=" not in asked.value.url and "difficulty=easy" in asked.value.url
    expect(page.locator("#status")).not_to_contain_text("typed-seed", timeout=TIMEOUT)
    expect(page.locator("#status")).to_contain_text("Loop", timeout=TIMEOUT)
    picked = page.locator("#seed").input_value()
    assert picked and picked != "typed-seed"
    assert f"seed={picked}" in page.url  # the share link names the seed the server picked
    # A seed typed by the player is asked for as it is, and the status line says it is being made.
    page.fill("#seed", "mine")
    with page.expect_request(lambda r: "/api/loop/puzzle?" in r.url) as asked:
        page.locator("#settings button[type=submit]").click()
    assert "seed=mine" in asked.value.url
    expect(page.locator("#status")).to_contain_text("“mine”", timeout=TIMEOUT)


def test_a_link_that_names_only_a_game_opens_a_fresh_puzzle_of_its_latest_version(page: Page, server_url):
    with page.expect_request(lambda r: "/api/loop/puzzle?" in r.url) as asked:
        page.goto(f"{server_url}/?game=loop")
    latest = f"version={GAMES['loop'].latest}"
    assert latest in asked.value.url and "seed=" not in asked.value.url
    expect(page.locator("#status")).to_contain_text("Loop 7 × 7", timeout=TIMEOUT)
    assert latest in page.url and "seed=" in page.url  # now a share link of the puzzle it shows
