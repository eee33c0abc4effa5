"""One strict reading of puzzle IDs: the library, the command line and every web path refuse a malformed
percent-escape with the same reason (``gridlogic.game.ids.decode_field``), and nothing is made of it."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from gridlogic import InvalidParameters, puzzle_from_id
from gridlogic.cli import main

BAD_IDS = ["signal.3.4x4.any.%ZZ", "signal.3.4x4.any.%E0%A4%A", "pattern.import.3x2.tatham.3x2:2/1/1/3/1%Z"]


def library_reason(puzzle_id: str) -> str:
    with pytest.raises(InvalidParameters) as refused:
        puzzle_from_id(puzzle_id)
    return str(refused.value)


@pytest.mark.parametrize("puzzle_id", BAD_IDS)
def test_the_library_says_what_is_wrong_with_the_escape(puzzle_id):
    assert "a '%' that does not start an escape of two hex digits" in library_reason(puzzle_id)


@pytest.mark.parametrize("puzzle_id", BAD_IDS)
@pytest.mark.parametrize("command", [["show"], ["GAME", "solve"], ["GAME", "print", "--out", "PDF"]],
                         ids=["show", "solve", "print"])
def test_the_command_line_refuses_it_with_the_same_reason(capsys, tmp_path, puzzle_id, command):
    words = {"GAME": puzzle_id.split(".")[0], "PDF": str(tmp_path / "puzzles.pdf")}
    argv = [words.get(word, word) for word in command] + [puzzle_id]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err
    assert err == f"gridlogic: {library_reason(puzzle_id)}\n"
    assert not (tmp_path / "puzzles.pdf").exists()


@pytest.mark.parametrize("puzzle_id", BAD_IDS)
def test_every_web_path_refuses_it_with_the_same_reason(client, puzzle_id):
    game = puzzle_id.split(".")[0]
    reason = library_reason(puzzle_id)
    answers = [
        client.get(f"/api/{game}/puzzle?id={quote(puzzle_id, safe='')}"),
        client.get(f"/api/{game}/solution?id={quote(puzzle_id, safe='')}"),
        client.post(f"/api/{game}/check", json={"id": puzzle_id, "board": []}),
        client.post(f"/api/{game}/hint", json={"id": puzzle_id, "board": []}),
        client.post(f"/api/{game}/import", json={"text": puzzle_id}),
        client.post("/api/records/start", json={"id": puzzle_id}),
    ]
    assert [(answer.status_code, answer.json()["error"]) for answer in answers] == [(400, reason)] * len(answers)
