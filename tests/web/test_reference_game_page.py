"""The reference game, Lights, on the page in chromium: its view folder found by name, played by mouse
and by keyboard to "Solved!", with no Hint button and no walk-through link (it offers neither), and no
axe violation. Nothing of the page names the game: it is served from tests/reference_game/views/lights/
beside the real games' folders (see tests/conftest.py).
"""

from __future__ import annotations

from page_helpers import TIMEOUT, api, axe_violations, open_puzzle
from playwright.sync_api import Page, expect


def presses_of(page: Page, server_url: str, size: int, seed: str) -> list[int]:
    return api(page, f"{server_url}/api/lights/solution?size={size}&seed={seed}")["presses"]


def expect_solved(page: Page) -> None:
    card = page.locator("#result")
    expect(card).to_be_visible(timeout=TIMEOUT)
    expect(card.locator("#result-title")).to_have_text("Solved!")
    expect(card.locator("#result-walk")).to_be_hidden()


def test_lights_is_played_by_mouse_to_solved_with_no_hint_button(page: Page, server_url: str):
    open_puzzle(page, server_url, "lights", 3, "page-mouse")
    expect(page.locator('.tab[data-game="lights"]')).to_have_text("Lights")
    expect(page.locator("#hint")).to_be_hidden()
    assert axe_violations(page) == []
    for index, pressed in enumerate(presses_of(page, server_url, 3, "page-mouse")):
        if pressed:
            page.click(f'#board .lamp[data-index="{index}"]')
    expect_solved(page)


def test_lights_is_played_by_keyboard_to_solved(page: Page, server_url: str):
    open_puzzle(page, server_url, "lights", 6, "page-keys")
    presses = presses_of(page, server_url, 6, "page-keys")
    page.focus('#board .lamp[data-index="0"]')
    last = max(index for index, pressed in enumerate(presses) if pressed)  # then the board is solved
    for index, pressed in enumerate(presses[:last + 1]):
        if index:
            page.keyboard.press("ArrowRight" if index % 6 else "ArrowDown")
            if index % 6 == 0:
                for _ in range(5):
                    page.keyboard.press("ArrowLeft")
        expect(page.locator(f'#board .lamp[data-index="{index}"]')).to_be_focused()
        if pressed:
            page.keyboard.press("Enter")
    expect_solved(page)
