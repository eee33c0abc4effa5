"""The PDF's boards drawn with fewer paths look as before, and its font is read once yet each document embeds its own.

No rasteriser is at hand (poppler, PyMuPDF), so a page is compared by what its content stream paints:
each subpath filled or stroked, with its colour, width, caps and joins, in page coordinates. A board
whose runs of like shapes became one path (:func:`gridlogic.pdf.merge_shapes`) must paint the same
subpaths, and every two that overlap and paint differently must keep their order (text counts as
overlapping everything).
"""

from __future__ import annotations

import io
import threading
from collections import Counter
from xml.etree import ElementTree

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from pypdf.generic import ContentStream

from gridlogic import GAMES, pdf

FONT = pdf.installed_font()
needs_font = pytest.mark.skipif(FONT is None, reason=f"needs Debian's {pdf.FONT_PACKAGE}")
EVERYWHERE = (float("-inf"), float("-inf"), float("inf"), float("inf"))


def painted(page) -> list[tuple[int, tuple, tuple]]:
    """What the page paints, in order: (when, what: its kind, style and points, box)."""
    marks: list[tuple[int, tuple, tuple]] = []
    states = {name: dict(state.get_object()) for name, state in page["/Resources"].get("/ExtGState", {}).items()}
    state = {"ctm": (1, 0, 0, 1, 0, 0), "fill": (0,), "stroke": (0,), "width": 1.0, "cap": 0, "join": 0, "gs": {}}
    stack, subpaths, text = [], [], []
    for when, (operands, operator) in enumerate(ContentStream(page.get_contents(), page.pdf).operations):
        numbers = [float(x) for x in operands if isinstance(x, (int, float))]
        if operator == b"q":
            stack.append(dict(state))
        elif operator == b"Q":
            state = stack.pop()
        elif operator == b"cm":
            state["ctm"] = _times(tuple(numbers), state["ctm"])
        elif operator in (b"g", b"rg"):
            state["fill"] = tuple(numbers)
        elif operator in (b"G", b"RG"):
            state["stroke"] = tuple(numbers)
        elif operator in (b"w", b"J", b"j"):
            state[{b"w": "width", b"J": "cap", b"j": "join"}[operator]] = numbers[0]
        elif operator == b"gs":
            gs = states[operands[0]]
            state["gs"] = {key: gs[key] for key in ("/LW", "/LC", "/LJ", "/ML", "/CA", "/ca", "/D") if key in gs}
        elif operator == b"m":
            subpaths.append([_at(state, numbers)])
        elif operator in (b"l", b"c"):
            subpaths[-1].append(_at(state, numbers[-2:]) if operator == b"l" else
                                tuple(_at(state, numbers[k:k + 2]) for k in (0, 2, 4)))
        elif operator == b"re":
            x, y, w, h = numbers
            subpaths.append([_at(state, p) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))] + ["close"])
        elif operator == b"h":
            subpaths[-1].append("close")
        elif operator in (b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n"):
            _paint(marks, when, operator.decode(), state, subpaths)
            subpaths = []
        elif operator in (b"Tj", b"TJ", b"Tf", b"Td", b"Tm"):
            text.append((operator, repr(operands)))
            marks.append((when, ("text", operator, repr(operands), state["fill"]), EVERYWHERE))
    return marks


def _paint(marks, when, operator, state, subpaths) -> None:
    fills = operator.lower().startswith(("f", "b"))
    strokes = operator.lower().startswith(("s", "b"))
    width = float(state["gs"].get("/LW", state["width"])) * abs(state["ctm"][0])
    stroke_style = ("stroke", state["stroke"], round(width, 3), state["gs"].get("/LC", state["cap"]),
                    state["gs"].get("/LJ", state["join"]), repr(state["gs"].get("/D")))
    for points in subpaths:
        flat = [p for item in points if item != "close" for p in (item if isinstance(item[0], tuple) else [item])]
        if len(flat) < 2 or len(set(flat)) == 1:
            continue  # a lone move paints nothing
        box = (min(x for x, _ in flat), min(y for _, y in flat), max(x for x, _ in flat), max(y for _, y in flat))
        if fills and len(flat) > 2:  # a single segment has no inside
            marks.append((when, ("fill", operator.endswith("*"), state["fill"], tuple(points)), box))
        if strokes:
            pad = width
            marks.append((when + 0.5, (*stroke_style, tuple(points)),
                          (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad)))


def _times(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _at(state, point) -> tuple[float, float]:
    a, b, c, d, e, f = state["ctm"]
    x, y = point
    return round(a * x + c * y + e, 2), round(b * x + d * y + f, 2)


def _meet(one, other) -> bool:
    return one[0] <= other[2] and other[0] <= one[2] and one[1] <= other[3] and other[1] <= one[3]


def assert_paints_alike(before: list, after: list) -> None:
    """Same marks; any two that overlap and differ keep their order (``after`` may paint like ones at once)."""
    assert Counter(what for _, what, _ in before) == Counter(what for _, what, _ in after)
    seen: Counter = Counter()
    when_after: dict = {}
    for when, what, _ in after:
        when_after[(what, seen[what])] = when
        seen[what] += 1
    seen.clear()
    order = []
    for _, what, box in before:
        order.append((when_after[(what, seen[what])], what, box))
        seen[what] += 1
    for k, (when, what, box) in enumerate(order):
        for later_when, later, later_box in order[k + 1:]:
            if later[:-1] != what[:-1] and _meet(box, later_box):
                assert when < later_when, (what, later)


def pages_of(data: bytes):
    return PdfReader(io.BytesIO(data)).pages


@pytest.mark.parametrize("game, size", [(name, game.version().default_size) for name, game in GAMES.items()])
def test_a_board_drawn_with_merged_shapes_paints_what_it_painted_shape_by_shape(monkeypatch, game, size):
    puzzle = GAMES[game].generate(size, "merged")
    merged = pdf.pdf_document(GAMES[game], [puzzle], font=None).data
    monkeypatch.setattr(pdf, "merge_shapes", lambda root: None)
    apart = pdf.pdf_document(GAMES[game], [puzzle], font=None).data
    for page_apart, page_merged in zip(pages_of(apart), pages_of(merged), strict=True):
        before, after = painted(page_apart), painted(page_merged)
        assert_paints_alike(before, after)
        assert len({when for when, *_ in after}) < len({when for when, *_ in before})  # fewer paint operations


def merged(svg: str) -> list[tuple[str, dict[str, str]]]:
    """The children of the SVG's root after merging: each tag and its attributes."""
    root = ElementTree.fromstring(f'<svg xmlns="{pdf.SVG_NAMESPACE}">{svg}</svg>')
    pdf.merge_shapes(root)
    return [(child.tag.rpartition("}")[2], dict(child.attrib)) for child in root]


def test_shapes_merge_across_what_they_do_not_overlap_and_never_across_what_they_do():
    children = merged('<line x1="0" y1="0" x2="10" y2="0" stroke="#000"/>'
                      '<rect x="50" y="50" width="5" height="5" fill="#888"/>'  # far: the next line joins the first
                      '<line x1="0" y1="20" x2="10" y2="20" stroke="#000"/>'
                      '<rect x="0" y="28" width="10" height="5" fill="#888"/>'  # covers the next line's start
                      '<line x1="0" y1="30" x2="10" y2="30" stroke="#000"/>')
    assert [tag for tag, _ in children] == ["path", "path", "line"]
    assert children[0][1]["d"] == "M 0 0 L 10 0 M 0 20 L 10 20" and children[0][1]["fill"] == "none"
    assert children[1][1]["d"] == "M 50 50 L 55 50 L 55 55 L 50 55 Z M 0 28 L 10 28 L 10 33 L 0 33 Z"


def test_what_is_not_a_plain_shape_keeps_its_place_and_blocks_the_shapes_after_it():
    children = merged('<circle cx="5" cy="5" r="2"/><text x="0" y="0">1</text><circle cx="50" cy="5" r="2"/>'
                      '<circle cx="60" cy="5" r="2"/><rect x="0" y="0" width="5" height="5" opacity="0.5"/>'
                      '<rect x="9" y="0" width="5" height="5" rx="1"/><rect x="0" y="9" width="0" height="5"/>')
    assert [tag for tag, _ in children] == ["circle", "text", "path", "rect", "rect", "rect"]
    assert children[2][1]["d"].startswith("M 52 5 c 0 1.104569 -0.895431 2 -2 2 c ")


def test_shapes_that_fill_and_stroke_share_a_path_only_where_they_do_not_overlap():
    tiles = "".join(f'<rect x="{x}" y="0" width="10" height="10" fill="#ff0" stroke="#000"/>' for x in (0, 10, 30))
    assert [len(attributes["d"].split("M")) - 1 if tag == "path" else 1 for tag, attributes in merged(tiles)] == [2, 1]
    strokes = "".join(f'<rect x="{x}" y="0" width="10" height="10" fill="none" stroke="#000"/>' for x in (0, 10, 30))
    assert [tag for tag, _ in merged(strokes)] == ["path"]


def test_nothing_merges_under_a_group_that_blends():
    lines = '<line x1="0" y1="0" x2="10" y2="0" stroke="#000"/><line x1="0" y1="5" x2="10" y2="5" stroke="#000"/>'
    root = ElementTree.fromstring(f'<svg xmlns="{pdf.SVG_NAMESPACE}"><g stroke-opacity="0.5">{lines}</g>'
                                  f'<g>{lines}</g></svg>')
    pdf.merge_shapes(root)
    assert [[child.tag.rpartition("}")[2] for child in group] for group in root] == [["line", "line"], ["path"]]


def embedded_characters(data: bytes) -> set[str]:
    """The characters the embedded TrueType font of a PDF has glyphs for."""
    found: set[str] = set()
    for page in pages_of(data):
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            if font["/Subtype"] != "/Type0":
                continue
            stream = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]["/FontFile2"].get_data()
            found |= {chr(code) for code in TTFont(io.BytesIO(stream)).getBestCmap()}
    return found


@needs_font
def test_documents_one_after_the_other_and_at_once_each_embed_the_glyphs_they_print():
    game = GAMES["pattern"]
    seeds = ["QQQ", "WWW", "ZZZ", "JJJ"]
    puzzles = [game.generate(5, seed) for seed in seeds]
    one_after_the_other = [pdf.pdf_document(game, [puzzle], font=FONT).data for puzzle in puzzles[:2]]
    at_once: dict[int, bytes] = {}

    def make(k: int) -> None:
        at_once[k] = pdf.pdf_document(game, [puzzles[k]], font=FONT).data

    threads = [threading.Thread(target=make, args=(k,)) for k in (2, 3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    documents = [*one_after_the_other, at_once[2], at_once[3]]
    for seed, data in zip(seeds, documents, strict=True):
        characters = embedded_characters(data)
        assert seed[0] in characters and not characters & ({other[0] for other in seeds} - {seed[0]})
        assert set("Pattern5.") <= characters and "Solutions" in pages_of(data)[1].extract_text()


@needs_font
def test_the_cut_down_font_prints_as_the_whole_font(monkeypatch):
    game = GAMES["loop"]
    puzzles = [game.generate(5, "latin-é…"), game.generate(5, "plain")]
    loaded: list[bool] = []
    add_to = pdf._Typeface.add_to

    def noted(typeface, document, common: bool) -> None:
        loaded.append(common)
        add_to(typeface, document, common)

    monkeypatch.setattr(pdf._Typeface, "add_to", noted)
    cut = pdf.pdf_document(game, puzzles, per_page=2, title="Weekend", font=FONT).data
    with monkeypatch.context() as nothing_common:
        nothing_common.setattr(pdf, "COMMON_CHARACTERS", "")
        pdf._read_typeface.cache_clear()
        whole = pdf.pdf_document(game, puzzles, per_page=2, title="Weekend", font=FONT).data
    pdf._read_typeface.cache_clear()
    assert loaded == [True, False]
    assert "loop.3.5x5.any.latin-é…" in pages_of(cut)[0].extract_text().replace("\n", "")
    for page_cut, page_whole in zip(pages_of(cut), pages_of(whole), strict=True):
        assert page_cut.extract_text() == page_whole.extract_text()
        widths = [font.get_object()["/DescendantFonts"][0].get_object()["/W"]
                  for page in (page_cut, page_whole) for font in page["/Resources"]["/Font"].values()
                  if font.get_object()["/Subtype"] == "/Type0"]
        assert widths[0] == widths[1]
    assert embedded_characters(cut) == embedded_characters(whole)


@needs_font
def test_text_beyond_the_common_characters_is_set_in_the_whole_font():
    game = GAMES["pattern"]
    document = pdf.pdf_document(game, [game.generate(5, "週末")], title="週末のパズル", font=FONT)
    text = pages_of(document.data)[0].extract_text()
    assert "週末のパズル" in text and "週末" in text.replace("週末のパズル", "")
    assert {"週", "末", "の", "パ", "ズ", "ル"} <= embedded_characters(document.data)


def test_an_svg_with_a_style_sheet_is_left_as_drawn():
    lines = '<line x1="0" y1="0" x2="10" y2="0" stroke="#000"/><line x1="0" y1="5" x2="10" y2="5" stroke="#000"/>'
    sheet = f'<svg xmlns="{pdf.SVG_NAMESPACE}"><style>line {{ stroke-width: 3 }}</style>{lines}</svg>'
    assert pdf.printable_svg(sheet).decode().count("<line") == 2
    assert pdf.printable_svg(sheet.replace("<style>line { stroke-width: 3 }</style>", "")).decode().count("<path") == 1
