// One play of one puzzle, without the page: the board, the undo and redo history, the counts
// the score is made of (moves, checks, whether the answer was revealed), whether the play is
// finished, and its clock. Nothing here touches the document, so tests run it in Node.
//
// A board is whatever the game's view uses (an array, an object of arrays); the play never
// looks inside one and never changes one: every move brings a new board. The game's rules
// come in as isSolved(board) and moveCost(before, after).
//
// What counts for the score (the rule the README's "Scoring after a play" states):
// * moves: a move costs moveCost(before, after), what it changes towards an answer (a tile's
//   quarter turns, a cell filled or emptied, a line drawn or erased; × marks cost nothing);
//   undo, redo and reset cost nothing; a reveal counts nothing.
// * checks: a check that found a mistake counts; one that found none is free (its count is
//   kept apart, as cleanChecks).
// * hints: each hint that told the player something (hint.js says which) counts.
// For example with a cost of one per changed entry: move(b1) with 1 change, move(b2) with 3,
// undo(), redo() leaves moves at 4 and board b2.
//
// The clock counts seconds of play: it stops while the page is hidden (setHidden) and when the
// play is finished. It reads time from now(), milliseconds from any fixed origin
// (performance.now in the page, a fake in the tests).
//
// Notes: a game may keep a layer of the player's notes beside the board (initialNotes, an array of
// small integers, such as locked tiles or cells shaded inside or outside a line). Notes are
// never judged and cost no move; note(next) changes them as one undoable step, and undo, redo and
// reset walk them with the board. A game without notes has none (null), and its snapshots are as
// they always were.
//
// The log: every change of the board, as made (a move, an applied hint, undo, redo, reset), is one
// entry a changed place, [ms, index, value]: ms the wall clock (wallNow, Date.now in the page) when it
// was made, index the place in the board's flat form (an array as it is; an object's arrays one
// after the other, in the order of its keys), value its state after. The
// record sends it (records.js), and the server replays it from the start to the board claimed
// (gridlogic.store.moves); a reveal is logged too, though no revealed play is replayed. A play kept
// from before the page logged moves has no log (null): its record goes without one, unranked, rather than refused.
// For example move(b1) that sets cell 2 to 1 at ms 1000, then undo() at ms 1500, logs
// [[1000, 2, 1], [1500, 2, 0]].
//
// snapshot() is everything a play is, as plain data; createPlay({..., saved: snapshot}) goes
// on from there (the page keeps snapshots in the browser, see keep.js).

import { flatten } from "./keep.js";

export function formatTime(seconds) {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600), m = Math.floor((whole % 3600) / 60), s = whole % 60;
  const ss = String(s).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

// Seconds counted while running: running means not hidden and not stopped.
function createClock(now, hidden, counted, stopped) {
  let since = null; // now() when the current running stretch began; null while not running
  const update = () => {
    const running = !hidden && !stopped;
    if (running && since === null) since = now();
    if (!running && since !== null) {
      counted += (now() - since) / 1000;
      since = null;
    }
  };
  update();
  return {
    seconds: () => counted + (since === null ? 0 : (now() - since) / 1000),
    setHidden: (value) => { hidden = value; update(); },
    setStopped: (value) => { stopped = value; update(); },
  };
}

const sameBoard = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// The log's entries of a change from one board to the next, made at ms (flatten: the flat form).
export function changesOf(before, after, ms) {
  const old = flatten(before), now = flatten(after);
  return now.flatMap((value, index) => (value === old[index] ? [] : [[ms, index, value]]));
}

export function createPlay({ initial, initialNotes = null, isSolved, moveCost, now = () => performance.now(),
  wallNow = () => Date.now(), hidden = false, saved = null }) {
  let board = saved ? saved.board : initial;
  const log = saved ? (Array.isArray(saved.log) ? saved.log.slice() : null) : [];
  const undoStack = saved ? saved.undo.slice() : [];
  let redoStack = saved ? saved.redo.slice() : [];
  // The notes and their history, step for step beside the board's (null without notes).
  const withNotes = initialNotes !== null;
  const savedNotes = (list, length) => (Array.isArray(list) && list.length === length ? list.slice()
    : new Array(length).fill(initialNotes));
  let notes = withNotes ? saved?.notes ?? initialNotes : null;
  const undoNotes = withNotes ? savedNotes(saved?.undoNotes, undoStack.length) : [];
  let redoNotes = withNotes ? savedNotes(saved?.redoNotes, redoStack.length) : [];
  let moves = saved?.moves ?? 0, checks = saved?.checks ?? 0, cleanChecks = saved?.cleanChecks ?? 0;
  let hints = saved?.hints ?? 0;
  let revealed = saved?.revealed ?? false, finished = saved?.finished ?? false;
  const clock = createClock(now, hidden, saved?.seconds ?? 0, finished);

  // The board becomes next: the log hears what changed.
  function setBoard(next) {
    if (log) log.push(...changesOf(board, next, wallNow()));
    board = next;
  }

  function replaceBoard(next, nextNotes = notes) {
    undoStack.push(board);
    if (withNotes) undoNotes.push(notes);
    redoStack = [];
    redoNotes = [];
    setBoard(next);
    notes = nextNotes;
  }

  const play = {
    get board() { return board; },
    get notes() { return notes; },
    get initial() { return initial; },
    get moves() { return moves; },
    get checks() { return checks; },
    get cleanChecks() { return cleanChecks; },
    get hints() { return hints; },
    get revealed() { return revealed; },
    get finished() { return finished; },
    get canUndo() { return !finished && undoStack.length > 0; },
    get canRedo() { return !finished && redoStack.length > 0; },
    get solved() { return isSolved(board); },

    // Each of these does nothing and answers false once the play is finished.
    move(next) {
      if (finished) return false;
      const cost = moveCost(board, next);
      replaceBoard(next);
      moves += cost;
      return true;
    },
    // The player's notes change (free, never judged); false when finished or nothing changes.
    note(next) {
      if (finished || !withNotes || sameBoard(next, notes)) return false;
      replaceBoard(board, next);
      return true;
    },
    undo() {
      if (!play.canUndo) return false;
      redoStack.push(board);
      setBoard(undoStack.pop());
      if (withNotes) { redoNotes.push(notes); notes = undoNotes.pop(); }
      return true;
    },
    redo() {
      if (!play.canRedo) return false;
      undoStack.push(board);
      setBoard(redoStack.pop());
      if (withNotes) { undoNotes.push(notes); notes = redoNotes.pop(); }
      return true;
    },
    // Back to the initial board (and notes) as one undoable step; nothing when already there.
    reset() {
      if (finished || (sameBoard(board, initial) && sameBoard(notes, initialNotes))) return false;
      replaceBoard(initial, initialNotes);
      return true;
    },
    // The player's Check found mistakes (true) or none (false).
    recordCheck(foundMistakes) {
      if (finished) return false;
      if (foundMistakes) checks += 1;
      else cleanChecks += 1;
      return true;
    },
    // The player took a hint.
    recordHint() {
      if (finished) return false;
      hints += 1;
      return true;
    },
    // The answer is shown; it can be undone, but the play stays revealed.
    reveal(solution) {
      if (finished) return false;
      replaceBoard(solution);
      revealed = true;
      return true;
    },

    seconds: () => clock.seconds(),
    setHidden: (value) => clock.setHidden(value),

    // Stops the clock and locks the board; answers what the server scores the play on
    // (seconds to a tenth), or null when the play is already finished or the board unsolved.
    finish() {
      if (finished || !isSolved(board)) return null;
      finished = true;
      clock.setStopped(true);
      return play.stats();
    },
    // Play goes on after all (the server found the board wrong); the clock runs on from where
    // it stopped.
    resume() {
      if (!finished) return false;
      finished = false;
      clock.setStopped(false);
      return true;
    },
    stats: () => ({ seconds: Math.round(clock.seconds() * 10) / 10, moves, checks, hints, revealed,
      log: log ? log.slice() : null }),
    get log() { return log ? log.slice() : null; },
    snapshot: () => ({
      board, undo: undoStack.slice(), redo: redoStack.slice(), moves, checks, cleanChecks, hints, revealed, finished,
      seconds: clock.seconds(), log: log ? log.slice() : null,
      ...(withNotes ? { notes, undoNotes: undoNotes.slice(), redoNotes: redoNotes.slice() } : {}),
    }),
  };
  return play;
}
