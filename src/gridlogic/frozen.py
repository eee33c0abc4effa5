"""Frozen records that cross process boundaries, compiled or not.

A puzzle made in a worker process (the web app's pool, a batch's executors) travels to the
parent by pickle, and so do the grades and verdicts it carries. Pickle rebuilds an object by
assigning its fields one by one, which a frozen dataclass compiled by mypyc refuses
(``FrozenInstanceError``). A frozen dataclass deriving from :class:`RebuiltFromFields`
is rebuilt by calling its class with its fields instead, which both builds accept: pickling
``Verdict("unique", 2, 1, ((1, 0),), 3, 0.0, "line")`` gives back an equal verdict, compiled or
not (``tests/test_native.py`` pickles every game's puzzles, grades and verdicts).
"""

from __future__ import annotations

import dataclasses


class RebuiltFromFields:
    """A frozen dataclass that pickles as a call of its class with its fields, in their order."""

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        fields = dataclasses.fields(self)  # type: ignore[arg-type]
        return type(self), tuple(getattr(self, field.name) for field in fields)
