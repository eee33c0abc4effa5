"""How long the web app takes to answer ``GET /api/{game}/puzzle`` (p50 and p95 per game), and what
the page costs a browser (``--page``): its weight, its requests and its first paint.

Starts ``gridlogic serve`` in a child process on a free port of 127.0.0.1 (so that the
client does not share the server's interpreter), or measures the server at ``--url``.

Puzzles: asks each game for ``--requests`` puzzles at its default size, one at a time, each
with a new seed so that the server's puzzle cache never answers. "Server" is the app's own
time, from the ``Server-Timing`` header it sends; "round trip" adds HTTP and the loopback
network as the client saw it.

Page (``--page``): opens each game's page ``--loads`` times in Debian's chromium (Playwright),
each time in a fresh browser context (nothing cached: a first visit), then once more in the
same context (a return visit), and reports the medians from the browser's own performance
timings: requests (the page and every file or API answer it used) and how many of them went
to the network (the others came from the browser's cache), bytes transferred (as sent,
compressed or not) and decoded, first paint and first contentful paint, and the moment the
first puzzle is shown (the page's ``gridlogic:puzzle-shown`` mark, or for a page without it
the first animation frame whose status line names the seed), all in milliseconds from the
start of the navigation.

    .venv/bin/python benchmarks/web_puzzle.py [--requests 200] [--games signal,pattern,loop]
                                              [--all-sizes] [--page] [--loads 5] [--url URL]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

import httpx
from figures import free_port
from figures import nearest_rank as percentile


def wait_until_up(base: str, server: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with code {server.returncode}")
        try:
            httpx.get(f"{base}/api/games", timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit("the server did not start within 30 seconds")


def measure(client: httpx.Client, game: str, size: int, requests: int) -> tuple:
    server_ms: list[float] = []
    round_trip_ms: list[float] = []
    refused = 0
    run = time.strftime("%H%M%S")  # new seeds on every run: the server's cache never answers
    for k in range(requests):
        started = time.perf_counter()
        answer = client.get(f"/api/{game}/puzzle",
                            params={"size": str(size), "seed": f"bench-{run}-{k}"})
        round_trip_ms.append((time.perf_counter() - started) * 1000)
        timing = answer.headers.get("server-timing", "app;dur=nan")
        server_ms.append(float(timing.split("dur=")[1]))
        if answer.status_code != 200:
            refused += 1
    return (game, size, requests, refused, percentile(server_ms, 0.5),
            percentile(server_ms, 0.95), max(server_ms), statistics.fmean(server_ms),
            percentile(round_trip_ms, 0.5), percentile(round_trip_ms, 0.95))


PAGE_FIGURES = """() => {
    const navigation = performance.getEntriesByType("navigation")[0];
    const entries = [navigation, ...performance.getEntriesByType("resource")];
    const paint = Object.fromEntries(performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]));
    const shown = performance.getEntriesByName("gridlogic:puzzle-shown")[0];
    return {
        requests: entries.length,
        fetched: entries.filter((e) => e.transferSize > 0).length,
        transferred: entries.reduce((sum, e) => sum + e.transferSize, 0),
        decoded: entries.reduce((sum, e) => sum + e.decodedBodySize, 0),
        firstPaint: paint["first-paint"] ?? null,
        firstContentfulPaint: paint["first-contentful-paint"] ?? null,
        puzzleShown: shown ? shown.startTime : null,
    };
}"""


def median_of(figures: list[dict], key: str, scale: float) -> float | None:
    values = [f[key] for f in figures if f[key] is not None]
    return statistics.median(values) / scale if values else None


def page_figures(base: str, games: list[dict], loads: int) -> list[tuple]:
    """(game, visit, requests, fetched, kB transferred, kB decoded, first paint, FCP, puzzle shown) medians."""
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        for game in games:
            first, again = [], []
            for k in range(loads):
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                page = context.new_page()
                url = f"{base}/?game={game['name']}&size={game['defaultSize']}&seed=page-{k}"
                for visits in (first, again):
                    page.goto(url, wait_until="commit")
                    polled = page.wait_for_function(
                        "() => document.getElementById('status')?.textContent.includes('“') && performance.now()",
                        polling="raf", timeout=60_000).json_value()
                    page.wait_for_load_state("load")
                    page.wait_for_timeout(300)  # the paint entries settle
                    figures = page.evaluate(PAGE_FIGURES)
                    visits.append({**figures, "puzzleShown": figures["puzzleShown"] or polled})
                context.close()
            for visit, figures in (("first", first), ("return", again)):
                rows.append((game["name"], visit, *(median_of(figures, key, scale) for key, scale in (
                    ("requests", 1), ("fetched", 1), ("transferred", 1000), ("decoded", 1000), ("firstPaint", 1),
                    ("firstContentfulPaint", 1), ("puzzleShown", 1)))))
        browser.close()
    return rows


def print_page_figures(rows: list[tuple]) -> None:
    header = ("game", "visit", "requests", "from the network", "kB transferred", "kB decoded", "first paint ms",
              "FCP ms", "puzzle shown ms")
    print(" | ".join(header))
    print(" | ".join("-" * len(h) for h in header))
    shown = lambda value, digits=0: "-" if value is None else f"{value:.{digits}f}"
    for name, visit, requests, fetched, sent, decoded, paint, fcp, puzzle in rows:
        print(f"{name} | {visit} | {shown(requests)} | {shown(fetched)} | {shown(sent, 1)} | {shown(decoded, 1)} | "
              f"{shown(paint)} | {shown(fcp)} | {shown(puzzle)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200, help="requests per game (default 200)")
    parser.add_argument("--games", default="", help="comma-separated games (default: all served)")
    parser.add_argument("--all-sizes", action="store_true",
                        help="every size of each game, not only its default size")
    parser.add_argument("--page", action="store_true",
                        help="measure the page in chromium (weight, requests, first paint) instead of the API")
    parser.add_argument("--loads", type=int, default=5, help="page loads per game with --page (default 5)")
    parser.add_argument("--url", default="", help="measure the server at this URL instead of starting one")
    args = parser.parse_args(argv)
    if args.requests < 1 or args.loads < 1:
        parser.error("--requests and --loads must be at least 1")

    server = None
    if args.url:
        base = args.url.rstrip("/")
    else:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [sys.executable, "-m", "gridlogic.cli", "serve", "--port", str(port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ},
        )
    try:
        if server is not None:
            wait_until_up(base, server)
        with httpx.Client(base_url=base, timeout=120) as client:
            wanted = [g for g in args.games.split(",") if g]
            games = [g for g in client.get("/api/games").json()["games"] if not wanted or g["name"] in wanted]
            if args.page:
                print_page_figures(page_figures(base, games, args.loads))
                return 0
            rows = []
            for game in games:
                for size in game["sizes"] if args.all_sizes else [game["defaultSize"]]:
                    rows.append(measure(client, game["name"], size, args.requests))
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)

    header = ("game", "size", "requests", "refused", "server p50 ms", "server p95 ms",
              "server max ms", "server mean ms", "round trip p50 ms", "round trip p95 ms")
    print(" | ".join(header))
    print(" | ".join("-" * len(h) for h in header))
    for name, size, count, refused, p50, p95, top, mean, rt50, rt95 in rows:
        print(f"{name} | {size}x{size} | {count} | {refused} | {p50:.1f} | {p95:.1f} | {top:.1f} | "
              f"{mean:.1f} | {rt50:.1f} | {rt95:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
