"""Installable, offline play (issue 30, point 8): the web app manifest, the service worker and its
stock of puzzles, and a play to the end with the network cut whose record reaches the server once
the browser is back online. Debian's chromium with its service worker (Playwright takes the
context offline with ``set_offline``); the delivery of /sw.js and the manifest under TestClient.
"""

from __future__ import annotations

import json
import re
import urllib.request
from urllib.parse import quote

import pytest
from page_helpers import TIMEOUT, pattern_cell
from play_screens import SCREENS, screen_page
from playwright.sync_api import Page, expect

STOCK_PER_KIND = 3  # sw.js


def asset_prefix(client) -> str:
    found = re.search(r'"(/assets/[0-9a-f]{12}/)', client.get("/").text)
    assert found
    return found.group(1)


def test_the_service_worker_is_served_at_the_root_with_this_versions_files(client):
    prefix = asset_prefix(client)
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["cache-control"] == "no-cache"  # a new version is picked up at once
    assert "default-src 'self'" in answer.headers["content-security-policy"]  # covers workers and manifests
    text = answer.text
    assert f'const VERSION = "{prefix.split("/")[2]}";' in text
    assert "__GRIDLOGIC_" not in text
    files = json.loads(re.search(r"JSON\.parse\('(\[.*?\])'\)", text).group(1))
    assert {"main.js", "views/loop/view.js", "views/loop/words.js", "style.css", "manifest.webmanifest",
            "icon-192.png"} <= set(files)
    assert "sw.js" not in files
    again = client.get("/sw.js", headers={"If-None-Match": answer.headers["etag"]})
    assert again.status_code == 304


def test_the_page_links_an_installable_manifest(client):
    prefix = asset_prefix(client)
    page = client.get("/").text
    assert f'<link rel="manifest" href="{prefix}manifest.webmanifest">' in page
    answer = client.get(f"{prefix}manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["start_url"] == "/" and manifest["scope"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        image = client.get(prefix + icon["src"])
        assert image.status_code == 200 and image.headers["content-type"] == icon["type"], icon


def stocked(page: Page) -> list[dict]:
    return page.evaluate("""async () => {
        const kept = await (await caches.open("gridlogic-stock")).match("/offline/stock.json");
        return kept ? (await kept.json()).entries : [];
    }""")


def wait_for_stock(page: Page, game: str, count: int) -> list[dict]:
    """The stock once it holds count puzzles of game (the worker fills it in the background)."""
    for _ in range(300):
        entries = [e for e in stocked(page) if e["kind"]["game"] == game]
        if len(entries) >= count:
            return entries
        page.wait_for_timeout(200)
    raise AssertionError(f"the stock never held {count} {game} puzzles: {stocked(page)}")


def server_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=30) as answer:  # the test's own connection, never offline
        return json.loads(answer.read())


def test_the_page_is_installable(browser, server_url, tmp_path):
    """Chromium's own verdict (the DevTools protocol's installability errors), in a profile of its own:
    Playwright's usual contexts are incognito, where Chromium never offers to install."""
    from conftest import CHROMIUM, CHROMIUM_ARGS

    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 360, "height": 740},
        is_mobile=True, has_touch=True, service_workers="allow")
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(f"{server_url}/?game=loop&size=5&seed=install")
        expect(page.locator("#print-id")).to_have_text("loop.1.5x5.any.install", timeout=TIMEOUT)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
        session = context.new_cdp_session(page)
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
        manifest = session.send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest") and not manifest["errors"], manifest["errors"]
    finally:
        context.close()


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_stocked_puzzle_is_played_offline_and_its_record_reaches_the_server_back_online(
        browser, server_url, artifacts, screen):
    with screen_page(browser, screen, service_workers="allow") as page:
        seed = f"offline-{screen}"
        page.goto(f"{server_url}/?game=pattern&size=5&seed={seed}")
        expect(page.locator("#print-id")).to_have_text(f"pattern.1.5x5.any.{seed}", timeout=TIMEOUT)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
        entries = wait_for_stock(page, "pattern", STOCK_PER_KIND)
        assert all(e["receipt"] and e["solution"]["id"] == e["puzzle"]["id"] for e in entries)

        page.context.set_offline(True)
        # The page opens without the network, on the puzzle it showed.
        page.reload()
        expect(page.locator("#print-id")).to_have_text(f"pattern.1.5x5.any.{seed}", timeout=TIMEOUT)
        expect(page.locator("#status")).to_contain_text(f"“{seed}”")
        page.screenshot(path=artifacts / f"offline-reopened-{screen}.png")
        # A new puzzle comes from the stock.
        if screen == "phone":
            page.click("#settings-toggle")  # the settings fold away on a phone
        page.click("#dice")
        expect(page.locator("#status")).to_contain_text("you are offline, and this puzzle was kept on this device",
                                                        timeout=TIMEOUT)
        puzzle_id = page.locator("#print-id").inner_text()
        assert puzzle_id in {e["puzzle"]["id"] for e in entries}
        assert len(stocked(page)) == STOCK_PER_KIND - 1  # it left the stock
        cells = server_json(f"{server_url}/api/pattern/solution?id={quote(puzzle_id)}")["cells"]
        first = cells.index(1)
        pattern_cell(page, first).click()
        page.click("#check")  # Check works offline: the solution was stocked with the puzzle
        expect(page.locator("#status")).to_have_text("No mistakes so far.", timeout=TIMEOUT)
        page.screenshot(path=artifacts / f"offline-playing-{screen}.png")
        for i, value in enumerate(cells):
            if value and i != first:
                pattern_cell(page, i).click()
        card = page.locator("#result")
        expect(card).to_be_visible(timeout=TIMEOUT)
        expect(card.locator("#result-title")).to_have_text("Solved!")
        expect(card.locator("#result-score")).to_have_text("–")
        expect(card.locator("#result-note")).to_contain_text("You are offline")
        page.wait_for_function(
            "() => (JSON.parse(localStorage.getItem('gridlogic.records.pending')) || []).length === 1")
        page.screenshot(path=artifacts / f"offline-solved-{screen}.png")

        # Back online: the record goes by itself, and its score comes to the card.
        with page.expect_response(lambda r: r.url.endswith("/api/records") and r.request.method == "POST",
                                  timeout=TIMEOUT) as written:
            page.context.set_offline(False)
        assert written.value.status == 201, written.value.text()
        assert written.value.json()["record"]["puzzle_id"] == puzzle_id
        expect(card.locator("#result-score")).to_have_text(re.compile(r"^\d{1,3}$"), timeout=TIMEOUT)
        assert page.evaluate("JSON.parse(localStorage.getItem('gridlogic.records.pending')).length") == 0
        page.screenshot(path=artifacts / f"offline-back-online-{screen}.png")
        stats = page.request.get(f"{server_url}/api/records/stats").json()
        group = next(g for g in stats["groups"] if g["game"] == "pattern" and g["width"] == 5)
        assert group["solved"] >= 1
        # The stock fills up again now that the network answers.
        wait_for_stock(page, "pattern", STOCK_PER_KIND)


def test_a_refill_that_finds_no_network_is_tried_again_until_one_gets_through(browser, server_url):
    """The page's "online" event can come before the worker's fetches go through (a route not up yet;
    Playwright's set_offline takes the page back online before its worker): the refill it asks for
    finds no network, and the stock must fill up all the same, with nothing else asking."""
    with screen_page(browser, "desktop", service_workers="allow") as page:
        page.goto(f"{server_url}/?game=pattern&size=5&seed=sw-refill")
        expect(page.locator("#print-id")).to_have_text("pattern.1.5x5.any.sw-refill", timeout=TIMEOUT)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
        wait_for_stock(page, "pattern", STOCK_PER_KIND)
        # The worker's puzzle requests find no network; the page itself stays online (no "online"
        # event of its own would ask for a refill).
        no_network = re.compile(r"/api/pattern/puzzle\?")
        page.context.route(no_network, lambda route: route.abort("internetdisconnected"))
        taken = page.evaluate("""async () =>
            (await fetch("/api/pattern/puzzle?version=1&size=5&difficulty=any")).json()""")
        assert taken["stocked"] is True
        assert len(stocked(page)) == STOCK_PER_KIND - 1
        with page.context.expect_event(
                "requestfailed", lambda r: r.service_worker is not None and no_network.search(r.url) is not None,
                timeout=TIMEOUT):
            page.evaluate("navigator.serviceWorker.controller.postMessage({type: 'refill'})")
        assert len(stocked(page)) == STOCK_PER_KIND - 1
        page.context.unroute(no_network)
        wait_for_stock(page, "pattern", STOCK_PER_KIND)


def test_online_play_goes_on_as_before_with_the_service_worker(browser, server_url):
    """The worker in charge of a page that is online: puzzles, checks, hints and records as always."""
    with screen_page(browser, "desktop", service_workers="allow") as page:
        page.goto(f"{server_url}/?game=pattern&size=5&seed=sw-online")
        expect(page.locator("#print-id")).to_have_text("pattern.1.5x5.any.sw-online", timeout=TIMEOUT)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
        page.reload()  # now the worker answers the page and its files
        expect(page.locator("#status")).to_contain_text("“sw-online”", timeout=TIMEOUT)
        page.click("#hint")
        expect(page.locator("#hint-text")).to_contain_text("Hint:", timeout=TIMEOUT)
        page.click("#hint-apply")
        page.fill("#seed", "sw-online-2")
        page.click("#new")
        expect(page.locator("#print-id")).to_have_text("pattern.1.5x5.any.sw-online-2", timeout=TIMEOUT)
        cells = server_json(f"{server_url}/api/pattern/solution?id=pattern.1.5x5.any.sw-online-2")["cells"]
        with page.expect_response(lambda r: r.url.endswith("/api/records") and r.request.method == "POST",
                                  timeout=TIMEOUT) as written:
            for i, value in enumerate(cells):
                if value:
                    pattern_cell(page, i).click()
        assert written.value.status == 201
        expect(page.locator("#result-score")).to_have_text(re.compile(r"^\d{1,3}$"), timeout=TIMEOUT)
