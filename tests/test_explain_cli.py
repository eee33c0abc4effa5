"""``gridlogic GAME explain``: the walk-through through the real CLI entry point, for every game with hints, in
each of the seven languages."""

from __future__ import annotations

import io
import json

import pytest

from gridlogic import GAMES
from gridlogic.cli import main
from gridlogic.cli.explain import walkthrough_text
from gridlogic.hints import LANGUAGES, Hint, Mark, Text, Walkthrough

HINTED = [game for game in GAMES.values() if game.hints is not None]


def run(capsys, monkeypatch, argv, stdin=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda g: g.name)
def test_a_game_has_the_explain_command_when_it_has_hints(capsys, game):
    with pytest.raises(SystemExit) as shown:
        main([game.name, "explain", "--help"])
    assert shown.value.code == (0 if game.hints is not None else 2)


@pytest.mark.parametrize("game", HINTED, ids=lambda g: g.name)
def test_explain_a_seed_prints_numbered_steps_and_counts(capsys, monkeypatch, game):
    code, out, err = run(capsys, monkeypatch, [game.name, "explain", "--seed", "explain-me"])
    assert code == 0 and err == ""
    lines = out.splitlines()
    puzzle = game.generate(game.version().default_size, "explain-me")
    assert lines[0].startswith(f"{game.title} {puzzle.width}x{puzzle.height}, seed 'explain-me'")
    assert lines[1] == f"ID {puzzle.id}"
    steps = [line for line in lines[4:] if line.strip()]
    assert lines[2].startswith(f"solved in {len(steps)} steps")
    if puzzle.level is not None:
        assert lines[2].endswith(f", level {puzzle.level}")
    counts = dict(part.rsplit(" ", 1) for part in lines[3].removeprefix("techniques: ").split(", "))
    assert list(counts) == [t.name for t in game.hints.techniques(puzzle.version)]
    assert sum(map(int, counts.values())) == len(steps)
    for number, line in enumerate(steps, 1):
        technique = line.split()[1]
        assert line.lstrip().startswith(f"{number}. ") and technique in counts


@pytest.mark.parametrize("game", HINTED, ids=lambda g: g.name)
def test_explain_json_by_id_decides_the_solution(capsys, monkeypatch, game):
    puzzle = game.generate(game.version().default_size, "json-walk")
    code, out, _ = run(capsys, monkeypatch, [game.name, "explain", puzzle.id, "--json"])
    data = json.loads(out)
    assert code == 0
    assert data["game"] == game.name and data["id"] == puzzle.id and data["status"] == "solved"
    assert data["level"] == puzzle.level
    assert sum(data["techniques"].values()) == len(data["steps"]) > 0
    for step in data["steps"]:
        assert set(step) == {"technique", "explanation", "decides", "evidence"}
        assert step["explanation"]["en"] and step["explanation"]["ja"]
        assert step["decides"] and all("value" in mark for mark in step["decides"])
    # the same walk as the library's, and its final board is the solution
    walk = game.hints.explain(game.problem(puzzle), puzzle.version)
    assert data == {"game": game.name, "id": puzzle.id,
                    **walk.to_dict([t.name for t in game.hints.techniques(puzzle.version)])}


@pytest.mark.parametrize("game", HINTED, ids=lambda g: g.name)
def test_explain_a_file_and_standard_input(capsys, monkeypatch, game, tmp_path):
    puzzle = game.generate(game.version().default_size, "from-a-file")
    text = json.dumps(puzzle.to_dict())
    path = tmp_path / "puzzle.json"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, monkeypatch, [game.name, "explain", str(path)])
    assert code == 0 and out.startswith(f"{game.title} {puzzle.width}x{puzzle.height} (")
    code, piped, _ = run(capsys, monkeypatch, [game.name, "explain", "-"], stdin=text)
    assert code == 0 and piped.splitlines()[1:] == out.splitlines()[1:]


def test_explain_in_japanese(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch,
                       ["pattern", "explain", "--version", "1", "--seed", "notes-example", "--lang", "ja"])
    assert code == 0
    assert out.splitlines()[2:4] == ["13手で解けました", "手筋: line 13, probe 0, search 0"]
    assert "   1. line    3行目（ヒント 1 3）" in out
    code, out, _ = run(capsys, monkeypatch, ["loop", "explain", "loop.1.5x5.easy.readme", "--lang", "ja"])
    assert out.splitlines()[2] == "37手で解けました（レベル easy）"


HEADERS = {  # pattern.1.5x5.any.notes-example's first two lines after its title, in each language
    "en": ["solved in 13 steps", "techniques: line 13, probe 0, search 0"],
    "ja": ["13手で解けました", "手筋: line 13, probe 0, search 0"],
    "zh": ["13 步解开", "技巧：line 13, probe 0, search 0"],
    "ko": ["13단계 만에 풀림", "기법: line 13, probe 0, search 0"],
    "de": ["gelöst in 13 Schritten", "Techniken: line 13, probe 0, search 0"],
    "fr": ["résolu en 13 étapes", "techniques : line 13, probe 0, search 0"],
    "es": ["resuelto en 13 pasos", "técnicas: line 13, probe 0, search 0"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explain_in_every_language(capsys, monkeypatch, lang):
    assert set(HEADERS) == set(LANGUAGES)
    code, out, _ = run(capsys, monkeypatch,
                       ["pattern", "explain", "--version", "1", "--seed", "notes-example", "--lang", lang])
    assert code == 0
    lines = out.splitlines()
    assert lines[2:4] == HEADERS[lang]
    puzzle = GAMES["pattern"].generate(5, "notes-example", version=1)
    walk = GAMES["pattern"].hints.explain(GAMES["pattern"].problem(puzzle), 1)
    steps = [line for line in lines[5:] if line.strip()]
    assert len(steps) == len(walk.steps) == 13
    for line, step in zip(steps, walk.steps, strict=True):
        assert line.endswith(f"  {step.explanation.get(lang)}") and step.explanation.get(lang)
        if lang in ("de", "fr", "es"):
            assert step.explanation.get(lang) != step.explanation.en


@pytest.mark.parametrize("lang, one, several", [
    ("en", "solved in 1 step, level easy", "stopped in 2 steps, no level"),
    ("ja", "1手で解けました（レベル easy）", "2手で止まりました（レベルなし）"),
    ("zh", "1 步解开（等级 easy）", "2 步后停止（无等级）"),
    ("ko", "1단계 만에 풀림 (레벨 easy)", "2단계에서 멈춤 (레벨 없음)"),
    ("de", "gelöst in 1 Schritt, Stufe easy", "angehalten nach 2 Schritten, keine Stufe"),
    ("fr", "résolu en 1 étape, niveau easy", "arrêté après 2 étapes, sans niveau"),
    ("es", "resuelto en 1 paso, nivel easy", "detenido tras 2 pasos, sin nivel"),
])
def test_the_first_line_counts_steps_and_names_the_level_in_each_language(lang, one, several):
    hints = GAMES["pattern"].hints
    step = Hint("step", "line", (Mark("cell", 0, 1),), (Mark("row", 0),), Text("Row 1 ...", "1行目 ..."))
    assert walkthrough_text(hints, 2, Walkthrough("easy", (step,), "solved"), lang).splitlines()[0] == one
    assert walkthrough_text(hints, 2, Walkthrough(None, (step, step), "stuck"), lang).splitlines()[0] == several


def test_explain_refuses_a_language_it_does_not_speak(capsys):
    with pytest.raises(SystemExit) as shown:
        main(["pattern", "explain", "--seed", "a", "--lang", "xx"])
    assert shown.value.code == 2 and "invalid choice: 'xx'" in capsys.readouterr().err


def test_explain_a_puzzle_with_several_solutions_stops_and_says_so(capsys, monkeypatch):
    # a 2x2 grid with one filled cell per row and column: two solutions
    text = json.dumps({"width": 2, "height": 2, "rowClues": [[1], [1]], "colClues": [[1], [1]]})
    code, out, err = run(capsys, monkeypatch, ["pattern", "explain", "-"], stdin=text)
    assert code == 1 and err == ""
    assert out.splitlines()[1] == "stopped in 0 steps"
    assert "more than one solution" in out


@pytest.mark.parametrize("argv, message", [
    (["signal", "explain", "--seed", "a", "--size", "99"], "Signal size must be"),
    (["pattern", "explain", "pattern.1.5x5.any.a", "--seed", "a"], "give a puzzle or --seed, not both"),
    (["loop", "explain", "--size", "5"], "--size and the settings go with --seed"),
    (["signal", "explain", "signal.3.4x4.any.a", "--version", "4"], "--size and the settings go with --seed"),
    (["loop", "explain", "-", "--difficulty", "hard"], "--size and the settings go with --seed"),
    (["loop", "explain", "no-such-file"], "cannot read 'no-such-file'"),
    (["signal", "explain", "--seed", "a", "--version", "99"], "version"),
])
def test_explain_refuses_bad_input_in_one_line(capsys, monkeypatch, argv, message):
    code, out, err = run(capsys, monkeypatch, argv)
    assert code == 2 and out == ""
    assert err.startswith("gridlogic: ") and message in err and err.count("\n") == 1
