"""The studio page designing Loop on one of Loopy's other grids (views/loop/studio.js over GET /api/loop/grid),
in Debian's chromium against the real server: a honeycomb is chosen and sized, its loop drawn by clicking
edges, one face's clue shown (several loops: the difference's edges marked), a proven fix hovered and
focused (its faces framed and numbered as it names them) and applied (unique, its Loopy ID among the
exports), the studio link reopens the design; the keyboard draws on the grid; every size a grid takes is
chosen (a floret 1 wide) and one it does not is refused by the page in words; a studio link whose grid,
size, loop or clues do not fit says why (in the page's language) and leaves nothing of it; a drawing the
busy server refuses is asked again; axe-core finds no violation on the grid studio."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from page_helpers import DESKTOP, PHONE, TIMEOUT, axe_violations
from playwright.sync_api import Page, expect

DATA = Path(__file__).resolve().parents[1] / "data" / "loopy_grids"


def first_loop(name: str) -> tuple[str, list[int]]:
    """The first Loopy ID of a grid's test data and its loop's edges (as Loopy solved it)."""
    loopy_id, edges = (DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines()[0].split("\t")
    return loopy_id, [int(e) for e in edges.split()]


@pytest.fixture()
def studio(browser, server_url):
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(f"{server_url}/studio#loop")
    expect(tab.locator("body[data-ready=yes]")).to_have_count(1)
    yield tab
    context.close()
    assert not errors, f"the page logged errors: {errors}"


def verdict(page: Page, name: str) -> None:
    expect(page.locator(f'#verdict[data-verdict="{name}"]')).to_have_count(1, timeout=TIMEOUT)


def choose_grid(page: Page, name: str, width: int, height: int) -> None:
    expect(page.locator(f'#loop-grid option[value="{name}"]')).to_be_attached(timeout=TIMEOUT)
    page.select_option("#loop-grid", name)
    for label, value in (("Width", width), ("Height", height)):
        page.get_by_label(label).fill(str(value))
        page.get_by_label(label).press("Enter")


def no_violations(page: Page, state: str) -> None:
    violations = axe_violations(page)
    assert violations == [], f"{state}: {violations}"


def test_a_honeycomb_loop_is_designed_to_unique_and_its_link_reopens_it(studio: Page, artifacts: Path):
    page = studio
    _, loop = first_loop("honeycomb")  # the 3×3 honeycomb's faces count 5 3 0 3 3 2 4 3 5 of this loop
    choose_grid(page, "honeycomb", 3, 3)
    expect(page.locator("#verdict")).to_contain_text("Draw the loop", timeout=TIMEOUT)
    expect(page.locator(".loop-studio polygon.paper")).to_have_count(9)
    for e in loop:
        page.locator(f'.loop-studio [data-edge="{e}"]').click()
    expect(page.locator(".loop-studio .loop-edge.line")).to_have_count(len(loop))
    verdict(page, "several")  # no clue shown
    no_violations(page, "the grid studio drawing the loop")
    page.get_by_role("radio", name="Choose clues").click()
    page.locator('.loop-studio [data-cell="6"]').click()  # its 4: "3x3t2:f4b", several loops
    verdict(page, "several")
    expect(page.locator(".loop-studio .loop-edge.difference").first).to_be_attached()
    no_violations(page, "the grid studio choosing clues, with a difference marked")
    page.screenshot(path=artifacts / "studio-honeycomb-several.png")
    page.click("#fixes")
    fix = page.locator("#fix-list .fix").first
    expect(fix).to_be_visible(timeout=TIMEOUT)
    expect(fix).to_contain_text("in face")
    fix.hover()
    expect(page.locator(".loop-studio .preview").first).to_be_attached()
    # the faces the fix names ("Show 3 in face 2 and ...") are framed on the board, each with its number
    faces = [int(n) for n in re.findall(r"in face (\d+)", fix.inner_text())]
    assert faces, fix.inner_text()
    expect(page.locator(".loop-studio .fix-face")).to_have_count(len(faces))
    expect(page.locator(".loop-studio .face-number")).to_have_text([str(n) for n in faces])
    page.mouse.move(0, 0)
    expect(page.locator(".loop-studio .fix-face")).to_have_count(0)
    fix.focus()  # the keyboard's way to the same marks
    expect(page.locator(".loop-studio .face-number")).to_have_text([str(n) for n in faces])
    page.screenshot(path=artifacts / "studio-honeycomb-fix-faces.png")
    no_violations(page, "the grid studio with a fix's faces framed and numbered")
    # a face under the pointer says its number too
    expect(page.locator(f'.loop-studio [data-cell="{faces[0] - 1}"] title')).to_have_text(f"face {faces[0]}")
    fix.click()
    verdict(page, "unique")
    expect(page.locator("#verdict .level")).to_contain_text("Level:")
    loopy_id = page.locator("#export-loopy").input_value()
    assert loopy_id == "3x3t2:530a3a4b", loopy_id  # the fix shows four clues beside the 4 (the API's answer)
    expect(page.locator("#play-link")).to_be_visible()
    page.screenshot(path=artifacts / "studio-honeycomb-unique.png")
    link = page.locator("#studio-link").get_attribute("href")
    assert link is not None and "#loop:honeycomb:3x3:" in link
    page.goto("about:blank")
    page.goto(link)
    verdict(page, "unique")
    expect(page.locator(".loop-studio .loop-edge.line")).to_have_count(len(loop))
    expect(page.locator(".loop-studio .loop-clue.shown")).to_have_count(5)
    assert page.locator("#export-loopy").input_value() == loopy_id


def test_the_keyboard_draws_on_a_grid_and_a_size_it_does_not_take_is_refused(studio: Page):
    page = studio
    choose_grid(page, "kites", 3, 3)
    board = page.locator(".loop-studio")
    expect(board.locator("polygon.paper").first).to_be_attached(timeout=TIMEOUT)
    board.focus()
    board.press("Shift+ArrowRight")
    expect(board.locator(".loop-edge.line")).to_have_count(1)
    expect(page.locator(".studio-wrap .sr-only")).to_contain_text("edge drawn")
    page.keyboard.press("Control+z")
    expect(board.locator(".loop-edge.line")).to_have_count(0)
    page.select_option("#loop-grid", "hats")  # 3×3: hats need at least 6×6
    expect(page.locator("#verdict")).to_contain_text(
        "On hats, width and height are each from 6 to 20; 3 × 3 is not a size it takes.", timeout=TIMEOUT)
    choose_grid(page, "hats", 6, 6)
    expect(board.locator("polygon.paper").first).to_be_attached(timeout=TIMEOUT)
    page.get_by_role("button", name="Random loop").click()
    # every clue of a random loop shown: analysed (unique or, rarely, several)
    expect(page.locator('#verdict[data-verdict="unique"], #verdict[data-verdict="several"]')).to_have_count(
        1, timeout=TIMEOUT)
    expect(board.locator(".loop-clue.shown").first).to_be_attached()


def hex_of(bits: list[int]) -> str:
    """The studio link's cells: four a hex digit, the first the highest bit (studio/board.js encodeCells)."""
    padded = bits + [0] * (-len(bits) % 4)
    return "".join(f"{int(''.join(map(str, padded[i:i + 4])), 2):x}" for i in range(0, len(padded), 4))


def test_a_grid_design_keeps_the_clues_its_level_needs_and_speaks_japanese(browser, server_url):
    from gridlogic.loop.grids import build_grid

    _, loop = first_loop("honeycomb")
    edges = [int(e in loop) for e in range(len(build_grid("honeycomb", 3, 3).edges))]
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    page.goto(f"{server_url}/studio#loop:honeycomb:3x3:{hex_of(edges)}:{hex_of([1] * 9)}")
    verdict(page, "unique")
    assert page.locator("#export-loopy").input_value() == "3x3t2:530332435"  # every face's clue
    page.select_option("#thin-level", "medium")
    page.click("#thin")
    expect(page.locator(".loop-studio .loop-clue.shown")).to_have_count(5, timeout=TIMEOUT)
    verdict(page, "unique")
    assert page.locator("#export-loopy").input_value() == "3x3t2:b0332b5"  # the API's thinned puzzle
    page.click("#studio-undo")
    expect(page.locator(".loop-studio .loop-clue.shown")).to_have_count(9)
    page.select_option("#lang", "ja")
    expect(page.locator("#loop-grid option[value=honeycomb]")).to_have_text("六角形（ハニカム）")
    label = page.locator("svg.loop-studio").get_attribute("aria-label")
    assert label is not None and "六角形（ハニカム）" in label and "9 面" in label, label
    no_violations(page, "the grid studio in Japanese")
    context.close()


def test_the_grid_studio_on_a_phone_has_no_axe_violation_and_a_penrose_patch_is_analysed(browser, server_url):
    context = browser.new_context(viewport=PHONE, locale="en-US", has_touch=True)
    page = context.new_page()
    page.goto(f"{server_url}/studio#loop:penrose-p3:4x4::")
    expect(page.locator(".loop-studio polygon.paper").first).to_be_attached(timeout=TIMEOUT)
    page.get_by_role("button", name="Random loop").click()
    expect(page.locator('#verdict[data-verdict="unique"], #verdict[data-verdict="several"]')).to_have_count(
        1, timeout=TIMEOUT)
    link = page.locator("#studio-link").get_attribute("href")
    assert link is not None and "#loop:penrose-p3:4x4:" in link
    no_violations(page, "the grid studio on a phone")
    context.close()


def test_the_editor_writes_loopy_clues_as_loopy_does(studio: Page):
    """views/loop/studio.js's worked examples: runs of blanks a letter (z twenty-six), clues from 10 a capital."""
    written = studio.evaluate("""async () => {
        const { writeLoopyClues } = await import("/static/views/loop/studio.js");
        const blanks = (n) => new Array(n).fill(null);
        return [writeLoopyClues([2, null, null, 11]), writeLoopyClues([...blanks(2), 4, ...blanks(6)]),
                writeLoopyClues([...blanks(27), 0]), writeLoopyClues(blanks(52))]; }""")
    assert written == ["2bB", "b4f", "za0", "zz"]


def grid_requests(page: Page) -> list[str]:
    """The queries of the drawings the page asks of the server from now on."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url.partition("?")[2])
            if "/api/loop/grid?" in request.url else None)
    return asked


def test_every_size_a_grid_takes_is_chosen_and_one_it_does_not_is_refused_in_words(studio: Page):
    from gridlogic.loop.grids import build_grid

    page = studio
    asked = grid_requests(page)
    expect(page.get_by_label("Width")).to_have_attribute("min", "1")
    choose_grid(page, "floret", 1, 2)  # Loopy's least floret: one of its sides may be 1
    board = page.locator(".loop-studio")
    expect(board.locator("polygon.paper")).to_have_count(len(build_grid("floret", 1, 2).faces), timeout=TIMEOUT)
    page.get_by_label("Height").fill("1")
    page.get_by_label("Height").press("Enter")
    expect(page.locator("#verdict")).to_contain_text(
        "On florets, the width or the height must be at least 2; 1 × 1 is not a size it takes.")
    expect(board.locator("polygon.paper")).to_have_count(0)
    page.get_by_label("Width").fill("2")
    page.get_by_label("Width").press("Enter")
    expect(board.locator("polygon.paper")).to_have_count(len(build_grid("floret", 2, 1).faces), timeout=TIMEOUT)
    page.select_option("#loop-grid", "square")  # the studio's own squares are at least 2×2
    expect(page.locator("#verdict")).to_contain_text(
        "On squares, width and height are each from 2 to 20; 2 × 1 is not a size it takes.")
    expect(board.locator(".loop-edge")).to_have_count(0)
    page.click("#studio-undo")
    expect(board.locator("polygon.paper")).to_have_count(len(build_grid("floret", 2, 1).faces))
    assert "grid=floret&width=1&height=1" not in asked, asked  # refused by the page: never asked of the server


EMPTY_SQUARES = "5x5:" + "0" * 15 + ":" + "0" * 7  # the empty 5×5 board of squares' studio link (60 edges, 25 cells)


def honeycomb_misfit() -> tuple[str, str]:
    from gridlogic.loop.grids import build_grid

    edges = len(build_grid("honeycomb", 3, 3).edges)
    return "honeycomb:3x3:ff:1ff", f"loop or clues do not fit its honeycomb grid of 3 × 3 ({edges} edges, 9 faces)"


@pytest.mark.parametrize(("fragment", "said"), [
    honeycomb_misfit(),
    ("hexagons:3x3::", "names a grid the studio does not have (“hexagons”)"),
    ("hats:3x3::", "could not be opened: On hats, width and height are each from 6 to 20; 3 × 3 is not a size"),
    ("floret:1x1::", "could not be opened: On florets, the width or the height must be at least 2; 1 × 1"),
    ("1x5::", "could not be opened: On squares, width and height are each from 2 to 20; 1 × 5"),
    ("5x5:ff:00", "loop or clues do not fit its squares grid of 5 × 5 (60 edges, 25 faces)"),
])
def test_a_studio_link_that_does_not_fit_its_grid_says_why_and_keeps_nothing_of_it(browser, server_url, fragment,
                                                                                   said):
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server_url}/studio#loop:{fragment}")
    expect(page.locator("#verdict")).to_contain_text(said, timeout=TIMEOUT)
    expect(page.locator("#verdict")).to_contain_text("ere is an empty board")
    # nothing of the link is left: the empty board of squares, its fields, its own link
    expect(page.locator("#loop-grid")).to_have_value("square")
    expect(page.get_by_label("Width")).to_have_value("5")
    expect(page.get_by_label("Height")).to_have_value("5")
    expect(page.locator(".loop-studio .loop-edge")).to_have_count(60)
    expect(page.locator(".loop-studio .loop-edge.line")).to_have_count(0)
    assert page.url.endswith(f"#loop:{EMPTY_SQUARES}"), page.url
    assert page.locator("#studio-link").get_attribute("href").endswith(f"#loop:{EMPTY_SQUARES}")
    page.locator('.loop-studio [data-edge="0"]').click()  # the next edit: the refusal is said no more
    expect(page.locator("#verdict")).not_to_contain_text("empty board")
    context.close()
    assert not errors, f"the page logged errors: {errors}"


def test_a_studio_link_that_does_not_fit_is_refused_in_the_pages_language(browser, server_url):
    context = browser.new_context(viewport=DESKTOP, locale="ja-JP")
    page = context.new_page()
    page.goto(f"{server_url}/studio?lang=ja#loop:hats:3x3::")
    expect(page.locator("#verdict")).to_contain_text(
        "このスタジオのリンクは開けません: ハット", timeout=TIMEOUT)
    expect(page.locator("#verdict")).to_contain_text("3 × 3 は作れません。空の盤を表示します。")
    no_violations(page, "a refused studio link, in Japanese")
    context.close()


def test_a_drawing_the_server_is_too_busy_to_make_is_asked_again(studio: Page):
    """The grid route builds a drawing under admission: a 503 (its queue full) is answered by the same
    question after its Retry-After, and the board is drawn then; a refusal it would remember is not."""
    page = studio
    asked: list[str] = []

    def busy_once(route):
        asked.append(route.request.url.partition("?")[2])
        if len(asked) == 1:
            route.fulfill(status=503, headers={"Retry-After": "1"}, content_type="application/json",
                          body='{"error": "the server is busy"}')
        else:
            route.continue_()

    page.route("**/api/loop/grid?*", busy_once)
    expect(page.locator('#loop-grid option[value="octagonal"]')).to_be_attached(timeout=TIMEOUT)
    page.select_option("#loop-grid", "octagonal")  # at the design's 5×5
    expect(page.locator(".loop-studio polygon.paper").first).to_be_attached(timeout=TIMEOUT)
    expect(page.locator("#verdict")).to_contain_text("Draw the loop")
    assert asked == ["grid=octagonal&width=5&height=5"] * 2, asked


def test_the_editor_checks_a_size_by_the_grids_limits(studio: Page):
    """views/loop/studio.js's sizeProblem, its worked example: a floret (leastBoth 1, leastOne 2) is 1×2 or larger."""
    said = studio.evaluate("""async () => {
        const { sizeProblem } = await import("/static/views/loop/studio.js");
        const floret = { leastBoth: 1, leastOne: 2, most: 20 };
        return [[1, 1], [1, 2], [2, 1], [21, 2], [0, 5]].map(
            ([w, h]) => sizeProblem(floret, "floret", w, h)?.problem ?? null); }""")
    assert said == ["studio.loop.sizeOne", None, None, "studio.loop.sizeBoth", "studio.loop.sizeBoth"]
