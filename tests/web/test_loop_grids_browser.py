"""Loop version 4 on the page: any of Loopy's grids drawn from the puzzle's own givens
(static/views/loop/anygrid.js), played to "Solved!" by mouse and by keyboard, checked, its live
errors shown, its grid chosen in the settings, and no axe violation; hints that solve it with
their marks on the grid, the walk-through of one, its print and its PDF.
The real server and Debian's chromium, as the other browser tests."""

from __future__ import annotations

import re
import zlib
from typing import Literal

import httpx
import pytest
from page_helpers import PHONE, TIMEOUT, api, axe_violations
from playwright.sync_api import Page, expect

from gridlogic import GAMES
from gridlogic.loop.grids import BUILT_GRID_NAMES, build_grid, drawing, grid_type

LINE = re.compile(r"\bline\b")


def puzzle_query(size: int, seed: str, grid: str) -> str:
    return f"size={size}&difficulty=easy&seed={seed}&version=4&grid={grid}"


def open_grid(page: Page, server_url: str, size: int, seed: str, grid: str) -> tuple[dict, dict]:
    """Opens a v4 puzzle on grid; answers its API answers (the puzzle, the solution)."""
    query = puzzle_query(size, seed, grid)
    page.goto(f"{server_url}/?game=loop&{query}")
    expect(page.locator("#status")).to_contain_text(f"“{seed}”", timeout=TIMEOUT)
    expect(page.locator(f'.loop-any[data-grid="{grid}"]')).to_be_visible()
    return api(page, f"{server_url}/api/loop/puzzle?{query}"), api(page, f"{server_url}/api/loop/solution?{query}")


def edge(page: Page, e: int):
    return page.locator(f'.loop-any .edge[data-edge="{e}"]')


def click_edge(page: Page, e: int, button: Literal["left", "right"] = "left") -> None:
    box = edge(page, e).locator(".stroke").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, button=button)


def take_hint(page: Page) -> None:
    page.locator("#hint").click()
    expect(page.locator("#hint-panel")).to_be_visible(timeout=TIMEOUT)


def marked(page: Page, what: str, attribute: str) -> set[int]:
    """The items of the board marked ``what`` (hint-decides, hint-evidence) that carry ``attribute``."""
    return set(page.locator(f".loop-any [{attribute}].{what}").evaluate_all(
        f"es => es.map(e => Number(e.getAttribute('{attribute}')))"))


def expect_solved(page: Page) -> None:
    expect(page.locator(".loop-any")).to_have_class(re.compile(r"\bcomplete\b"))
    expect(page.locator("#status")).to_have_text("Solved!", timeout=TIMEOUT)
    expect(page.locator("#result")).to_be_visible(timeout=TIMEOUT)


KEYBOARD_GRIDS = BUILT_GRID_NAMES


def small_side(name: str) -> int:
    """The least square side from 4 that version 4 makes on the grid."""
    offered = GAMES["loop"].versions[4].offered
    assert offered is not None
    return next(side for side in range(4, 31) if offered(side, side, "easy", {"grid": name}) is None)


@pytest.mark.parametrize("grid", BUILT_GRID_NAMES)
def test_a_v4_puzzle_is_solved_by_clicking_its_solutions_edges(page, server_url, artifacts, grid):
    puzzle, solution = open_grid(page, server_url, small_side(grid), f"grid-mouse-{grid}", grid)
    faces = puzzle["givens"]["grid"]["faces"]
    expect(page.locator(".loop-any .face")).to_have_count(len(faces))
    expect(page.locator(".loop-any .clue")).to_have_count(sum(k is not None for k in puzzle["givens"]["clues"]))
    expect(page.locator('#options [data-option="grid"]')).to_have_value(grid)  # the settings say which grid
    off = solution["edges"].index(0)
    click_edge(page, off, "right")
    expect(edge(page, off)).to_have_class(re.compile(r"\bcrossed\b"))
    lines = [e for e, v in enumerate(solution["edges"]) if v]
    for k, e in enumerate(lines):
        click_edge(page, e)
        if k == len(lines) // 2:
            page.screenshot(path=artifacts / f"loop-v4-{grid}-playing.png")
    expect_solved(page)
    expect(page.locator("#result-moves")).to_have_text(str(len(lines)))  # the × was free
    page.screenshot(path=artifacts / f"loop-v4-{grid}-solved.png")


def test_the_record_of_a_v4_play_is_taken(page, server_url):
    _, solution = open_grid(page, server_url, 4, "grid-record", "honeycomb")
    lines = [e for e, v in enumerate(solution["edges"]) if v]
    with page.expect_response(lambda r: r.url.endswith("/api/records") and r.request.method == "POST",
                              timeout=20_000) as written:
        for e in lines:
            click_edge(page, e)
    assert written.value.status == 201, written.value.text()  # the server replayed the log and took the play
    assert written.value.json()["record"]["moves"] == len(lines)


def keys_to_draw(page: Page, query: str, edges: list[int]) -> list[str]:
    """The keys that draw edges from the cursor's dot, worked out by the view's own arrowTarget: for
    each edge, plain arrows to a dot from which an arrow crosses it (a shortest way), then Shift+that arrow."""
    return page.evaluate("""async ([query, wanted]) => {
        const view = await import("/static/views/loop/anygrid.js");
        const puzzle = await (await fetch(`/api/loop/puzzle?${query}`)).json();
        const geo = view.geometry(puzzle);
        const arrows = ["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft", "Home", "PageUp", "End", "PageDown"];
        const cursor = document.querySelector(".loop-any .cursor");
        const cx = Number(cursor.getAttribute("cx")), cy = Number(cursor.getAttribute("cy"));
        let at = geo.dots.findIndex(([x, y]) => Math.abs(x - cx) < 1e-6 && Math.abs(y - cy) < 1e-6);
        const keys = [];
        for (const e of wanted) {
            const from = new Map([[at, []]]);
            let frontier = [at], found = null;
            while (!found && frontier.length) {
                const next = [];
                for (const d of frontier) {
                    const hit = arrows.find((k) => view.arrowTarget(geo, d, k)?.edge === e);
                    if (hit) {
                        found = [...from.get(d), `Shift+${hit}`];
                        at = view.arrowTarget(geo, d, hit).dot;
                        break;
                    }
                    for (const k of arrows) {
                        const move = view.arrowTarget(geo, d, k);
                        if (move && !from.has(move.dot)) {
                            from.set(move.dot, [...from.get(d), k]);
                            next.push(move.dot);
                        }
                    }
                }
                frontier = next;
            }
            if (!found) throw new Error(`no keys reach edge ${e}`);
            keys.push(...found);
        }
        return keys;
    }""", [query, edges])


@pytest.mark.parametrize("grid", KEYBOARD_GRIDS)
def test_a_v4_puzzle_is_solved_by_keyboard_alone(page, server_url, grid):
    side = small_side(grid)
    _, solution = open_grid(page, server_url, side, f"grid-keys-{grid}", grid)
    board = page.locator(".loop-any")
    board.focus()
    lines = [e for e, v in enumerate(solution["edges"]) if v]
    for key in keys_to_draw(page, puzzle_query(side, f"grid-keys-{grid}", grid), lines):
        page.keyboard.press(key)
    expect_solved(page)
    expect(page.locator("#result-moves")).to_have_text(str(len(lines)))


def test_the_keyboard_marks_shades_and_says_so_on_triangles(page, server_url):
    _, solution = open_grid(page, server_url, 4, "grid-keys", "triangular")
    board = page.locator(".loop-any")
    board.focus()
    label = board.get_attribute("aria-label")
    assert label.startswith("Loop board on the triangles grid, 4 by 4. Dot "), label
    assert re.search(r"to dot \d+: undecided\.", label) and "(triangle)" in label, label
    page.keyboard.press("Control+ArrowRight")  # × on the edge to the right, the cursor stays
    expect(page.locator(".loop-any .edge.crossed")).to_have_count(1)
    page.keyboard.press("i")  # the face down-right of the cursor shaded inside, and said so
    expect(page.locator(".loop-any .face.inside")).to_have_count(1)
    expect(page.locator(".loop-any-wrap .sr-only[aria-live]")).to_have_text(re.compile(r"^Face \d+: shaded inside\.$"))
    lines = [e for e, v in enumerate(solution["edges"]) if v]
    keys = keys_to_draw(page, puzzle_query(4, "grid-keys", "triangular"), lines)
    for key in keys:
        page.keyboard.press(key)
    expect_solved(page)
    expect(page.locator("#result-moves")).to_have_text(str(len(lines)))


@pytest.mark.parametrize("grid", KEYBOARD_GRIDS)
def test_every_edge_of_a_grid_is_reached_by_an_arrow_from_one_of_its_dots(page, server_url, grid):
    """Arrows (and the keypad's diagonals, Home, PageUp, End, PageDown) go to the neighbour nearest their
    direction, ties to the right or down: on each of Loopy's grids, every edge is crossed by some key
    from one of its ends (kites and darts have dots of five edges: the diagonals reach those)."""
    page.goto(f"{server_url}/?game=loop&size=5&seed=reach")
    expect(page.locator("#status")).to_contain_text("“reach”", timeout=TIMEOUT)
    side = max(5, small_side(grid))
    missed = page.evaluate("""async (grid) => {
        const view = await import("/static/views/loop/anygrid.js");
        const geo = view.geometry({ givens: { grid, clues: grid.faces.map(() => null) } });
        const reached = new Set();
        geo.dots.forEach((_, d) => {
            for (const k of ["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft", "Home", "PageUp", "End", "PageDown"]) {
                const move = view.arrowTarget(geo, d, k);
                if (move) reached.add(move.edge);
            }
        });
        return geo.edges.length - reached.size;
    }""", drawing(build_grid(grid, side, side)))
    assert missed == 0


def test_check_live_errors_and_a_mistake_hint_on_a_grid(page, server_url):
    puzzle, solution = open_grid(page, server_url, 5, "grid-check", "honeycomb")
    grid = puzzle["givens"]["grid"]
    wrong = solution["edges"].index(0)
    click_edge(page, wrong)
    expect(edge(page, wrong)).to_have_class(LINE)
    page.click("#check")
    a, b = grid["edges"][wrong]
    expect(page.locator("#status")).to_contain_text(f"Mistakes: 1, marked on the board (the edge between dot {a + 1} "
                                                    f"and dot {b + 1})", timeout=TIMEOUT)
    expect(page.locator(f'.loop-any .mistake[data-edge="{wrong}"]')).to_be_visible()
    click_edge(page, wrong)  # erased: the mark goes with the change
    expect(page.locator(".loop-any .mistake")).to_have_count(0)
    # Three lines at one dot: a branch, ringed on the board and said in words.
    dot = next(d for d in range(len(grid["dots"])) if sum(d in e for e in grid["edges"]) == 3)
    for e, ends in enumerate(grid["edges"]):
        if dot in ends:
            click_edge(page, e)
    expect(page.locator(f'.loop-any .dot-error.branch[data-dot="{dot}"]')).to_be_visible()
    expect(page.locator("#problems")).to_contain_text("Dots with three or more lines: 1.")
    # A hint now points at the mistake: its sentence, marked on the grid, and Apply takes it back.
    lines_before = page.locator(".loop-any .edge.line").count()
    take_hint(page)
    expect(page.locator("#hint-text")).to_contain_text("Mistake:")
    expect(page.locator("#status")).to_have_text("A hint: the board has a mistake (−5 points).")
    page.locator("#hint-apply").click()
    expect(page.locator("#hint-panel")).to_be_hidden()
    expect(page.locator(".loop-any .edge.line")).to_have_count(lines_before - 1)


def test_the_grid_is_chosen_in_the_settings_once_version_4_is(page, server_url):
    page.goto(f"{server_url}/?game=loop&size=5&seed=pick")
    expect(page.locator("#status")).to_contain_text("“pick”", timeout=TIMEOUT)
    expect(page.locator('#options [data-option="grid"]')).to_have_count(0)
    page.select_option("#version", "4")
    picker = page.locator('#options [data-option="grid"]')
    expect(picker).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".loop-any")).to_be_visible(timeout=TIMEOUT)
    games = api(page, f"{server_url}/api/games")["games"]
    grids = next(o for v in next(g for g in games if g["name"] == "loop")["versions"] if v["number"] == 4
                 for o in v["options"] if o["name"] == "grid")["values"]
    expect(picker.locator("option")).to_have_count(len(grids))

    expect(picker.locator('option[value="honeycomb"]')).to_have_text("honeycomb")
    page.select_option('#options [data-option="grid"]', "cairo")
    expect(page.locator('.loop-any[data-grid="cairo"]')).to_be_visible(timeout=TIMEOUT)
    assert "grid=cairo" in page.url and "version=4" in page.url
    page.select_option("#lang", "ja")
    expect(picker.locator('option[value="cairo"]')).to_have_text("カイロ五角形")
    for name in grids:  # every grid offered has its name in words (in Japanese, never its value)
        assert picker.locator(f'option[value="{name}"]').inner_text() != name, name


def test_loopys_presets_are_offered_and_one_sets_grid_size_and_level(page, server_url):
    page.goto(f"{server_url}/?game=loop&size=5&seed=preset")
    expect(page.locator("#status")).to_contain_text("“preset”", timeout=TIMEOUT)
    expect(page.locator("#preset-field")).to_be_hidden()  # version 1 has no menu
    page.select_option("#version", "4")
    expect(page.locator(".loop-any")).to_be_visible(timeout=TIMEOUT)
    games = api(page, f"{server_url}/api/games")["games"]
    menu = next(v for v in next(g for g in games if g["name"] == "loop")["versions"] if v["number"] == 4)["menu"]
    presets = page.locator("#preset")
    expect(presets).to_be_visible()
    expect(presets.locator("option")).to_have_count(1 + len(menu))
    expect(presets).to_have_value("")  # a 5×5 square "any" is no preset
    triangles = next(i for i, p in enumerate(menu) if p["options"] == {"grid": "triangular"})
    expect(presets.locator(f'option[value="{triangles}"]')).to_have_text("triangles 12 × 10, expert")
    page.select_option("#preset", str(triangles))
    expect(page.locator('.loop-any[data-grid="triangular"]')).to_be_visible(timeout=TIMEOUT)
    for part in ("width=12", "height=10", "difficulty=expert", "grid=triangular", "seed=preset"):
        assert part in page.url, part
    expect(page.locator("#custom-size")).to_be_visible()  # 12 × 10 is not a square preset side
    expect(presets).to_have_value(str(triangles))
    page.select_option("#difficulty", "hard")  # off the menu: the list says so
    expect(presets).to_have_value("")
    page.select_option("#lang", "ja")
    expect(presets.locator(f'option[value="{triangles}"]')).to_have_text("三角形 12×10・とてもむずかしい")


def test_a_v4_board_has_no_axe_violation(page, server_url):
    _, solution = open_grid(page, server_url, 5, "grid-axe", "kites")
    for e in [e for e, v in enumerate(solution["edges"]) if v][:4]:
        click_edge(page, e)
    click_edge(page, solution["edges"].index(0), "right")
    assert axe_violations(page) == []
    page.select_option("#lang", "ja")
    expect(page.locator("#new")).to_have_text("新しい問題")
    assert axe_violations(page) == []


def test_the_worked_example_of_anygrids_arrows(page, server_url):
    """anygrid.js's example: round one honeycomb hexagon, from dot 5 Up goes to dot 0, Down and Right
    (a tie, which goes down) to dot 4, and Left nowhere."""
    page.goto(f"{server_url}/?game=loop&size=5&seed=example")
    expect(page.locator("#status")).to_contain_text("“example”", timeout=TIMEOUT)
    moves = page.evaluate("""async () => {
        const view = await import("/static/views/loop/anygrid.js");
        const grid = { name: "honeycomb", width: 1, height: 1,
            dots: [[-15, -26], [15, -26], [30, 0], [15, 26], [-15, 26], [-30, 0]],
            edges: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0]], faces: [[0, 1, 2, 3, 4, 5]],
            faceEdges: [[0, 1, 2, 3, 4, 5]] };
        const geo = view.geometry({ givens: { grid, clues: [null] } });
        return ["ArrowUp", "ArrowDown", "ArrowRight", "ArrowLeft", "Enter"].map((k) => view.arrowTarget(geo, 5, k));
    }""")
    assert moves == [{"dot": 0, "edge": 5}, {"dot": 4, "edge": 4}, {"dot": 4, "edge": 4}, None, None]


@pytest.mark.parametrize("tab", [PHONE], indirect=True)
def test_a_tap_draws_on_a_phone_and_the_shade_tool_shades_a_face(tab, server_url, artifacts):
    _, solution = open_grid(tab, server_url, 5, "grid-phone", "cairo")
    line = solution["edges"].index(1)
    box = edge(tab, line).locator(".stroke").bounding_box()
    tab.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(edge(tab, line)).to_have_class(LINE)
    expect(tab.locator("#moves")).to_have_text("1")
    tab.locator('[data-tool="shade"]').click()
    face = tab.locator('.loop-any .face[data-face="0"]').bounding_box()
    tab.touchscreen.tap(face["x"] + face["width"] / 2, face["y"] + face["height"] / 2)
    expect(tab.locator(".loop-any .face.inside")).to_have_count(1)
    expect(tab.locator('.loop-any .face[data-face="0"]')).to_have_class(re.compile(r"\binside\b"))
    expect(tab.locator("#moves")).to_have_text("1")  # shading is a note: free
    tab.screenshot(path=artifacts / "loop-v4-cairo-phone.png")


def test_a_drag_round_a_face_draws_its_sides_and_the_play_is_kept(page, server_url):
    puzzle, _ = open_grid(page, server_url, 5, "grid-drag", "honeycomb")
    grid = puzzle["givens"]["grid"]
    face = 0
    corners = grid["faces"][face]

    def dot(d: int) -> tuple[float, float]:
        box = page.locator(".loop-any .dot").nth(d).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    page.mouse.move(*dot(corners[0]))
    page.mouse.down()
    for d in [*corners[1:], corners[0]]:
        page.mouse.move(*dot(d), steps=8)
    page.mouse.up()
    for e in grid["faceEdges"][face]:
        expect(edge(page, e)).to_have_class(LINE)
    expect(page.locator("#moves")).to_have_text(str(len(corners)))
    page.reload()
    expect(page.locator("#status")).to_contain_text("“grid-drag”", timeout=TIMEOUT)
    for e in grid["faceEdges"][face]:
        expect(edge(page, e)).to_have_class(LINE)
    page.click("#undo")
    expect(page.locator(".loop-any .edge.line")).to_have_count(0)


def test_hints_alone_solve_a_honeycomb_marking_their_faces_and_dots(page, server_url, artifacts):
    """Hint, Apply, again, on a 4×4 honeycomb at level hard, until the loop is complete: each hint is
    the walk-through's next step, said in words, its evidence marked (a face by [data-index], a dot
    by [data-dot]) and what it decides drawn by Apply."""
    query = "size=4&difficulty=hard&seed=grid-hints&version=4&grid=honeycomb"
    page.goto(f"{server_url}/?game=loop&{query}")
    expect(page.locator("#status")).to_contain_text("“grid-hints”", timeout=TIMEOUT)
    puzzle = api(page, f"{server_url}/api/loop/puzzle?{query}")
    walk = api(page, f"{server_url}/api/loop/explain?id={puzzle['id']}")["walkthrough"]
    assert walk["status"] == "solved"
    expect(page.locator("#settings-summary")).to_have_text("Loop · honeycomb · 4 × 4 · hard")
    for k, step in enumerate(walk["steps"]):
        take_hint(page)
        expect(page.locator("#hint-text")).to_have_text(f"Hint: {step['explanation']['en']}")
        faces = {m["index"] for m in step["evidence"] if m["kind"] == "cell"}
        dots = {m["index"] for m in step["evidence"] if m["kind"] == "vertex"}
        assert marked(page, "hint-evidence", "data-index") == faces
        assert dots <= marked(page, "hint-evidence", "data-dot")  # a ringed dot-error may carry it too
        if k == 0:
            page.screenshot(path=artifacts / "loop-v4-honeycomb-hint.png")
        page.locator("#hint-apply").click()
        expect(page.locator("#hint-panel")).to_be_hidden()
        for mark in step["decides"]:
            expect(edge(page, mark["index"])).to_have_class(LINE if mark["value"] == 1 else re.compile(r"\bcrossed\b"))
        if page.locator(".loop-any.complete").count():  # the loop is drawn: the rest of the walk only crosses
            break
    assert walk["steps"][k + 1:] == [] or all(m["value"] == 0 for s in walk["steps"][k + 1:] for m in s["decides"])
    expect_solved(page)
    expect(page.locator("#hint")).to_be_disabled()


def test_a_hint_marks_the_edges_it_decides_on_a_grid(page, server_url):
    puzzle, _ = open_grid(page, server_url, 4, "grid-hint-edges", "honeycomb")
    take_hint(page)
    hint = api(page, f"{server_url}/api/loop/explain?id={puzzle['id']}")["walkthrough"]["steps"][0]
    assert marked(page, "hint-decides", "data-edge") == {m["index"] for m in hint["decides"]}


def test_the_walk_through_of_a_cairo_puzzle_draws_its_grid_and_steps_to_the_end(page, server_url, artifacts):
    query = "size=4&difficulty=medium&seed=grid-walk&version=4&grid=cairo"
    puzzle = api(page, f"{server_url}/api/loop/puzzle?{query}")
    page.goto(f"{server_url}/explain?id={puzzle['id']}")
    expect(page.locator("body[data-ready=yes]")).to_have_count(1, timeout=TIMEOUT)
    steps = page.locator("#steps li").count()
    assert steps > 0
    expect(page.locator("#summary")).to_contain_text("Loop 4 × 4, level medium")
    faces = page.locator('#board .loop-any[data-grid="cairo"] .face')
    expect(faces).to_have_count(len(puzzle["givens"]["grid"]["faces"]))
    expect(page.locator("#board .edge.line")).to_have_count(0)
    page.click("#next")
    expect(page.locator("#position")).to_have_text(f"Step 1 of {steps}")
    expect(page.locator("#board .hint-evidence").first).to_be_attached()
    page.screenshot(path=artifacts / "explain-loop-v4-cairo-step-1.png")
    for k in range(2, steps + 1):
        page.keyboard.press("ArrowRight")
        expect(page.locator("#position")).to_have_text(f"Step {k} of {steps}")
    expect(page.locator("#next")).to_be_disabled()
    solution = api(page, f"{server_url}/api/loop/solution?{query}")
    expect(page.locator("#board .edge.line")).to_have_count(sum(v == 1 for v in solution["edges"]))
    expect(page.locator("#board .loop-any")).to_have_class(re.compile(r"\bcomplete\b"))
    page.screenshot(path=artifacts / "explain-loop-v4-cairo-last.png")


def test_a_v4_board_prints_its_grid_and_its_pdf_is_made(page, server_url, artifacts):
    puzzle, _ = open_grid(page, server_url, 4, "grid-print", "kites")
    expect(page.locator("#print-title")).to_have_text("gridlogic — Loop · kites · 4 × 4 · easy")
    page.emulate_media(media="print")
    board = page.locator(".loop-any")
    expect(board).to_be_visible()
    box = board.bounding_box()
    assert box is not None and box["width"] > 300  # the print's width, not a phone's fit
    face = page.locator(".loop-any .face").first  # the grid's lines, though print hides a square's shading
    expect(face).to_be_visible()
    expect(face).to_have_css("stroke", "rgb(153, 153, 153)")
    page.screenshot(path=artifacts / "loop-v4-kites-print.png", full_page=True)
    expect_pdf_of_its_grid(server_url, puzzle)


def expect_pdf_of_its_grid(server_url: str, puzzle: dict) -> None:
    """The print endpoint makes a PDF of ``puzzle`` whose first page draws its grid: a path begun
    (m) for each of its faces at least (gridlogic.pdf draws the server's SVG as paths)."""
    answer = httpx.get(f"{server_url}/api/loop/pdf", params={"id": puzzle["id"]}, timeout=60)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.content.startswith(b"%PDF")
    first_page = zlib.decompress(re.findall(rb"stream\r?\n(.*?)\r?\nendstream", answer.content, re.DOTALL)[0])
    assert len(re.findall(rb" m\b", first_page)) >= len(puzzle["givens"]["grid"]["faces"])


@pytest.mark.parametrize("grid", [name for name in BUILT_GRID_NAMES if grid_type(name).patches is not None])
def test_the_pdf_of_an_aperiodic_puzzle_is_made(server_url, grid):
    query = {"size": 6, "difficulty": "easy", "seed": "grid-pdf", "version": 4, "grid": grid}
    puzzle = httpx.get(f"{server_url}/api/loop/puzzle", params=query, timeout=60).json()
    assert puzzle["givens"]["grid"]["name"] == grid, puzzle
    expect_pdf_of_its_grid(server_url, puzzle)
