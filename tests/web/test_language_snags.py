"""Issue 41's language snags (items 4, 10, 11), each in Debian's chromium against a real server.

- 4: the walk-through names its techniques in the page's language (Japanese "一列", not "line").
- 10: an imported puzzle's settings say Generator "imported" and show no seed (its text is no seed).
- 11: Reveal asks first, in the page's language (Cancel or Escape reveals nothing); the daily cards
  name the daily's level, never "any", with the one word each level has everywhere (Japanese ふつう
  on the daily as in the settings); the file pickers of the studio and of the import dialog are
  the page's own button and words, not the browser's "Choose File"; deleting one's records asks
  in the page's language too (the browser's confirm() would answer "OK"/"Cancel" in its own).
(The plural forms, "1 proven fix", are checked in tests/web/js/i18n.test.mjs.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from page_helpers import TIMEOUT, axe_violations, open_puzzle
from playwright.sync_api import Page, expect

from gridlogic import GAMES

WALK_ID = "pattern.2.10x10.medium.walk"


def word(page: Page, lang: str, key: str, module: str = "/static/words/{lang}.js") -> str:
    """A word of the page's modules (a shared one, or a game's with module=views/<game>/words.js)."""
    if "{lang}" in module:
        return page.evaluate(f"import('{module.format(lang=lang)}').then((m) => m.words[{key!r}])")
    return page.evaluate(f"import('{module}').then((m) => m[{lang!r}][{key!r}])")


def test_the_walk_through_names_its_techniques_in_japanese(tab: Page, server_url: str):
    page = tab
    page.goto(f"{server_url}/explain?id={WALK_ID}&lang=ja")
    expect(page.locator("body[data-ready=yes]")).to_have_count(1, timeout=TIMEOUT)
    line = word(page, "ja", "technique.pattern.line", "/static/views/pattern/words.js")
    assert line == "一列"
    expect(page.locator("#techniques")).to_contain_text(f"{line}: ")
    assert "line" not in page.locator("#techniques").inner_text()
    page.click("#next")
    expect(page.locator("#step-text")).to_contain_text(f"1. {line}: ")
    assert all(not text.startswith("line:") for text in page.locator("#steps .step").all_inner_texts())


def test_an_imported_puzzle_shows_no_generator_version_and_no_seed(tab: Page, server_url: str):
    page = tab
    game = GAMES["pattern"]
    text = game.imports.write(game.problem(game.generate(5, "imported-settings")))
    open_puzzle(page, server_url, "pattern", 5, "before-import")
    expect(page.locator("#version option:checked")).to_contain_text("version 1")  # a link of no version: the first
    page.locator("#import-open").click()
    page.locator("#import-game").select_option("pattern")
    page.locator("#import-text").fill(text)
    page.locator("#import-play").click()
    expect(page.locator("#status")).to_contain_text("brought from outside", timeout=TIMEOUT)
    expect(page.locator("#version-field")).to_be_visible()
    expect(page.locator("#version option:checked")).to_have_text("imported (made elsewhere)")
    expect(page.locator("#seed")).to_have_value("")
    expect(page.locator("#seed")).to_have_attribute("placeholder", "none: an imported puzzle")
    page.reload()  # reopened from its link: still imported, its status not a seed's
    expect(page.locator("#status")).to_contain_text("brought from outside", timeout=TIMEOUT)
    assert text not in page.locator("#status").inner_text()
    expect(page.locator("#seed")).to_have_value("")
    page.select_option("#lang", "ja")
    expect(page.locator("#version option:checked")).to_have_text("持ち込み（ほかで作られた問題）")
    # A new puzzle from the form is a generated one again, of the latest version.
    page.click("#new")
    expect(page.locator("#version option:checked")).to_contain_text("最新", timeout=TIMEOUT)
    expect(page.locator("#seed")).not_to_have_value("")


def test_reveal_asks_first_in_the_pages_language(tab: Page, server_url: str):
    page = tab
    open_puzzle(page, server_url, "pattern", 5, "reveal-asks")
    page.select_option("#lang", "de")
    native: list[str] = []
    page.on("dialog", lambda dialog: (native.append(dialog.message), dialog.dismiss()))
    page.click("#reveal")
    question = page.locator("#ask")
    expect(question).to_be_visible()
    expect(question.locator("#ask-question")).to_have_text(word(page, "de", "reveal.confirm"))
    expect(question.locator("#ask-yes")).to_have_text(word(page, "de", "reveal.yes"))
    expect(question.locator("#ask-no")).to_have_text(word(page, "de", "button.cancel"))
    expect(question.locator("#ask-no")).to_be_focused()  # the safe answer first
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    expect(question).to_be_hidden()
    expect(page.locator("#result")).to_be_hidden()
    assert page.locator(".pattern-grid .cell.filled").count() == 0
    page.click("#reveal")
    page.click("#ask-no")
    expect(question).to_be_hidden()
    expect(page.locator("#result")).to_be_hidden()
    page.click("#reveal")
    page.click("#ask-yes")
    expect(page.locator("#result")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("#result-score")).to_have_text("0", timeout=TIMEOUT)
    expect(page.locator("#result-rank")).to_have_text(word(page, "de", "rank.revealed"))
    assert native == []  # no question of the browser's, in the browser's language


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_daily_cards_name_the_dailys_level_with_the_one_word_of_that_level(tab: Page, server_url: str, lang: str):
    page = tab
    page.goto(f"{server_url}/daily?lang={lang}")
    cards = page.locator("#puzzles .daily")
    expect(cards.first).to_be_visible(timeout=TIMEOUT)
    any_word = word(page, lang, "difficulty.any")
    for preset in ("medium", "hard"):
        level = word(page, lang, f"difficulty.{preset}")
        for card in page.locator(f'#puzzles .daily[data-preset="{preset}"]').all():
            title = card.locator("h3").inner_text()
            assert title.endswith((f" · {level}", f"・{level}")), title
            assert any_word not in card.inner_text()
    if lang == "ja":
        assert "中級" not in page.locator("#puzzles").inner_text()
        assert "上級" not in page.locator("body").inner_text()


def test_the_file_pickers_are_the_pages_own_button_and_words(tab: Page, server_url: str, tmp_path: Path):
    page = tab
    picture = tmp_path / "picture.txt"
    picture.write_text("not an image")
    page.goto(f"{server_url}/studio?lang=ja#pattern")
    expect(page.locator("body[data-ready=yes]")).to_have_count(1, timeout=TIMEOUT)
    picker = page.locator("#studio-tools .file-pick")
    expect(picker.locator("input[type=file]")).to_be_hidden()
    expect(picker.locator("button")).to_have_text("ファイルを選ぶ…")
    expect(picker.locator(".file-name")).to_have_text("ファイルが選ばれていません")
    with page.expect_file_chooser() as chosen:
        picker.locator("button").click()
    chosen.value.set_files(str(picture))
    expect(picker.locator(".file-name")).to_have_text("picture.txt")
    page.select_option("#lang", "fr")
    expect(picker.locator("button")).to_have_text("Choisir un fichier…")
    expect(picker.locator(".file-name")).to_have_text("picture.txt")  # a file's name is no word to translate

    page.goto(f"{server_url}/?game=pattern&size=5&seed=picker")  # the language stays French
    expect(page.locator("#status")).to_contain_text("« picker »", timeout=TIMEOUT)
    page.locator("#import-open").click()
    dialog_picker = page.locator("#import .file-pick")
    expect(dialog_picker.locator("button")).to_have_text("Choisir un fichier…")
    expect(dialog_picker.locator(".file-name")).to_have_text("Aucun fichier choisi")
    expect(dialog_picker.locator("input[type=file]")).to_be_hidden()


def test_deleting_the_records_asks_in_the_pages_language(tab: Page, server_url: str):
    page = tab
    page.goto(f"{server_url}/stats?lang=es")
    expect(page.locator("#plays")).not_to_be_empty(timeout=TIMEOUT)
    page.click("#delete")
    question = page.locator("#ask")
    expect(question.locator("#ask-question")).to_have_text(word(page, "es", "stats.deleteConfirm"))
    expect(question.locator("#ask-yes")).to_have_text(word(page, "es", "stats.delete"))
    page.click("#ask-no")
    expect(question).to_be_hidden()
    expect(page.locator("#status")).to_be_hidden()
    page.click("#delete")
    page.click("#ask-yes")
    expect(page.locator("#status")).to_have_text("Resultados borrados: 0.", timeout=TIMEOUT)
