"""``GET /api/{game}/pdf``: a puzzle page and its solution page for generated and imported IDs, the paper,
the refusals, and Helvetica where the server has no Japanese font."""

from __future__ import annotations

import io
import warnings

import pytest
from pypdf import PdfReader

from gridlogic import pdf
from gridlogic.web.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette's note on its test client's future, as in conftest.py
    from starlette.testclient import TestClient

MM = 72 / 25.4  # PDF points a millimetre


def pages_of(answer) -> list:
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    return PdfReader(io.BytesIO(answer.content)).pages


def text_of(pages) -> str:
    return "\n".join(page.extract_text() for page in pages)


def size_in_mm(page) -> tuple[int, int]:
    return round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM)


def test_the_docstrings_worked_example(client):
    answer = client.get("/api/pattern/pdf", params={"id": "pattern.1.5x5.any.a", "paper": "letter"})
    pages = pages_of(answer)
    assert answer.headers["content-disposition"] == 'attachment; filename="pattern-5x5.pdf"'
    assert len(pages) == 2 and [size_in_mm(page) for page in pages] == [(216, 279)] * 2
    assert "1.  Pattern 5×5" in pages[0].extract_text() and "Solutions" in pages[1].extract_text()
    refused = client.get("/api/pattern/pdf", params={"id": "pattern.1.5x5.any.a", "paper": "a3"})
    assert (refused.status_code, refused.json()) == (400, {"error": "paper must be a4 or letter, not 'a3'"})


@pytest.mark.parametrize("puzzle_id", ["pattern.1.5x5.any.a", "loop.3.5x5.easy.pdf-api", "signal.4.4x4.any.pdf-api"])
def test_a_generated_puzzle_is_a_puzzle_page_then_its_solution_on_a4(client, puzzle_id):
    game = puzzle_id.split(".")[0]
    pages = pages_of(client.get(f"/api/{game}/pdf", params={"id": puzzle_id}))
    assert len(pages) == 2 and [size_in_mm(page) for page in pages] == [(210, 297)] * 2
    assert text_of(pages).replace("\n", "").count(puzzle_id) == 2


@pytest.mark.parametrize("puzzle_id", ["pattern.import.2x2.tatham.2x2:/1//1", "pattern.import.3x2.tatham.3x2:2/1/1/3/1",
                                       "loop.import.3x3.puzzlink.slither/3/3/gddb"])
def test_an_imported_puzzle_as_the_studios_play_link_carries_it(client, puzzle_id):
    game = puzzle_id.split(".")[0]
    answer = client.get(f"/api/{game}/pdf", params={"id": puzzle_id})
    pages = pages_of(answer)
    assert len(pages) == 2 and puzzle_id in text_of(pages).replace("\n", "")
    width, height = puzzle_id.split(".")[2].split("x")
    assert answer.headers["content-disposition"] == f'attachment; filename="{game}-{width}x{height}.pdf"'


@pytest.mark.parametrize(("query", "message"), [
    ({"id": "pattern.1.5x5.any.a", "paper": "A4"}, "paper must be a4 or letter, not 'A4'"),
    ({"id": "pattern.1.5x5.any.a", "pages": "2"}, "unknown query parameter 'pages'; the parameters are id, "),
    ({"id": "pattern.1.5x5"}, "'pattern.1.5x5' is not a puzzle ID"),
    ({"id": "loop.3.5x5.easy.a"}, "names a loop puzzle, not a pattern one"),
    ({"size": "5"}, "seed is required"),
    ({}, "seed is required"),
])
def test_bad_queries_are_400s_that_say_what_is_wrong(client, query, message):
    answer = client.get("/api/pattern/pdf", params=query)
    assert answer.status_code == 400 and answer.headers["content-type"] == "application/json"
    assert answer.json()["error"].startswith(message) or message in answer.json()["error"]


def test_an_unknown_game_is_a_404(client):
    answer = client.get("/api/chess/pdf", params={"id": "chess.1.8x8.any.a"})
    assert answer.status_code == 404 and "the games are signal, pattern, loop" in answer.json()["error"]


def test_the_work_is_admitted_as_a_print(app, client):
    """The request's own decision is a print of its puzzle (the server's background work, such as the
    ready pool's, may be admitted in between: it is not this request's)."""
    decisions = []
    app.state.admission.observers.append(decisions.append)
    try:
        pages_of(client.get("/api/pattern/pdf", params={"id": "pattern.1.5x5.any.admitted"}))
    finally:
        app.state.admission.observers.pop()
    mine = [d for d in decisions if (d.key.game, d.key.version, d.key.width, d.key.height) == ("pattern", 1, 5, 5)]
    assert [d.kind for d in mine] == ["print"]


def test_without_a_japanese_font_the_server_prints_in_helvetica(monkeypatch):
    monkeypatch.setattr(pdf, "FONT_CANDIDATES", ())
    # workers=0: the patched candidates are this process's; a worker process would find the font
    with TestClient(create_app(workers=0), raise_server_exceptions=False) as fresh:
        answer = fresh.get("/api/loop/pdf", params={"id": "loop.3.5x5.easy.%E9%80%B1%E6%9C%AB"})
    pages = pages_of(answer)
    fonts = {str(font.get_object()["/BaseFont"]) for font in pages[0]["/Resources"]["/Font"].values()}
    text = text_of(pages).replace("\n", "")
    assert fonts == {"/Helvetica"} and len(pages) == 2
    assert "loop.3.5x5.easy.%E9%80%B1%E6%9C%AB" in text and "the font has no glyph for" in text
