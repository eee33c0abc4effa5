// Signal's board: n×n tiles, each a button. A tile is a 4-bit mask (1 up, 2 right, 4 down,
// 8 left); clicking turns it a quarter clockwise, which moves each bit one place up.
// Tiles joined to the centre tile by links present on both sides are lit, as the engine's
// check reports them, so progress is visible while playing.

import { handleGridMove, ignoreSpaceKeyup } from "../gridkeys.js";
import { htmlElement, svgElement } from "../svg.js";

const BITS = [1, 2, 4, 8];

// What a tap does (the page's tool switch); the first is the default.
export const tools = ["cw", "ccw"];

export const rotateRight = (mask) => ((mask << 1) & 15) | (mask >> 3);
export const rotateLeft = (mask) => (mask >> 1) | ((mask & 1) << 3);

function neighbour(i, d, n) {
  const r = Math.floor(i / n), c = i % n;
  if (d === 0) return r > 0 ? i - n : -1;
  if (d === 1) return c < n - 1 ? i + 1 : -1;
  if (d === 2) return r < n - 1 ? i + n : -1;
  return c > 0 ? i - 1 : -1;
}

export function litTiles(board, n) {
  const centre = Math.floor(n / 2) * n + Math.floor(n / 2);
  const seen = new Set([centre]), queue = [centre];
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k];
    for (let d = 0; d < 4; d++) {
      const j = neighbour(i, d, n);
      if (j >= 0 && board[i] & BITS[d] && board[j] & BITS[(d + 2) % 4] && !seen.has(j)) {
        seen.add(j);
        queue.push(j);
      }
    }
  }
  return seen;
}

// The rules: every pipe end meets a pipe end on the board, and the links form one tree
// over all n² tiles (n² − 1 links, everything connected).
export function isSolved(puzzle, board) {
  const n = puzzle.size;
  let ends = 0;
  for (let i = 0; i < n * n; i++) {
    for (let d = 0; d < 4; d++) {
      if (!(board[i] & BITS[d])) continue;
      const j = neighbour(i, d, n);
      if (j < 0 || !(board[j] & BITS[(d + 2) % 4])) return false;
      ends++;
    }
  }
  return ends / 2 === n * n - 1 && litTiles(board, n).size === n * n;
}

export const initialBoard = (puzzle) => puzzle.tiles.slice();
export const boardFromSolution = (solution) => solution.tiles.slice();

// The check's answer in words: how many tiles reach the centre ({lit: [tile indices]}).
export function describeWrong(puzzle, result, t) {
  return t("wrong.signal", { lit: (result.lit || []).length, total: puzzle.size ** 2 });
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

export function createView({ puzzle, onAction, t }) {
  const n = puzzle.size;
  const centre = Math.floor(n / 2) * n + Math.floor(n / 2);
  const element = htmlElement("div", { class: "signal-grid", role: "group" });
  element.style.setProperty("--n", String(n));
  let board = initialBoard(puzzle);
  let lit = new Set();
  let focusIndex = centre;
  let locked = false;
  let tool = tools[0];
  const drawn = new Array(n * n).fill(null);

  const tiles = board.map((_, i) => {
    const button = htmlElement("button", { type: "button", class: "tile", "data-index": i,
      tabindex: i === focusIndex ? 0 : -1 });
    button.append(svgElement("svg", { viewBox: "0 0 100 100", "aria-hidden": "true", focusable: "false" }));
    element.append(button);
    return button;
  });

  function label(i) {
    const dirs = [0, 1, 2, 3].filter((d) => board[i] & BITS[d]).map((d) => t(`dir.${d}`));
    const connections = dirs.length ? t("signal.connects", { list: dirs.join(t("list.join")) }) : t("signal.none");
    return t("signal.tile", {
      r: Math.floor(i / n) + 1, c: (i % n) + 1, connections,
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
    if (!tile) return;
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
    if (!tile) return;
    event.preventDefault();
    rotate(Number(tile.dataset.index), tool !== "ccw");
  });
  element.addEventListener("contextmenu", (event) => event.preventDefault());
  element.addEventListener("keydown", (event) => {
    if (handleGridMove(event, focusIndex, n, moveFocus)) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault(); // no synthetic click: the key itself rotates
      if (!event.repeat) rotate(focusIndex, event.shiftKey);
    }
  });
  ignoreSpaceKeyup(element);

  function render(next) {
    board = next;
    lit = litTiles(board, n);
    for (let i = 0; i < n * n; i++) {
      const isLit = lit.has(i);
      const key = `${board[i]}:${isLit}`;
      if (drawn[i] !== key) {
        drawn[i] = key;
        tiles[i].firstChild.replaceChildren(tileDrawing(board[i], i === centre));
        tiles[i].classList.toggle("lit", isLit);
      }
      tiles[i].setAttribute("aria-label", label(i));
    }
    element.classList.toggle("complete", isSolved(puzzle, board));
  }

  function relabel() {
    element.setAttribute("aria-label", t("signal.board", { n }));
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
