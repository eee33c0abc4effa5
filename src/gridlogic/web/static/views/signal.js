// Signal's board: n×n tiles, each a button. A tile is a 4-bit mask (1 up, 2 right, 4 down,
// 8 left); clicking turns it a quarter clockwise, which moves each bit one place up.
// Tiles joined to the centre tile by links present on both sides are lit, as the engine's
// check reports them, so progress is visible while playing.

import { handleGridMove, ignoreSpaceKeyup } from "../gridkeys.js";

const BITS = [1, 2, 4, 8];
const SVG = "http://www.w3.org/2000/svg";

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
export function isSolved(board, n) {
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

function tileDrawing(mask, isCentre) {
  const g = document.createElementNS(SVG, "g");
  const ends = [[50, 0], [100, 50], [50, 100], [0, 50]];
  let degree = 0;
  for (let d = 0; d < 4; d++) {
    if (!(mask & BITS[d])) continue;
    degree++;
    for (const cls of ["pipe", "flow"]) {
      const line = document.createElementNS(SVG, "line");
      line.setAttribute("x1", "50");
      line.setAttribute("y1", "50");
      line.setAttribute("x2", String(ends[d][0]));
      line.setAttribute("y2", String(ends[d][1]));
      line.setAttribute("class", cls);
      g.append(line);
    }
  }
  if (isCentre) {
    const box = document.createElementNS(SVG, "rect");
    for (const [k, v] of Object.entries({ x: 30, y: 30, width: 40, height: 40, rx: 6, class: "source" })) {
      box.setAttribute(k, String(v));
    }
    g.append(box);
  } else if (degree === 1) {
    const end = document.createElementNS(SVG, "circle");
    for (const [k, v] of Object.entries({ cx: 50, cy: 50, r: 17, class: "terminal" })) end.setAttribute(k, String(v));
    g.append(end);
  } else if (degree > 1) {
    const joint = document.createElementNS(SVG, "circle");
    for (const [k, v] of Object.entries({ cx: 50, cy: 50, r: 9, class: "joint" })) joint.setAttribute(k, String(v));
    g.append(joint);
  }
  return g;
}

export function createSignalView({ puzzle, onAction, t }) {
  const n = puzzle.size;
  const centre = Math.floor(n / 2) * n + Math.floor(n / 2);
  const element = document.createElement("div");
  element.className = "signal-grid";
  element.setAttribute("role", "group");
  element.style.setProperty("--n", String(n));
  let board = puzzle.tiles.slice();
  let lit = new Set();
  let focusIndex = centre;
  let locked = false;
  let tool = "cw";
  const drawn = new Array(n * n).fill(null);

  const tiles = board.map((_, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tile";
    button.dataset.index = String(i);
    button.tabIndex = i === focusIndex ? 0 : -1;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    button.append(svg);
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
    element.classList.toggle("complete", isSolved(board, n));
  }

  function relabel() {
    element.setAttribute("aria-label", t("signal.board", { n }));
    tiles.forEach((tile, i) => tile.setAttribute("aria-label", label(i)));
  }
  relabel();

  return {
    element,
    initialBoard: () => puzzle.tiles.slice(),
    boardFromSolution: (solution) => solution.tiles.slice(),
    render,
    isSolved: (b) => isSolved(b, n),
    showWrong: () => {},
    setLocked: (value) => {
      locked = value;
      element.classList.toggle("locked", value);
      tiles.forEach((tile) => tile.setAttribute("aria-disabled", String(value)));
    },
    setTool: (name) => { tool = name; },
    relabel,
  };
}
