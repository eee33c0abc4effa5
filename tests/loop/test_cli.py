import json
from pathlib import Path

import pytest

from gridlogic import loop
from gridlogic.cli import main
from gridlogic.loop.board import loop_of_region, validate_loop
from gridlogic.loop.formats import to_text_grid
from gridlogic.loop.render import board_text, render_text

DATA = Path(__file__).resolve().parent.parent / "data" / "loop"


def test_generate_text_with_solution(capsys):
    assert main(["loop", "generate", "--size", "7", "--difficulty", "hard", "--seed", "abc", "--solution"]) == 0
    out = capsys.readouterr().out
    puzzle = loop.generate(7, "abc", "hard")
    assert out.startswith("Loop 7x7, seed 'abc', hard")
    assert render_text(puzzle, solution=True) in out


def test_generate_json_is_the_puzzle(capsys):
    assert main(["loop", "generate", "--size", "5", "--seed", "j", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == loop.generate(5, "j").to_dict()


def test_generate_svg_without_seed_prints_the_seed(capsys):
    assert main(["loop", "generate", "--format", "svg"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("<svg") and captured.err.startswith("seed ")


@pytest.mark.parametrize(
    "argv",
    [
        ["loop", "generate", "--size", "3"],
        ["loop", "generate", "--version", "1", "--size", "4"],
        ["loop", "generate", "--difficulty", "extreme"],
        ["loop", "generate", "--seed", "x" * 81],
        ["loop", "solve", "no-such-file.txt"],
        ["loop", "solve", "slither/3/3/zz"],
        ["loop", "solve", "3x3t0:zz"],
        ["loop", "solve", "--node-limit", "-1", "3x2t0:a3b3a"],
        ["loop", "solve", "--budget", "0", "3x2t0:a3b3a"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("gridlogic: ") and err.count("\n") == 1


def test_solve_game_id_prints_unique_and_the_loop(capsys):
    assert main(["loop", "solve", "3x2t0:a3b3a"]) == 0
    out = capsys.readouterr().out
    assert "unique" in out and "| 3 |" in out


def test_solve_url_and_text_file(tmp_path, capsys):
    puzzle = loop.generate(6, "cli", "medium")
    url = loop.to_puzzlink(puzzle.clues, 6, 6)
    assert main(["loop", "solve", url]) == 0
    assert board_text(puzzle.clues, 6, 6, puzzle.edges()) in capsys.readouterr().out
    path = tmp_path / "p.txt"
    path.write_text(to_text_grid(puzzle.clues, 6, 6))
    assert main(["loop", "solve", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "unique" and data["format"] == "text"
    assert data["solutions"][0]["inside"] == list(puzzle.answer)


def test_solve_reads_a_generated_puzzle_json_file(tmp_path, capsys):
    puzzle = loop.generate(5, "json-file", "hard")
    path = tmp_path / "p.json"
    path.write_text(json.dumps(puzzle.to_dict()))
    assert main(["loop", "solve", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "json" and data["solutions"][0]["inside"] == list(puzzle.answer)


def test_solve_several_none_and_undecided(tmp_path, capsys):
    open_board = tmp_path / "open.txt"
    open_board.write_text("...\n...\n...\n")
    assert main(["loop", "solve", str(open_board)]) == 1
    out = capsys.readouterr().out
    assert "several" in out and "solution 2" in out
    assert main(["loop", "solve", "2x2t0:0000"]) == 1
    assert "none" in capsys.readouterr().out
    big = tmp_path / "big.txt"
    big.write_text(("." * 12 + "\n") * 12)
    assert main(["loop", "solve", str(big), "--node-limit", "0"]) == 1
    assert "undecided" in capsys.readouterr().out


def test_solve_reads_standard_input(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("3.\n3.\n"))
    assert main(["loop", "solve"]) == 0
    assert "unique" in capsys.readouterr().out


def test_public_sample_puzzles_are_unique(tmp_path, capsys):
    # Jonathan Olson's collection (MIT, see tests/data/loop/ATTRIBUTION.md): each has one solution
    for entry in json.loads((DATA / "olson_sample.json").read_text()):
        w, h = entry["width"], entry["height"]
        text = "\n".join(entry["faceData"][r * w:(r + 1) * w] for r in range(h))
        path = tmp_path / "p.txt"
        path.write_text(text)
        assert main(["loop", "solve", str(path), "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["status"] == "unique"
        clues = [None if ch == "." else int(ch) for ch in entry["faceData"]]
        edges = loop_of_region(data["solutions"][0]["inside"], w, h)
        assert validate_loop(edges, clues, w, h)


def test_generate_writes_the_formats_of_other_software(capsys):
    assert main(["loop", "generate", "--width", "12", "--height", "5", "--seed", "x", "--format", "puzzlink"]) == 0
    url = capsys.readouterr().out
    puzzle = loop.generate((12, 5), "x")
    assert url == loop.to_puzzlink(puzzle.clues, 12, 5) + "\n" and url.startswith("https://puzz.link/p?slither/12/5/")
    assert main(["show", puzzle.id, "--format", "loopy"]) == 0
    assert capsys.readouterr().out == loop.to_loopy_id(puzzle.clues, 12, 5) + "\n"


def test_a_format_of_another_game_is_refused_with_the_choices(capsys):
    assert main(["show", "loop.2.7x5.hard.x", "--format", "non"]) == 2
    assert capsys.readouterr().err == ("gridlogic: Loop puzzles are written as text, json, svg, puzzlink, loopy; "
                                       "not non\n")
