"""The page's layout defects of issue 30 (points 3 to 6), each at 1280×800 and 360×740 in Debian's chromium,
with a screenshot of each in test-artifacts/:

* 3: on a phone the hint's panel covers the status line, so the board keeps its size while the hint's
  marks show (it was squeezed from 340×369 to 340×179 px on Signal 15×15);
* 4: the daily page's cards are as tall as what they hold, in one centred column of reading width;
* 5: every difficulty and option of /api/games has words in English and Japanese (no raw key);
* 6: the header's links stay clear of the tabs, no button's word leaves its button, the result card
  focuses its action, and a fresh Loop shows no 0 as met.
"""

from __future__ import annotations

import pytest
from page_helpers import TIMEOUT, api, axe_violations, edge_centre, open_puzzle
from play_screens import SCREENS, screen_page
from playwright.sync_api import Page, expect

SCREEN_NAMES = list(SCREENS)


def box(page: Page, selector: str) -> dict:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_the_hint_panel_leaves_the_board_its_size(browser, server_url, artifacts, screen):
    for locale in ("en-US", "ja-JP"):
        with screen_page(browser, screen, locale=locale) as page:
            page.goto(f"{server_url}/?game=signal&version=4&size=15&difficulty=hard&seed=hint-room")
            expect(page.locator("#print-id")).to_have_text("signal.4.15x15.hard.hint-room", timeout=TIMEOUT)
            before = box(page, "#board > *")
            page.click("#hint")
            expect(page.locator("#hint-panel")).to_be_visible(timeout=TIMEOUT)
            expect(page.locator(".tile.hint-decides")).to_have_count(1)
            after = box(page, "#board > *")
            assert abs(after["width"] - before["width"]) < 1 and abs(after["height"] - before["height"]) < 1, \
                (before, after)
            panel, board = box(page, "#hint-panel"), box(page, "#board")
            width, height = SCREENS[screen]
            assert panel["y"] >= 0 and panel["y"] + panel["height"] <= height and panel["x"] + panel["width"] <= width
            if screen == "phone":  # the panel is above the board, not over it
                assert panel["y"] + panel["height"] <= board["y"], (panel, board)
            for control in ("#hint-apply", "#hint-close"):
                expect(page.locator(control)).to_be_in_viewport()
            page.screenshot(path=artifacts / f"hint-panel-signal-15-{screen}-{locale[:2]}.png")
            assert axe_violations(page) == []
            page.click("#hint-close")
            expect(page.locator("#status")).to_be_visible()


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_the_daily_cards_are_as_tall_as_their_content(browser, server_url, artifacts, screen):
    with screen_page(browser, screen) as page:
        page.goto(f"{server_url}/daily")
        cards = page.locator(".daily")
        expect(cards.first.locator(".outcome")).to_have_text("Not played yet", timeout=TIMEOUT)
        width = SCREENS[screen][0]
        heights = cards.evaluate_all("cs => cs.map(c => c.getBoundingClientRect().height)")
        assert len(heights) == 6 and max(heights) < 200, heights
        link = box(page, ".daily .play-link")
        assert link["height"] < 40, link
        # One column of reading width: the title, the cards and the archive share their left edge.
        title, first = box(page, "h1"), box(page, ".daily")
        assert abs(title["x"] - first["x"]) <= 1, (title, first)
        assert first["x"] < width / 2
        total = page.evaluate("document.documentElement.scrollHeight")
        # the cards (each with its floor line), the archive and the friends' groups below them
        assert total <= (1100 if screen == "desktop" else 1700), total
        page.screenshot(path=artifacts / f"daily-page-{screen}.png", full_page=True)
        assert axe_violations(page) == []


def test_every_difficulty_and_option_of_the_games_has_words_in_every_language(page, server_url):
    games = api(page, f"{server_url}/api/games")["games"]
    page.goto(f"{server_url}/static/index.html")
    wanted = sorted({f"difficulty.{d}" for g in games for v in g["versions"] for d in v["difficulties"]}
                    | {f"option.{o['name']}" for g in games for v in g["versions"] for o in v["options"]}
                    | {f"option.{o['name']}.{value}" for g in games for v in g["versions"] for o in v["options"]
                       for value in o["values"] if not isinstance(value, bool)})
    assert "difficulty.expert" in wanted
    # The shared words and each game's own (its view folder's words.js, registered by loadWords).
    missing = page.evaluate("""([wanted, names]) => import('/static/views/index.js')
        .then((views) => Promise.all(names.map((name) => views.loadWords(name))))
        .then(() => import('/static/i18n.js')).then((i18n) =>
            i18n.LANGUAGES.flatMap((lang) => wanted.filter((key) => !i18n.keys(lang).includes(key))
                .map((key) => `${lang}:${key}`)))""",
                            [wanted, [g["name"] for g in games]])
    assert missing == []


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_loop_expert_shows_its_difficulty_in_words(browser, server_url, artifacts, screen):
    for locale, word in (("en-US", "expert"), ("ja-JP", "とてもむずかしい")):
        with screen_page(browser, screen, locale=locale) as page:
            page.goto(f"{server_url}/?game=loop&version=2&size=5&difficulty=expert&seed=words")
            expect(page.locator("#print-id")).to_have_text("loop.2.5x5.expert.words", timeout=TIMEOUT)
            options = page.locator("#difficulty option").all_text_contents()
            assert word in options and not any("." in text for text in options), options
            expect(page.locator("#settings-summary")).to_contain_text(word)
            expect(page.locator("#settings-summary")).not_to_contain_text("difficulty.")
            if screen == "phone":
                page.click("#settings-toggle")
            page.screenshot(path=artifacts / f"loop-expert-words-{screen}-{locale[:2]}.png")


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_the_header_links_stay_clear_of_the_tabs(browser, server_url, artifacts, screen):
    for locale in ("en-US", "ja-JP"):
        with screen_page(browser, screen, locale=locale) as page:
            open_puzzle(page, server_url, "pattern", 5, "header") if locale == "en-US" else \
                page.goto(f"{server_url}/?game=pattern&size=5&seed=header")
            expect(page.locator("#print-id")).to_contain_text("header", timeout=TIMEOUT)
            tabs = box(page, "#games")
            for link in page.locator(".top a").all():
                found = link.bounding_box()
                assert found["y"] + found["height"] <= tabs["y"] + 0.5, (found, tabs)
                # the link is what is drawn at its middle and near its bottom: nothing covers it
                for y in (found["y"] + found["height"] / 2, found["y"] + found["height"] - 2):
                    assert link.evaluate("(a, [x, y]) => document.elementFromPoint(x, y)?.closest('a') === a",
                                         [found["x"] + found["width"] / 2, y])
            clipped = page.locator(".top p, .top h1").evaluate_all(
                "ps => ps.filter(p => getComputedStyle(p).display !== 'none' && p.scrollHeight > p.clientHeight + 1)"
                ".map(p => p.className)")
            assert clipped == []
            page.screenshot(path=artifacts / f"header-{screen}-{locale[:2]}.png", clip={
                "x": 0, "y": 0, "width": SCREENS[screen][0], "height": tabs["y"] + tabs["height"] + 10})


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_no_word_leaves_its_button(browser, server_url, artifacts, screen):
    for locale in ("en-US", "ja-JP"):
        with screen_page(browser, screen, locale=locale) as page:
            page.goto(f"{server_url}/?game=signal&size=5&seed=buttons")
            expect(page.locator("#print-id")).to_contain_text("buttons", timeout=TIMEOUT)
            width = SCREENS[screen][0]
            overflowing = page.locator("button:visible").evaluate_all(
                """(bs, width) => bs.filter((b) => b.scrollWidth > b.clientWidth + 1
                       || b.getBoundingClientRect().right > width + 0.5 || b.getBoundingClientRect().left < -0.5)
                     .map((b) => b.id || b.textContent)""", width)
            assert overflowing == [], (locale, overflowing)
            page.screenshot(path=artifacts / f"buttons-{screen}-{locale[:2]}.png")


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_the_result_card_focuses_its_action(browser, server_url, artifacts, screen):
    with screen_page(browser, screen) as page:
        page.goto(f"{server_url}/?game=pattern&size=5&seed=result-focus")
        expect(page.locator("#print-id")).to_contain_text("result-focus", timeout=TIMEOUT)
        page.click("#reveal")
        page.click("#ask-yes")  # Reveal asks first, in the page's language
        expect(page.locator("#result")).to_be_visible(timeout=TIMEOUT)
        assert page.evaluate("document.activeElement.id") == "result-new"
        page.screenshot(path=artifacts / f"result-card-focus-{screen}.png")
        page.keyboard.press("Enter")  # the action: a new puzzle
        expect(page.locator("#result")).to_be_hidden()
        expect(page.locator("#print-id")).not_to_contain_text("result-focus", timeout=TIMEOUT)


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_a_fresh_loop_shows_no_zero_as_met(browser, server_url, artifacts, screen):
    with screen_page(browser, screen) as page:
        seed = "zeros"
        open_puzzle(page, server_url, "loop", 7, seed)
        clues = api(page, f"{server_url}/api/loop/puzzle?size=7&seed={seed}")["givens"]["clues"]
        zero = clues.index(0)
        expect(page.locator(".loop-board .clue.met")).to_have_count(0)
        assert page.locator(".loop-board .clue title").evaluate_all(
            "ts => ts.filter(t => t.textContent.includes('met')).length") == 0
        page.screenshot(path=artifacts / f"loop-fresh-zeros-{screen}.png")
        # Its four sides marked × (a right click, or the × tool on a phone): now it is met.
        r, c = divmod(zero, 7)
        if screen == "phone":
            page.click('#tool [data-tool="mark"]')
        for key in (f"h{r * 7 + c}", f"h{(r + 1) * 7 + c}", f"v{r * 8 + c}", f"v{r * 8 + c + 1}"):
            x, y = edge_centre(page, key)
            if screen == "phone":
                page.touchscreen.tap(x, y)
            else:
                page.mouse.click(x, y, button="right")
        expect(page.locator(".loop-board .clue.met")).to_have_count(1)
        page.screenshot(path=artifacts / f"loop-zero-crossed-{screen}.png")
