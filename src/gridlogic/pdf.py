"""Puzzles on PDF pages: the layout that ``gridlogic GAME print`` writes and ``GET /api/{game}/pdf`` answers.

:func:`pdf_document` lays out puzzles and then their solutions and gives the PDF as bytes, with
its page count; the CLI writes them to a file, the server sends them. The puzzle pages hold
``per_page`` puzzles (1, 2, 4 or 6), each with its number, the game, its size and level above
the board and its ID below it; the solution pages four (six with ``per_page=6``), numbered
alike. The page is A4 or US Letter (:data:`PAPERS`), 15 mm margins, and a ``title`` heads every
page. Boards are vector graphics: each game's own ``render_svg`` (the
:class:`~gridlogic.game.Game` table's drawing of a puzzle, with or without its solution) drawn
by fpdf2, which reads SVG; so printing needs no drawing code of any game. The screen's colours
become black on white and the IDs are printed as people read and type them, both by
:mod:`gridlogic.paper`.

**Fonts.** Text is set in a TrueType font with Japanese glyphs (a title may be Japanese): IPA
Gothic from Debian's ``fonts-ipafont-gothic`` where it is installed (:func:`installed_font`), or
a font the caller names. Without one (``font=None``) the text is set in fpdf2's built-in
Helvetica, which draws Latin-1 only: an ID whose seed holds anything else is printed
percent-encoded, with the note saying its font has no glyph for it, and a cut ID ends in
``...`` instead of ``…``. A title must then be Latin-1 too (the server prints none). A font
file is read once per process (a server's worker) and kept, whole and cut down to
:data:`COMMON_CHARACTERS`; a document whose text is all common characters embeds its glyphs
from the cut-down font, which costs milliseconds to load where the whole font costs a tenth of a
second (:class:`_Typeface` says why fpdf2 cannot share one loaded font between documents).

**Speed.** fpdf2 draws an SVG one element at a time, so the boards' many lines, cells and dots
are drawn as a few paths (:func:`merge_shapes`), painted in an order that covers what it covered
before. ``benchmarks/pdf.py`` times a document of one puzzle at each game's largest sizes.

fpdf2 is the optional ``print`` extra, imported only when a PDF is made. Worked example (checked
in ``tests/test_printing.py``): one 5×5 Pattern puzzle, one a page, is a puzzle page and a
solution page, in Helvetica as well as in IPA Gothic::

    >>> document = pdf_document(GAMES["pattern"], [GAMES["pattern"].generate(5, "pdf-example")], font=None)
    >>> document.pages, document.data[:5]
    (2, b'%PDF-')
"""

from __future__ import annotations

import functools
import glob
import io
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from xml.etree import ElementTree

from gridlogic.errors import GridlogicError
from gridlogic.game import Game, Puzzle
from gridlogic.paper import black_on_white, printed_id

MARGIN = 15.0  # mm
PAPERS = {"a4": ("A4", 210.0, 297.0), "letter": ("Letter", 215.9, 279.4)}  # name, width and height in mm
GRIDS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}  # puzzles a page: columns, rows
FONT_CANDIDATES = (
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    "/usr/share/fonts/**/ipag*.ttf",
)
FONT_PACKAGE = "fonts-ipafont-gothic"
CORE_FONT = "helvetica"  # fpdf2's built-in font, when no TrueType font is given: Latin-1 only
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
ID_LINES = 3  # an ID longer than this many lines is cut, with "…"
FAMILY = "text"  # the name a document knows its TrueType font by
COMMON_CHARACTERS = "".join(map(chr, [*range(0x20, 0x7F), *range(0xA0, 0x100)])) + "…"  # ASCII, Latin-1, "…"
SOLUTIONS = "Solutions"
NOTE = "(percent-encoded: its seed holds {})"


def installed_font() -> str | None:
    """The first font of :data:`FONT_CANDIDATES` installed here, or None."""
    for pattern in FONT_CANDIDATES:
        found = sorted(glob.glob(pattern, recursive=True))
        if found:
            return found[0]
    return None


def printable_svg(svg: str) -> bytes:
    """A game's SVG as fpdf2 draws it on paper: black on white (:func:`~gridlogic.paper.black_on_white`),
    ``<title>`` taken out, text centred on its ``y`` by ``dominant-baseline`` (which fpdf2 does not
    read) moved down by 0.35 em onto its baseline, and like shapes drawn as few paths
    (:func:`merge_shapes`)."""
    ElementTree.register_namespace("", SVG_NAMESPACE)
    root = ElementTree.fromstring(svg)
    black_on_white(root)

    def walk(element: ElementTree.Element, font_size: float) -> None:
        font_size = float(element.get("font-size", font_size))
        for child in list(element):
            if child.tag == f"{{{SVG_NAMESPACE}}}title":
                element.remove(child)
                continue
            walk(child, font_size)
        if element.get("dominant-baseline") in ("central", "middle"):
            del element.attrib["dominant-baseline"]
            element.set("y", f"{float(element.get('y', 0)) + 0.35 * font_size:g}")

    walk(root, 16.0)
    if root.find(f".//{{{SVG_NAMESPACE}}}style") is None:  # a style sheet may select shapes by their tag
        merge_shapes(root)
    return ElementTree.tostring(root, encoding="utf-8")


SHAPE_GEOMETRY = {"line": ("x1", "y1", "x2", "y2"), "rect": ("x", "y", "width", "height"), "circle": ("cx", "cy", "r")}
SHAPE_PAINT = ("fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit")
SHAPE_ATTRIBUTES = {tag: frozenset((*geometry, *SHAPE_PAINT)) for tag, geometry in SHAPE_GEOMETRY.items()}
# in an ancestor, these make shapes painted at once look unlike shapes painted apart (or may: style)
UNSHARED = ("style", "opacity", "fill-opacity", "stroke-opacity", "mix-blend-mode", "filter", "mask", "marker",
            "marker-start", "marker-mid", "marker-end")
KAPPA = 4 / 3 * (math.sqrt(2) - 1)  # a quarter circle's Bézier control points lie this many radii off its ends
Box = tuple[float, float, float, float]  # left, top, right, bottom: what a shape paints, its stroke included


@dataclass(frozen=True)
class _Paint:
    """What an element inherits that decides whether its shapes may be drawn as one path."""

    fill: str = "black"
    stroke: str = "none"
    stroke_width: float = 1.0
    opaque: bool = True  # no ancestor has an UNSHARED attribute

    def within(self, element: ElementTree.Element) -> _Paint | None:
        """The paint of ``element``'s children; None when a length is not a plain number."""
        width = _number(element.get("stroke-width", self.stroke_width))
        if width is None:
            return None
        return _Paint(element.get("fill", self.fill).strip(), element.get("stroke", self.stroke).strip(), width,
                      self.opaque and not any(name in element.attrib for name in UNSHARED))


@dataclass
class _Shape:
    """A <line>, <rect> or <circle> as a subpath, with the box it paints (stroke included) and its style."""

    element: ElementTree.Element
    style: tuple[str, tuple[tuple[str, str], ...]]  # its tag and every attribute that is not geometry
    subpath: str
    box: Box
    fills_and_strokes: bool  # painted twice: two of them may share a path only where they do not overlap


def merge_shapes(element: ElementTree.Element, paint: _Paint | None = _Paint()) -> None:
    """Draw the sibling lines, rectangles and circles of each style as few ``<path>`` elements as the
    painting order allows, in place (and so in every group below ``element``).

    fpdf2 draws an SVG element by element, and a board has one per grid line, cell and dot; a path
    of many subpaths costs it about one. Each shape goes in the lowest layer above every earlier
    shape it overlaps and paints otherwise (another style, or one that fills and strokes, which
    paints twice), and the shapes of a layer and style become one path: so any two shapes that
    overlap are painted in their old order, and shapes of one style that overlap are painted at once,
    as ink on ink looks the same. Anything but a plain shape (text, a group, a transform...) is a
    layer of its own above all before it, and nothing merges under an ancestor that blends or marks
    (:data:`UNSHARED`), so the page looks as before."""
    if not len(element):
        return
    paint = paint.within(element) if paint is not None else None
    items = [(_shape(child, paint) if paint is not None and paint.opaque else None) or child for child in element]
    for item in items:
        if not isinstance(item, _Shape):
            merge_shapes(item, paint)
    element[:] = [_drawn(layer) for layer in _layers(items)]


def _layers(items: list[_Shape | ElementTree.Element]) -> list[list[_Shape] | ElementTree.Element]:
    """The items in painting order: each layer's shapes of one style together, other elements alone."""
    shapes = [item for item in items if isinstance(item, _Shape)]
    sides = sorted(max(s.box[2] - s.box[0], s.box[3] - s.box[1]) for s in shapes) or [1.0]
    extent = max((max(s.box[2], s.box[3]) - min(s.box[0], s.box[1]) for s in shapes), default=1.0)
    cell = max(sides[len(sides) // 2], extent / 64, 1e-9)  # a grid of cells to find overlapping shapes in
    near: dict[tuple[int, int], list[tuple[float, float, float, float, int, int]]] = {}  # box, style, layer
    styles: dict[tuple[str, tuple[tuple[str, str], ...]], int] = {}
    layers: dict[tuple[int, object], list[_Shape] | ElementTree.Element] = {}
    floor = top = 0  # the layer of the last element that is no shape, and the highest layer yet
    for item in items:
        if not isinstance(item, _Shape):
            top = floor = top + 1
            layers[(top, id(item))] = item
            continue
        style = styles.setdefault(item.style, len(styles))
        left, upper, right, lower = item.box
        cells = [(i, j) for i in range(int(left // cell), int(right // cell) + 1)
                 for j in range(int(upper // cell), int(lower // cell) + 1)]
        layer = floor + 1
        for other_left, other_upper, other_right, other_lower, other_style, under in (
                entry for place in cells for entry in near.get(place, ())):
            if (under >= layer and (other_style != style or item.fills_and_strokes)  # painted otherwise
                    and other_left <= right and left <= other_right and other_upper <= lower and upper <= other_lower):
                layer = under + 1
        for place in cells:
            near.setdefault(place, []).append((left, upper, right, lower, style, layer))
        top = max(top, layer)
        run = layers.setdefault((layer, item.style), [])
        assert isinstance(run, list)
        run.append(item)
    return [layers[key] for key in sorted(layers, key=lambda key: key[0])]  # a stable sort: first come, first


def _drawn(layer: list[_Shape] | ElementTree.Element) -> ElementTree.Element:
    """The element that draws ``layer``: a shape alone, or anything else, stays as it was."""
    if not isinstance(layer, list):
        return layer
    first = layer[0].element
    if len(layer) == 1:
        return first
    tag, attributes = layer[0].style
    path = ElementTree.Element(f"{{{SVG_NAMESPACE}}}path", dict(attributes))
    path.set("fill-rule", "nonzero")  # overlapping subpaths fill as the shapes did, one by one
    if tag == "line":
        path.set("fill", "none")  # a line has no inside
    path.set("d", " ".join(shape.subpath for shape in layer))
    path.tail = first.tail
    return path


def _shape(element: ElementTree.Element, paint: _Paint) -> _Shape | None:
    """``element`` as a shape that may share a path, or None (not a plain line, rectangle or circle)."""
    tag = element.tag.rpartition("}")[2] if element.tag.startswith(f"{{{SVG_NAMESPACE}}}") else ""
    geometry = SHAPE_GEOMETRY.get(tag)
    if geometry is None or len(element) or not SHAPE_ATTRIBUTES[tag].issuperset(element.attrib):
        return None
    values = [_number(element.get(name, "0")) for name in geometry]
    pad = _number(element.get("stroke-width", paint.stroke_width))  # caps and corners reach no farther
    numbers = [value for value in values if value is not None]
    if pad is None or len(numbers) < len(values):
        return None
    a, b, c, d = (*numbers, 0.0)[:4]
    if tag == "line":
        subpath, box = f"M {_text(a)} {_text(b)} L {_text(c)} {_text(d)}", (min(a, c), min(b, d), max(a, c), max(b, d))
    elif tag == "rect":
        if c <= 0 or d <= 0:
            return None
        right, bottom = _text(a + c), _text(b + d)
        subpath = f"M {_text(a)} {_text(b)} L {right} {_text(b)} L {right} {bottom} L {_text(a)} {bottom} Z"
        box = (a, b, a + c, b + d)
    else:
        if c <= 0:
            return None
        subpath = _circle(a, b, c)
        box = (a - c, b - c, a + c, b + c)
    style = (tag, tuple(sorted((name, value) for name, value in element.attrib.items() if name not in geometry)))
    fills_and_strokes = (tag != "line" and element.get("fill", paint.fill).strip() != "none"
                         and element.get("stroke", paint.stroke).strip() != "none")
    return _Shape(element, style, subpath, (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad), fills_and_strokes)


def _circle(x: float, y: float, r: float) -> str:
    """A circle as four Bézier quarters, the curves fpdf2 draws a <circle> with (its arcs cost it far more)."""
    return f"M {_text(x + r)} {_text(y)} {_quarters(r)}"


@functools.lru_cache(maxsize=64)
def _quarters(r: float) -> str:
    """The four quarters of a circle of radius ``r`` from its rightmost point, clockwise on screen, as
    relative curves (the same for every circle of that radius)."""
    k = KAPPA * r
    offsets = [(0, k, k - r, r, -r, r), (-k, 0, -r, k - r, -r, -r), (0, -k, r - k, -r, r, -r), (k, 0, r, r - k, r, r)]
    return " ".join("c " + " ".join(_text(value) for value in quarter) for quarter in offsets) + " Z"


def _number(value: str | float) -> float | None:
    try:
        number = float(value)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def _text(value: float) -> str:
    """A coordinate in a path: an integer as one, else to six decimals."""
    return str(int(value)) if float(value).is_integer() else repr(round(value, 6))


@dataclass(frozen=True)
class _Frame:
    """A rectangle of a page, in mm."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class _Lettering:
    """The font family text is set in, and which characters it draws."""

    family: str
    has_glyph: Callable[[str], bool]

    @property
    def ellipsis(self) -> str:
        return "…" if self.has_glyph("…") else "..."


def _frames(paper: str, per_page: int, title: str) -> list[_Frame]:
    """Where the puzzles of one page go, row by row."""
    _, width, height = PAPERS[paper]
    top = MARGIN + (10.0 if title else 0.0)
    columns, rows = GRIDS[per_page]
    gap = 8.0
    cell_w = (width - 2 * MARGIN - gap * (columns - 1)) / columns
    cell_h = (height - top - MARGIN - gap * (rows - 1)) / rows
    return [_Frame(MARGIN + c * (cell_w + gap), top + r * (cell_h + gap), cell_w, cell_h)
            for r in range(rows) for c in range(columns)]


def _caption(game: Game, number: int, puzzle: Puzzle) -> str:
    level = f", {puzzle.level}" if puzzle.level else ""
    return f"{number}.  {game.title} {puzzle.width}×{puzzle.height}{level}"


@dataclass(frozen=True)
class PdfDocument:
    """A PDF made by :func:`pdf_document`: its bytes, its pages, and how many IDs it prints percent-encoded."""

    data: bytes
    pages: int
    encoded_ids: int


def pdf_document(game: Game, puzzles: Sequence[Puzzle], *, paper: str = "a4", per_page: int = 1,
                 title: str = "", font: str | None) -> PdfDocument:
    """The puzzles, then their solutions, as a PDF; ``font`` is a TrueType file, or None for Helvetica."""
    fpdf = import_fpdf()
    typeface = None if font is None else _typeface(fpdf, font)
    lettering = (_Lettering(CORE_FONT, lambda ch: ord(ch) < 0x100) if typeface is None
                 else _Lettering(FAMILY, lambda ch: ord(ch) in typeface.glyphs))
    labels = [printed_id(puzzle.id, lettering.has_glyph) for puzzle in puzzles]
    common = typeface is not None and typeface.draws_commonly(_printed_text(game, puzzles, labels, title))
    layout = functools.partial(_laid_out, fpdf, game, puzzles, labels, paper, per_page, title, lettering)
    pdf = layout(typeface, common)
    if common and pdf.fonts[FAMILY].missing_glyphs:  # a text _printed_text missed: set it all in the whole font
        pdf = layout(typeface, False)
    return PdfDocument(bytes(pdf.output()), int(pdf.pages_count), sum(reason is not None for _, reason in labels))


def _laid_out(fpdf: Any, game: Game, puzzles: Sequence[Puzzle], labels: Sequence[tuple[str, str | None]],
              paper: str, per_page: int, title: str, lettering: _Lettering, typeface: _Typeface | None,
              common: bool) -> Any:
    """The document's pages, drawn; its text in ``typeface`` (cut down to the common characters if ``common``)."""
    pdf = fpdf.FPDF(orientation="portrait", unit="mm", format=PAPERS[paper][0])
    pdf.set_auto_page_break(False)
    pdf.set_creator("gridlogic")
    pdf.set_title(title or f"{game.title} puzzles")
    if typeface is not None:
        typeface.add_to(pdf, common)
    sections = [(False, puzzles, per_page), (True, puzzles, max(4, per_page))]
    for solved, shown, each in sections:
        frames = _frames(paper, each, title)
        for start in range(0, len(shown), each):
            pdf.add_page()
            _heading(pdf, lettering, paper, title, SOLUTIONS if solved and start == 0 else "")
            for frame, number in zip(frames, range(start, min(start + each, len(shown)))):
                _draw(pdf, lettering, game, shown[number], (number + 1, *labels[number]), frame, solved)
    return pdf


def _printed_text(game: Game, puzzles: Sequence[Puzzle], labels: Sequence[tuple[str, str | None]],
                  title: str) -> str:
    """Every text a document of these puzzles sets in its font (the boards' own text is fpdf2's)."""
    captions = (_caption(game, number, puzzle) for number, puzzle in enumerate(puzzles, 1))
    notes = (NOTE.format(reason) for _, reason in labels if reason is not None)
    return "".join([title, SOLUTIONS, "…", *captions, *(shown for shown, _ in labels), *notes])


@dataclass(frozen=True)
class _Typeface:
    """A TrueType font read once per process (:func:`_typeface`): which characters it draws, and itself
    cut down to :data:`COMMON_CHARACTERS` (191 glyphs of IPA Gothic's 12,728), which a document
    that prints nothing else loads instead of the whole font.

    Why not one parsed font for every document: fpdf2 (2.8) keeps a document's glyph subset on its
    ``TTFFont``, and on output subsets that font's fontTools object in place and closes it
    (``fpdf/output.py``, ``_add_fonts``), so a parsed font serves one document only. Each document
    therefore gets its own ``TTFFont``, made from bytes that are read here once and never change: its
    own subset, safe in any thread. Most of the cost of a font is fontTools decoding its tables
    (``cmap``, ``hmtx``, ``glyf``, ``post``: about 0.1 s for IPA Gothic), which fpdf2's
    subsetting needs again at output; the cut-down font is 34 KB (the whole one 6 MB)."""

    path: str
    glyphs: frozenset[int]  # the code points the whole font draws
    common: bytes | None  # the cut-down font, None when the font has no TrueType outlines (left whole)
    common_glyphs: frozenset[int]

    def draws_commonly(self, text: str) -> bool:
        """Whether the cut-down font draws every character of ``text``."""
        return self.common is not None and all(ord(ch) in self.common_glyphs for ch in set(text))

    def add_to(self, pdf: Any, common: bool) -> None:
        """Give ``pdf`` this font as :data:`FAMILY`, cut down if ``common``."""
        if not common or self.common is None:
            pdf.add_font(FAMILY, fname=self.path)
            return
        from fpdf.fonts import TTFFont

        cut = io.BytesIO(self.common)  # fontTools reads a file object as well as a path
        pdf.fonts[FAMILY] = TTFFont(pdf, cut, FAMILY, "")  # type: ignore[arg-type]  # what add_font does


def _typeface(fpdf: Any, font: str) -> _Typeface:
    """``font`` read (once per process while the file is unchanged), or a GridlogicError saying why not."""
    try:
        return _read_typeface(font, os.stat(font).st_mtime_ns)
    except (OSError, ValueError, fpdf.FPDFException, _font_error()) as error:
        raise GridlogicError(f"cannot use the font {font!r}: {error}") from None


@functools.lru_cache(maxsize=4)
def _read_typeface(path: str, modified: int) -> _Typeface:
    from fontTools import subset, ttLib

    whole = ttLib.TTFont(path, recalcBBoxes=False, recalcTimestamp=False)  # the cut keeps the whole font's head
    glyphs = frozenset(whole.getBestCmap() or ())
    if not glyphs or "glyf" not in whole:
        return _Typeface(path, glyphs, None, frozenset())
    common_glyphs = frozenset(ord(ch) for ch in COMMON_CHARACTERS) & glyphs
    options = subset.Options(notdef_outline=True, recommended_glyphs=True, glyph_names=True, layout_features=[])
    options.drop_tables += ["GSUB", "GPOS", "GDEF"]  # fpdf2 drops these when it embeds a font
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=common_glyphs)
    subsetter.subset(whole)
    cut = io.BytesIO()
    whole.save(cut)
    return _Typeface(path, glyphs, cut.getvalue(), common_glyphs)


def _heading(pdf: Any, lettering: _Lettering, paper: str, title: str, section: str) -> None:
    _, width, _ = PAPERS[paper]
    pdf.set_font(lettering.family, size=13)
    pdf.set_xy(MARGIN, MARGIN - 6)
    pdf.cell(width - 2 * MARGIN, 8, title)
    if section:
        pdf.set_xy(MARGIN, MARGIN - 6)
        pdf.cell(width - 2 * MARGIN, 8, section, align="R")


def _draw(pdf: Any, lettering: _Lettering, game: Game, puzzle: Puzzle, label: tuple[int, str, str | None],
          frame: _Frame, solved: bool) -> None:
    """The puzzle in ``frame``; ``label`` is its number, its ID as printed and why that is percent-encoded."""
    number, shown_id, encoded_because = label
    caption_h, id_size = 8.0, 7.0
    id_line = id_size * 0.45
    pdf.set_font(lettering.family, size=11)
    pdf.set_xy(frame.x, frame.y)
    pdf.cell(frame.width, caption_h, _caption(game, number, puzzle))
    pdf.set_font(lettering.family, size=id_size)
    lines = pdf.multi_cell(frame.width, id_line, shown_id, wrapmode="CHAR", dry_run=True, output="LINES")
    shown = lines if len(lines) <= ID_LINES else [*lines[:ID_LINES - 1],
                                                  lines[ID_LINES - 1][:-1] + lettering.ellipsis]
    if encoded_because is not None:
        note = NOTE.format(encoded_because)
        shown += pdf.multi_cell(frame.width, id_line, note, wrapmode="WORD", dry_run=True, output="LINES")
    id_h = id_line * len(shown) + 2
    board_h = frame.height - caption_h - id_h - 2
    pdf.image(io.BytesIO(printable_svg(game.render_svg(puzzle, solved))), x=frame.x, y=frame.y + caption_h,
              w=frame.width, h=board_h, keep_aspect_ratio=True)
    pdf.set_xy(frame.x, frame.y + frame.height - id_h + 2)
    pdf.multi_cell(frame.width, id_line, "\n".join(shown), wrapmode="CHAR", align="C")


def _font_error() -> type[Exception]:
    """What fontTools (which fpdf2 reads fonts with) raises for a file that is no font."""
    from fontTools.ttLib import TTLibError

    return TTLibError


def import_fpdf() -> Any:
    """fpdf2, or a GridlogicError naming the extra that brings it."""
    try:
        import fpdf
    except ImportError:
        raise GridlogicError("printing needs fpdf2: pip install 'gridlogic[print]'") from None
    return fpdf


def page_count(puzzles: int, per_page: int) -> int:
    """How many pages :func:`pdf_document` makes for that many puzzles."""
    return math.ceil(puzzles / per_page) + math.ceil(puzzles / max(4, per_page))
