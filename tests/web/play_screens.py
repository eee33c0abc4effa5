"""The two screens every defect of the page's play is tested on (1280×800 and 360×740), as a fixture
factory the play tests share (imported by name; conftest.py puts this folder on sys.path)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Page

SCREENS = {"desktop": (1280, 800), "phone": (360, 740)}


@contextmanager
def screen_page(browser: Browser, name: str, *, locale: str = "en-US", **options: object) -> Iterator[Page]:
    """A fresh page (its own storage) of the named screen; page errors fail the test."""
    width, height = SCREENS[name]
    phone = name == "phone"
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale, has_touch=phone,
                                  is_mobile=phone, device_scale_factor=2 if phone else 1, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.screen = name  # type: ignore[attr-defined]
    try:
        yield page
    finally:
        context.close()
    assert not errors, errors
