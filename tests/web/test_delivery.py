"""gridlogic.web.delivery: versioned asset URLs cached for a year, the page revalidated, gzip, the page's
first data written into it, and each game's view left to load on demand."""

from __future__ import annotations

import json
import re
import shutil

from gridlogic import GAMES
from gridlogic.web.app import STATIC_DIR
from gridlogic.web.delivery import IMMUTABLE, REVALIDATE, Delivery, content_version, module_closure

GZIP = {"Accept-Encoding": "gzip"}


def asset_prefix(page: str) -> str:
    found = re.search(r'src="(/assets/[0-9a-f]{12}/)main\.js"', page)
    assert found, page[:500]
    return found.group(1)


def test_the_docstring_example_the_page_names_versioned_files(client):
    page = client.get("/").text
    prefix = asset_prefix(page)
    assert prefix == f"/assets/{content_version(STATIC_DIR)}/"
    assert '"/static/' not in page
    assert f'<link rel="stylesheet" href="{prefix}style.css">' in page
    preloaded = re.findall(r'<link rel="modulepreload" href="/assets/[0-9a-f]{12}/([^"]+)">', page)
    assert preloaded == module_closure(STATIC_DIR, "main.js")
    assert {"api.js", "play.js", "keep.js", "views/index.js"} <= set(preloaded)


def test_each_games_view_is_left_to_load_on_demand():
    closure = module_closure(STATIC_DIR, "main.js")
    folders = [p.name for p in (STATIC_DIR / "views").iterdir() if p.is_dir()]
    assert folders and not any(module.startswith(f"views/{name}/") for module in closure for name in folders)
    assert "views/index.js" in closure  # the registry, which finds them
    registry = (STATIC_DIR / "views" / "index.js").read_text(encoding="utf-8")
    assert "import(`./${name}/${file}`)" in registry  # a game's files are found by its name
    assert sorted(folders) == sorted(GAMES)  # a view folder per game
    for name in folders:
        assert {"view.js", "words.js", "view.css"} <= {p.name for p in (STATIC_DIR / "views" / name).iterdir()}


def test_the_page_carries_the_list_of_games(client):
    page = client.get("/").text
    data = re.search(r'<script type="application/json" id="games-data">(.*?)</script>', page, re.DOTALL)
    assert data and json.loads(data.group(1)) == client.get("/api/games").json()


def test_versioned_files_are_kept_a_year_and_the_rest_revalidated(client):
    prefix = asset_prefix(client.get("/").text)
    for name in ("main.js", "views/index.js", "style.css", "favicon.svg"):
        kept = client.get(prefix + name)
        assert kept.status_code == 200 and kept.headers["cache-control"] == IMMUTABLE, name
        plain = client.get(f"/static/{name}")
        assert plain.headers["cache-control"] == REVALIDATE and plain.content == kept.content
        assert "etag" in plain.headers
    other = client.get("/assets/000000000000/main.js")
    assert other.status_code == 200 and other.headers["cache-control"] == REVALIDATE
    assert client.get(prefix + "missing.js").status_code == 404


def test_the_page_is_revalidated_and_an_unchanged_one_costs_a_304(client):
    page = client.get("/")
    assert page.headers["cache-control"] == REVALIDATE
    assert "default-src 'self'" in page.headers["content-security-policy"]
    again = client.get("/", headers={"If-None-Match": page.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    assert client.get("/", headers={"If-None-Match": '"other"'}).status_code == 200


def test_answers_are_gzip_compressed_when_the_browser_takes_it(client):
    prefix = asset_prefix(client.get("/").text)
    for path in ("/", prefix + "main.js", prefix + "style.css", "/api/games"):
        answer = client.get(path, headers=GZIP)
        assert answer.headers.get("content-encoding") == "gzip", path
    plain = client.get(prefix + "main.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers


def test_the_version_follows_every_file(tmp_path):
    copy = tmp_path / "static"
    shutil.copytree(STATIC_DIR, copy)
    before = content_version(copy)
    assert before == content_version(STATIC_DIR)
    (copy / "views" / "index.js").write_text("// changed\n", encoding="utf-8")
    changed = content_version(copy)
    assert changed != before
    assert f"/assets/{changed}/main.js" in Delivery(copy, {"games": []}).page.decode()
    (copy / "favicon.svg").unlink()
    assert content_version(copy) not in (before, changed)


def test_the_games_data_cannot_end_its_script_element():
    page = Delivery(STATIC_DIR, {"games": [{"title": "</script><b>"}]}).page.decode()
    data = re.search(r'id="games-data">(.*?)</script>', page, re.DOTALL).group(1)
    assert json.loads(data) == {"games": [{"title": "</script><b>"}]}
