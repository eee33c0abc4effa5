"""The puzzle studio (/studio) in Debian's chromium, against a real uvicorn server.

For each game a puzzle is designed from scratch with real clicks: the live analysis (the server's
POST /api/{game}/analyse) says "several" and marks the difference on the board, a proven fix
(POST /api/{game}/fixes) is previewed and applied, the analysis says "unique" with a level, undo
takes the fix back, the PDF link answers a PDF, the walk-through link opens its step-by-step
solve (tests/web/test_explain_page.py walks one) and the play link opens the game page on that
puzzle. A Pattern picture is
made from an image file (a PNG written here), thresholded by the slider; a nonogram is opened
from text; the studio link reopens a design; axe-core finds no violation on a phone and a
desktop, in both languages. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path

import pytest
from page_helpers import DESKTOP, PHONE, TIMEOUT, axe_violations
from playwright.sync_api import Page, expect


@pytest.fixture()
def studio(browser, server_url, request):
    """A page of the given viewport (desktop unless parametrised) on /studio's Pattern tab (the studio opens
    on its first game, /api/games' order, unless the link names one); page errors fail the test."""
    viewport = getattr(request, "param", DESKTOP)
    context = browser.new_context(viewport=viewport, locale="en-US", has_touch=viewport is PHONE)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(f"{server_url}/studio#pattern")
    expect(tab.locator("body[data-ready=yes]")).to_have_count(1)
    yield tab
    context.close()
    assert not errors, f"the page logged errors: {errors}"


def verdict(page: Page, name: str) -> None:
    expect(page.locator(f'#verdict[data-verdict="{name}"]')).to_have_count(1, timeout=TIMEOUT)


def set_size(page: Page, width: int, height: int) -> None:
    page.get_by_label("Width").fill(str(width))
    page.get_by_label("Width").press("Enter")
    page.get_by_label("Height").fill(str(height))
    page.get_by_label("Height").press("Enter")


def apply_first_fix(page: Page, board: str, screenshot: Path) -> None:
    """Asks for the fixes, previews the first (pointing at it marks the board) and applies it."""
    page.click("#fixes")
    fix = page.locator("#fix-list .fix").first
    expect(fix).to_be_visible(timeout=TIMEOUT)
    fix.hover()
    expect(page.locator(f"{board} .preview").first).to_be_attached()
    page.screenshot(path=screenshot)
    page.mouse.move(0, 0)
    expect(page.locator(f"{board} .preview")).to_have_count(0)
    fix.focus()  # the keyboard's way to the same preview
    expect(page.locator(f"{board} .preview").first).to_be_attached()
    fix.click()
    verdict(page, "unique")
    expect(page.locator("#verdict .level")).to_contain_text(
        re.compile(r"Level: (easy|medium|hard|expert|beyond expert \(a step needs search\))"))
    expect(page.locator("#verdict .techniques li").first).to_be_attached()


def open_play_link(page: Page, game: str) -> str:
    link = page.locator("#play-link")
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    assert href is not None and "/?id=" in href
    page.goto(href)
    expect(page.locator(f'#board[data-game="{game}"]')).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("#status")).not_to_contain_text("cannot be opened")
    return href


def test_a_pattern_designed_from_scratch_is_fixed_and_played(studio: Page, artifacts: Path):
    page = studio
    set_size(page, 5, 5)
    expect(page.locator(".pattern-board [data-cell]")).to_have_count(25)
    verdict_text = page.locator("#verdict")
    expect(verdict_text).to_contain_text("Paint the picture")
    # Two cells on a diagonal: rows 1 and columns 1 twice over, which the other diagonal meets too.
    page.locator('[data-cell="0"]').click()
    page.locator('[data-cell="6"]').click()
    verdict(page, "several")
    expect(verdict_text).to_contain_text("differ in the 4 marked cells")
    expect(page.locator(".pattern-board [data-difference]")).to_have_count(4)
    assert sorted(int(i) for i in page.locator("[data-difference]").evaluate_all(
        "marks => marks.map(m => m.dataset.difference)")) == [0, 1, 5, 6]
    expect(page.locator("#play-link")).to_be_hidden()
    page.screenshot(path=artifacts / "studio-pattern-several.png")
    apply_first_fix(page, ".pattern-board", artifacts / "studio-pattern-fix-preview.png")
    page.screenshot(path=artifacts / "studio-pattern-unique.png")
    filled = page.locator(".pattern-board .picture-cell.filled").count()
    assert filled in (1, 3)  # a cell emptied or one filled
    export = page.locator("#export-tatham").input_value()
    assert re.fullmatch(r"5x5:[0-9./]*", export), export
    expect(page.get_by_label(".non file", exact=True)).to_have_value(re.compile(r"^width 5\nheight 5\n"))
    page.click("#studio-undo")
    verdict(page, "several")
    expect(page.locator(".pattern-board .picture-cell.filled")).to_have_count(2)
    page.click("#studio-redo")
    verdict(page, "unique")
    studio_link = page.locator("#studio-link").get_attribute("href")
    level = page.locator("#verdict .level").inner_text()
    pdf = page.request.get(page.url.split("/studio")[0] + page.locator("#pdf-link").get_attribute("href"))
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf" and pdf.body().startswith(b"%PDF")
    page.click("#walk-link")  # the walk-through page of the same puzzle, graded alike
    expect(page.locator("body[data-ready=yes]")).to_have_count(1, timeout=TIMEOUT)
    expect(page.locator("#summary")).to_contain_text(level.removeprefix("Level: "))
    expect(page.locator("#steps li")).not_to_have_count(0)
    page.goto(studio_link)
    verdict(page, "unique")
    open_play_link(page, "pattern")
    expect(page.locator(".pattern-grid .cell")).to_have_count(25)
    page.goto(studio_link)
    verdict(page, "unique")
    expect(page.locator(".pattern-board .picture-cell.filled")).to_have_count(filled)


def png(rows: list[list[int]]) -> bytes:
    """A greyscale PNG of rows of 0–255 values, written by hand (8 bits a pixel, no filter)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    height, width = len(rows), len(rows[0])
    raw = b"".join(b"\0" + bytes(row) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def test_a_pattern_is_made_from_an_image_file_with_a_threshold(studio: Page, tmp_path: Path, artifacts: Path):
    page = studio
    set_size(page, 10, 10)
    # 40×40 pixels: a black square in the top-left quarter, a mid-grey band along the bottom.
    rows = [[0 if r < 20 and c < 20 else 140 if r >= 32 else 255 for c in range(40)] for r in range(40)]
    image = tmp_path / "picture.png"
    image.write_bytes(png(rows))
    page.set_input_files("#pattern-image", str(image))
    cells = page.locator(".pattern-board .picture-cell.filled")
    expect(cells).to_have_count(25)  # the square: 5×5 cells; the grey band is lighter than 128
    assert sorted(int(i) for i in cells.evaluate_all("cs => cs.map(c => c.dataset.cell)")) == [
        r * 10 + c for r in range(5) for c in range(5)]
    verdict(page, "unique")
    page.locator("#pattern-threshold").fill("200")  # now the grey band is dark enough
    expect(cells).to_have_count(25 + 20)
    page.screenshot(path=artifacts / "studio-pattern-image.png")
    verdict(page, "unique")
    # A drag paints what its first cell became: row 6 (empty), from column 1 to column 10.
    first = page.locator('[data-cell="50"]').bounding_box()
    last = page.locator('[data-cell="59"]').bounding_box()
    page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
    page.mouse.down()
    page.mouse.move(last["x"] + last["width"] / 2, last["y"] + last["height"] / 2, steps=12)
    page.mouse.up()
    expect(cells).to_have_count(25 + 20 + 10)
    page.locator("#pattern-threshold").fill("100")  # painted by hand: the image no longer redraws it
    expect(cells).to_have_count(25 + 20 + 10)
    page.click("#studio-undo")  # the whole drag is one step
    expect(cells).to_have_count(25 + 20)


def test_a_nonogram_opened_from_text_becomes_its_picture(studio: Page):
    page = studio
    page.locator(".opener summary").click()
    page.fill("#pattern-text", "5x5:2/3/3/3/3///4/5/5")
    page.get_by_role("button", name="Open", exact=True).click()
    expect(page.locator(".opener [role=status]")).to_contain_text("Opened", timeout=TIMEOUT)
    expect(page.locator(".pattern-board .picture-cell.filled")).to_have_count(14)
    verdict(page, "unique")
    page.fill("#pattern-text", "5x5:1/1////1/1///")  # two cells on a diagonal: two solutions
    page.get_by_role("button", name="Open", exact=True).click()
    expect(page.locator(".opener [role=status]")).to_contain_text("nearest proven fix", timeout=TIMEOUT)
    verdict(page, "unique")
    page.fill("#pattern-text", "2x2:1/1/1/1")
    page.get_by_role("button", name="Open", exact=True).click()
    expect(page.locator(".opener [role=status]")).to_contain_text("It is 2 × 2; the studio paints pictures from 5 × 5")
    page.fill("#pattern-text", "5x5:9/")
    page.get_by_role("button", name="Open", exact=True).click()
    expect(page.locator(".opener [role=status]")).to_contain_text("The server refused:")


def test_a_loop_designed_from_scratch_is_fixed_and_played(studio: Page, artifacts: Path):
    page = studio
    page.click("#tab-loop")
    set_size(page, 4, 4)
    expect(page.locator("#verdict")).to_contain_text("Draw the loop")
    # The loop round the 2×2 block of the top-left: edges of the server's numbering.
    horizontal = [0, 1, 8, 9]            # row 0 and row 2, columns 0 and 1
    vertical = [20, 22, 25, 27]          # (h + 1) * w = 20; rows 0 and 1, columns 0 and 2
    for edge in horizontal + vertical[:-1]:
        page.locator(f'.loop-studio [data-edge="{edge}"]').click()
    expect(page.locator("#verdict")).to_contain_text("not closed")
    page.locator(f'.loop-studio [data-edge="{vertical[-1]}"]').click()
    verdict(page, "several")  # no clue shown: many loops
    page.get_by_role("radio", name="Choose clues").click()
    page.locator('.loop-studio [data-cell="0"]').click()
    page.locator('.loop-studio [data-cell="9"]').click()
    verdict(page, "several")
    expect(page.locator(".loop-studio .loop-edge.difference").first).to_be_attached()
    expect(page.locator("#verdict")).to_contain_text(re.compile(r"differ in the \d+ marked edges"))
    page.screenshot(path=artifacts / "studio-loop-several.png")
    apply_first_fix(page, ".loop-studio", artifacts / "studio-loop-fix-preview.png")
    page.screenshot(path=artifacts / "studio-loop-unique.png")
    open_play_link(page, "loop")


def test_a_random_loop_shows_every_clue_and_is_unique(studio: Page):
    page = studio
    page.click("#tab-loop")
    page.get_by_role("button", name="Random loop").click()
    verdict(page, "unique")
    page.get_by_role("button", name="Hide every clue").click()
    expect(page.locator("#verdict[data-verdict]")).not_to_have_attribute("data-verdict", "unique", timeout=TIMEOUT)


def hex_of(bits: list[int]) -> str:
    """Bits as the studio link writes them: four to a hex digit (studio/pattern.js encodeCells)."""
    padded = bits + [0] * (-len(bits) % 4)
    return "".join(f"{int(''.join(map(str, padded[i:i + 4])), 2):x}" for i in range(0, len(padded), 4))


def test_a_loop_keeps_the_clues_its_level_needs_and_undo_shows_them_again(browser, server_url):
    from gridlogic import GAMES
    from gridlogic.game import parse_id
    from gridlogic.loop.board import loop_of_region

    loop = GAMES["loop"]
    puzzle = loop.make(parse_id("loop.3.5x5.easy.thin"))  # its loop, every clue shown: easy finishes it
    edges = list(loop_of_region(puzzle.answer, 5, 5))
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    page.goto(f"{server_url}/studio#loop:5x5:{hex_of(edges)}:{hex_of([1] * 25)}")
    verdict(page, "unique")
    page.get_by_role("radio", name="Choose clues").click()
    expect(page.locator(".loop-studio .loop-clue.shown")).to_have_count(25)
    page.get_by_label("Level to keep").select_option("easy")
    page.get_by_role("button", name="Hide the clues this level does not need").click()
    expect(page.locator(".loop-studio .loop-clue.shown")).to_have_count(13, timeout=TIMEOUT)
    verdict(page, "unique")
    expect(page.locator("#verdict .level")).to_have_text("Level: easy")
    page.click("#studio-undo")
    expect(page.locator(".loop-studio .loop-clue.shown")).to_have_count(25)
    page.get_by_label("Level to keep").select_option("medium")
    page.get_by_role("button", name="Hide the clues this level does not need").click()
    expect(page.locator(".loop-studio .loop-clue.shown")).to_have_count(11, timeout=TIMEOUT)
    page.get_by_role("button", name="Hide every clue").click()
    page.get_by_role("button", name="Hide the clues this level does not need").click()
    expect(page.locator("#verdict")).to_contain_text("do not finish this puzzle", timeout=TIMEOUT)
    context.close()


def test_a_signal_network_designed_from_scratch_is_fixed_and_played(studio: Page, artifacts: Path):
    page = studio
    page.click("#tab-signal")
    set_size(page, 3, 3)
    expect(page.locator("#verdict")).to_contain_text("0 of 8 links")
    # A tree whose tiles can be turned into another tree too (the README's example board).
    for link in ["0-1", "1-2", "2-2", "3-1", "3-2", "4-1", "4-2", "7-1"]:
        page.locator(f'.signal-studio [data-link="{link}"]').click()
    verdict(page, "several")
    page.get_by_label("Show the tiles turned, as played").check()  # the puzzle as it will be played
    expect(page.locator(".signal-studio [data-link]")).to_have_count(0)
    page.get_by_label("Show the tiles turned, as played").uncheck()
    expect(page.locator(".signal-studio [data-link]")).to_have_count(12)
    expect(page.locator(".signal-studio .signal-tile.difference").first).to_be_attached()
    page.screenshot(path=artifacts / "studio-signal-several.png")
    apply_first_fix(page, ".signal-studio", artifacts / "studio-signal-fix-preview.png")
    page.screenshot(path=artifacts / "studio-signal-unique.png")
    open_play_link(page, "signal")
    expect(page.locator(".tile")).to_have_count(9)


def test_the_keyboard_paints_and_draws(studio: Page):
    page = studio
    page.locator("body").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    page.keyboard.press("Enter")  # the skip link lands on the board
    assert page.evaluate("document.activeElement.classList.contains('pattern-board')")
    set_size(page, 5, 5)
    page.locator(".pattern-board").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    expect(page.locator('.pattern-board [data-cell="6"]')).to_have_class(re.compile(r"\bfilled\b"))
    expect(page.locator(".pattern-board-wrap .sr-only")).to_have_text("row 2, column 2: filled")
    page.click("#tab-loop")
    page.locator(".loop-studio").focus()
    for key in ("Shift+ArrowRight", "Shift+ArrowDown", "Shift+ArrowLeft", "Shift+ArrowUp"):
        page.keyboard.press(key)  # round the top-left cell, dot to dot
    expect(page.locator(".loop-studio-wrap .sr-only")).to_have_text("dot at row 1, column 1: edge drawn")
    verdict(page, "several")  # no clue shown yet
    page.get_by_role("radio", name="Choose clues").click()
    page.locator(".loop-studio").focus()
    page.keyboard.press("Space")
    expect(page.locator(".loop-studio-wrap .sr-only")).to_have_text("row 1, column 1: 4, shown")
    verdict(page, "unique")
    page.keyboard.press("Control+z")
    verdict(page, "several")
    page.click("#tab-signal")
    page.locator(".signal-studio").focus()
    page.keyboard.press("Shift+ArrowRight")
    expect(page.locator("#verdict")).to_contain_text("1 of 15 links")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".signal-studio-wrap .sr-only")).to_have_text("row 1, column 2: left")
    expect(page.locator(".signal-studio [data-link]")).to_have_count(4 * 3 * 2)
    page.get_by_label("Wrapping edges").check()  # links across the border, clickable at either side
    expect(page.locator(".signal-studio [data-link]")).to_have_count(16 * 2 + 4 + 4)
    page.locator('.signal-studio [data-link="3-1"]').click()  # from the right end of row 1 to its left end
    expect(page.locator("#verdict")).to_contain_text("2 of 15 links")
    page.get_by_label("Wrapping edges").uncheck()  # the link across the wrap goes with it
    expect(page.locator("#verdict")).to_contain_text("1 of 15 links")


def test_the_game_page_links_to_the_studio(browser, server_url):
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    page.goto(f"{server_url}/?game=pattern&size=5&seed=studio-link")
    page.get_by_role("link", name="Make your own").click()
    expect(page).to_have_url(re.compile(r"/studio"))
    expect(page.locator("h1")).to_have_text("Puzzle studio")
    context.close()


@pytest.mark.parametrize("studio", [PHONE, DESKTOP], indirect=True, ids=["phone", "desktop"])
def test_the_studio_has_no_axe_violation(studio: Page, artifacts: Path):
    page = studio
    size = "phone" if page.viewport_size["width"] < 900 else "desktop"
    set_size(page, 5, 5)
    page.locator('[data-cell="0"]').click()
    page.locator('[data-cell="6"]').click()
    verdict(page, "several")
    page.click("#fixes")
    expect(page.locator("#fix-list .fix").first).to_be_visible(timeout=TIMEOUT)
    assert axe_violations(page) == [], "pattern"
    page.screenshot(path=artifacts / f"studio-axe-{size}.png", full_page=True)
    page.click("#tab-loop")
    page.get_by_role("button", name="Random loop").click()
    verdict(page, "unique")
    assert axe_violations(page) == [], "loop"
    page.click("#tab-signal")
    page.get_by_role("button", name="Random network").click()
    expect(page.locator("#verdict[data-verdict]")).to_have_attribute(
        "data-verdict", re.compile(r"^(unique|several|undecided)$"), timeout=TIMEOUT)
    assert axe_violations(page) == [], "signal"
    page.select_option("#lang", "ja")
    expect(page.locator("h1")).to_have_text("パズル工房")
    assert axe_violations(page) == [], "signal in Japanese"
    page.screenshot(path=artifacts / f"studio-axe-{size}-ja.png", full_page=True)
    page.click("#tab-loop")
    page.get_by_role("radio", name="ヒントを選ぶ").click()
    assert axe_violations(page) == [], "loop's clues in Japanese"
    page.screenshot(path=artifacts / f"studio-axe-{size}-loop-ja.png", full_page=True)
    page.click("#tab-pattern")
    verdict(page, "several")
    assert axe_violations(page) == [], "pattern in Japanese"


# The fixes of the design the maker means: the page sends the loop or network drawn as the goal.

LOOP_2X2_BLOCK = [0, 1, 8, 9, 20, 22, 25, 27]  # the loop round the top-left 2×2 block of a 4×4 board


def loop_goal() -> list[int]:
    edges = [0] * (5 * 4 + 4 * 5)
    for edge in LOOP_2X2_BLOCK:
        edges[edge] = 1
    return edges


def test_the_fixes_of_a_loop_show_clues_of_the_loop_drawn(client):
    from gridlogic.loop.board import grid

    goal = loop_goal()
    answer = client.post("/api/loop/fixes", json={"text": "2...\n....\n....\n....", "goal": goal})
    assert answer.status_code == 200, answer.text
    fixes = answer.json()["fixes"]
    assert fixes
    board = grid(4, 4)
    for fix in fixes:
        for change in fix["changes"]:
            assert change["kind"] == "clue"
            assert change["value"] == sum(goal[e] for e in board.cell_edges[change["index"]])


def test_the_fixes_of_a_signal_network_move_a_link_of_the_network_drawn(client):
    from gridlogic import GAMES

    goal = [2, 12, 4, 6, 15, 9, 1, 3, 8]
    given = [1, 6, 2, 12, 15, 6, 4, 3, 1]  # each a rotation of the goal's tile
    net = [0, 2, 1, 3, 8, 10, 9, 11, 4, 6, 5, 7, 12, 14, 13, 15]  # our bits (1 up, 2 right ...) as Net's
    text = "3x3:" + "".join("0123456789abcdef"[net[m]] for m in given)
    answer = client.post("/api/signal/fixes", json={"text": text, "goal": goal})
    assert answer.status_code == 200, answer.text
    assert answer.json()["verdict"] == "several"
    signal = GAMES["signal"]
    for fix in answer.json()["fixes"]:
        moved = list(goal)
        for change in fix["changes"]:
            moved[change["index"]] = change["value"]
        verdict = signal.solve(signal.read(fix["text"]), node_limit=2000)
        assert verdict.unique and list(verdict.solutions[0]) == moved


@pytest.mark.parametrize("game, text, goal, said", [
    ("loop", "2...\n....\n....\n....", [1] + loop_goal()[1:-1] + [1], "does not solve"),
    ("loop", "2...\n....\n....\n....", [1, 0], "the goal has 2 entries"),
    ("pattern", "2x2:1/1/1/1", [1, 1, 0, 0], "does not solve"),
    ("pattern", "2x2:1/1/1/1", "1001", "goal"),
    ("signal", "[2, 12, 4, 6, 15, 9, 1, 3, 8]", [2, 12, 4, 6, 15, 9, 1, 3, 4], "does not solve"),
])
def test_a_goal_that_does_not_solve_the_puzzle_is_refused(client, game, text, goal, said):
    answer = client.post(f"/api/{game}/fixes", json={"text": text, "goal": goal})
    assert answer.status_code == 400, answer.text
    assert said in answer.json()["error"]


def test_a_studio_link_that_cannot_be_read_says_so(browser, server_url):
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    page.goto(f"{server_url}/studio#signal:3x3:1:0000")
    expect(page.locator("#verdict")).to_contain_text("could not be read")
    expect(page.locator("#tab-signal")).to_have_attribute("aria-selected", "true")
    reopened = context.new_page()  # a new page: the same address with another fragment is no new load
    reopened.goto(f"{server_url}/studio#signal:3x3:1:2c46f9138")  # the tree of the README's example
    verdict(reopened, "several")
    expect(reopened.locator(".signal-studio .joint")).to_have_count(9)
    context.close()


def test_a_busy_server_is_asked_again(studio: Page):
    """A 503 (the server's queue full) is answered by the same question a moment later."""
    page = studio
    asked: list[str] = []

    def busy_once(route):
        asked.append(route.request.post_data or "")
        if len(asked) == 1:
            route.fulfill(status=503, headers={"Retry-After": "1"}, content_type="application/json",
                          body='{"error": "the server is busy"}')
        else:
            route.continue_()

    page.route("**/api/pattern/analyse", busy_once)
    set_size(page, 5, 5)
    page.locator('[data-cell="0"]').click()
    page.locator('[data-cell="6"]').click()
    verdict(page, "several")
    assert len(asked) == 2 and asked[0] == asked[1]
