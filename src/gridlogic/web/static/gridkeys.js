// Keyboard movement over a board of n columns (and n rows unless told otherwise) in row-major
// order (i = r*n + c), shared by Signal's and Pattern's boards. The arrow keys step one cell and stop at the edge; Home and
// End go to the first and last cell of the row. For example on a 4×4 board from cell 5 (row 1,
// column 1): ArrowUp gives 1, ArrowLeft 4, Home 4, End 7; from cell 4 ArrowLeft gives -1.

// The cell a key moves the focus to, -1 when the key moves but the board's edge is in the way,
// or null when the key is not a movement key.
export function gridMoveTarget(key, index, n, rows = n) {
  const r = Math.floor(index / n), c = index % n;
  switch (key) {
    case "ArrowUp": return r > 0 ? index - n : -1;
    case "ArrowDown": return r < rows - 1 ? index + n : -1;
    case "ArrowLeft": return c > 0 ? index - 1 : -1;
    case "ArrowRight": return c < n - 1 ? index + 1 : -1;
    case "Home": return r * n;
    case "End": return r * n + n - 1;
    default: return null;
  }
}

// Handles a movement key on the board (stopping the page from scrolling); true when it was one.
export function handleGridMove(event, index, n, moveFocus, rows = n) {
  const target = gridMoveTarget(event.key, index, n, rows);
  if (target === null) return false;
  event.preventDefault();
  if (target >= 0) moveFocus(target);
  return true;
}

// Space activates the focused cell on keydown, so its keyup must not scroll the page either.
export function ignoreSpaceKeyup(element) {
  element.addEventListener("keyup", (event) => { if (event.key === " ") event.preventDefault(); });
}
