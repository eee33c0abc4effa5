// Loop's board: the dots of a width × height grid, the clue numbers in the cells, and the edges
// between dots (1 line, 0 nothing, 2 marked × "no line"). Edge indexing follows the engine:
// horizontal edge (r, c), r in 0..h, c in 0..w-1, is r*w + c; vertical edge (r, c), r in 0..h-1,
// c in 0..w, is r*(w+1) + c; dot (r, c) is r*(w+1) + c. An edge's key is "h" or "v" and its index.
// A puzzle whose givens carry a grid of its own (Loop version 4, any of Loopy's grids) is played by
// anygrid.js: each part of the page's surface below hands such a puzzle (or its board, {edges}) there.
//
// A press anywhere on the board acts on the nearest edge: each cell is cut by its diagonals
// into four triangles, one per side, so every edge owns a diamond a whole cell wide and a
// finger never has to hit a thin line. The action happens on release, and only if the
// pointer stayed put; a touch that moves is a scroll, and a mouse that moves draws a run
// of lines from dot to dot (see dragTo).
//
// What the rules alone can tell while playing (liveErrors):
//   "branch"   a dot with three or four lines
//   "deadEnd"  a dot with one line and no undecided edge left to go on
//   "over"     a number with more lines around it than it says
//   "blocked"  a number that can no longer be met: lines plus undecided sides are too few
//   "loop"     a closed loop while other lines remain or some number is not met
// For example on a 2×2 board with a 3 in the top-left cell, the four sides of that cell form a
// closed loop with 4 lines around the 3: both "over" (the cell) and "loop" (its four edges);
// erasing the cell's right side opens the loop and meets the 3, and both errors go.
//
// Shading (puzz.link's background colours): the player may shade cells as inside the loop (1) or
// outside it (2), the notes of views/index.js: never judged, free of moves, undone and kept with
// the play. The "shade" tool's tap goes none → inside → outside → none (a right click the other
// way); on the keyboard I and O shade the cell to the lower right of the cursor's dot (at the
// right or bottom edge, the nearest cell). Inside is a warm tint, outside a grey hatching.

import { htmlElement, svgElement } from "../../svg.js";
import * as anyGrid from "./anygrid.js";
import {
  boardControls, boardElement, boardState, describePlaces, focusRingFromKeys, movedBeyondTap, svgPoint,
} from "../grid.js";

const OPEN = 0, LINE = 1, CROSS = 2;
const MARGIN = 0.5;

// What a tap does (the page's tool switch); the first is the default.
export const tools = ["line", "mark", "shade"];

const NO_SHADE = 0, INSIDE = 1, OUTSIDE = 2;
// The player's notes: each cell's shading, none at the start.
export const initialNotes = (puzzle) => (anyGrid.onGrid(puzzle) ? anyGrid.initialNotes(puzzle)
  : new Array(puzzle.width * puzzle.height).fill(NO_SHADE));
// The next shading of a cell on a tap (back: a right click): none → inside → outside → none.
export const nextShade = (value, back = false) => (value + (back ? 2 : 1)) % 3;

const shape = (puzzle) => ({ w: puzzle.width, h: puzzle.height });

// The value of edge key ("h3", "v0") on board.
const edgeValue = (board, key) => (key[0] === "h" ? board.horizontal : board.vertical)[Number(key.slice(1))];

// The four sides of cell (r, c) as edge keys: top, bottom, left, right.
function cellSides({ w }, r, c) {
  return [`h${r * w + c}`, `h${(r + 1) * w + c}`, `v${r * (w + 1) + c}`, `v${r * (w + 1) + c + 1}`];
}

// The edges at dot (r, c), by direction 0 up, 1 right, 2 down, 3 left (null off the board).
function dotEdges({ w, h }, r, c) {
  return [
    r > 0 ? `v${(r - 1) * (w + 1) + c}` : null,
    c < w ? `h${r * w + c}` : null,
    r < h ? `v${r * (w + 1) + c}` : null,
    c > 0 ? `h${r * w + c - 1}` : null,
  ];
}

// The dots an edge joins, as [r, c] pairs.
function edgeDots({ w }, key) {
  const i = Number(key.slice(1));
  if (key[0] === "h") { const r = Math.floor(i / w), c = i % w; return [[r, c], [r, c + 1]]; }
  const r = Math.floor(i / (w + 1)), c = i % (w + 1);
  return [[r, c], [r + 1, c]];
}

export function cellCount(board, puzzle, r, c) {
  return cellSides(shape(puzzle), r, c).filter((key) => edgeValue(board, key) === LINE).length;
}

function lineKeys(board) {
  return [
    ...board.horizontal.flatMap((v, i) => (v === LINE ? [`h${i}`] : [])),
    ...board.vertical.flatMap((v, i) => (v === LINE ? [`v${i}`] : [])),
  ];
}

// The lines' connected pieces: [{edges: [keys], dots: Set of dot indices, closed}], closed when
// every dot of the piece has exactly two lines.
function pieces(puzzle, board) {
  const grid = shape(puzzle), dotIndex = ([r, c]) => r * (grid.w + 1) + c;
  const parent = new Map(), degree = new Map();
  const find = (x) => { while (parent.get(x) !== x) { parent.set(x, parent.get(parent.get(x))); x = parent.get(x); } return x; };
  const keys = lineKeys(board);
  for (const key of keys) {
    const [a, b] = edgeDots(grid, key).map(dotIndex);
    for (const d of [a, b]) {
      if (!parent.has(d)) parent.set(d, d);
      degree.set(d, (degree.get(d) || 0) + 1);
    }
    parent.set(find(a), find(b));
  }
  const byRoot = new Map();
  for (const key of keys) {
    const root = find(dotIndex(edgeDots(grid, key)[0]));
    if (!byRoot.has(root)) byRoot.set(root, { edges: [], dots: new Set(), closed: true });
    const piece = byRoot.get(root);
    piece.edges.push(key);
    for (const dot of edgeDots(grid, key).map(dotIndex)) piece.dots.add(dot);
  }
  for (const piece of byRoot.values()) piece.closed = [...piece.dots].every((d) => degree.get(d) === 2);
  return [...byRoot.values()];
}

// Whether the number of cell i is shown met (muted, with a tick): its cell has as many lines as it
// says and the player has said so, which a line does for a 1, 2 or 3; a 0 is met once its four
// sides are marked × (or the loop is complete), so a fresh board shows no 0 as done.
export function clueShownMet(puzzle, board, i, complete = isSolved(puzzle, board)) {
  const k = puzzle.givens.clues[i], { w } = shape(puzzle);
  if (k === null || cellCount(board, puzzle, Math.floor(i / w), i % w) !== k) return false;
  return k > 0 || complete || cellSides(shape(puzzle), Math.floor(i / w), i % w).every((key) => edgeValue(board, key) === CROSS);
}

function cluesMet(puzzle, board) {
  const { w } = shape(puzzle);
  return puzzle.givens.clues.every((k, i) => k === null || cellCount(board, puzzle, Math.floor(i / w), i % w) === k);
}

// The rules: every clue equals its count, and the lines form exactly one closed loop.
export function isSolved(puzzle, board) {
  if (anyGrid.onGrid(puzzle)) return anyGrid.isSolved(puzzle, board);
  const found = pieces(puzzle, board);
  return found.length === 1 && found[0].closed && cluesMet(puzzle, board);
}

// What the rules alone say is wrong now: [{kind, items}], kinds with items only; items are dot
// indices (branch, deadEnd), cell indices (over, blocked) or edge keys (loop).
export function liveErrors(puzzle, board) {
  if (anyGrid.onGrid(puzzle)) return anyGrid.liveErrors(puzzle, board);
  const grid = shape(puzzle), { w, h } = grid;
  const branch = [], deadEnd = [], over = [], blocked = [], loop = [];
  for (let r = 0; r <= h; r++) {
    for (let c = 0; c <= w; c++) {
      const values = dotEdges(grid, r, c).filter(Boolean).map((key) => edgeValue(board, key));
      const lines = values.filter((v) => v === LINE).length, open = values.filter((v) => v === OPEN).length;
      if (lines >= 3) branch.push(r * (w + 1) + c);
      else if (lines === 1 && open === 0) deadEnd.push(r * (w + 1) + c);
    }
  }
  puzzle.givens.clues.forEach((k, i) => {
    if (k === null) return;
    const values = cellSides(grid, Math.floor(i / w), i % w).map((key) => edgeValue(board, key));
    const lines = values.filter((v) => v === LINE).length, open = values.filter((v) => v === OPEN).length;
    if (lines > k) over.push(i);
    else if (lines + open < k) blocked.push(i);
  });
  const found = pieces(puzzle, board);
  if (found.length > 1 || !cluesMet(puzzle, board)) {
    for (const piece of found) if (piece.closed) loop.push(...piece.edges);
  }
  return Object.entries({ branch, deadEnd, over, blocked, loop })
    .filter(([, items]) => items.length).map(([kind, items]) => ({ kind, items }));
}

// The moves a change of board costs: each edge that gets or loses a line; × marks are free.
export function moveCost(before, after) {
  if (Array.isArray(after.edges)) return anyGrid.moveCost(before, after);
  let cost = 0;
  for (const key of ["horizontal", "vertical"]) {
    after[key].forEach((v, i) => { cost += (v === LINE) !== (before[key][i] === LINE); });
  }
  return cost;
}

// Check's answer against the solution: lines the answer does not have, and × marks on edges it
// draws, as edge keys. Undecided edges are unfinished, never called wrong.
export function mistakes(puzzle, board, solution) {
  if (anyGrid.onGrid(puzzle)) return anyGrid.mistakes(puzzle, board, solution);
  const wrong = [];
  for (const [kind, key] of [["h", "horizontal"], ["v", "vertical"]]) {
    board[key].forEach((v, i) => {
      const wanted = solution[key][i] === LINE;
      if ((v === LINE && !wanted) || (v === CROSS && wanted)) wrong.push(`${kind}${i}`);
    });
  }
  return wrong;
}

function edgePlace(puzzle, key, t) {
  const [[r, c]] = edgeDots(shape(puzzle), key);
  return t("at.edge", { r: r + 1, c: c + 1, dir: t(key[0] === "h" ? "dir.1" : "dir.2") });
}

// Words for a list of edge keys (mistakes), at most five named.
export const describeItems = (puzzle, items, t) => (anyGrid.onGrid(puzzle) ? anyGrid.describeItems(puzzle, items, t)
  : describePlaces(items, (key) => edgePlace(puzzle, key, t), t));

// A live error in words.
export const describeError = (puzzle, { kind, items }, t) => t(`error.loop.${kind}`, { count: items.length });

export const initialBoard = (puzzle) => (anyGrid.onGrid(puzzle) ? anyGrid.initialBoard(puzzle) : {
  horizontal: new Array((puzzle.height + 1) * puzzle.width).fill(OPEN),
  vertical: new Array(puzzle.height * (puzzle.width + 1)).fill(OPEN),
});
// A solution on a grid has one list of edges (anygrid.js); on squares, its two directions.
export const boardFromSolution = (solution) => (Array.isArray(solution.edges) ? anyGrid.boardFromSolution(solution) : {
  horizontal: solution.horizontal.slice(), vertical: solution.vertical.slice(),
});

// Whether pasted text is a Loop puzzle in another program's format: a puzz.link (pzprjs) URL of a
// slitherlink (…?slither/W/H/body), or a Tatham Loopy game ID (WxH, its parameters, ":" and a body
// with no "/", which a Pattern game ID always has). gridlogic.loop.formats reads both.
export function recognises(text) {
  const stripped = String(text).trim();
  return /(^|[?&/])slither\//.test(stripped) || (/^\d+x\d+[^:/\s]*:/.test(stripped) && !stripped.includes("/"));
}

// The board's size in cells, its margin of half a cell on each side included.
export const extent = (puzzle) => (anyGrid.onGrid(puzzle) ? anyGrid.extent(puzzle)
  : { width: puzzle.width + 2 * MARGIN, height: puzzle.height + 2 * MARGIN });

// The edge nearest to board point (x, y) (in cell units, origin at the top-left dot).
export function edgeAt(x, y, w, h = w) {
  if (x < -MARGIN || y < -MARGIN || x > w + MARGIN || y > h + MARGIN) return null;
  const candidates = [];
  const hr = Math.round(y), hc = Math.floor(x);
  if (hr >= 0 && hr <= h && hc >= 0 && hc < w) candidates.push({ kind: "h", index: hr * w + hc, distance: Math.abs(y - hr) });
  const vc = Math.round(x), vr = Math.floor(y);
  if (vc >= 0 && vc <= w && vr >= 0 && vr < h) candidates.push({ kind: "v", index: vr * (w + 1) + vc, distance: Math.abs(x - vc) });
  candidates.sort((a, b) => a.distance - b.distance);
  return candidates[0] ?? null;
}

// What a screen reader hears at the cursor's dot: the dot, its four edges, the numbers of the
// (up to) four cells around it with their shading, and any rule it breaks.
export function describeDot(puzzle, board, r, c, t, shades = null) {
  const grid = shape(puzzle), { w, h } = grid;
  const parts = [t("loop.dot", { r: r + 1, c: c + 1 })];
  dotEdges(grid, r, c).forEach((key, d) => {
    const value = key === null ? "edge" : ["open", "line", "cross"][edgeValue(board, key)];
    parts.push(t("loop.side", { dir: t(`dir.${d}`), state: t(`loop.state.${value}`) }));
  });
  const around = [];
  for (const [dr, dc, where] of [[-1, -1, "upLeft"], [-1, 0, "upRight"], [0, -1, "downLeft"], [0, 0, "downRight"]]) {
    const cr = r + dr, cc = c + dc;
    if (cr < 0 || cr >= h || cc < 0 || cc >= w) continue;
    const k = puzzle.givens.clues[cr * w + cc];
    const clue = k === null ? t("loop.noClue")
      : t("loop.clue", { k, count: cellCount(board, puzzle, cr, cc) });
    const shade = shades?.[cr * w + cc] ? t(`loop.shade.${shades[cr * w + cc]}`) : "";
    around.push(t("loop.cellAround", { where: t(`loop.where.${where}`), clue }) + shade);
  }
  parts.push(t("loop.cells", { list: around.join(t("list.join")) }));
  return parts.join(" ");
}

const CROSS_SIZE = 0.12; // half the width of an edge's ×, in cells

// Fills svg with the board's parts that stay: the backdrop, the outside shading's hatching, a
// rectangle per cell for its shading, the clues, the edges (a wide transparent line to hit, the
// line drawn and its ×), the dots, a group for the marks drawn anew each time (rings on dots that
// break a rule, flags on edges Check found wrong) and the keyboard's cursor. Answers the parts
// that change.
function drawBoard(svg, { w, h }, clues) {
  svg.append(svgElement("rect", { x: -MARGIN, y: -MARGIN, width: w + 2 * MARGIN, height: h + 2 * MARGIN,
    class: "backdrop" }));
  const defs = svgElement("defs");
  const hatch = svgElement("pattern", { id: "loop-outside-hatch", patternUnits: "userSpaceOnUse", width: 0.2,
    height: 0.2, patternTransform: "rotate(45)" });
  hatch.append(svgElement("rect", { width: 0.2, height: 0.2, class: "hatch-ground" }),
    svgElement("line", { x1: 0, y1: 0, x2: 0, y2: 0.2, class: "hatch-line" }));
  defs.append(hatch);
  svg.append(defs);
  const shadeCells = clues.map((_, i) => svg.appendChild(svgElement("rect", { x: i % w, y: Math.floor(i / w), width: 1,
    height: 1, class: "shade", "data-cell": i })));
  const clueGroups = clues.map((k, i) => {
    if (k === null) return null;
    const x = i % w, y = Math.floor(i / w);
    const group = svgElement("g", { class: "clue" });
    group.append(svgElement("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.32, class: "ring" }));
    const text = svgElement("text", { x: x + 0.5, y: y + 0.5, "text-anchor": "middle", "dominant-baseline": "central" });
    text.textContent = String(k);
    const tick = svgElement("text", { x: x + 0.84, y: y + 0.2, "text-anchor": "middle", "dominant-baseline": "central",
      class: "tick" });
    tick.textContent = "✓";
    group.append(text, tick, svgElement("title"));
    return svg.appendChild(group);
  });
  const edges = {};
  function addEdge(key, x1, y1, x2, y2) {
    const group = svgElement("g", { class: "edge", "data-edge": key });
    group.append(svgElement("line", { x1, y1, x2, y2, class: "hit" }));
    group.append(svgElement("line", { x1, y1, x2, y2, class: "stroke" }));
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, s = CROSS_SIZE;
    group.append(svgElement("path", {
      d: `M${mx - s} ${my - s}L${mx + s} ${my + s}M${mx - s} ${my + s}L${mx + s} ${my - s}`, class: "cross" }));
    edges[key] = svg.appendChild(group);
  }
  for (let r = 0; r <= h; r++) for (let c = 0; c < w; c++) addEdge(`h${r * w + c}`, c, r, c + 1, r);
  for (let r = 0; r < h; r++) for (let c = 0; c <= w; c++) addEdge(`v${r * (w + 1) + c}`, c, r, c, r + 1);
  for (let r = 0; r <= h; r++) for (let c = 0; c <= w; c++) svg.append(svgElement("circle", { cx: c, cy: r, r: 0.07, class: "dot" }));
  const overlay = svgElement("g", { class: "overlay" });
  const cursorMark = svgElement("circle", { r: 0.2, class: "cursor" });
  svg.append(overlay, cursorMark);
  return { svg, shadeCells, clueGroups, edges, overlay, cursorMark };
}

// Draws board `shown` (a drag still in progress too) with marks ({errors, mistakes}) on the parts
// of drawBoard.
function paint(parts, puzzle, shown, marks, t) {
  const { svg, clueGroups, edges, overlay } = parts, clues = puzzle.givens.clues, { w } = shape(puzzle);
  for (const [kind, side] of [["h", "horizontal"], ["v", "vertical"]]) {
    shown[side].forEach((value, i) => {
      edges[`${kind}${i}`].classList.toggle("line", value === LINE);
      edges[`${kind}${i}`].classList.toggle("crossed", value === CROSS);
    });
  }
  const byKind = Object.fromEntries(marks.errors.map(({ kind, items }) => [kind, new Set(items)]));
  const has = (kind, item) => byKind[kind]?.has(item) ?? false;
  for (const key of Object.keys(edges)) edges[key].classList.toggle("error-loop", has("loop", key));
  const complete = isSolved(puzzle, shown);
  clueGroups.forEach((group, i) => {
    if (!group) return;
    const met = clueShownMet(puzzle, shown, i, complete);
    group.classList.toggle("met", met);
    group.classList.toggle("over", has("over", i));
    group.classList.toggle("blocked", has("blocked", i));
    const state = met ? t("loop.clueMet") : has("over", i) ? t("loop.clueOver")
      : has("blocked", i) ? t("loop.clueBlocked") : "";
    group.lastChild.textContent = state ? `${clues[i]} (${state})` : String(clues[i]);
  });
  overlay.replaceChildren();
  for (const kind of ["branch", "deadEnd"]) {
    for (const dot of byKind[kind] || []) {
      const r = Math.floor(dot / (w + 1)), c = dot % (w + 1);
      overlay.append(svgElement("circle", { cx: c, cy: r, r: 0.2, class: `dot-error ${kind}`, "data-dot": dot }));
    }
  }
  for (const key of marks.mistakes) {
    const [[r1, c1], [r2, c2]] = edgeDots(shape(puzzle), key);
    const x = (c1 + c2) / 2, y = (r1 + r2) / 2;
    overlay.append(svgElement("rect", { x: x - 0.17, y: y - 0.17, width: 0.34, height: 0.34, rx: 0.06,
      class: "mistake", "data-edge": key, transform: `rotate(45 ${x} ${y})` }));
  }
  svg.classList.toggle("complete", complete);
}

// The cell under a board point, or null off the cells.
function cellAt(point, { w, h }) {
  const r = Math.floor(point.y), c = Math.floor(point.x);
  return r >= 0 && r < h && c >= 0 && c < w ? r * w + c : null;
}

// The dot nearest to a board point ({r, c}), if the point is within 0.35 of a cell of it.
function nearestDot(point, { w, h }) {
  const r = Math.round(point.y), c = Math.round(point.x);
  if (r < 0 || r > h || c < 0 || c > w) return null;
  return Math.hypot(point.y - r, point.x - c) <= 0.35 ? { r, c } : null;
}

// The edge between two neighbouring dots, {side, index}, or null.
function segment(a, b, w) {
  if (a.r === b.r && Math.abs(a.c - b.c) === 1) return { side: "horizontal", index: a.r * w + Math.min(a.c, b.c) };
  if (a.c === b.c && Math.abs(a.r - b.r) === 1) return { side: "vertical", index: Math.min(a.r, b.r) * (w + 1) + a.c };
  return null;
}

// A mouse or pen draws a run of lines by dragging from dot to dot: the first segment decides
// whether the drag draws or erases (press.value), and each dot reached walks the drag on to it
// one dot at a time along a row or a column, so that a quick drag skips nothing, writing its edges
// into press.pending. Answers whether the run grew (a diagonal jump starts again from the dot).
function dragTo(press, dot, board, w) {
  if (!dot || (dot.r === press.dot?.r && dot.c === press.dot?.c)) return false;
  if (!press.dot) { press.dot = dot; return false; }
  while (press.dot.r !== dot.r || press.dot.c !== dot.c) {
    const step = press.dot.r !== dot.r && press.dot.c === dot.c
      ? { r: press.dot.r + Math.sign(dot.r - press.dot.r), c: dot.c }
      : press.dot.r === dot.r ? { r: dot.r, c: press.dot.c + Math.sign(dot.c - press.dot.c) } : null;
    if (!step) { press.dot = dot; return false; }
    const edge = segment(press.dot, step, w);
    if (press.value === null) press.value = board[edge.side][edge.index] === LINE ? OPEN : LINE;
    press.pending[edge.side][edge.index] = press.value;
    press.dot = step;
  }
  return true;
}

// Where an arrow key takes the cursor's dot: {r, c, edge} (edge: the key of the edge it crosses),
// null at the board's edge, undefined for any other key.
function arrowMove(cursor, key, { w, h }) {
  const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
  if (!step) return undefined;
  const r = cursor.r + step[0], c = cursor.c + step[1];
  if (r < 0 || r > h || c < 0 || c > w) return null;
  return { r, c, edge: step[0] !== 0 ? `v${Math.min(r, cursor.r) * (w + 1) + c}` : `h${r * w + Math.min(c, cursor.c)}` };
}

// The board with edge key toggled: a line drawn or erased, or (mark) a × set or taken off.
function edgeToggled(board, key, mark) {
  const side = key[0] === "h" ? "horizontal" : "vertical", index = Number(key.slice(1)), current = board[side][index];
  const next = { horizontal: board.horizontal.slice(), vertical: board.vertical.slice() };
  next[side][index] = mark ? (current === CROSS ? OPEN : CROSS) : (current === LINE ? OPEN : LINE);
  return next;
}

// Pointer: a press acts on release, on the nearest edge (or a cell, with the shade tool); a mouse
// or pen that moves draws a run (dragTo), a touch that moves is a scroll and does nothing.
// Keyboard: a cursor on a dot; arrows move it, Shift+arrow draws or erases the edge it crosses
// (and moves along), Ctrl+arrow marks that edge ×; I and O shade the cell below right of it.
export function createView({ puzzle, onAction, onNote = () => {}, t }) {
  if (anyGrid.onGrid(puzzle)) return anyGrid.createView({ puzzle, onAction, onNote, t });
  const grid = shape(puzzle), { w, h } = grid;
  const element = boardElement("div", { class: "loop-wrap" }, { w, h });
  const svg = svgElement("svg", { viewBox: `${-MARGIN} ${-MARGIN} ${w + 2 * MARGIN} ${h + 2 * MARGIN}`,
    class: "loop-board", tabindex: 0, role: "application", "aria-roledescription": t("loop.roledescription") });
  const spoken = htmlElement("p", { class: "sr-only", "aria-live": "polite" });
  element.append(svg, spoken);
  const parts = drawBoard(svg, grid, puzzle.givens.clues);
  const state = boardState(tools);
  let board = initialBoard(puzzle), shades = initialNotes(puzzle), shownMarks = { errors: [], mistakes: [] };
  let press = null, cursor = { r: 0, c: 0 }, speakCell = null; // speakCell: a cell just shaded by a key

  const toggle = (key, mark) => { if (!state.locked) onAction(edgeToggled(board, key, mark)); };
  const shade = (i, value) => { if (!state.locked && i !== null) onNote(Object.assign(shades.slice(), { [i]: value })); };

  svg.addEventListener("pointerdown", (event) => {
    if (state.locked || press || (event.button !== 0 && event.button !== 2)) return;
    const mark = event.button === 2 || state.tool === "mark", drawing = !mark && state.tool !== "shade";
    press = { id: event.pointerId, x: event.clientX, y: event.clientY, mark, shade: state.tool === "shade",
      back: event.button === 2, touch: event.pointerType === "touch", dragging: false, dot: null, value: null,
      pending: { horizontal: board.horizontal.slice(), vertical: board.vertical.slice() } };
    if (!press.touch && drawing) {
      svg.setPointerCapture(event.pointerId);
      const point = svgPoint(svg, event);
      press.dot = point && nearestDot(point, grid);
    }
  });
  svg.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!press.dragging && movedBeyondTap(press, event)) {
      if (press.touch || press.mark || press.shade) { press = null; return; }
      press.dragging = true;
    }
    const point = press.dragging && svgPoint(svg, event);
    if (point && dragTo(press, nearestDot(point, grid), board, w)) paint(parts, puzzle, press.pending, shownMarks, t);
  });
  svg.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const done = press, point = svgPoint(svg, event);
    press = null;
    if (done.dragging) {
      const changed = ["horizontal", "vertical"].some((side) => done.pending[side].some((v, i) => v !== board[side][i]));
      if (changed) onAction(done.pending);
      else paint(parts, puzzle, board, shownMarks, t);
    } else if (done.shade) {
      const i = point && cellAt(point, grid);
      if (i !== null && i !== undefined) shade(i, nextShade(shades[i], done.back));
    } else {
      const edge = point && edgeAt(point.x, point.y, w, h);
      if (edge) toggle(`${edge.kind}${edge.index}`, done.mark);
    }
  });
  svg.addEventListener("pointercancel", () => {
    if (press?.dragging) paint(parts, puzzle, board, shownMarks, t);
    press = null;
  });
  svg.addEventListener("contextmenu", (event) => event.preventDefault());
  svg.addEventListener("keydown", (event) => {
    const letter = event.key.toLowerCase();
    if ((letter === "i" || letter === "o") && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      if (event.repeat) return;
      const i = Math.min(cursor.r, h - 1) * w + Math.min(cursor.c, w - 1), value = letter === "i" ? INSIDE : OUTSIDE;
      speakCell = i;
      shade(i, shades[i] === value ? NO_SHADE : value);
      return;
    }
    const move = arrowMove(cursor, event.key, grid);
    if (move !== undefined) event.preventDefault();
    if (!move) return;
    if (event.ctrlKey || event.metaKey) { toggle(move.edge, true); return; }
    cursor = { r: move.r, c: move.c };
    if (event.shiftKey) toggle(move.edge, false);
    placeCursor(true);
  });
  focusRingFromKeys(element, svg);

  function placeCursor(speak = false) {
    parts.cursorMark.setAttribute("cx", String(cursor.c));
    parts.cursorMark.setAttribute("cy", String(cursor.r));
    const words = describeDot(puzzle, board, cursor.r, cursor.c, t, shades);
    if (speakCell !== null) {
      spoken.textContent = t("loop.shaded", { r: Math.floor(speakCell / w) + 1, c: (speakCell % w) + 1,
        state: t(`loop.shadeState.${shades[speakCell]}`) });
      speakCell = null;
    }
    const complete = isSolved(puzzle, board) ? ` ${t("loop.complete")}` : "";
    svg.setAttribute("aria-label", `${t("loop.board", { w, h })} ${words}${complete}`);
    if (speak) {
      spoken.textContent = words + complete;
      parts.cursorMark.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    }
  }

  // marks: {errors: liveErrors(...), mistakes: [edge keys] from Check, notes: the cells' shading}
  function render(next, marks = shownMarks) {
    board = next;
    shownMarks = marks;
    if (Array.isArray(marks.notes)) shades = marks.notes;
    parts.shadeCells.forEach((rect, i) => {
      rect.classList.toggle("inside", shades[i] === INSIDE);
      rect.classList.toggle("outside", shades[i] === OUTSIDE);
    });
    paint(parts, puzzle, board, marks, t);
    placeCursor();
  }
  render(board);
  const relabel = () => {
    svg.setAttribute("aria-roledescription", t("loop.roledescription"));
    render(board);
  };
  return boardControls(state, { element, render, relabel });
}
