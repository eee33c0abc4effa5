// Keyboard movement over a w×h board of cells in row-major order (i = r*w + c), shared by the
// boards of cells (views/grid.js). The arrow keys step one cell and stop at the edge; Home and
// End go to the first and last cell of the row. For example on a 4×4 board from cell 5 (row 1,
// column 1): ArrowUp gives 1, ArrowLeft 4, Home 4, End 7; from cell 4 ArrowLeft gives -1.

// The cell a key moves the focus to, -1 when the key moves but the board's edge is in the way,
// or null when the key is not a movement key. h defaults to w (a square board).
export function gridMoveTarget(key, index, w, h = w) {
  const r = Math.floor(index / w), c = index % w;
  switch (key) {
    case "ArrowUp": return r > 0 ? index - w : -1;
    case "ArrowDown": return r < h - 1 ? index + w : -1;
    case "ArrowLeft": return c > 0 ? index - 1 : -1;
    case "ArrowRight": return c < w - 1 ? index + 1 : -1;
    case "Home": return r * w;
    case "End": return r * w + w - 1;
    default: return null;
  }
}

// Handles a movement key on the board (stopping the page from scrolling); true when it was one.
export function handleGridMove(event, index, w, h, moveFocus) {
  const target = gridMoveTarget(event.key, index, w, h);
  if (target === null) return false;
  event.preventDefault();
  if (target >= 0) moveFocus(target);
  return true;
}

// Space activates the focused cell on keydown, so its keyup must not scroll the page either.
export function ignoreSpaceKeyup(element) {
  element.addEventListener("keyup", (event) => { if (event.key === " ") event.preventDefault(); });
}
