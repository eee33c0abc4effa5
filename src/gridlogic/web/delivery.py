"""How the page and its files travel: compressed, cached for as long as they cannot change.

Three rules, one per kind of answer:

* **Files under a versioned URL are kept for a year.** The page's files are
  served twice: at ``/static/<path>`` and at ``/assets/<version>/<path>``,
  where ``<version>`` is the first 12 hex digits of a SHA-256 over every file
  of ``static/`` (its relative path and its bytes). Any change to any file
  gives a new version and so new URLs, so a browser may keep what it fetched
  under one version for ever: ``Cache-Control: public, max-age=31536000,
  immutable``. The page refers only to versioned URLs, and its modules import
  each other by relative paths (``./play.js``), so the whole module graph,
  the views loaded on demand included, lives under one version. An asset URL
  of another version (a page from before a restart) is still answered, from
  today's files, but with the short rule below.
* **The page and unversioned files are revalidated every time**
  (``Cache-Control: no-cache`` with an ``ETag``): a new version of the files
  is picked up on the next visit, and an unchanged page costs a 304.
* **Everything of 500 bytes or more is gzip-compressed** when the browser
  accepts it (Starlette's ``GZipMiddleware``): the API's JSON as well.

The page (``static/index.html``) names its files as ``/static/...``; the
served page has them rewritten to the versioned URLs, with a
``<link rel="modulepreload">`` for every module ``main.js`` imports, directly
or not, so that the browser fetches the module graph at once instead of one
level at a time, and the data the page needs first (what ``/api/games``
answers) written into it as a JSON block (``<script type="application/json"
id="games-data">``, which no browser runs, so the page's strict
Content-Security-Policy stands), so that the first puzzle is asked for
without waiting for another request. **The service worker** (``static/sw.js``, installable and
offline play) is served at ``/sw.js``,
so that its scope is the whole site, with ``no-cache`` and an ``ETag`` like the page, and with
the version and the names of the files written into it (its ``__GRIDLOGIC_VERSION__`` and
``__GRIDLOGIC_FILES__``): a new version of the files is a new worker, which keeps the new files
(under their new URLs) and drops the old ones.

Worked example (``tests/web/test_delivery.py`` checks it)::

    <script type="module" src="/static/main.js"></script>
    -> <script type="module" src="/assets/3f2a9c01b7de/main.js"></script>
       and, before </head>, <link rel="modulepreload" href="/assets/3f2a9c01b7de/api.js"> ...
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

__all__ = ["IMMUTABLE", "REVALIDATE", "SERVICE_WORKER", "Delivery"]

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
GZIP_MINIMUM_BYTES = 500
SERVICE_WORKER = "sw.js"  # in static/, served at /sw.js
_IMPORT = re.compile(r"""^\s*import\s[^"']*?from\s+["'](\./[^"']+|\.\./[^"']+)["']""", re.MULTILINE)


def content_version(directory: Path) -> str:
    """The first 12 hex digits of SHA-256 over every file below ``directory``, path and bytes."""
    digest = hashlib.sha256()
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def module_closure(directory: Path, entry: str) -> list[str]:
    """The modules ``entry`` imports statically, directly or not (relative paths below ``directory``)."""
    seen: list[str] = []
    queue = [entry]
    while queue:
        name = queue.pop(0)
        text = (directory / name).read_text(encoding="utf-8")
        for target in _IMPORT.findall(text):
            resolved = os.path.normpath(os.path.join(os.path.dirname(name), target)).replace(os.sep, "/")
            if resolved not in seen and resolved != entry:
                seen.append(resolved)
                queue.append(resolved)
    return seen


class _Files(StaticFiles):
    """Static files with a Cache-Control header: a year under the current version, else revalidated."""

    def __init__(self, directory: Path, version: str | None) -> None:
        super().__init__(directory=directory)
        self.version = version

    def file_response(self, full_path: os.PathLike[str] | str, stat_result: os.stat_result, scope: Scope,
                      status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        current = self.version is not None and scope.get("path_params", {}).get("version") == self.version
        response.headers["Cache-Control"] = IMMUTABLE if current else REVALIDATE
        return response


class Delivery:
    """The page and its files of ``directory``, with the caching rules of the module docstring;
    ``games`` is the page's first data (``/api/games``' answer)."""

    def __init__(self, directory: Path, games: dict[str, Any]) -> None:
        self.directory = directory
        self.version = content_version(directory)
        self.prefix = f"/assets/{self.version}/"
        page = (directory / "index.html").read_text(encoding="utf-8")
        head = "".join(f'  <link rel="modulepreload" href="{self.prefix}{name}">\n'
                       for name in module_closure(directory, "main.js"))
        # ASCII-only JSON with "<" escaped: nothing in it can end the script element.
        data = json.dumps(games, ensure_ascii=True, separators=(",", ":")).replace("<", "\\u003c")
        head += f'  <script type="application/json" id="games-data">{data}</script>\n'
        page = page.replace('"/static/', f'"{self.prefix}').replace("</head>", head + "</head>", 1)
        self.page = page.encode("utf-8")
        self.etag = '"' + hashlib.sha256(self.page).hexdigest()[:16] + '"'
        files = sorted(p.relative_to(directory).as_posix() for p in directory.rglob("*")
                       if p.is_file() and p.name != SERVICE_WORKER)
        names = json.dumps(files, ensure_ascii=True)
        if "'" in names or "\\" in names:
            raise ValueError(f"a file name of {directory} cannot be written into the service worker: {names}")
        worker = (directory / SERVICE_WORKER).read_text(encoding="utf-8")
        self.worker = worker.replace("__GRIDLOGIC_VERSION__", self.version).replace("__GRIDLOGIC_FILES__", names)
        self.worker_etag = '"' + hashlib.sha256(self.worker.encode("utf-8")).hexdigest()[:16] + '"'

    @staticmethod
    def _revalidated(request: Request, body: str | bytes, etag: str, media_type: str) -> Response:
        headers = {"Cache-Control": REVALIDATE, "ETag": etag}
        if etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        return Response(body, media_type=media_type, headers=headers)

    def page_response(self, request: Request) -> Response:
        """The page with versioned URLs; a 304 when the browser's copy is this one."""
        return self._revalidated(request, self.page, self.etag, "text/html; charset=utf-8")

    def worker_response(self, request: Request) -> Response:
        """The service worker with this version's files named in it; a 304 when unchanged."""
        return self._revalidated(request, self.worker, self.worker_etag, "text/javascript; charset=utf-8")

    def mounts(self) -> list[Mount]:
        """``/assets/{version}`` and ``/static``, both serving ``directory``."""
        return [
            Mount("/assets/{version}", _Files(self.directory, self.version), name="assets"),
            Mount("/static", _Files(self.directory, None), name="static"),
        ]

    @staticmethod
    def middleware() -> list[Middleware]:
        return [Middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM_BYTES)]
