"""A batch never destroys what is not its own, reads no file without bound, and fails in one line.

Resume takes only a file that is empty or starts with its own header; anything else is refused with
the reason and left byte for byte as it was: a one-line file without a trailing newline (once taken
for a torn batch line and truncated), a huge file (a sparse one here, so the test is quick), an
SQLite database of something else. Special files (a FIFO, a device, a directory) are refused in one
line, and so is a damaged SQLite batch, on resume and under ``--verify``.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tracemalloc

import pytest

from gridlogic import GridlogicError
from gridlogic.batch.outputs import jsonl
from gridlogic.cli import main

REFUSED = "not a gridlogic batch file"
BATCH = ["batch", "signal", "--size", "4", "--difficulty", "any", "--count", "3", "--seed-prefix", "oops"]


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_refusal(capsys, *args: str) -> str:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_a_one_line_file_without_newline_is_refused_untouched(tmp_path, capsys):
    # the case: printf '{"important": 1}' > mydata.jsonl; gridlogic batch ... --out mydata.jsonl
    path = tmp_path / "mydata.jsonl"
    path.write_bytes(b'{"important": 1}')
    error = one_line_refusal(capsys, *BATCH, "--out", str(path))
    assert REFUSED in error and "left untouched" in error
    assert path.read_bytes() == b'{"important": 1}'


@pytest.mark.parametrize("data", [b'{"important": 1}\n', b"my notes\nsecond line", b"\n", b"x"])
def test_any_other_first_line_is_refused_untouched(tmp_path, helpers, data):
    path = tmp_path / "mine.jsonl"
    path.write_bytes(data)
    with pytest.raises(GridlogicError, match=REFUSED):
        helpers.open_fake(path)
    assert path.read_bytes() == data


def test_a_huge_file_is_refused_after_reading_one_bounded_line(tmp_path, helpers):
    # 300 MB, sparse: one line of '{"important": 1}' and zero bytes, without a newline
    path = tmp_path / "big.jsonl"
    with open(path, "wb") as handle:
        handle.write(b'{"important": 1}')
        handle.truncate(300 * 1024 * 1024)
    tracemalloc.start()
    try:
        with pytest.raises(GridlogicError, match=REFUSED):
            helpers.open_fake(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * jsonl.MAX_LINE_BYTES  # the whole file would be 300 MB
    assert os.path.getsize(path) == 300 * 1024 * 1024
    with open(path, "rb") as handle:
        assert handle.read(17) == b'{"important": 1}\0'


def test_a_line_longer_than_the_limit_after_a_real_header_is_damage(tmp_path, helpers):
    path = tmp_path / "out.jsonl"
    helpers.run_fake(path, 2)
    size = os.path.getsize(path)
    with open(path, "r+b") as handle:
        handle.truncate(size + 2 * jsonl.MAX_LINE_BYTES)  # zero bytes, no newline
    with pytest.raises(GridlogicError, match=f"line 4 .* longer than {jsonl.MAX_LINE_BYTES} bytes"):
        helpers.open_fake(path)
    assert os.path.getsize(path) == size + 2 * jsonl.MAX_LINE_BYTES


def test_a_header_cut_by_a_crash_in_the_first_write_is_ours_and_resumed(tmp_path, helpers):
    whole = tmp_path / "whole.jsonl"
    helpers.run_fake(whole, 3)
    header = whole.read_bytes().split(b"\n")[0]
    for cut in (1, 10, len(jsonl.HEADER_OPENING) + 5, len(header)):
        path = tmp_path / f"cut{cut}.jsonl"
        path.write_bytes(header[:cut])
        store = helpers.open_fake(path)
        assert store.notes and not store.present
        store.close()
        helpers.run_fake(path, 3)
        assert path.read_bytes() == whole.read_bytes()


def test_an_empty_file_is_adopted(tmp_path, helpers):
    path = tmp_path / "empty.jsonl"
    path.touch()
    helpers.run_fake(path, 2)
    assert json.loads(path.read_text().splitlines()[0])["gridlogicBatch"] == 1


def test_an_sqlite_database_of_something_else_is_refused_untouched(tmp_path, helpers, capsys):
    path = tmp_path / "accounts.sqlite"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE accounts (name TEXT, balance INTEGER)")
    connection.execute("INSERT INTO accounts VALUES ('me', 100)")
    connection.commit()
    connection.close()
    before = path.read_bytes()
    with pytest.raises(GridlogicError, match="SQLite database of something else .* left untouched"):
        helpers.open_fake(path)
    error = one_line_refusal(capsys, *BATCH, "--out", str(path))
    assert "something else" in error
    assert path.read_bytes() == before


def test_an_sqlite_table_named_batches_that_is_not_ours_is_refused(tmp_path, helpers):
    path = tmp_path / "other.sqlite"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE batches (id INTEGER, baker TEXT)")
    connection.commit()
    connection.close()
    before = path.read_bytes()
    with pytest.raises(GridlogicError, match="not a gridlogic batch catalog"):
        helpers.open_fake(path)
    assert path.read_bytes() == before


@pytest.mark.parametrize("kind", ["jsonl", "sqlite"])
def test_special_files_are_refused_in_one_line(tmp_path, capsys, kind):
    fifo = tmp_path / f"pipe.{kind}"
    os.mkfifo(fifo)
    assert "is a FIFO (named pipe), not a regular file" in one_line_refusal(capsys, *BATCH, "--out", str(fifo))
    assert "is a FIFO" in one_line_refusal(capsys, "batch", "--verify", str(fifo))
    full = tmp_path / f"full.{kind}"
    full.symlink_to("/dev/full")
    assert "is a character device" in one_line_refusal(capsys, *BATCH, "--out", str(full))
    folder = tmp_path / f"folder.{kind}"
    folder.mkdir()
    assert "cannot write" in one_line_refusal(capsys, *BATCH, "--out", str(folder))
    assert "is a directory" in one_line_refusal(capsys, "batch", "--verify", str(folder))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([fifo.name, full.name, folder.name])


def damaged_copy(source, target, pages: range) -> None:
    """``source`` with the given 4 kB pages overwritten by bytes no page holds."""
    data = bytearray(source.read_bytes())
    for page in pages:
        if page * 4096 < len(data):
            data[page * 4096:(page + 1) * 4096] = bytes(range(256)) * 16
    target.write_bytes(bytes(data))


@pytest.fixture(scope="module")
def sqlite_batch(tmp_path_factory, helpers):
    path = tmp_path_factory.mktemp("damaged") / "good.sqlite"
    helpers.run_fake(path, 400)
    assert os.path.getsize(path) > 8 * 4096
    return path


@pytest.mark.parametrize("pages", [range(1, 100), range(2, 100, 3), range(3, 4)], ids=["most", "a third", "one"])
def test_a_damaged_sqlite_batch_is_one_line_on_resume_and_reported_by_verify(tmp_path, capsys, sqlite_batch, pages):
    path = tmp_path / "damaged.sqlite"
    damaged_copy(sqlite_batch, path, pages)
    before = path.read_bytes()
    error = one_line_refusal(capsys, "batch", "signal", "--size", "4", "--difficulty", "any", "--count", "401",
                             "--out", str(path))
    assert "damaged SQLite database" in error or "not a usable SQLite database" in error
    assert path.read_bytes() == before
    code, out, err = run(capsys, "batch", "--verify", str(path))
    assert "Traceback" not in err
    if code == 2:  # the catalog itself cannot be read
        assert err.count("\n") == 1 and "SQLite" in err
    else:  # what can be read is checked, and the damage is a discrepancy
        assert code == 1 and "file: " in out and "discrepanc" in out
    assert path.read_bytes() == before
