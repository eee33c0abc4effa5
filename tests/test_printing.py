"""``gridlogic GAME print``: the PDF opens, has the pages it should, names every puzzle; bad input is one line."""

from __future__ import annotations

import doctest
import io
import json
import re
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from gridlogic import GAMES, paper, pdf, puzzle_from_id
from gridlogic.cli import main

DATA = Path(__file__).resolve().parent / "data"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def text_of(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_docstring_worked_example(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "pattern", "print", "--seed-prefix", "booklet", "--count", "6", "--out", "booklet.pdf")
    assert (code, out, err) == (0, "wrote booklet.pdf: 6 puzzles, 8 pages, A4\n", "")
    reader = PdfReader(tmp_path / "booklet.pdf")
    assert len(reader.pages) == 8 == pdf.page_count(6, 1)
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 1), round(float(box.height), 1)) == (595.3, 841.9)  # A4 in points
    text = text_of(tmp_path / "booklet.pdf")
    for k in range(6):
        puzzle = GAMES["pattern"].generate(GAMES["pattern"].version().default_size, f"booklet-{k}")
        assert text.count(puzzle.id) == 2  # on its page and among the solutions
    assert "Solutions" in reader.pages[6].extract_text() and "Solutions" not in reader.pages[5].extract_text()


def test_letter_pages_several_puzzles_a_page_and_a_japanese_title(tmp_path, capsys):
    out_pdf = tmp_path / "loops.pdf"
    code, out, _ = run(capsys, "loop", "print", "--seed-prefix", "週末", "--count", "5", "--size", "7",
                       "--difficulty", "easy", "--per-page", "4", "--paper", "letter", "--title", "週末のパズル",
                       "--out", str(out_pdf))
    assert code == 0 and out.endswith("5 puzzles, 4 pages, Letter\n")
    reader = PdfReader(out_pdf)
    assert len(reader.pages) == 4 == pdf.page_count(5, 4)
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    text = text_of(out_pdf)
    assert text.count("週末のパズル") == 4
    puzzle = GAMES["loop"].generate(7, "週末-4", "easy")
    assert puzzle.id == "loop.3.7x7.easy.%E9%80%B1%E6%9C%AB-4"  # the latest version
    assert "loop.3.7x7.easy.週末-4" in text.replace("\n", "") and puzzle.id not in text.replace("\n", "")


def test_ids_files_and_texts_are_printed_in_the_order_given(tmp_path, capsys):
    non = tmp_path / "small.non"
    non.write_text("width 3\nheight 2\nrows\n3\n1\ncolumns\n2\n1\n1\n", encoding="utf-8")
    generated = GAMES["pattern"].generate(5, "given").id
    arguments = [generated, "pattern.import.5x10.tatham.5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2",
                 "4x3:1/1/2/2//2/4", str(non)]
    out_pdf = tmp_path / "mixed.pdf"
    code, _, err = run(capsys, "pattern", "print", *arguments, "--out", str(out_pdf))
    assert code == 0, err
    pages = [page.extract_text().replace("\n", "") for page in PdfReader(out_pdf).pages]
    assert len(pages) == 5
    expected = [generated, arguments[1], "pattern.import.4x3.tatham.4x3:1/1/2/2//2/4",
                "pattern.import.3x2.tatham.3x2:2/1/1/3/1"]
    for page, puzzle_id in zip(pages, expected):
        assert puzzle_id in page
    assert all(puzzle_id in pages[4] for puzzle_id in expected)


def test_a_batch_file_is_printed_the_first_count_of_it(tmp_path, capsys):
    game = GAMES["signal"]
    puzzles = [game.generate(4, f"b-{k}") for k in range(3)]
    batch = tmp_path / "signal.jsonl"
    header = {"gridlogicBatch": 1, "game": "signal", "size": 4, "difficulty": "any", "version": 3, "seedPrefix": "b"}
    batch.write_text("".join(json.dumps(line) + "\n" for line in [header, *(p.to_dict() for p in puzzles)]),
                     encoding="utf-8")
    out_pdf = tmp_path / "batch.pdf"
    code, out, _ = run(capsys, "signal", "print", "--batch", str(batch), "--count", "2", "--out", str(out_pdf))
    assert code == 0 and "2 puzzles, 3 pages" in out
    text = text_of(out_pdf)
    assert puzzles[0].id in text and puzzles[1].id in text and puzzles[2].id not in text
    code, _, err = run(capsys, "loop", "print", "--batch", str(batch), "--out", str(out_pdf))
    assert code == 2 and err == f"gridlogic: {batch} holds a signal batch, not a loop one\n"


@pytest.mark.parametrize("argv, message", [
    ([], "give puzzle IDs or puzzles, --seed-prefix P --count N, or --batch FILE (one of them), not nothing"),
    (["--seed-prefix", "x", "--count", "2", "--batch", "f.jsonl"], "not --seed-prefix and --batch"),
    (["--seed-prefix", "x"], "--seed-prefix needs --count N: how many puzzles"),
    (["--seed-prefix", "x", "--count", "0"], "--count must be 1 to 1000, not 0"),
    (["pattern.1.5x5.any.x", "--count", "2"], "--count goes with --seed-prefix or --batch"),
    (["pattern.1.5x5.any.x", "--size", "8"], "--size goes with --seed-prefix"),
    (["loop.1.5x5.any.x"], "'loop.1.5x5.any.x' is a Loop puzzle ID, not a Pattern one"),
    (["2x2:1/1/1/1"], "this Pattern puzzle has more than one solution; every puzzle here has exactly one"),
    (["--seed-prefix", "x", "--count", "1", "--size", "41"], "Pattern size"),
    (["no-such-file.non"], "cannot read 'no-such-file.non'"),
    (["--batch", "missing.jsonl"], "cannot read 'missing.jsonl': no such file"),
])
def test_bad_input_is_refused_with_one_line(tmp_path, capsys, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "pattern", "print", *argv, "--out", "x.pdf")
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err
    assert not (tmp_path / "x.pdf").exists()


def test_the_output_and_the_font_are_checked(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "pattern", "print", "pattern.1.5x5.any.x", "--out", "x.txt")
    assert code == 2 and err == "gridlogic: --out must name a .pdf file, not 'x.txt'\n"
    code, _, err = run(capsys, "pattern", "print", "pattern.1.5x5.any.x", "--font", "none.ttf", "--out", "x.pdf")
    assert code == 2 and err == "gridlogic: --font must name a .ttf or .otf file, not 'none.ttf'\n"
    (tmp_path / "broken.ttf").write_bytes(b"not a font")
    code, _, err = run(capsys, "pattern", "print", "pattern.1.5x5.any.x", "--font", "broken.ttf", "--out", "x.pdf")
    assert code == 2 and err.startswith("gridlogic: cannot use the font 'broken.ttf'") and err.count("\n") == 1
    monkeypatch.setattr(pdf, "FONT_CANDIDATES", ())
    code, _, err = run(capsys, "pattern", "print", "pattern.1.5x5.any.x", "--out", "x.pdf")
    assert code == 2 and "install Debian's fonts-ipafont-gothic" in err and err.count("\n") == 1
    assert not (tmp_path / "x.pdf").exists()


def test_without_fpdf2_the_command_names_the_extra(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "fpdf", None)  # importing it now raises ImportError
    code, _, err = run(capsys, "pattern", "print", "pattern.1.5x5.any.x", "--out", str(tmp_path / "x.pdf"))
    assert (code, err) == (2, "gridlogic: printing needs fpdf2: pip install 'gridlogic[print]'\n")


def test_a_bad_paper_is_an_argparse_line(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["pattern", "print", "--paper", "a3", "--out", "x.pdf"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid choice: 'a3'" in err


def test_text_centred_by_dominant_baseline_is_moved_onto_its_baseline():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><title>t</title><g font-size="20">'
           '<text x="1" y="10" dominant-baseline="central">3</text></g></svg>')
    printable = printable_svg_text(svg)
    assert "<title>" not in printable and "dominant-baseline" not in printable and 'y="17"' in printable


def printable_svg_text(svg: str) -> str:
    return pdf.printable_svg(svg).decode("utf-8")


def test_the_paper_docstring_worked_example():
    result = doctest.testmod(paper)
    assert result.attempted > 0 and result.failed == 0


def colours_of(page) -> set[tuple[float, ...]]:
    """Every colour a page's drawing sets (rg/RG: RGB, g/G: grey, k/K: CMYK), as numbers."""
    data = page.get_contents().get_data().decode("latin-1")
    found = set()
    for numbers, operator in re.findall(r"((?:-?[0-9.]+\s+){1,4})(rg|RG|g|G|k|K)\b", data):
        values = tuple(float(x) for x in numbers.split())
        expected = {"rg": 3, "RG": 3, "g": 1, "G": 1, "k": 4, "K": 4}[operator]
        found.add(values[-expected:])
    return found


@pytest.mark.parametrize("game, argv", [
    ("signal", ["signal.4.6x6.hard.ink", "signal.4.7x5w.medium.ink"]),
    ("loop", ["loop.2.7x7.hard.ink"]),
    ("pattern", ["pattern.2.10x10.medium.ink"]),
])
def test_puzzle_and_solution_pages_are_black_on_white(tmp_path, capsys, game, argv):
    out_pdf = tmp_path / "ink.pdf"
    code, _, err = run(capsys, game, "print", *argv, "--out", str(out_pdf))
    assert code == 0, err
    for page in PdfReader(out_pdf).pages:
        colours = colours_of(page)
        assert colours, "the page sets no colour at all"
        assert all(len(set(c)) == 1 for c in colours if len(c) == 3), colours  # red = green = blue: a grey
        assert all(c[:3] == (0, 0, 0) for c in colours if len(c) == 4), colours
        assert (1.0, 1.0, 1.0) in colours or (1.0,) in colours  # the paper behind the board


@pytest.mark.parametrize("seed, printed, reason", [
    ("週末", "signal.4.5x5.any.週末", None),
    ("a.b c", "signal.4.5x5.any.a.b%20c", "white space"),
    ("100%41", "signal.4.5x5.any.100%2541", "a % sign"),
    ("cafe\u0301", "signal.4.5x5.any.cafe%CC%81", "a letter in decomposed form"),
    ("\u200bx", "signal.4.5x5.any.%E2%80%8Bx", "a character that does not print"),
    ("\ud800x", "signal.4.5x5.any.%ED%A0%80x", "a character that does not print"),
    ("🧩", "signal.4.5x5.any.%F0%9F%A7%A9", "a character the font has no glyph for"),
    ("v1.2", "signal.4.5x5.any.v1.2", None),
])
def test_an_id_is_printed_as_show_reads_it_and_encoded_only_where_that_would_mislead(seed, printed, reason):
    puzzle_id = GAMES["signal"].spec(5, seed).id
    shown, why = paper.printed_id(puzzle_id, lambda ch: ord(ch) < 0x10000)  # as a font without emoji
    assert (shown, why) == (printed, reason)
    assert puzzle_from_id(shown).seed == seed  # what `gridlogic show` reads back


def test_the_pdf_prints_readable_ids_and_says_which_stay_encoded(tmp_path, capsys):
    readable = GAMES["signal"].generate(5, "週末", "easy")
    spaced = GAMES["signal"].generate(5, "my seed", "easy")
    out_pdf = tmp_path / "ids.pdf"
    code, out, err = run(capsys, "signal", "print", readable.id, spaced.id, "--out", str(out_pdf))
    assert code == 0, err
    assert out == (f"wrote {out_pdf}: 2 puzzles, 3 pages, A4; 1 ID printed percent-encoded "
                   "(the note under each says why)\n")
    text = text_of(out_pdf).replace("\n", "")
    assert "signal.4.5x5.easy.週末" in text and readable.id not in text
    assert spaced.id in text and text.count("(percent-encoded: its seed holds white space)") == 2
    code, shown, _ = run(capsys, "show", "signal.4.5x5.easy.週末")
    assert code == 0 and f"ID {readable.id}" in shown


def test_the_pdf_docstring_worked_example():
    result = doctest.testmod(pdf, extraglobs={"GAMES": GAMES})
    assert result.attempted > 0 and result.failed == 0


def test_without_a_font_file_helvetica_prints_and_encodes_what_it_cannot_draw():
    pattern = GAMES["pattern"]
    puzzles = [pattern.generate(5, "latin-é"), pattern.generate(5, "週末")]
    document = pdf.pdf_document(pattern, puzzles, per_page=2, font=None)
    assert (document.pages, document.encoded_ids) == (2, 1)
    reader = PdfReader(io.BytesIO(document.data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert f"pattern.{puzzles[0].version}.5x5.any.latin-é" in text and puzzles[1].id in text.replace("\n", "")
    assert "no glyph" in text and fonts_of(reader.pages[0]) == {"/Helvetica"}


def fonts_of(page) -> set[str]:
    return {str(font.get_object()["/BaseFont"]) for font in page["/Resources"]["/Font"].values()}
