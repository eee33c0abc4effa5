"""The small picture of each grid beside the settings' grid list: one per built grid, each what
tools/grid_pictures.py draws now, shown for the grid chosen."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from page_helpers import TIMEOUT
from playwright.sync_api import expect

from gridlogic.loop.grids import BUILT_GRID_NAMES

ROOT = Path(__file__).resolve().parents[2]
SPEC = importlib.util.spec_from_file_location("grid_pictures", ROOT / "tools" / "grid_pictures.py")
assert SPEC is not None and SPEC.loader is not None
TOOL = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(TOOL)


@pytest.mark.parametrize("name", BUILT_GRID_NAMES)
def test_each_grid_has_its_picture_as_the_tool_draws_it(name: str) -> None:
    drawn = (TOOL.FOLDER / f"{name}.svg").read_text(encoding="utf-8")
    assert drawn == TOOL.picture(name), f"run tools/grid_pictures.py: {name}.svg is not what it draws now"
    assert drawn.count("<polygon") == TOOL.FACES


def test_the_settings_show_the_picture_of_the_grid_chosen(page, server_url) -> None:
    page.goto(f"{server_url}/?game=loop&size=5&seed=pictures&version=4&grid=kites")
    expect(page.locator("#status")).to_contain_text("“pictures”", timeout=TIMEOUT)
    picture = page.locator('#options [data-option-picture="grid"]')
    expect(picture).to_have_attribute("src", "/static/views/loop/options/grid/kites.svg")
    page.select_option('#options [data-option="grid"]', "honeycomb")
    expect(picture).to_have_attribute("src", "/static/views/loop/options/grid/honeycomb.svg")
    page.wait_for_function("document.querySelector('[data-option-picture=\"grid\"]').naturalWidth > 0")
    page.select_option("#version", "3")  # version 3 has no grid: no picture either
    expect(page.locator('#options [data-option="grid"]')).to_have_count(0)
    expect(picture).to_have_count(0)
