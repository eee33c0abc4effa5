"""Play any puzzle, in Debian's chromium: paste a Tatham ID or a .non file, play it to the end, reopen its link.

The pasted puzzles are generated ones written in those formats (so their one solution is known),
played with real clicks as in ``test_browser.py``.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from playwright.sync_api import Page, expect

from gridlogic import GAMES
from gridlogic.pattern.formats import PatternPuzzleFile, write_non

TIMEOUT = 15_000


def tatham_id(seed: str) -> str:
    game = GAMES["pattern"]
    return game.imports.write(game.problem(game.generate(5, seed)))


def non_text(seed: str) -> str:
    puzzle = GAMES["pattern"].generate(5, seed)
    return write_non(PatternPuzzleFile(5, 5, puzzle.row_clues, puzzle.col_clues), title="ブラウザの試験")


def start(page: Page, server_url: str, game: str) -> None:
    page.goto(f"{server_url}/?game={game}&size=5&seed=before-import")
    expect(page.locator("#status")).to_contain_text("“before-import”", timeout=TIMEOUT)


def paste(page: Page, text: str, game: str | None = None) -> None:
    page.locator("#import-open").click()
    dialog = page.locator("#import")
    expect(dialog).to_be_visible()
    if game:
        dialog.locator("#import-game").select_option(game)
    dialog.locator("#import-text").fill(text)
    dialog.locator("#import-play").click()


def play_pattern_to_the_end(page: Page, server_url: str) -> str:
    """Fills the shown Pattern puzzle's answer (read from the API by its id) and waits for the card."""
    puzzle_id = page.locator("#share").get_attribute("href").split("?id=", 1)[1]
    answer = page.request.get(f"{server_url}/api/pattern/solution?id={quote(puzzle_id, safe='')}")
    assert answer.ok, answer.text()
    for i, value in enumerate(answer.json()["cells"]):
        if value:
            page.locator(f'.pattern-grid .cell[data-index="{i}"]').click()
    card = page.locator("#result")
    expect(card).to_be_visible(timeout=TIMEOUT)
    expect(card.locator("#result-title")).to_have_text("Solved!")
    expect(card.locator("#result-score")).to_have_text(re.compile(r"^\d{1,3}$"))
    return puzzle_id


def test_a_pasted_tatham_id_is_played_to_the_end_and_its_link_reopens_it(page, server_url, artifacts):
    text = tatham_id("browser-tatham")
    start(page, server_url, "pattern")
    paste(page, text)
    expect(page.locator("#import")).to_be_hidden(timeout=TIMEOUT)
    expect(page.locator("#status")).to_contain_text("a puzzle brought from outside")
    expect(page.locator('#board[data-game="pattern"]')).to_be_visible()
    share = page.locator("#share").get_attribute("href")
    assert share.endswith(f"/?id=pattern.import.5x5.tatham.{text}"), share
    assert page.url == share
    page.screenshot(path=artifacts / "import-tatham-playing.png", full_page=True)
    puzzle_id = play_pattern_to_the_end(page, server_url)
    assert puzzle_id == f"pattern.import.5x5.tatham.{text}"
    page.screenshot(path=artifacts / "import-tatham-solved.png", full_page=True)
    # The share link opens the same puzzle again, on a page of its own.
    page.goto(share)
    expect(page.locator("#status")).to_contain_text("a puzzle brought from outside", timeout=TIMEOUT)
    expect(page.locator("#import")).to_be_hidden()
    clues = page.locator(".clue.row").evaluate_all(
        "heads => heads.map(h => [...h.querySelectorAll('.number')].map(n => n.textContent).join(''))")
    rows = text.split(":", 1)[1].split("/")[5:]
    assert clues == [row.replace(".", "") or "0" for row in rows]


def test_a_pasted_non_file_goes_to_the_game_chosen_and_is_played_to_the_end(page, server_url, artifacts):
    start(page, server_url, "signal")
    paste(page, non_text("browser-non"), game="pattern")
    expect(page.locator("#status")).to_contain_text("a puzzle brought from outside", timeout=TIMEOUT)
    expect(page.locator('#board[data-game="pattern"]')).to_be_visible()
    expect(page.locator('.tab[data-game="pattern"]')).to_have_attribute("aria-selected", "true")
    play_pattern_to_the_end(page, server_url)
    page.screenshot(path=artifacts / "import-non-solved.png", full_page=True)


def test_a_puzzle_with_several_solutions_is_refused_in_the_dialog(page, server_url, artifacts):
    start(page, server_url, "pattern")
    paste(page, "2x2:1/1/1/1")
    message = page.locator("#import-message")
    expect(message).to_contain_text("Not played: this Pattern puzzle has more than one solution", timeout=TIMEOUT)
    expect(page.locator("#import")).to_be_visible()
    page.screenshot(path=artifacts / "import-refused.png", full_page=True)
    page.locator("#import-cancel").click()
    expect(page.locator("#import")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("“before-import”")


def test_a_link_to_a_puzzle_that_cannot_be_played_says_why_and_a_puzzle_is_shown(page, server_url):
    page.goto(f"{server_url}/?id=pattern.import.2x2.tatham.2x2:1/1/1/1")
    expect(page.locator("#import-message")).to_contain_text(
        "This link's puzzle cannot be opened: this Pattern puzzle has more than one solution", timeout=TIMEOUT)
    expect(page.locator("#import-text")).to_have_value("pattern.import.2x2.tatham.2x2:1/1/1/1")
    page.locator("#import-cancel").click()
    expect(page.locator("#board .pattern-grid, #board .signal-grid, #board svg").first).to_be_visible(timeout=TIMEOUT)
