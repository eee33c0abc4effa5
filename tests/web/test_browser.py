"""The page in Debian's chromium (Playwright), against a real uvicorn server.

Each game is played to the end with real clicks: the test reads the answer from the API,
as a player who knows it would, and the page must notice the solved board by itself and
show the result card with the score from the server. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import json
import re

import pytest
from page_helpers import TIMEOUT, api, edge_centre, open_puzzle, pattern_cell, rotations_clockwise
from playwright.sync_api import Page, expect
from web_helpers import failing_signal_case, game_or_skip


def expect_result_card(page: Page) -> None:
    card = page.locator("#result")
    expect(card).to_be_visible(timeout=TIMEOUT)
    expect(card.locator("#result-title")).to_have_text("Solved!")
    expect(card.locator("#result-score")).to_have_text(re.compile(r"^\d{1,3}$"))
    expect(card.locator("#result-rank")).to_have_text(re.compile(r"^[SABCD] · \w"))
    expect(card.locator("#result-best")).to_contain_text("New best time!")
    expect(card.locator(".rule")).to_contain_text("a check that finds none is free")
    expect(card.locator("#result-walk")).to_have_attribute("href", re.compile(r"^/explain\?id=[a-z]+\.\d\."))


def expect_record(page: Page):
    """Waits for the page's record of the play (POST /api/records)."""
    return page.expect_response(lambda r: r.url.endswith("/api/records") and r.request.method == "POST",
                                timeout=20_000)


def assert_replayed(response, moves: int) -> None:
    """The record was taken: its log of moves, played from the start by the server, gave the board
    the page claimed, and the server counted ``moves`` in it."""
    assert response.status == 201, response.text()
    assert len(json.loads(response.request.post_data)["log"]) == moves
    assert response.json()["record"]["moves"] == moves


def tile_labels(page: Page) -> list[str]:
    return page.locator(".tile").evaluate_all("tiles => tiles.map(t => t.getAttribute('aria-label'))")


def test_signal_played_to_the_end_with_clicks(page, server_url, artifacts):
    game_or_skip("signal")
    open_puzzle(page, server_url, "signal", 5, "browser-signal")
    puzzle = api(page, f"{server_url}/api/signal/puzzle?size=5&seed=browser-signal")
    solution = api(page, f"{server_url}/api/signal/solution?size=5&seed=browser-signal")
    expected_moves = 0
    for i, (given, answer) in enumerate(zip(puzzle["givens"]["tiles"], solution["tiles"])):
        turns = rotations_clockwise(given, answer)
        tile = page.locator(f'.tile[data-index="{i}"]')
        if turns == 3:
            tile.click(button="right")  # counter-clockwise: one click instead of three
            expected_moves += 1
        else:
            for _ in range(turns):
                tile.click()
            expected_moves += turns
        if i == 12:
            page.screenshot(path=artifacts / "signal-desktop-playing.png")
    expect_result_card(page)
    expect(page.locator("#result-moves")).to_have_text(str(expected_moves))
    expect(page.locator(".signal-grid")).to_have_class(re.compile(r"\bcomplete\b"))
    assert page.locator(".tile.lit").count() == 25
    best = page.evaluate("localStorage.getItem('gridlogic.best.signal.5.any')")
    assert best is not None and float(best) >= 0
    page.screenshot(path=artifacts / "signal-desktop-solved.png")


def test_pattern_played_to_the_end_with_clicks_a_drag_and_a_mark(page, server_url, artifacts):
    game_or_skip("pattern")
    open_puzzle(page, server_url, "pattern", 8, "browser-pattern")
    cells = api(page, f"{server_url}/api/pattern/solution?size=8&seed=browser-pattern")["cells"]
    n = 8
    empty = cells.index(0)
    pattern_cell(page, empty).click(button="right")
    expect(pattern_cell(page, empty)).to_have_class(re.compile(r"\bmarked\b"))
    expect(pattern_cell(page, empty)).to_have_text("×")
    expect(page.locator("#moves")).to_have_text("0")  # a mark is a note: free
    # The longest run of the first row that has one, painted by a drag.
    row = next(r for r in range(n) if sum(cells[r * n:(r + 1) * n]) >= 2)
    start = next(c for c in range(n) if cells[row * n + c])
    end = start
    while end + 1 < n and cells[row * n + end + 1]:
        end += 1
    painted = set(range(row * n + start, row * n + end + 1))
    if len(painted) > 1:
        first = pattern_cell(page, row * n + start).bounding_box()
        last = pattern_cell(page, row * n + end).bounding_box()
        page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
        page.mouse.down()
        page.mouse.move(last["x"] + last["width"] / 2, last["y"] + last["height"] / 2, steps=6)
        page.mouse.up()
        for i in painted:
            expect(pattern_cell(page, i)).to_have_class(re.compile(r"\bfilled\b"))
    clue = page.locator(".clue.row").nth(row)
    with expect_record(page) as written:
        for i, value in enumerate(cells):
            if value and i not in painted:
                pattern_cell(page, i).click()
            if i == n * n // 2:
                page.screenshot(path=artifacts / "pattern-desktop-playing.png")
    assert_replayed(written.value, sum(cells) + 1)  # every cell filled, and the × mark
    expect(clue).to_have_class(re.compile(r"\bdone\b"))  # a satisfied line's clue gets a tick
    expect_result_card(page)
    expect(page.locator("#result-moves")).to_have_text(str(sum(cells)))
    page.screenshot(path=artifacts / "pattern-desktop-solved.png")


def test_loop_played_to_the_end_with_clicks(page, server_url, artifacts):
    game_or_skip("loop")
    open_puzzle(page, server_url, "loop", 5, "browser-loop")
    solution = api(page, f"{server_url}/api/loop/solution?size=5&seed=browser-loop")
    off = solution["horizontal"].index(0)
    page.mouse.click(*edge_centre(page, f"h{off}"), button="right")
    expect(page.locator(f'.edge[data-edge="h{off}"]')).to_have_class(re.compile(r"\bcrossed\b"))
    lines = [f"h{i}" for i, v in enumerate(solution["horizontal"]) if v]
    lines += [f"v{i}" for i, v in enumerate(solution["vertical"]) if v]
    with expect_record(page) as written:
        for k, key in enumerate(lines):
            page.mouse.click(*edge_centre(page, key))
            if k == len(lines) // 2:
                page.screenshot(path=artifacts / "loop-desktop-playing.png")
    assert_replayed(written.value, len(lines) + 1)  # every line drawn, and the ×
    expect(page.locator(".loop-board")).to_have_class(re.compile(r"\bcomplete\b"))
    expect_result_card(page)
    expect(page.locator("#result-moves")).to_have_text(str(len(lines)))  # the × was free
    page.screenshot(path=artifacts / "loop-desktop-solved.png")


def test_loop_clues_show_met_and_exceeded(page, server_url):
    game_or_skip("loop")
    open_puzzle(page, server_url, "loop", 5, "browser-loop-clues")
    clues = api(page, f"{server_url}/api/loop/puzzle?size=5&seed=browser-loop-clues")["givens"]["clues"]
    i = next(i for i, k in enumerate(clues) if k is not None and 0 < k < 4)
    r, c = divmod(i, 5)
    sides = [f"h{r * 5 + c}", f"h{(r + 1) * 5 + c}", f"v{r * 6 + c}", f"v{r * 6 + c + 1}"]
    group = page.locator(".loop-board .clue").nth(sum(k is not None for k in clues[:i]))
    for key in sides[:clues[i]]:
        page.mouse.click(*edge_centre(page, key))
    expect(group).to_have_class(re.compile(r"\bmet\b"))
    expect(group.locator("title")).to_have_text(f"{clues[i]} (met)")
    page.mouse.click(*edge_centre(page, sides[clues[i]]))
    expect(group).to_have_class(re.compile(r"\bover\b"))
    expect(group).not_to_have_class(re.compile(r"\bmet\b"))
    expect(group.locator("title")).to_have_text(f"{clues[i]} (too many)")


def test_generation_failure_keeps_the_board_and_the_settings_that_describe_it(page, server_url, artifacts):
    game_or_skip("signal")
    size, seed, difficulty = failing_signal_case()
    open_puzzle(page, server_url, "signal", size, "keep-me")
    page.locator('.tile[data-index="0"]').click()
    before = tile_labels(page)
    refused = page.request.get(f"{server_url}/api/signal/puzzle?size={size}&seed={seed}&difficulty={difficulty}")
    assert refused.status == 422
    page.fill("#seed", seed)
    page.select_option("#difficulty", difficulty)
    expect(page.locator("#status")).to_contain_text(refused.json()["error"], timeout=TIMEOUT)
    expect(page.locator("#status")).to_contain_text("Could not make this puzzle")
    assert tile_labels(page) == before
    assert page.locator("#moves").inner_text() == "1"
    assert "seed=keep-me" in page.locator("#share").get_attribute("href")
    # The form shows the board's settings again, not the ones that failed.
    assert page.locator("#difficulty").input_value() == "any"
    assert page.locator("#seed").input_value() == "keep-me"
    assert page.locator("#size").input_value() == str(size)
    page.locator('.tile[data-index="1"]').click()  # the kept board is still playable
    expect(page.locator("#moves")).to_have_text("2")
    page.screenshot(path=artifacts / "signal-generation-failed.png")


def test_share_link_reopens_the_same_puzzle(page, browser, server_url):
    game_or_skip("signal")
    open_puzzle(page, server_url, "signal", 6, "to-share", "easy")
    fresh = tile_labels(page)
    page.locator('.tile[data-index="3"]').click()
    href = page.locator("#share").get_attribute("href")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
    page.click("#share")  # copies rather than reloading the page under the player
    expect(page.locator("#status")).to_contain_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == href
    assert page.locator("#moves").inner_text() == "1"
    assert href.startswith(server_url)
    assert all(part in href for part in ("game=signal", "size=6", "difficulty=easy", "version=3", "seed=to-share"))
    other = browser.new_context().new_page()
    try:
        other.goto(href)
        expect(other.locator("#status")).to_contain_text("“to-share”", timeout=TIMEOUT)
        assert tile_labels(other) == fresh
        assert other.locator("#size").input_value() == "6"
        assert other.locator("#difficulty").input_value() == "easy"
        assert other.locator("#seed").input_value() == "to-share"
    finally:
        other.context.close()


def test_an_old_link_without_a_version_opens_the_puzzle_it_always_named(page, browser, server_url):
    game_or_skip("signal")
    page.goto(f"{server_url}/?game=signal&size=5&seed=old-link&difficulty=hard")
    expect(page.locator("#status")).to_contain_text("“old-link”", timeout=TIMEOUT)
    unversioned = api(page, f"{server_url}/api/signal/puzzle?size=5&seed=old-link&difficulty=hard")
    games = api(page, f"{server_url}/api/games")["games"]
    assert unversioned["version"] == next(g for g in games if g["name"] == "signal")["unversioned"]
    assert f"version={unversioned['version']}" in page.url  # the puzzle's own link now names it
    other = browser.new_context().new_page()
    try:
        other.goto(f"{server_url}/?id={unversioned['id']}")
        expect(other.locator("#status")).to_contain_text("“old-link”", timeout=TIMEOUT)
        assert tile_labels(other) == tile_labels(page)
    finally:
        other.context.close()


def test_signal_is_playable_with_the_keyboard_alone(page, server_url, artifacts):
    game_or_skip("signal")
    open_puzzle(page, server_url, "signal", 4, "keys-only")
    puzzle = api(page, f"{server_url}/api/signal/puzzle?size=4&seed=keys-only")
    solution = api(page, f"{server_url}/api/signal/solution?size=4&seed=keys-only")
    page.locator("body").focus()
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('tile')"):
            break
    else:
        pytest.fail("Tab never reached the board")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert re.fullmatch(r"Row 3, column 3: connects [a-z, ]+, centre tile, (lit|not lit)(, [a-z ]+)*\. "
                        r"Activate to rotate it right \(clockwise\)\.", label), label
    row, col = 2, 2  # the centre tile has the board's one tab stop
    for i, (given, answer) in enumerate(zip(puzzle["givens"]["tiles"], solution["tiles"])):
        r, c = divmod(i, 4)
        for _ in range(abs(r - row)):
            page.keyboard.press("ArrowDown" if r > row else "ArrowUp")
        for _ in range(abs(c - col)):
            page.keyboard.press("ArrowRight" if c > col else "ArrowLeft")
        row, col = r, c
        assert page.evaluate("document.activeElement.dataset.index") == str(i)
        turns = rotations_clockwise(given, answer)
        if turns == 3:
            page.keyboard.press("Shift+Enter")
        else:
            for k in range(turns):
                page.keyboard.press("Enter" if k % 2 == 0 else "Space")
    expect_result_card(page)
    page.screenshot(path=artifacts / "signal-keyboard-solved.png")


def test_undo_redo_and_reset_are_free_and_reveal_scores_nothing(page, server_url, artifacts):
    game_or_skip("signal")
    open_puzzle(page, server_url, "signal", 4, "history")
    start = tile_labels(page)
    tile = page.locator('.tile[data-index="5"]')
    tile.click(modifiers=["Shift"])
    turned = tile_labels(page)
    assert turned != start
    page.click("#undo")
    assert tile_labels(page) == start
    page.click("#redo")
    assert tile_labels(page) == turned
    page.click("#reset")
    assert tile_labels(page) == start
    expect(page.locator("#moves")).to_have_text("1")
    page.click("#reveal")
    page.click("#ask-yes")  # Reveal asks first, in the page's language
    card = page.locator("#result")
    expect(card).to_be_visible(timeout=TIMEOUT)
    expect(card.locator("#result-title")).to_have_text("Solution revealed")
    expect(card.locator("#result-score")).to_have_text("0")
    page.screenshot(path=artifacts / "result-card-revealed.png")
    assert page.evaluate("localStorage.getItem('gridlogic.best.signal.4.any')") is None


def test_japanese_switch(page, server_url, artifacts):
    game_or_skip("signal")
    open_puzzle(page, server_url, "signal", 5, "nihongo")
    missing = page.evaluate(
        "import('/static/i18n.js').then(m => m.keys('en').filter(k => !m.keys('ja').includes(k)))")
    assert missing == []
    page.select_option("#lang", "ja")
    assert page.evaluate("document.documentElement.lang") == "ja"
    expect(page.locator("#new")).to_have_text("新しい問題")
    expect(page.locator(".tab[aria-selected=true]")).to_have_text("シグナル")
    expect(page.locator("#status")).to_contain_text("シード「nihongo」")
    assert "押すと右回転" in page.locator('.tile[data-index="0"]').get_attribute("aria-label")
    assert page.locator("#size option").first.inner_text() == "4×4"
    assert page.locator("#lang option[value=ja]").get_attribute("lang") == "ja"
    page.screenshot(path=artifacts / "signal-desktop-ja.png")
    page.reload()  # the choice is remembered
    expect(page.locator("#new")).to_have_text("新しい問題", timeout=TIMEOUT)
    page.select_option("#lang", "en")
    expect(page.locator("#new")).to_have_text("New puzzle")


def _swipe(page: Page, x: float, y: float, dy: float) -> None:
    # A touch that moves (a scroll), as pointer events: it must never write to the board.
    page.evaluate(
        """([x, y, dy]) => {
            const target = document.elementFromPoint(x, y);
            const send = (type, py) => target.dispatchEvent(new PointerEvent(type, {
                pointerId: 7, pointerType: "touch", isPrimary: true, button: type === "pointermove" ? -1 : 0,
                clientX: x, clientY: py, bubbles: true, cancelable: true}));
            send("pointerdown", y); send("pointermove", y + dy / 2); send("pointermove", y + dy);
            send("pointerup", y + dy);
        }""",
        [x, y, dy],
    )


@pytest.mark.parametrize("game, size", [("signal", 6), ("pattern", 10), ("loop", 7)])
def test_a_360_pixel_touch_screen(phone, server_url, artifacts, game, size):
    game_or_skip(game)
    open_puzzle(phone, server_url, game, size, f"phone-{game}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    board = phone.locator("#board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 360
    if game == "signal":
        tile = phone.locator('.tile[data-index="0"]')
        before = tile.get_attribute("aria-label")
        tile.tap()
        expect(phone.locator("#moves")).to_have_text("1")
        assert tile.get_attribute("aria-label") != before
        box = phone.locator('.tile[data-index="7"]').bounding_box()
    elif game == "pattern":
        cell = pattern_cell(phone, 0)
        cell.tap()
        expect(cell).to_have_class(re.compile(r"\bfilled\b"))
        phone.locator('[data-tool="mark"]').tap()
        pattern_cell(phone, 1).tap()
        expect(pattern_cell(phone, 1)).to_have_class(re.compile(r"\bmarked\b"))
        box = pattern_cell(phone, 12).bounding_box()
    else:
        hit = phone.locator('.edge[data-edge="h0"] .hit').bounding_box()
        # A finger lands a third of a cell below the line and still gets it.
        cell_height = phone.locator(".loop-board").bounding_box()["height"] / (size + 1)
        phone.touchscreen.tap(hit["x"] + hit["width"] / 2, hit["y"] + cell_height / 3)
        expect(phone.locator('.edge[data-edge="h0"]')).to_have_class(re.compile(r"\bline\b"))
        box = phone.locator('.edge[data-edge="h20"] .hit').bounding_box()
    moves = phone.locator("#moves").inner_text()
    _swipe(phone, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, 80)
    phone.wait_for_timeout(100)
    assert phone.locator("#moves").inner_text() == moves
    phone.screenshot(path=artifacts / f"{game}-360px.png")


def test_pattern_keyboard_play(page, server_url):
    game_or_skip("pattern")
    open_puzzle(page, server_url, "pattern", 5, "pattern-keys")
    first = pattern_cell(page, 0)
    first.focus()
    page.keyboard.press("Enter")
    expect(first).to_have_class(re.compile(r"\bfilled\b"))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("x")
    second = pattern_cell(page, 1)
    expect(second).to_have_class(re.compile(r"\bmarked\b"))
    assert second.get_attribute("aria-label") == "Row 1, column 2: marked empty"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    expect(pattern_cell(page, 6)).to_have_class(re.compile(r"\bfilled\b"))
    page.keyboard.press("Control+z")
    expect(pattern_cell(page, 6)).not_to_have_class(re.compile(r"\bfilled\b"))
    expect(page.locator("#moves")).to_have_text("2")  # two fills; the mark and the undo are free


def test_loop_keyboard_draws_from_the_cursor_and_says_what_is_there(page, server_url):
    game_or_skip("loop")
    open_puzzle(page, server_url, "loop", 5, "loop-keys")
    clues = api(page, f"{server_url}/api/loop/puzzle?size=5&seed=loop-keys")["givens"]["clues"]
    page.locator(".loop-board").focus()
    page.keyboard.press("Shift+ArrowRight")   # line from dot (0,0) to (0,1)
    page.keyboard.press("Shift+ArrowDown")    # line from (0,1) to (1,1)
    page.keyboard.press("Control+ArrowRight")  # × on the edge from (1,1) to (1,2), cursor stays
    expect(page.locator('.edge[data-edge="h0"]')).to_have_class(re.compile(r"\bline\b"))
    expect(page.locator('.edge[data-edge="v1"]')).to_have_class(re.compile(r"\bline\b"))
    expect(page.locator('.edge[data-edge="h6"]')).to_have_class(re.compile(r"\bcrossed\b"))
    label = page.locator(".loop-board").get_attribute("aria-label")
    assert "Dot at row 2, column 2." in label and "up: line." in label and "right: × no line." in label
    # The four cells around the dot, each with its number (or none) and its lines so far.
    for where, cell in (("up-left", 0), ("up-right", 1), ("down-left", 5), ("down-right", 6)):
        k = clues[cell]
        assert (f"{where} no number" if k is None else f"{where} {k} with ") in label, (where, label)
    page.keyboard.press("ArrowDown")
    expect(page.locator(".loop-wrap .sr-only[aria-live]")).to_contain_text("Dot at row 3, column 2.")


def test_loop_mouse_drag_draws_and_erases_a_run(page, server_url):
    game_or_skip("loop")
    open_puzzle(page, server_url, "loop", 5, "loop-drag")
    board = page.locator(".loop-board").bounding_box()
    unit = board["width"] / 6  # 5 cells and half a cell of margin on each side

    def dot(r: int, c: int) -> tuple[float, float]:
        return board["x"] + unit * (c + 0.5), board["y"] + unit * (r + 0.5)

    for start, end in ((dot(0, 0), dot(0, 3)), (dot(0, 3), dot(0, 1))):
        page.mouse.move(*start)
        page.mouse.down()
        page.mouse.move(*end, steps=12)
        page.mouse.up()
    line = re.compile(r"\bline\b")
    expect(page.locator('.edge[data-edge="h0"]')).to_have_class(line)
    for index in (1, 2):
        expect(page.locator(f'.edge[data-edge="h{index}"]')).not_to_have_class(line)
    expect(page.locator("#moves")).to_have_text("5")  # three drawn, then two erased
    page.click("#undo")
    expect(page.locator('.edge[data-edge="h2"]')).to_have_class(re.compile(r"\bline\b"))
