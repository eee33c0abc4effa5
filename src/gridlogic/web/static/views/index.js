// The game views by game name. The page knows no game: it asks loadView(name) for a module,
// and every game's module has the same surface. The rules part needs no document:
//   tools                           what a tap can do, e.g. ["fill", "mark"]; the first is the default
//   initialBoard(puzzle)            the board a play starts from (puzzle as the API sent it)
//   boardFromSolution(solution)     the board of the API's solution
//   isSolved(puzzle, board)         whether board meets the rules (any valid solution counts)
//   moveCost(before, after)         the moves a change of board costs (notes such as × are free)
//   liveErrors(puzzle, board)       what the rules alone say is wrong: [{kind, items}]
//   mistakes(puzzle, board, answer) what Check reports: the items board has that answer has not
//   describeItems(puzzle, items, t) those items in words, for the status line
//   describeError(puzzle, error, t) one live error in words
//   extent(puzzle)                  the board's size in cells, clues included, for fitting it
//   initialNotes(puzzle)            (optional) the player's notes at the start: an array of small
//                                   integers beside the board, never judged and free of moves
//                                   (Signal's locked tiles, Loop's shaded cells)
//   recognises(text)                (optional) whether pasted text is a puzzle in one of the formats
//                                   of other software that the game reads (a puzz.link URL ...)
// and createView({puzzle, onAction, onNote, t}) draws the board:
//   {element, render(board, {errors, mistakes, notes}), setLocked(bool), setTool(name), relabel()}
// A view draws its cells var(--cell) wide (a CSS length the page sets to fit the board in its
// box). It never changes the board itself: it calls onAction(newBoard) and the page records
// the move and renders the new board; onNote(newNotes) likewise for the notes.
//
// The view of a game is the module views/<name>.js, named as /api/games names the game; it is
// loaded the first time its game is shown. A fourth game adds that module and nothing else here.

const MAX_CELL = 64; // px: one cell of any board at its largest
const ZOOMS = [1, 1.5, 2, 3, 4, 6, 8]; // the zoom steps over the fitting cell
const BOX_PADDING = 4; // px: the board box's padding at the fitting zoom (style.css)

// Fits a board of extent (a view's extent(puzzle)) in box, the .board element it is drawn in, at
// zoom (an index into ZOOMS): the largest cell (at most MAX_CELL) that shows it whole, times the
// zoom, as the box's --cell; the box's "zoomed" class; and the zoom buttons ({zoomIn, zoomOut,
// zoomFit}) enabled where they can act.
export function fitZoomed(box, extent, zoom, buttons) {
  const width = box.clientWidth - 2 * BOX_PADDING, height = box.clientHeight - 2 * BOX_PADDING;
  const fit = Math.max(1, Math.min(MAX_CELL, width / extent.width, height / extent.height));
  box.style.setProperty("--cell", `${Math.floor(fit * ZOOMS[zoom] * 4) / 4}px`);
  box.classList.toggle("zoomed", zoom > 0);
  buttons.zoomOut.disabled = buttons.zoomFit.disabled = zoom === 0;
  buttons.zoomIn.disabled = zoom === ZOOMS.length - 1 || fit * ZOOMS[zoom] >= MAX_CELL;
}

// The zoom after a zoom button: step +1 or -1 within ZOOMS, 0 back to fitting the board.
export const nextZoom = (zoom, step) => (step === 0 ? 0 : Math.max(0, Math.min(ZOOMS.length - 1, zoom + step)));

export async function loadView(name) {
  const missing = (cause) => new Error(`the page has no view for the game ${JSON.stringify(name)}`, { cause });
  if (!/^[a-z]+$/.test(name)) throw missing();
  try {
    return await import(`./${name}.js`);
  } catch (error) {
    throw missing(error); // the module's own error (missing, or broken) is the cause
  }
}
