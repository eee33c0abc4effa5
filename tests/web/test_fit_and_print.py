"""Every board fits its screen (1280×800 and 360×740), with zoom and pan past that and Pattern's clues in
view; nothing shifts while the page loads; the print stylesheet puts the board alone on one page."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from page_helpers import TIMEOUT, api, layout_shift, made_up_puzzle, open_made_up, open_puzzle
from playwright.sync_api import Page, expect
from web_helpers import installed_games

VIEWPORTS = {"desktop": (1280, 800), "phone": (360, 740)}
# The sizes the newer generator versions make at most; the page draws any width × height.
LARGE = [("pattern", 40, 40), ("pattern", 30, 20), ("loop", 30, 30), ("signal", 25, 25), ("signal", 25, 12)]


@pytest.fixture(params=list(VIEWPORTS))
def screen(request, browser):
    width, height = VIEWPORTS[request.param]
    phone = request.param == "phone"
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US",
                                  has_touch=phone, is_mobile=phone, device_scale_factor=2 if phone else 1)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.name = request.param  # type: ignore[attr-defined]
    yield page
    context.close()
    assert not errors, errors


def board_fits(page: Page) -> None:
    """The whole board is inside the window and its box, with nothing to scroll."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    drawn = page.locator("#board > *").first.bounding_box()
    assert drawn is not None
    assert drawn["x"] >= 0 and drawn["y"] >= 0, drawn
    assert drawn["x"] + drawn["width"] <= width + 0.5 and drawn["y"] + drawn["height"] <= height + 0.5, drawn
    box = page.evaluate("(() => { const b = document.getElementById('board'); "
                        "return [b.scrollWidth, b.clientWidth, b.scrollHeight, b.clientHeight]; })()")
    assert box[0] <= box[1] and box[2] <= box[3], box
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def largest_presets(page: Page, server_url: str) -> list[tuple[str, int, int]]:
    games = api(page, f"{server_url}/api/games")["games"]
    return [(g["name"], v["number"], max(v["presets"])) for g in games for v in g["versions"]]


def test_the_largest_preset_of_every_game_and_version_fits_without_scrolling(screen, server_url, artifacts):
    for game, version, side in largest_presets(screen, server_url):
        open_puzzle(screen, server_url, game, side, f"fit-{game}", extra=f"&version={version}")
        board_fits(screen)
        assert layout_shift(screen) < 0.1
        screen.screenshot(path=artifacts / f"fit-{game}-{side}x{side}-{screen.name}.png")


@pytest.mark.parametrize("game, width, height", LARGE)
def test_large_boards_fit_and_zoom(screen, server_url, artifacts, game, width, height):
    if game not in installed_games():
        pytest.skip(f"{game} is not installed")
    open_made_up(screen, server_url, made_up_puzzle(game, width, height, wrapping=game == "signal"))
    board_fits(screen)
    assert layout_shift(screen) < 0.1
    screen.screenshot(path=artifacts / f"fit-{game}-{width}x{height}-{screen.name}.png")
    cell_before = float(screen.evaluate("getComputedStyle(document.getElementById('board')).getPropertyValue('--cell')")
                        .removesuffix("px"))
    screen.click("#zoom-in")
    screen.click("#zoom-in")
    cell_after = float(screen.evaluate("getComputedStyle(document.getElementById('board')).getPropertyValue('--cell')")
                       .removesuffix("px"))
    assert cell_after > cell_before
    expect(screen.locator("#board")).to_have_class(re.compile(r"\bzoomed\b"))
    size = screen.evaluate("(() => { const b = document.getElementById('board'); "
                           "return [b.scrollWidth, b.clientWidth, b.scrollHeight, b.clientHeight]; })()")
    if size[0] > size[1] or size[2] > size[3]:
        # Pan to the far corner: Pattern's clues stay at the box's top and left edges.
        screen.evaluate("(() => { const b = document.getElementById('board'); "
                        "b.scrollTo(b.scrollWidth, b.scrollHeight); })()")
        if game == "pattern":
            box = screen.locator("#board").bounding_box()
            column = screen.locator(".clue.col").nth(width - 1).bounding_box()
            row = screen.locator(".clue.row").nth(height - 1).bounding_box()
            assert abs(column["y"] - box["y"]) <= 6, (column, box)
            assert abs(row["x"] - box["x"]) <= 6, (row, box)
        screen.screenshot(path=artifacts / f"zoom-{game}-{width}x{height}-{screen.name}.png")
    screen.click("#zoom-fit")
    board_fits(screen)


def test_rectangular_and_wrapping_boards_are_drawn_and_played(page, server_url):
    open_made_up(page, server_url, made_up_puzzle("signal", 7, 4, wrapping=True))
    assert page.locator(".tile").count() == 28
    before = page.locator('.tile[data-index="6"]').get_attribute("aria-label")
    page.locator('.tile[data-index="6"]').click()
    expect(page.locator("#moves")).to_have_text("1")
    assert page.locator('.tile[data-index="6"]').get_attribute("aria-label") != before
    assert "off the board" not in page.locator("#problems").inner_text()  # a wrapping board has no edge
    assert page.locator("#width").input_value() == "7" and page.locator("#height").input_value() == "4"


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("game, size", [("signal", 6), ("pattern", 10), ("loop", 10)])
def test_the_print_stylesheet_prints_the_board_alone_on_one_page(page, server_url, artifacts, tmp_path, game, size):
    open_puzzle(page, server_url, game, size, f"print-{game}")
    puzzle_id = page.locator("#print-id").inner_text()
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper)  # the print stylesheet, on paper of that size
        assert pdf_pages(pdf) == 1, paper
        path = tmp_path / f"{game}-{paper}.pdf"
        path.write_bytes(pdf)
        if shutil.which("pdftotext"):
            text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
            assert puzzle_id in text.replace("\n", "")
        if paper == "A4" and shutil.which("pdftoppm"):
            subprocess.run(["pdftoppm", "-png", "-r", "50", "-singlefile", str(path),
                            str(artifacts / f"print-{game}-pdf")], check=True)
    page.emulate_media(media="print")
    for hidden in ("#settings", ".actions", "#status", ".games", ".board-bar", ".extras"):
        expect(page.locator(hidden).first).to_be_hidden()
    expect(page.locator("#print-id")).to_have_text(puzzle_id)
    board = page.locator("#board > *").first.bounding_box()
    # 180 mm at 96 px per inch: the width A4 and Letter both have inside 15 mm margins.
    assert board["width"] <= 180 / 25.4 * 96 + 1


def test_the_board_is_inside_the_box_while_the_puzzle_loads(page, server_url):
    # The box has its size before any puzzle arrives, so that showing one moves nothing.
    page.route("**/api/*/puzzle?*", lambda route: None)  # never answered
    page.goto(f"{server_url}/?game=loop&size=5&seed=slow")
    expect(page.locator("#status")).to_have_text("Generating the puzzle of seed slow…", timeout=TIMEOUT)
    box = page.locator("#board").bounding_box()
    assert box["height"] > 300 and box["width"] > 300
