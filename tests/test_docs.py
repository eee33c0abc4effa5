"""The documentation site builds strictly, its internal links lead somewhere, and its generated
references name what the code has.

The build is ``make docs``'s: Sphinx with warnings as errors and nitpicky cross-references
(``-W --keep-going -n``), into a temporary folder. Sphinx's own ``linkcheck`` would also try every
external link over the network, so the internal links are checked here instead: every ``href`` and
``src`` of every built page that is not an external URL must name a file of the site, and its
``#fragment`` an ``id`` on that page. The names checked are ones no page types by hand in full: the
API reference's ``gridlogic.pattern.decide`` and ``Game.generate`` come from autodoc, and ``gridlogic
loop analyse``, ``--trust-proxy`` and ``postgresql://`` from the CLI reference that reads the argument
parser.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]


class PageLinks(HTMLParser):
    """The ids a page defines and the links (``href``, ``src``) it makes."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            elif name in ("href", "src") and value:
                self.links.append(value)


def parsed(page: Path) -> PageLinks:
    found = PageLinks()
    found.feed(page.read_text(encoding="utf-8"))
    return found


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = {key: value for key, value in os.environ.items() if key != "GRIDLOGIC_GAMES"}  # the shipped games only
    result = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-n", "-q",
                             str(ROOT / "docs"), str(out)], check=False, capture_output=True, text=True, env=env,
                            timeout=900)
    assert result.returncode == 0, f"the docs build warned or failed:\n{result.stderr}"
    return out


def text_of(page: Path) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))


def test_every_internal_link_leads_to_a_page_and_an_anchor_of_the_site(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 15
    ids = {page: parsed(page).ids for page in pages}
    broken, checked = [], 0
    for page in pages:
        for link in parsed(page).links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith("mailto:"):
                continue
            checked += 1
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(site)}: {link} (no such file)")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in ids.get(target, set()):
                broken.append(f"{page.relative_to(site)}: {link} (no such anchor)")
    assert checked > 500 and not broken, "\n".join(broken)


def test_the_api_reference_is_generated_from_the_docstrings(site):
    api = (site / "reference" / "api.html").read_text(encoding="utf-8")
    for name in ("gridlogic.pattern.decide", "gridlogic.loop.decide", "gridlogic.signal.decide"):
        assert f'id="module-{name}"' in api and f'id="{name}.decide"' in api
    assert 'id="gridlogic.Game.generate"' in api and 'id="gridlogic.game.record.Version"' in api
    assert 'id="gridlogic.puzzle_from_id"' in api


def test_the_cli_reference_is_generated_from_the_parser(site):
    cli = text_of(site / "reference" / "cli.html")
    for command in ("gridlogic loop analyse", "gridlogic pattern explain", "gridlogic batch", "gridlogic serve"):
        assert command in cli
    assert "--trust-proxy" in cli and "postgresql://" in cli


def test_the_guides_cover_running_a_server(site):
    text = "".join(text_of(page) for page in site.rglob("*.html"))
    assert "PostgreSQL" in text and "GRIDLOGIC_SECRET" in text
