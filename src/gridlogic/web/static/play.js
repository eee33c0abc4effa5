// One play of one puzzle, without the page: the board, the undo and redo history, the counts
// the score is made of (moves, checks, whether the answer was revealed), whether the play is
// finished, and its clock. Nothing here touches the document, so tests run it in Node.
//
// A board is whatever the game's view uses (an array, an object of arrays); the play never
// looks inside one and never changes one: every move brings a new board. The game's rules
// come in as isSolved(board).
//
// Moves are counted for the score: a move counts its changed cells (a drag over 4 cells
// is 4), an undo, a redo or a reset counts 1, a reveal counts nothing.
// For example: move(b1, 1), move(b2, 3), undo(), redo() leaves moves at 6 and board b2.
//
// The clock counts seconds of play: it stops while the page is hidden (setHidden) and when the
// play is finished. It reads time from now(), milliseconds from any fixed origin
// (performance.now in the page, a fake in the tests).

export function formatTime(seconds) {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600), m = Math.floor((whole % 3600) / 60), s = whole % 60;
  const ss = String(s).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

// Seconds counted while running: running means not hidden and not stopped.
function createClock(now, hidden) {
  let counted = 0; // seconds of the earlier running stretches
  let since = null; // now() when the current running stretch began; null while not running
  let stopped = false;
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

export function createPlay({ initial, isSolved, now = () => performance.now(), hidden = false }) {
  let board = initial;
  const undoStack = [];
  let redoStack = [];
  let moves = 0, checks = 0, revealed = false, finished = false;
  const clock = createClock(now, hidden);

  function replaceBoard(next) {
    undoStack.push(board);
    redoStack = [];
    board = next;
  }

  const play = {
    get board() { return board; },
    get moves() { return moves; },
    get checks() { return checks; },
    get revealed() { return revealed; },
    get finished() { return finished; },
    get canUndo() { return !finished && undoStack.length > 0; },
    get canRedo() { return !finished && redoStack.length > 0; },
    get solved() { return isSolved(board); },

    // Each of these does nothing and answers false once the play is finished.
    move(next, changes) {
      if (finished) return false;
      replaceBoard(next);
      moves += changes;
      return true;
    },
    undo() {
      if (!play.canUndo) return false;
      redoStack.push(board);
      board = undoStack.pop();
      moves += 1;
      return true;
    },
    redo() {
      if (!play.canRedo) return false;
      undoStack.push(board);
      board = redoStack.pop();
      moves += 1;
      return true;
    },
    // Back to the initial board as one undoable move; nothing when the board is already there.
    reset() {
      if (finished || sameBoard(board, initial)) return false;
      return play.move(initial, 1);
    },
    // The player asked the server what is wrong.
    countCheck() {
      if (finished) return false;
      checks += 1;
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
      return { seconds: Math.round(clock.seconds() * 10) / 10, moves, checks, revealed };
    },
    // Play goes on after all (the server found the board wrong); the clock runs on from where
    // it stopped.
    resume() {
      if (!finished) return false;
      finished = false;
      clock.setStopped(false);
      return true;
    },
  };
  return play;
}
