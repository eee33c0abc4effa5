"""docs/adding-a-game.md stays true: its record examples name every field a game or a version must
fill in and are copied from the reference game's files (or the registry), and the registry's list is
the only place in the package that names the game modules."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import gridlogic
from gridlogic.game import Game, Version
from gridlogic.game.registry import GAME_MODULES

DOC = (Path(__file__).resolve().parent.parent / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
SRC = Path(gridlogic.__file__).resolve().parent
REFERENCE = Path(__file__).resolve().parent / "reference_game"


def required_fields(record: type) -> set[str]:
    return {f.name for f in dataclasses.fields(record)
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}


def python_blocks() -> str:
    return "\n".join(re.findall(r"```python\n(.*?)```", DOC, re.DOTALL))


def test_the_examples_fill_in_every_required_field():
    code = python_blocks()
    for record in (Game, Version):
        missing = [name for name in required_fields(record) if not re.search(rf"\b{name}=", code)]
        assert missing == [], f"docs/adding-a-game.md's {record.__name__} example lacks {missing}"


def test_every_code_block_is_copied_from_the_reference_game_or_the_registry():
    sources = [path.read_text(encoding="utf-8") for path in (REFERENCE / "lights").glob("*.py")]
    sources.append((SRC / "game" / "registry.py").read_text(encoding="utf-8"))
    blocks = re.findall(r"```python\n(.*?)```", DOC, re.DOTALL)
    assert len(blocks) >= 3
    for block in blocks:
        assert any(block in source for source in sources), f"not in the reference game's files:\n{block}"


def test_the_registry_list_is_the_only_place_naming_the_game_modules():
    naming = {str(path.relative_to(SRC)) for path in SRC.rglob("*.py")
              for module in GAME_MODULES if f'"{module}"' in path.read_text(encoding="utf-8")}
    assert naming == {"game/registry.py"}
    assert "GAME_MODULES" in DOC and "game/registry.py" in DOC
