"""Every technique of every game's hints, and every rank of the scoring, has a name in every
language of the page.

The techniques come from the engines (``Game.hints.techniques`` of each generator version, and of
a puzzle brought from outside), the ranks from :mod:`gridlogic.scoring`; the languages and the
words from the page's own modules (``static/i18n.js``'s LANGUAGES and its words,
``static/views/<game>/words.js``), read by Node: a new technique, rank or language without its
words fails here. The walk-through and the studio show a technique as ``technique.<game>.<name>``
(explain.js, studio.js), the result card a rank as ``rank.<rank>`` (result.js).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from gridlogic import GAMES
from gridlogic.scoring import RANKS, REVEALED_RANK

STATIC = Path(__file__).resolve().parents[2] / "src" / "gridlogic" / "web" / "static"

# Prints {"languages": [...], "shared": {lang: [key, ...]}, "words": {game: {lang: [key, ...]}}} for
# the games named in argv.
READ_WORDS = """
const [static_, ...games] = process.argv.slice(1);
const { LANGUAGES } = await import(`${static_}/i18n.js`);
const shared = {};
for (const lang of LANGUAGES) shared[lang] = Object.keys((await import(`${static_}/words/${lang}.js`)).words);
const words = {};
for (const game of games) {
  const module = await import(`${static_}/views/${game}/words.js`);
  words[game] = Object.fromEntries(Object.entries(module).map(([lang, book]) => [lang, Object.keys(book)]));
}
console.log(JSON.stringify({ languages: LANGUAGES, shared, words }));
"""


def techniques_of(game) -> set[str]:
    """Every technique name the game's hints use, over its versions and imported puzzles."""
    return {technique.name for version in (*game.versions, None) for technique in game.hints.techniques(version)}


def test_every_technique_has_a_name_in_every_language():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed, so the page's words cannot be read")
    games = [game for game in GAMES.values() if game.hints is not None]
    assert games, "no game has hints"
    run = subprocess.run([node, "--input-type=module", "-e", READ_WORDS, STATIC.as_uri(), *(g.name for g in games)],
                         capture_output=True, text=True, timeout=60, check=True)
    found = json.loads(run.stdout)
    assert len(found["languages"]) >= 7
    missing = [
        f"{lang}: technique.{game.name}.{name}"
        for game in games
        for name in sorted(techniques_of(game))
        for lang in found["languages"]
        if f"technique.{game.name}.{name}" not in found["words"][game.name].get(lang, [])
    ]
    assert missing == []
    assert all(techniques_of(game) for game in games)


def test_every_rank_has_a_name_in_every_language():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed, so the page's words cannot be read")
    run = subprocess.run([node, "--input-type=module", "-e", READ_WORDS, STATIC.as_uri()],
                         capture_output=True, text=True, timeout=60, check=True)
    found = json.loads(run.stdout)
    ranks = [rank for _, rank, _, _ in RANKS] + [REVEALED_RANK[0]]
    missing = [f"{lang}: rank.{rank}" for rank in ranks for lang in found["languages"]
               if f"rank.{rank}" not in found["shared"][lang]]
    assert missing == []
