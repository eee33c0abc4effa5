"""``/api/games`` says what each game offers, as its record declares it: a game whose record leaves a
part out is published without it."""

from __future__ import annotations

import warnings
from dataclasses import replace

from gridlogic import GAMES
from gridlogic.store import daily
from gridlogic.web.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def offers_of(games) -> dict[str, dict]:
    with TestClient(create_app(games, workers=0)) as client:
        answer = client.get("/api/games")
    assert answer.status_code == 200, answer.text
    return {game["name"]: game["offers"] for game in answer.json()["games"]}


def test_every_registered_game_publishes_what_its_record_has():
    for name, offers in offers_of(GAMES).items():
        game = GAMES[name]
        assert offers["hints"] is offers["walkthrough"] is (game.hints is not None)
        assert offers["studio"] is (game.studio is not None) and offers["grade"] is (game.grade is not None)
        assert offers["exports"] == sorted(game.exports) and offers["print"] is True
        assert (offers["imports"] or {}).get("format") == (game.imports.format if game.imports else None)
        assert offers["daily"] == sorted({rule.preset for rule in daily.RULES if rule.game == name})


def test_a_game_without_hints_studio_imports_exports_or_grade_offers_none_of_them():
    bare = replace(GAMES["signal"], name="bare", title="Bare", hints=None, studio=None, imports=None, exports={},
                   grade=None)
    offers = offers_of({"bare": bare})["bare"]
    assert offers == {"hints": False, "walkthrough": False, "studio": False, "imports": None, "exports": [],
                      "grade": False, "print": True, "daily": []}
