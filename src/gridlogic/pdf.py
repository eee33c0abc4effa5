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
``...`` instead of ``…``. A title must then be Latin-1 too (the server prints none).

fpdf2 is the optional ``print`` extra, imported only when a PDF is made. Worked example (checked
in ``tests/test_printing.py``): one 5×5 Pattern puzzle, one a page, is a puzzle page and a
solution page, in Helvetica as well as in IPA Gothic::

    >>> document = pdf_document(GAMES["pattern"], [GAMES["pattern"].generate(5, "pdf-example")], font=None)
    >>> document.pages, document.data[:5]
    (2, b'%PDF-')
"""

from __future__ import annotations

import glob
import io
import math
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


def installed_font() -> str | None:
    """The first font of :data:`FONT_CANDIDATES` installed here, or None."""
    for pattern in FONT_CANDIDATES:
        found = sorted(glob.glob(pattern, recursive=True))
        if found:
            return found[0]
    return None


def printable_svg(svg: str) -> bytes:
    """A game's SVG as fpdf2 draws it on paper: black on white (:func:`~gridlogic.paper.black_on_white`),
    ``<title>`` taken out, and text centred on its ``y`` by ``dominant-baseline`` (which fpdf2 does not
    read) moved down by 0.35 em onto its baseline."""
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
    return ElementTree.tostring(root, encoding="utf-8")


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
    pdf = fpdf.FPDF(orientation="portrait", unit="mm", format=PAPERS[paper][0])
    pdf.set_auto_page_break(False)
    pdf.set_creator("gridlogic")
    pdf.set_title(title or f"{game.title} puzzles")
    lettering = _lettering(pdf, fpdf, font)
    labels = [printed_id(puzzle.id, lettering.has_glyph) for puzzle in puzzles]
    sections = [(False, puzzles, per_page), (True, puzzles, max(4, per_page))]
    for solved, shown, each in sections:
        frames = _frames(paper, each, title)
        for start in range(0, len(shown), each):
            pdf.add_page()
            _heading(pdf, lettering, paper, title, "Solutions" if solved and start == 0 else "")
            for frame, number in zip(frames, range(start, min(start + each, len(shown)))):
                _draw(pdf, lettering, game, shown[number], (number + 1, *labels[number]), frame, solved)
    return PdfDocument(bytes(pdf.output()), int(pdf.pages_count), sum(reason is not None for _, reason in labels))


def _lettering(pdf: Any, fpdf: Any, font: str | None) -> _Lettering:
    """Load ``font`` into ``pdf`` (None: the core font, nothing to load)."""
    if font is None:
        return _Lettering(CORE_FONT, lambda ch: ord(ch) < 0x100)
    try:
        pdf.add_font("text", fname=font)
    except (OSError, ValueError, fpdf.FPDFException, _font_error()) as error:
        raise GridlogicError(f"cannot use the font {font!r}: {error}") from None
    glyphs = pdf.fonts["text"].cmap
    return _Lettering("text", lambda ch: ord(ch) in glyphs)


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
        note = f"(percent-encoded: its seed holds {encoded_because})"
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
