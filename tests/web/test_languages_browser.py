"""Every page in every language: ``?lang=xx`` shows the whole page in that language, in Debian's chromium.

For each language but English (and Japanese, whose pages the other browser tests read), the game page
of every game (settings, board, import dialog, result card), the daily page, the records page, the
studio with an analysed design and the walk-through are opened with ``?lang=xx``, and the words
they show (visible text, aria-labels, titles, placeholders, the document's title) are read (and
axe-core finds no violation on the game pages and the studio in the language). A word is
English left over when the page's English words have it, the language's own words do not (so
"Zoom", shared by English and German, is no leftover in German), and it is no name: the allow-list
below. The words come from the page's own modules (static/words/, views/<game>/words.js), so the
check follows every new word.

What the server says in sentences (a hint's and a walk-through step's explanation, a walk's note)
comes in every language too (:class:`gridlogic.hints.Text`): the walk-through's page words are
checked without its steps in every language, and ``test_the_walk_through_steps_are_in_the_language``
checks the steps too, in German.
"""

from __future__ import annotations

import pytest
from page_helpers import TIMEOUT, api, axe_violations
from playwright.sync_api import Page, expect

LANGUAGES = ("de", "fr", "es", "zh", "ko")
# Names that stay as they are in every language (the app, other software, file formats).
NAMES = {"gridlogic", "loopy", "puzz", "link", "tatham", "tatham's", "net", "json", "non", "pdf", "url", "utc", "id"}
WALK_ID = "pattern.2.10x10.medium.walk"

# The English words a page shows in lang: (a JS function of [lang, games, skipped selectors, names]).
LEFTOVERS = """async ([lang, games, skipped, names]) => {
  const WORD = /\\p{L}[\\p{L}'’-]*\\p{L}/gu;
  const wordsOf = (text) => (text.match(WORD) || []).map((word) => word.toLowerCase()).filter((w) => w.length >= 3);
  // A word's forms, without its {placeholders} (their names are no word the page shows).
  const forms = (word) => (typeof word === "string" ? [word] : Object.values(word))
    .map((form) => form.replace(/\\{\\w+\\}/g, " "));
  async function vocabulary(l) {
    const books = [(await import(`/static/words/${l}.js`)).words];
    for (const game of games) {
      const book = (await import(`/static/views/${game}/words.js`))[l];
      if (!book) throw new Error(`views/${game}/words.js has no words in ${l}`);
      books.push(book);
    }
    return new Set(books.flatMap((book) => Object.values(book).flatMap(forms)).flatMap(wordsOf));
  }
  const english = await vocabulary("en"), own = await vocabulary(lang);
  const shown = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(skipped) || ["SCRIPT", "STYLE"].includes(parent.tagName)) continue;
    if (parent.tagName !== "OPTION" && !parent.checkVisibility()) continue;
    shown.push(node.textContent);
  }
  for (const element of document.querySelectorAll("[aria-label], [title], [placeholder], [aria-roledescription]")) {
    if (element.closest(skipped)) continue;
    for (const name of ["aria-label", "title", "placeholder", "aria-roledescription"]) {
      shown.push(element.getAttribute(name) ?? "");
    }
  }
  const left = new Set(wordsOf(shown.join(" ")).filter((w) => english.has(w) && !own.has(w) && !names.includes(w)));
  return [...left].sort();
}"""


def games_of(page: Page, server_url: str) -> list[dict]:
    return api(page, f"{server_url}/api/games")["games"]


def leftovers(page: Page, lang: str, games: list[str], skipped: str = "#none-skipped") -> list[str]:
    return page.evaluate(LEFTOVERS, [lang, games, skipped, sorted(NAMES)])


def assert_in(page: Page, lang: str, games: list[str], where: str, skipped: str = "#none-skipped") -> None:
    assert page.evaluate("document.documentElement.lang") == lang, where
    left = leftovers(page, lang, games, skipped)
    assert left == [], f"{where} in {lang} shows English: {left}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_game_page_is_in_the_language(tab: Page, server_url: str, lang: str):
    page = tab
    games = games_of(page, server_url)
    names = [game["name"] for game in games]
    for game in games:
        name = game["name"]
        page.goto(f"{server_url}/?game={name}&size={game['defaultSize']}&seed=lang-{lang}&lang={lang}")
        expect(page.locator(f'#board[data-game="{name}"]')).to_be_visible(timeout=TIMEOUT)
        expect(page.locator("#status")).to_contain_text(f"lang-{lang}", timeout=TIMEOUT)
        assert_in(page, lang, names, f"the {name} page")
        assert axe_violations(page) == [], f"the {name} page in {lang}"
        if game["offers"]["imports"] and page.locator("#import-open").is_visible():
            page.click("#import-open")
            expect(page.locator("#import")).to_be_visible()
            assert_in(page, lang, names, f"the {name} page's import dialog")
            page.click("#import-cancel")
    page.click("#reveal")
    page.click("#ask-yes")  # Reveal asks first, in the page's language
    expect(page.locator("#result")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("#result-score")).to_have_text("0", timeout=TIMEOUT)
    assert_in(page, lang, names, "the result card")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_daily_and_records_pages_are_in_the_language(tab: Page, server_url: str, lang: str):
    page = tab
    names = [game["name"] for game in games_of(page, server_url)]
    page.goto(f"{server_url}/daily?lang={lang}")
    expect(page.locator("#puzzles .daily").first).to_be_visible(timeout=TIMEOUT)
    page.locator("#puzzles .daily details summary").first.click()
    expect(page.locator("#puzzles .daily .leaderboard li").first).to_be_visible(timeout=TIMEOUT)
    assert_in(page, lang, names, "the daily page")
    page.goto(f"{server_url}/stats?lang={lang}")
    expect(page.locator("#plays")).not_to_be_empty(timeout=TIMEOUT)
    assert_in(page, lang, names, "the records page")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_studio_is_in_the_language(tab: Page, server_url: str, lang: str):
    page = tab
    games = [game for game in games_of(page, server_url) if game["offers"]["studio"]]
    names = [game["name"] for game in games_of(page, server_url)]
    for game in games:
        page.goto(f"{server_url}/studio?lang={lang}#{game['name']}")
        expect(page.locator("body[data-ready=yes]")).to_have_count(1, timeout=TIMEOUT)
        random = page.locator('#studio-tools [data-i18n$=".random"]')
        if random.count():
            random.first.click()
            expect(page.locator("#verdict[data-verdict]")).to_have_count(1, timeout=TIMEOUT)
        assert_in(page, lang, names, f"the {game['name']} studio")
        assert axe_violations(page) == [], f"the {game['name']} studio in {lang}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_walk_through_is_in_the_language_but_the_servers_sentences(tab: Page, server_url: str, lang: str):
    page = tab
    names = [game["name"] for game in games_of(page, server_url)]
    page.goto(f"{server_url}/explain?id={WALK_ID}&lang={lang}")
    expect(page.locator("body[data-ready=yes]")).to_have_count(1, timeout=TIMEOUT)
    page.click("#next")
    assert_in(page, lang, names, "the walk-through", skipped="#step-text, #steps")
    # The technique's name is the language's, before the server's sentence.
    words = "import('/static/views/pattern/words.js')"
    technique = page.evaluate(f"{words}.then((m) => m.{lang}['technique.pattern.line'])")
    expect(page.locator("#step-text")).to_contain_text(f"1. {technique}: ")


def test_the_walk_through_steps_are_in_the_language(tab: Page, server_url: str):
    page = tab
    page.goto(f"{server_url}/explain?id={WALK_ID}&lang=de")
    expect(page.locator("body[data-ready=yes]")).to_have_count(1, timeout=TIMEOUT)
    page.click("#next")
    assert leftovers(page, "de", ["pattern"]) == []


def test_the_language_is_picked_remembered_and_taken_from_the_browser(browser, server_url: str):
    context = browser.new_context(locale="fr-CA")
    page = context.new_page()
    try:
        page.goto(f"{server_url}/daily")
        expect(page.locator("html")).to_have_attribute("lang", "fr", timeout=TIMEOUT)
        expect(page.locator("#lang")).to_have_value("fr")
        page.select_option("#lang", "ko")
        expect(page.locator("html")).to_have_attribute("lang", "ko")
        expect(page.locator("h1")).to_have_text("오늘의 퍼즐")
        page.goto(f"{server_url}/stats")  # the choice is remembered, on every page
        expect(page.locator("html")).to_have_attribute("lang", "ko", timeout=TIMEOUT)
        page.goto(f"{server_url}/stats?lang=es")  # a link's language wins, and is remembered
        expect(page.locator("h1")).to_have_text("Mis resultados", timeout=TIMEOUT)
        page.goto(f"{server_url}/daily")
        expect(page.locator("html")).to_have_attribute("lang", "es", timeout=TIMEOUT)
        options = page.locator("#lang option")
        assert options.count() == 7
        assert options.evaluate_all("(all) => all.map((o) => o.lang)") == ["en", "ja", "zh", "ko", "de", "fr", "es"]
    finally:
        context.close()
