"""Sphinx configuration of the gridlogic documentation site (``make docs`` builds it into docs/_build/html).

The pages are Markdown (MyST); the API reference is autodoc over the package's docstrings, and the CLI
reference is sphinx-argparse over :func:`gridlogic.cli.build_parser`, so both say what the code says.
The build is strict: ``tests/test_docs.py`` runs it with warnings as errors and nitpicky references.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
os.environ.setdefault("GRIDLOGIC_PURE", "1")  # autodoc reads docstrings from the source, not the compiled modules

project = "gridlogic"
author = "the gridlogic authors"
copyright = "2026, the gridlogic authors"
release = "0.1.0"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinxarg.ext",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

html_theme = "furo"
html_title = "gridlogic"
html_static_path: list[str] = []

autodoc_member_order = "bysource"
autodoc_typehints = "description"

# Nitpicky mode checks every cross-reference of the pages (documents, sections, the API names the
# guides name). The docstrings also name internal modules, constants and private helpers that the API
# reference leaves out on purpose (it documents the public surface only), and the standard library,
# which the site does not carry (no intersphinx: the build needs no network); those Python-domain
# references render as code without a link instead of failing the build.
nitpicky = True
nitpick_ignore_regex = [(r"py:.*", r".*")]


def drop_docstring_markup_warnings(record: logging.LogRecord) -> bool:
    """Keep every warning but docutils' complaints about the markup of a docstring.

    The docstrings are written as plain text for ``help()`` and the source (aligned tables of
    callables, hanging indents), not as reStructuredText; they render as paragraphs here, and their
    layout is no error of the site. Warnings of the pages themselves, and of a docstring's
    references, still fail the build.
    """
    location = str(getattr(record, "location", "") or "")
    return not ("docstring of" in location and getattr(record, "type", None) in ("docutils", None)
                and record.levelno >= logging.WARNING and "reference target" not in record.getMessage())


def setup(app: object) -> None:
    logging.getLogger("sphinx").addFilter(drop_docstring_markup_warnings)
