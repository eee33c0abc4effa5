"""The server's refusals in the page's language, in Debian's chromium (gridlogic.web.errors, api.js).

A walk-through of a bad ID and a pasted text that is no puzzle are refused in German on a German
page, where they were the server's English before (a Loopy ID whose clues miss faces in Japanese, a daily
of no day in French); the English page still shows the server's own sentence.
"""

from __future__ import annotations

from page_helpers import TIMEOUT
from playwright.sync_api import Page, expect


def test_a_bad_walk_through_id_is_refused_in_german(tab: Page, server_url: str):
    tab.goto(f"{server_url}/explain?id=bogus&lang=de")
    expect(tab.locator("body[data-ready=failed]")).to_have_count(1, timeout=TIMEOUT)
    expect(tab.locator("#status")).to_have_text("Der Server lehnte ab: Ein Spiel „bogus“ gibt es hier nicht.")


def test_a_walk_through_id_that_is_none_is_refused_in_german(tab: Page, server_url: str):
    tab.goto(f"{server_url}/explain?id=pattern.bogus&lang=de")
    expect(tab.locator("body[data-ready=failed]")).to_have_count(1, timeout=TIMEOUT)
    expect(tab.locator("#status")).to_have_text(
        "Der Server lehnte ab: „pattern.bogus“ ist keine Rätsel-ID, die dieser Server öffnen kann.")


def paste_into_the_import(page: Page, text: str) -> None:
    page.locator("#import-open").click()
    dialog = page.locator("#import")
    expect(dialog).to_be_visible()
    dialog.locator("#import-text").fill(text)
    dialog.locator("#import-play").click()


def test_a_bad_import_is_refused_in_german(page: Page, server_url: str):
    page.goto(f"{server_url}/?game=pattern&size=5&seed=before-import&lang=de")
    expect(page.locator("#status")).to_contain_text("„before-import“", timeout=TIMEOUT)
    paste_into_the_import(page, "hello")
    message = page.locator("#import-message")
    expect(message).to_contain_text("Nicht spielbar: Dieser Text ist kein lesbares Rätsel für Muster "
                                    "(Einzelheiten auf Englisch: line 1: expected a keyword", timeout=TIMEOUT)
    page.locator("#import-text").fill("2x2:1/1/1/1")
    page.locator("#import-play").click()
    expect(message).to_have_text("Nicht spielbar: Dieses Rätsel (Muster) hat mehr als eine Lösung; "
                                 "jedes Rätsel hier hat genau eine.", timeout=TIMEOUT)


def test_a_loopy_id_whose_clues_miss_faces_is_refused_in_japanese(page: Page, server_url: str):
    page.goto(f"{server_url}/?game=loop&size=5&seed=before-import&lang=ja")
    expect(page.locator("#status")).to_contain_text("before-import", timeout=TIMEOUT)
    paste_into_the_import(page, "5x5t1:abc")
    expect(page.locator("#import-message")).to_contain_text(
        "この Loopy の ID の数字は 6 面ぶんですが、5×5 の triangular 格子には 50 面あります。", timeout=TIMEOUT)


def test_the_english_page_shows_the_servers_own_sentence(page: Page, server_url: str):
    page.goto(f"{server_url}/?game=pattern&size=5&seed=before-import")
    expect(page.locator("#status")).to_contain_text("“before-import”", timeout=TIMEOUT)
    paste_into_the_import(page, "hello")
    expect(page.locator("#import-message")).to_have_text(
        "Not played: line 1: expected a keyword (width, height, rows, columns, goal, or a header such as title), "
        "got 'hello'", timeout=TIMEOUT)


def test_a_daily_of_no_day_is_refused_in_french(tab: Page, server_url: str):
    tab.goto(f"{server_url}/daily?date=1999-01-01&lang=fr")
    expect(tab.locator("#status")).to_contain_text("Il n’y a pas de grille du jour pour le 1999-01-01.",
                                                   timeout=TIMEOUT)
