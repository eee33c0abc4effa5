// Signal's board: width × height tiles, each a button. A tile is a 4-bit mask (1 up, 2 right,
// 4 down, 8 left); clicking turns it a quarter clockwise, which moves each bit one place up.
// Tiles joined to the centre tile by links present on both sides are lit, as the engine's
// check reports them, so progress is visible while playing.
//
// On a wrapping board (version 4) the edges are joined: a pipe leaving the right edge enters
// the leftmost tile of the same row, one leaving the top enters the bottom tile of its column.
// The view shows it with a ring of half tiles around the board, each a faded copy of the tile
// on the opposite edge, so a pipe that leaves an edge is seen to meet the tile it reaches.

import { handleGridMove, ignoreSpaceKeyup } from "../gridkeys.js";
import { htmlElement, svgElement } from "../svg.js";

const BITS = [1, 2, 4, 8];

// What a tap does (the page's tool switch); the first is the default.
export const tools = ["cw", "ccw"];

export const rotateRight = (mask) => ((mask << 1) & 15) | (mask >> 3);
export const rotateLeft = (mask) => (mask >> 1) | ((mask & 1) << 3);

// The board's shape as the API sends it: width, height and wrapping (a version 3 puzzle has
// only its side, size).
export function shapeOf(puzzle) {
  return {
    width: puzzle.width ?? puzzle.size,
    height: puzzle.height ?? puzzle.size,
    wrapping: Boolean(puzzle.wrapping),
  };
}

// The cell next to i in direction d (0 up, 1 right, 2 down, 3 left), or -1 off the board.
export function neighbour(i, d, width, height = width, wrapping = false) {
  const r = Math.floor(i / width), c = i % width;
  if (d === 0) return r > 0 ? i - width : wrapping ? i + width * (height - 1) : -1;
  if (d === 1) return c < width - 1 ? i + 1 : wrapping ? i - c : -1;
  if (d === 2) return r < height - 1 ? i + width : wrapping ? c : -1;
  return c > 0 ? i - 1 : wrapping ? i + width - 1 : -1;
}

const centreOf = (width, height) => Math.floor(height / 2) * width + Math.floor(width / 2);

export function litTiles(board, width, height = width, wrapping = false) {
  const centre = centreOf(width, height);
  const seen = new Set([centre]), queue = [centre];
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k];
    for (let d = 0; d < 4; d++) {
      const j = neighbour(i, d, width, height, wrapping);
      if (j >= 0 && board[i] & BITS[d] && board[j] & BITS[(d + 2) % 4] && !seen.has(j)) {
        seen.add(j);
        queue.push(j);
      }
    }
  }
  return seen;
}

// The rules: every pipe end meets a pipe end (on a board with edges, none points off it), and
// the links form one tree over all tiles (one link fewer than tiles, everything connected).
export function isSolved(puzzle, board) {
  const { width, height, wrapping } = shapeOf(puzzle);
  const cells = width * height;
  let ends = 0;
  for (let i = 0; i < cells; i++) {
    for (let d = 0; d < 4; d++) {
      if (!(board[i] & BITS[d])) continue;
      const j = neighbour(i, d, width, height, wrapping);
      if (j < 0 || !(board[j] & BITS[(d + 2) % 4])) return false;
      ends++;
    }
  }
  return ends / 2 === cells - 1 && litTiles(board, width, height, wrapping).size === cells;
}

export const initialBoard = (puzzle) => puzzle.tiles.slice();
export const boardFromSolution = (solution) => solution.tiles.slice();

// The check's answer in words: how many tiles reach the centre ({lit: [tile indices]}).
export function describeWrong(puzzle, result, t) {
  const { width, height } = shapeOf(puzzle);
  return t("wrong.signal", { lit: (result.lit || []).length, total: width * height });
}

const PIPE_ENDS = [[50, 0], [100, 50], [50, 100], [0, 50]];

function tileDrawing(mask, isCentre) {
  const g = svgElement("g");
  let degree = 0;
  for (let d = 0; d < 4; d++) {
    if (!(mask & BITS[d])) continue;
    degree++;
    for (const cls of ["pipe", "flow"]) {
      g.append(svgElement("line", { x1: 50, y1: 50, x2: PIPE_ENDS[d][0], y2: PIPE_ENDS[d][1], class: cls }));
    }
  }
  if (isCentre) g.append(svgElement("rect", { x: 30, y: 30, width: 40, height: 40, rx: 6, class: "source" }));
  else if (degree === 1) g.append(svgElement("circle", { cx: 50, cy: 50, r: 17, class: "terminal" }));
  else if (degree > 1) g.append(svgElement("circle", { cx: 50, cy: 50, r: 9, class: "joint" }));
  return g;
}

// The ghost ring of a wrapping board, in grid order: for each place around the board (row and
// column in the (height + 2) × (width + 2) layout), the tile it copies and the half it shows
// as an SVG viewBox: the half next to the board's edge. Corners stay empty.
function ghostPlaces(width, height) {
  const places = [];
  for (let c = 0; c < width; c++) places.push({ r: 0, c: c + 1, tile: (height - 1) * width + c, box: "0 50 100 50" });
  for (let r = 0; r < height; r++) {
    places.push({ r: r + 1, c: 0, tile: r * width + width - 1, box: "50 0 50 100" });
    places.push({ r: r + 1, c: width + 1, tile: r * width, box: "0 0 50 100" });
  }
  for (let c = 0; c < width; c++) places.push({ r: height + 1, c: c + 1, tile: c, box: "0 0 100 50" });
  return places;
}

export function createView({ puzzle, onAction, t }) {
  const { width, height, wrapping } = shapeOf(puzzle);
  const cells = width * height;
  const centre = centreOf(width, height);
  const element = htmlElement("div", { class: wrapping ? "signal-grid wrapping" : "signal-grid", role: "group" });
  // --n is the number of tile widths the board spans: the CSS sizes a tile from it.
  element.style.setProperty("--n", String(width + (wrapping ? 1 : 0)));
  if (wrapping) {
    const half = "calc(var(--tile) / 2)";
    element.style.gridTemplateColumns = `${half} repeat(${width}, var(--tile)) ${half}`;
    element.style.gridTemplateRows = `${half} repeat(${height}, var(--tile)) ${half}`;
  }
  let board = initialBoard(puzzle);
  let lit = new Set();
  let focusIndex = centre;
  let locked = false;
  let tool = tools[0];
  const drawn = new Array(cells).fill(null);

  const tiles = board.map((_, i) => {
    const button = htmlElement("button", { type: "button", class: "tile", "data-index": i,
      tabindex: i === focusIndex ? 0 : -1 });
    button.append(svgElement("svg", { viewBox: "0 0 100 100", "aria-hidden": "true", focusable: "false" }));
    if (wrapping) {
      button.style.gridRow = String(Math.floor(i / width) + 2);
      button.style.gridColumn = String((i % width) + 2);
    }
    element.append(button);
    return button;
  });
  const ghosts = wrapping ? ghostPlaces(width, height).map((place) => {
    const ghost = htmlElement("div", { class: "tile ghost", "aria-hidden": "true" });
    Object.assign(ghost.style, {
      gridRow: String(place.r + 1), gridColumn: String(place.c + 1), width: "auto", height: "auto",
      opacity: "0.45", pointerEvents: "none",
    });
    ghost.append(svgElement("svg", { viewBox: place.box, "aria-hidden": "true", focusable: "false" }));
    element.append(ghost);
    return { ghost, tile: place.tile };
  }) : [];

  function label(i) {
    const dirs = [0, 1, 2, 3].filter((d) => board[i] & BITS[d]).map((d) => t(`dir.${d}`));
    const connections = dirs.length ? t("signal.connects", { list: dirs.join(t("list.join")) }) : t("signal.none");
    return t("signal.tile", {
      r: Math.floor(i / width) + 1, c: (i % width) + 1, connections,
      centre: i === centre ? t("signal.centre") : "",
      lit: lit.has(i) ? t("signal.lit") : t("signal.unlit"),
    });
  }

  function rotate(i, left) {
    if (locked) return;
    const next = board.slice();
    next[i] = left ? rotateLeft(board[i]) : rotateRight(board[i]);
    if (next[i] === board[i]) return; // a cross looks the same every way; not a move
    onAction(next, 1);
  }

  function moveFocus(i) {
    tiles[focusIndex].tabIndex = -1;
    focusIndex = i;
    tiles[i].tabIndex = 0;
    tiles[i].focus();
  }

  element.addEventListener("click", (event) => {
    const tile = event.target.closest(".tile");
    if (!tile || !tile.dataset.index) return;
    const i = Number(tile.dataset.index);
    if (focusIndex !== i) moveFocus(i);
    // detail 0: activated by a keyboard or an assistive technology, which the label promises
    // rotates right; a pointer follows the chosen tool, and Shift turns the other way.
    const left = event.detail === 0 ? event.shiftKey : (tool === "ccw") !== event.shiftKey;
    rotate(i, left);
  });
  element.addEventListener("pointerup", (event) => {
    if (event.button !== 2 || event.pointerType === "touch") return;
    const tile = event.target.closest(".tile");
    if (!tile || !tile.dataset.index) return;
    event.preventDefault();
    rotate(Number(tile.dataset.index), tool !== "ccw");
  });
  element.addEventListener("contextmenu", (event) => event.preventDefault());
  element.addEventListener("keydown", (event) => {
    if (handleGridMove(event, focusIndex, width, moveFocus, height)) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault(); // no synthetic click: the key itself rotates
      if (!event.repeat) rotate(focusIndex, event.shiftKey);
    }
  });
  ignoreSpaceKeyup(element);

  function render(next) {
    board = next;
    lit = litTiles(board, width, height, wrapping);
    for (let i = 0; i < cells; i++) {
      const isLit = lit.has(i);
      const key = `${board[i]}:${isLit}`;
      if (drawn[i] !== key) {
        drawn[i] = key;
        tiles[i].firstChild.replaceChildren(tileDrawing(board[i], i === centre));
        tiles[i].classList.toggle("lit", isLit);
      }
      tiles[i].setAttribute("aria-label", label(i));
    }
    for (const { ghost, tile } of ghosts) {
      ghost.firstChild.replaceChildren(tileDrawing(board[tile], tile === centre));
      ghost.classList.toggle("lit", lit.has(tile));
    }
    element.classList.toggle("complete", isSolved(puzzle, board));
  }

  function relabel() {
    element.setAttribute("aria-label", t("signal.board", { w: width, h: height, wrap: wrapping ? t("signal.wraps") : "" }));
    tiles.forEach((tile, i) => tile.setAttribute("aria-label", label(i)));
  }
  relabel();

  return {
    element,
    render,
    showWrong: () => {}, // the lit tiles already show what reaches the centre
    setLocked: (value) => {
      locked = value;
      element.classList.toggle("locked", value);
      tiles.forEach((tile) => tile.setAttribute("aria-disabled", String(value)));
    },
    setTool: (name) => { tool = name; },
    relabel,
  };
}
