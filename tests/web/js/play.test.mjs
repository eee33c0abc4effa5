// static/play.js, the play model, in Node: history and counts, and the clock with a fake time.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createPlay, formatTime } from "../../../src/gridlogic/web/static/play.js";

// A fake clock: now() reads t.ms, and the test moves it.
function fakeTime() {
  const time = { ms: 1000 };
  time.now = () => time.ms;
  return time;
}

// Boards of a made-up game: an array of numbers, solved when every entry is 1; a move costs one
// per changed entry, except that changes to or from 2 (a note) are free.
const allOnes = (board) => board.every((x) => x === 1);
const changedEntries = (before, after) => after.filter((x, i) => x !== before[i] && x !== 2 && before[i] !== 2).length;
const newPlay = (options = {}) => createPlay({ initial: [0, 0], isSolved: allOnes, moveCost: changedEntries,
  now: fakeTime().now, wallNow: fakeTime().now, ...options });

test("the header's worked example: two moves, an undo and a redo make 4 moves", () => {
  const play = newPlay({ initial: [0, 0, 0, 0] });
  const b1 = [1, 0, 0, 0], b2 = [1, 1, 1, 1];
  play.move(b1);
  play.move(b2);
  play.undo();
  assert.equal(play.board, b1);
  play.redo();
  assert.equal(play.moves, 4);
  assert.equal(play.board, b2);
});

test("a move costs what moveCost says: notes are free", () => {
  const play = newPlay();
  play.move([2, 0]);
  assert.equal(play.moves, 0);
  play.move([2, 1]);
  assert.equal(play.moves, 1);
  assert.ok(play.canUndo);
});

test("undo and redo walk the history and a new move drops the redo side", () => {
  const play = newPlay();
  assert.equal(play.canUndo, false);
  assert.equal(play.undo(), false);
  assert.equal(play.redo(), false);
  assert.equal(play.moves, 0);
  const b1 = [1, 0], b2 = [0, 1], b3 = [1, 1];
  play.move(b1);
  play.move(b2);
  assert.ok(play.undo());
  assert.ok(play.undo());
  assert.deepEqual(play.board, [0, 0]);
  assert.equal(play.canUndo, false);
  assert.equal(play.canRedo, true);
  assert.ok(play.redo());
  assert.equal(play.board, b1);
  play.move(b3);
  assert.equal(play.canRedo, false);
  assert.equal(play.redo(), false);
  assert.equal(play.moves, 1 + 2 + 1); // undo and redo are free
});

test("reset is one free undoable step, and nothing when the board already looks like the start", () => {
  const initial = [0, 0];
  const play = newPlay({ initial });
  assert.equal(play.reset(), false);
  play.move([1, 0]);
  play.move([0, 0]); // back to the start by other moves: same board, another object
  assert.equal(play.reset(), false);
  play.move([0, 1]);
  assert.ok(play.reset());
  assert.equal(play.board, initial);
  assert.equal(play.moves, 3);
  assert.ok(play.undo());
  assert.deepEqual(play.board, [0, 1]);
});

test("a reveal shows the answer without a move, and the play stays revealed after an undo", () => {
  const play = newPlay({ isSolved: () => false });
  play.move([1, 0]);
  assert.ok(play.reveal([1, 1]));
  assert.deepEqual(play.board, [1, 1]);
  assert.equal(play.moves, 1);
  assert.equal(play.revealed, true);
  assert.ok(play.undo());
  assert.deepEqual(play.board, [1, 0]);
  assert.equal(play.revealed, true);
});

test("a check that found mistakes counts; one that found none is kept apart", () => {
  const play = newPlay();
  assert.ok(play.recordCheck(true));
  assert.ok(play.recordCheck(false));
  assert.ok(play.recordCheck(true));
  assert.equal(play.checks, 2);
  assert.equal(play.cleanChecks, 1);
});

test("finish needs a solved board, answers the scored counts, and then nothing changes the play", () => {
  const time = fakeTime();
  const play = newPlay({ now: time.now });
  play.move([1, 0]);
  assert.equal(play.solved, false);
  assert.equal(play.finish(), null);
  assert.equal(play.finished, false);
  play.recordCheck(true);
  play.recordHint();
  play.recordHint();
  play.move([1, 1]);
  assert.equal(play.solved, true);
  time.ms += 12_360;
  assert.deepEqual(play.finish(), { seconds: 12.4, moves: 2, checks: 1, hints: 2, revealed: false,
    log: [[1000, 0, 1], [1000, 1, 1]] });
  assert.equal(play.recordHint(), false); // a finished play takes no more hints
  assert.equal(play.finished, true);
  assert.equal(play.finish(), null);
  assert.equal(play.canUndo, false);
  for (const refused of [() => play.move([0, 0]), () => play.undo(), () => play.redo(), () => play.reset(),
    () => play.recordCheck(true), () => play.reveal([0, 0])]) {
    assert.equal(refused(), false);
  }
  assert.deepEqual([play.board, play.moves, play.checks, play.revealed], [[1, 1], 2, 1, false]);
});

test("a revealed play finishes as revealed", () => {
  const play = newPlay();
  play.reveal([1, 1]);
  assert.equal(play.finish().revealed, true);
});

test("resume opens a finished play again and its clock runs on from where it stopped", () => {
  const time = fakeTime();
  const play = newPlay({ now: time.now, initial: [1, 1] });
  assert.equal(play.resume(), false);
  time.ms += 5000;
  play.finish();
  time.ms += 60_000;
  assert.equal(play.seconds(), 5);
  assert.ok(play.resume());
  assert.equal(play.finished, false);
  time.ms += 2000;
  assert.equal(play.seconds(), 7);
  assert.ok(play.move([1, 1]));
});

test("the clock counts seconds of play and stops while the page is hidden", () => {
  const time = fakeTime();
  const play = newPlay({ now: time.now });
  assert.equal(play.seconds(), 0);
  time.ms += 1500;
  assert.equal(play.seconds(), 1.5);
  play.setHidden(true);
  time.ms += 100_000;
  assert.equal(play.seconds(), 1.5);
  play.setHidden(true); // a second "hidden" changes nothing
  play.setHidden(false);
  time.ms += 500;
  assert.equal(play.seconds(), 2);
  play.setHidden(false);
  time.ms += 1000;
  assert.equal(play.seconds(), 3);
});

test("a play that starts on a hidden page counts from when the page is shown", () => {
  const time = fakeTime();
  const play = newPlay({ now: time.now, hidden: true });
  time.ms += 30_000;
  assert.equal(play.seconds(), 0);
  play.setHidden(false);
  time.ms += 4000;
  assert.equal(play.seconds(), 4);
});

test("a finished play's clock stays stopped when the page is hidden and shown again", () => {
  const time = fakeTime();
  const play = newPlay({ now: time.now, initial: [1] });
  time.ms += 3000;
  play.finish();
  play.setHidden(true);
  time.ms += 10_000;
  play.setHidden(false);
  time.ms += 10_000;
  assert.equal(play.seconds(), 3);
});

test("formatTime shows m:ss, and h:mm:ss from an hour on, cutting off the fraction", () => {
  const cases = [[0, "0:00"], [9.99, "0:09"], [59.9, "0:59"], [61, "1:01"], [600, "10:00"], [3599.9, "59:59"],
    [3600, "1:00:00"], [3725, "1:02:05"], [36_000, "10:00:00"]];
  for (const [seconds, shown] of cases) assert.equal(formatTime(seconds), shown, `${seconds} s`);
});

test("a snapshot goes on where it was: board, history, counts, clock", () => {
  const time = fakeTime();
  const play = newPlay({ now: time.now });
  play.move([1, 0]);
  play.move([1, 2]);
  play.undo();
  play.recordCheck(false);
  time.ms += 7000;
  const snapshot = play.snapshot();
  assert.deepEqual(snapshot, { board: [1, 0], undo: [[0, 0]], redo: [[1, 2]], moves: 1, checks: 0, cleanChecks: 1,
    hints: 0, revealed: false, finished: false, seconds: 7, log: [[1000, 0, 1], [1000, 1, 2], [1000, 1, 0]] });
  const later = fakeTime();
  const again = newPlay({ now: later.now, saved: snapshot });
  assert.deepEqual(again.board, [1, 0]);
  assert.equal(again.seconds(), 7);
  later.ms += 1000;
  assert.equal(again.seconds(), 8);
  assert.ok(again.redo());
  assert.deepEqual(again.board, [1, 2]);
  assert.ok(again.undo() && again.undo());
  assert.deepEqual(again.board, [0, 0]);
  assert.equal(again.cleanChecks, 1);
});

test("a finished play stays finished when it is restored, its clock stopped", () => {
  const time = fakeTime();
  const play = newPlay({ now: time.now });
  play.move([1, 1]);
  time.ms += 3000;
  play.finish();
  const again = newPlay({ now: time.now, saved: play.snapshot() });
  time.ms += 60_000;
  assert.equal(again.finished, true);
  assert.equal(again.seconds(), 3);
  assert.equal(again.move([0, 0]), false);
});

test("notes change free of moves, walk with undo, redo and reset, and go on from a snapshot", () => {
  const play = newPlay({ initialNotes: [0, 0] });
  assert.deepEqual(play.notes, [0, 0]);
  assert.ok(play.move([1, 0]));
  assert.ok(play.note([1, 0])); // e.g. a locked tile
  assert.equal(play.note([1, 0]), false); // nothing changes
  assert.equal(play.moves, 1); // a note is free
  assert.deepEqual([play.board, play.notes], [[1, 0], [1, 0]]);
  assert.ok(play.undo());
  assert.deepEqual([play.board, play.notes], [[1, 0], [0, 0]]); // the note went, the move stayed
  assert.ok(play.redo());
  const snapshot = play.snapshot();
  assert.deepEqual([snapshot.notes, snapshot.undoNotes, snapshot.redoNotes], [[1, 0], [[0, 0], [0, 0]], []]);
  const again = newPlay({ initialNotes: [0, 0], saved: snapshot });
  assert.deepEqual(again.notes, [1, 0]);
  assert.ok(again.undo() && again.undo());
  assert.deepEqual([again.board, again.notes], [[0, 0], [0, 0]]);
  assert.ok(again.redo() && again.redo());
  assert.ok(again.reset()); // back to the start: board and notes, one step
  assert.deepEqual([again.board, again.notes], [[0, 0], [0, 0]]);
  assert.ok(again.undo());
  assert.deepEqual(again.notes, [1, 0]);
  // A snapshot kept before the game had notes goes on with the initial notes.
  const older = newPlay({ saved: newPlay().snapshot(), initialNotes: [0, 0] });
  assert.deepEqual(older.notes, [0, 0]);
  // A game without notes has none, and its snapshot is as it always was.
  const plain = newPlay();
  assert.equal(plain.notes, null);
  assert.equal(plain.note([1, 1]), false);
  assert.equal("notes" in plain.snapshot(), false);
});

test("a finished play takes no notes", () => {
  const play = newPlay({ initialNotes: [0, 0] });
  play.move([1, 1]);
  play.finish();
  assert.equal(play.note([1, 1]), false);
});

test("the log's worked example: a move at 1000 ms, its undo at 1500 ms", () => {
  const wall = fakeTime();
  const play = newPlay({ initial: [0, 0, 0], wallNow: wall.now });
  play.move([0, 0, 1]);
  wall.ms = 1500;
  play.undo();
  assert.deepEqual(play.log, [[1000, 2, 1], [1500, 2, 0]]);
});

test("every change of the board is logged, a place a change, named lists one after the other", () => {
  const wall = fakeTime();
  const initial = { horizontal: [0, 0], vertical: [0] };
  const play = createPlay({ initial, isSolved: () => false, moveCost: () => 1, now: wall.now, wallNow: wall.now });
  play.move({ horizontal: [1, 0], vertical: [2] });
  wall.ms = 2000;
  play.reset();
  play.redo(); // nothing to redo after a reset: no entry
  assert.deepEqual(play.log, [[1000, 0, 1], [1000, 2, 2], [2000, 0, 0], [2000, 2, 0]]);
  assert.deepEqual(play.stats().log, play.log);
  assert.deepEqual(play.snapshot().log, play.log);
});

test("a play kept without a log goes on without one, and one with a log goes on logging", () => {
  const kept = newPlay();
  kept.move([1, 0]);
  const { log, ...older } = kept.snapshot();
  const without = newPlay({ saved: older });
  without.move([1, 1]);
  assert.equal(without.log, null);
  assert.equal(without.stats().log, null);
  const withLog = newPlay({ saved: kept.snapshot(), wallNow: () => 3000 });
  withLog.move([1, 1]);
  assert.deepEqual(withLog.log, [...log, [3000, 1, 1]]);
});
