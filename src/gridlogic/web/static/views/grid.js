// What every game's board shares, so that a view (views/<name>/view.js) draws only its own cells,
// lines and marks:
//   boardElement      the board's element, its size in cells as CSS variables (--w, --h, ...)
//   boardState        what the page switches on every board: locked (no moves) and the tool a tap uses
//   boardControls     the surface the page calls (views/index.js): render, relabel, setLocked, setTool
//   createCells       a board of cells as buttons with one tab stop, moved by the keys (gridkeys.js)
//   describeCells     cells in words, "row 2, column 3" (describePlaces: any places, at most five)
//   movedBeyondTap    whether a pointer went too far from its press to be a tap (then it scrolls)
//   svgPoint          the point of an SVG board under a pointer, in the board's own units
//   focusRingFromKeys a board's focus ring shown for keyboard play only
// For example createCells({element, w: 3, h: 2, className: "cell"}) makes six buttons
// <button class="grid-cell cell" data-index="0" tabindex="0"> ... data-index="5" tabindex="-1">;
// ArrowRight on the first moves the tab stop (and the focus) to data-index 1, ArrowDown from there
// to 4, and a board locked by the page (setLocked(true)) marks all six aria-disabled="true".

import { handleGridMove, ignoreSpaceKeyup } from "../gridkeys.js";
import { htmlElement } from "../svg.js";

export const TAP_SLOP = 10; // pixels a touch may wander from its press and still count as a tap

// The board's element: tag with attributes, and sizes ({w: 5, "row-clue-w": 2.5}) as the CSS
// variables its stylesheet sizes it by (--w, --row-clue-w).
export function boardElement(tag, attributes, sizes) {
  const element = htmlElement(tag, attributes);
  for (const [name, value] of Object.entries(sizes)) element.style.setProperty(`--${name}`, String(value));
  return element;
}

// What the page switches on a board: a locked board (a finished play, a walk-through) takes no
// moves; tool is the name of what a tap does (the first of the view's tools at the start).
export const boardState = (tools) => ({ locked: false, tool: tools[0] });

// The view as the page sees it (views/index.js): its element, render and relabel, and the
// switches of state (boardState); locking a board marks its cells (if it has any) aria-disabled.
export function boardControls(state, { element, render, relabel, cells = [] }) {
  return {
    element,
    render,
    relabel,
    setLocked(value) {
      state.locked = value;
      element.classList.toggle("locked", value);
      for (const cell of cells) cell.setAttribute("aria-disabled", String(value));
    },
    setTool(name) { state.tool = name; },
  };
}

// Places in words for the status line, at most five named: placeOf(item) says one.
export function describePlaces(items, placeOf, t) {
  const named = items.slice(0, 5).map(placeOf).join(t("list.join"));
  return items.length > 5 ? t("list.more", { list: named, more: items.length - 5 }) : named;
}

// A cell index of a board `width` cells wide in words, counted from 1 ("row 1, column 2").
export const cellPlace = (width, i, t) => t("at.cell", { r: Math.floor(i / width) + 1, c: (i % width) + 1 });

// A view's describeItems for items that are cell indices.
export const describeCells = (puzzle, items, t) => describePlaces(items, (i) => cellPlace(puzzle.width, i, t), t);

// A w × h board of cells, appended to element in row-major order: buttons with the class
// "grid-cell" and className, [data-index=i], and one tab stop, at start. The arrow keys, Home and
// End move it (gridkeys.js); a cell focused any other way (a click, a screen reader's cursor, the
// skip link) becomes it. onKey(event, i) gets every other key, with the cell it acts on. The board's
// own parts go in with beforeRow(r) (called before row r's cells, as a CSS grid places them) and
// decorate(cell, i) (each cell, before it is placed); right clicks are the board's (no menu).
// Answers {cells, focused(), moveFocus(i, scroll = true), indexAt(element), label(labelOf)}.
export function createCells({ element, w, h, className, start = 0, beforeRow = () => {}, decorate = () => {},
  onKey = () => {} }) {
  let focusIndex = start;
  const cells = [];
  for (let r = 0; r < h; r++) {
    beforeRow(r);
    for (let c = 0; c < w; c++) {
      const i = r * w + c;
      const cell = htmlElement("button", { type: "button", class: `grid-cell ${className}`, "data-index": i,
        tabindex: i === focusIndex ? 0 : -1 });
      decorate(cell, i);
      element.append(cell);
      cells.push(cell);
    }
  }

  function moveFocus(i, scroll = true) {
    cells[focusIndex].tabIndex = -1;
    focusIndex = i;
    cells[i].tabIndex = 0;
    cells[i].focus({ preventScroll: !scroll });
  }

  // The index of the cell that is or holds target (an event's target, a point's element), or null.
  function indexAt(target) {
    const cell = target?.closest?.(".grid-cell");
    return cell && element.contains(cell) ? Number(cell.dataset.index) : null;
  }

  element.addEventListener("focusin", (event) => {
    const i = indexAt(event.target);
    if (i === null || i === focusIndex) return;
    cells[focusIndex].tabIndex = -1;
    focusIndex = i;
    cells[i].tabIndex = 0;
  });
  element.addEventListener("keydown", (event) => {
    if (!handleGridMove(event, focusIndex, w, h, moveFocus)) onKey(event, focusIndex);
  });
  ignoreSpaceKeyup(element);
  element.addEventListener("contextmenu", (event) => event.preventDefault());

  return {
    cells,
    focused: () => focusIndex,
    moveFocus,
    indexAt,
    label(labelOf) { cells.forEach((cell, i) => cell.setAttribute("aria-label", labelOf(i))); },
  };
}

// Whether a pointer event is more than TAP_SLOP from its press ({x, y}: where it went down).
export const movedBeyondTap = (press, event) => Math.hypot(event.clientX - press.x, event.clientY - press.y) > TAP_SLOP;

// The point of svg's own coordinates (its viewBox) under a pointer event, or null while the SVG
// is not laid out.
export function svgPoint(svg, event) {
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  return new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
}

// A board played by a keyboard cursor (target, focusable) shows its focus ring on wrap from a
// key or a keyboard's focus only: after a click the ring and the cursor would only be noise.
export function focusRingFromKeys(wrap, target) {
  target.addEventListener("focus", () => wrap.classList.toggle("focused", target.matches(":focus-visible")));
  target.addEventListener("keydown", () => wrap.classList.add("focused"));
  target.addEventListener("blur", () => wrap.classList.remove("focused"));
}
