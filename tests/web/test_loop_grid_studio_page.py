"""The studio page designing Loop on one of Loopy's other grids (views/loop/studio.js over GET /api/loop/grid),
in Debian's chromium against the real server: a honeycomb is chosen and sized, its loop drawn by clicking
edges, one face's clue shown (several loops: the difference's edges marked), a proven fix applied (unique,
its Loopy ID among the exports), the studio link reopens the design; the keyboard draws on the grid; a size
the grid does not take is refused in words; axe-core finds no violation on the grid studio."""

from __future__ import annotations

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
    expect(page.locator("#verdict")).to_contain_text("must both be at least 6", timeout=TIMEOUT)
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
