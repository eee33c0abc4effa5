// Signal's board: width × height tiles, each a button. A tile is a 4-bit mask (1 up, 2 right,
// 4 down, 8 left); clicking turns it a quarter clockwise, which moves each bit one place up.
// Two tiles are linked when each has a pipe towards the other. Tiles joined to the centre tile
// by links are lit, as the engine's check reports them, so progress is visible while playing.
// On a wrapping board (puzzle.wrapping) a pipe leaving one side enters the opposite side. The
// view shows it with a ring of half tiles around the board, each a faded copy of the tile on the
// opposite edge, so a pipe that leaves an edge is seen meeting the tile it reaches there.
//
// What the rules alone can tell while playing (liveErrors), about the player's own moves only:
//   "loop"      tiles whose links close a loop: the answer is a tree, so a loop is always wrong
//   "offBoard"  tiles with a pipe pointing off the board (never on a wrapping board)
// A tile the player has turned is one that shows another turn than the given tile (puzzle.givens.tiles);
// the others are as the shuffle left them. A fresh board is the shuffle's, not the player's, so it
// warns of nothing: a loop is shown when it holds a turned tile, a pipe off the board when its tile
// was turned. For example on a 2×2 board given as [6, 8, 3, 8] the tiles [6, 12, 3, 9] (┌ ┐ └ ┘,
// the two right-hand tiles turned) link into one square loop, so all four tiles are "loop" errors;
// turning any one of them breaks the loop and the error goes. Given as [6, 12, 3, 9] the same board
// warns of nothing until a tile is turned.
//
// Check (mistakes) judges the player's moves the same way: an untouched tile is never a mistake; a
// turned tile is one where it makes a link (two pipes meeting) that the one solution does not have,
// which is what the server's hint calls a mistake (gridlogic.signal.hints), so the two agree.
//
// Locks (Tatham's Net has them): a locked tile is not turned by a click, a tap or a key until it is
// unlocked, and it is drawn with a frame and a padlock. Locks are notes: never judged, free of move
// cost, undone and kept with the play like the board (the notes of views/index.js).

import { htmlElement, svgElement } from "../../svg.js";
import { boardControls, boardElement, boardState, createCells, describeCells } from "../grid.js";

const BITS = [1, 2, 4, 8];
const OPPOSITE = [2, 3, 0, 1];
const PAD = 0.1; // the frame around the tiles, in tiles

// What a tap does (the page's tool switch); the first is the default.
export const tools = ["cw", "ccw", "lock"];

// The player's notes: a lock per tile (1 locked), none at the start.
export const initialNotes = (puzzle) => new Array(puzzle.width * puzzle.height).fill(0);

export const rotateRight = (mask) => ((mask << 1) & 15) | (mask >> 3);
export const rotateLeft = (mask) => (mask >> 1) | ((mask & 1) << 3);

const shape = (puzzle) => ({ w: puzzle.width, h: puzzle.height, wrapping: puzzle.wrapping === true });

// The tile next to tile i in direction d (0 up, 1 right, 2 down, 3 left), or -1 off the board.
export function neighbour(i, d, { w, h, wrapping }) {
  const r = Math.floor(i / w), c = i % w;
  const dr = [-1, 0, 1, 0][d], dc = [0, 1, 0, -1][d];
  let rr = r + dr, cc = c + dc;
  if (wrapping) { rr = (rr + h) % h; cc = (cc + w) % w; }
  return rr < 0 || rr >= h || cc < 0 || cc >= w ? -1 : rr * w + cc;
}

// The links of a board: [i, j] for each pair of tiles with pipes towards each other, each
// board edge once (tile i's right and down sides).
export function links(puzzle, board) {
  const grid = shape(puzzle), found = [];
  for (let i = 0; i < board.length; i++) {
    for (const d of [1, 2]) {
      const j = neighbour(i, d, grid);
      if (j >= 0 && board[i] & BITS[d] && board[j] & BITS[OPPOSITE[d]]) found.push([i, j]);
    }
  }
  return found;
}

const centreOf = ({ w, h }) => Math.floor(h / 2) * w + Math.floor(w / 2);

export function litTiles(puzzle, board) {
  const grid = shape(puzzle), centre = centreOf(grid);
  const seen = new Set([centre]), queue = [centre];
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k];
    for (let d = 0; d < 4; d++) {
      const j = neighbour(i, d, grid);
      if (j >= 0 && board[i] & BITS[d] && board[j] & BITS[OPPOSITE[d]] && !seen.has(j)) {
        seen.add(j);
        queue.push(j);
      }
    }
  }
  return seen;
}

// The rules: every pipe end meets a pipe end on the board, and the links form one tree
// over all tiles (one link fewer than tiles, everything connected).
export function isSolved(puzzle, board) {
  const grid = shape(puzzle);
  let ends = 0;
  for (let i = 0; i < board.length; i++) {
    for (let d = 0; d < 4; d++) {
      if (!(board[i] & BITS[d])) continue;
      const j = neighbour(i, d, grid);
      if (j < 0 || !(board[j] & BITS[OPPOSITE[d]])) return false;
      ends++;
    }
  }
  return ends / 2 === board.length - 1 && litTiles(puzzle, board).size === board.length;
}

// The links on a closed loop: every link that is not a bridge (Tarjan's bridge search, iterative so
// that large boards need no deep recursion), as indices into edges.
function loopLinks(count, edges) {
  const adjacent = Array.from({ length: count }, () => []);
  edges.forEach(([a, b], e) => { adjacent[a].push([b, e]); adjacent[b].push([a, e]); });
  const order = new Array(count).fill(-1), low = new Array(count).fill(0), bridges = new Set();
  let counter = 0;
  for (let root = 0; root < count; root++) {
    if (order[root] >= 0) continue;
    order[root] = low[root] = counter++;
    const stack = [{ v: root, via: -1, next: 0 }];
    while (stack.length) {
      const top = stack[stack.length - 1];
      if (top.next < adjacent[top.v].length) {
        const [u, e] = adjacent[top.v][top.next++];
        if (e === top.via) continue;
        if (order[u] < 0) {
          order[u] = low[u] = counter++;
          stack.push({ v: u, via: e, next: 0 });
        } else low[top.v] = Math.min(low[top.v], order[u]);
      } else {
        stack.pop();
        if (stack.length) {
          const parent = stack[stack.length - 1].v;
          low[parent] = Math.min(low[parent], low[top.v]);
          if (low[top.v] > order[parent]) bridges.add(top.via);
        }
      }
    }
  }
  return edges.map((_, e) => e).filter((e) => !bridges.has(e));
}

// The loops' tiles in groups: the tiles joined by links on loops (a group holds one loop or more
// sharing tiles), each an array of tile indices.
function loopGroups(count, edges) {
  const parent = new Map();
  const find = (x) => { while (parent.get(x) !== x) x = parent.get(x); return x; };
  for (const e of loopLinks(count, edges)) {
    const [a, b] = edges[e];
    for (const x of [a, b]) if (!parent.has(x)) parent.set(x, x);
    parent.set(find(a), find(b));
  }
  const groups = new Map();
  for (const x of parent.keys()) {
    const root = find(x);
    if (!groups.has(root)) groups.set(root, []);
    groups.get(root).push(x);
  }
  return [...groups.values()];
}

// Whether the player has turned tile i: it shows another turn than the given tile. (A puzzle
// without its given tiles counts every tile as turned.)
export const turned = (puzzle, board, i) => puzzle.givens?.tiles?.[i] !== board[i];

// What the rules alone say is wrong now, in the player's moves: [{kind, items: [tile indices]}],
// kinds with items only (see the module comment: the shuffle's own loops and pipes are not the
// player's doing).
export function liveErrors(puzzle, board) {
  const grid = shape(puzzle), errors = [];
  const mine = (i) => turned(puzzle, board, i);
  const looped = loopGroups(board.length, links(puzzle, board)).filter((group) => group.some(mine))
    .flat().sort((a, b) => a - b);
  if (looped.length) errors.push({ kind: "loop", items: looped });
  if (!grid.wrapping) {
    const off = [];
    for (let i = 0; i < board.length; i++) {
      if (mine(i) && [0, 1, 2, 3].some((d) => board[i] & BITS[d] && neighbour(i, d, grid) < 0)) off.push(i);
    }
    if (off.length) errors.push({ kind: "offBoard", items: off });
  }
  return errors;
}

// The fewest quarter turns that take a tile from one mask to another (0 to 2).
function turnsBetween(from, to) {
  let mask = from;
  for (let turns = 0; turns < 4; turns++) {
    if (mask === to) return Math.min(turns, 4 - turns);
    mask = rotateRight(mask);
  }
  return 0; // not a rotation: never made by a move
}

// The moves a change of board costs: a quarter turn each.
export function moveCost(before, after) {
  return after.reduce((sum, mask, i) => sum + turnsBetween(before[i], mask), 0);
}

// Check's answer against the solution: the turned tiles of links that the answer does not have.
// In such a link both tiles point the wrong way (the answer's turn of either would not point at the
// other), but only a tile the player turned is the player's mistake: one the shuffle left as it was
// is never called wrong, so a fresh board has no mistakes. Tiles that link nothing are unfinished.
// A link between two untouched tiles says nothing the player did, as in the server's hints.
export function mistakes(puzzle, board, solution) {
  const wanted = new Set(links(puzzle, solution).map(([a, b]) => `${a}-${b}`));
  const wrong = new Set();
  for (const [a, b] of links(puzzle, board)) {
    if (wanted.has(`${a}-${b}`)) continue;
    for (const i of [a, b]) if (turned(puzzle, board, i)) wrong.add(i);
  }
  return [...wrong].sort((x, y) => x - y);
}

// Words for a list of tiles (mistakes or an error's items), at most five named.
export const describeItems = describeCells;

// A live error in words.
export const describeError = (puzzle, { kind, items }, t) =>
  t(`error.signal.${kind}`, { list: describeItems(puzzle, items, t) });

// Whether pasted text is a Signal board: a JSON list of tile masks (gridlogic.signal reads it).
export const recognises = (text) => /^\[\s*\d/.test(String(text).trim());

export const initialBoard = (puzzle) => puzzle.givens.tiles.slice();
export const boardFromSolution = (solution) => solution.tiles.slice();

// The board's size in tiles, its frame (and a wrapping board's ring of half tiles) included: the
// page scales a tile to fit.
export function extent(puzzle) {
  const ring = shape(puzzle).wrapping ? 1 : 0;
  return { width: puzzle.width + ring + 2 * PAD, height: puzzle.height + ring + 2 * PAD };
}

// The ring of a wrapping board: for each place around the board (row and column, from 1, in the
// (h + 2) × (w + 2) layout), the tile it copies and, as an SVG viewBox, the half of it that lies
// next to the board's edge. The corners stay empty.
export function ghostRing({ w, h }) {
  const places = [];
  for (let c = 0; c < w; c++) places.push({ row: 1, column: c + 2, tile: (h - 1) * w + c, box: "0 50 100 50" });
  for (let r = 0; r < h; r++) {
    places.push({ row: r + 2, column: 1, tile: r * w + w - 1, box: "50 0 50 100" });
    places.push({ row: r + 2, column: w + 2, tile: r * w, box: "0 0 50 100" });
  }
  for (let c = 0; c < w; c++) places.push({ row: h + 2, column: c + 2, tile: c, box: "0 0 100 50" });
  return places;
}

const PIPE_ENDS = [[50, 0], [100, 50], [50, 100], [0, 50]];

// A bar across each pipe end that points off the board ("off" directions), so the error has a
// shape of its own.
const STOPS = [[25, 4, 75, 4], [96, 25, 96, 75], [25, 96, 75, 96], [4, 25, 4, 75]];

// A padlock in the tile's top-left corner: a locked tile is told by its shape, not by colour alone.
function padlock() {
  const g = svgElement("g", { class: "padlock" });
  g.append(svgElement("path", { d: "M11 19v-5a6 6 0 0 1 12 0v5", class: "shackle" }));
  g.append(svgElement("rect", { x: 7, y: 18, width: 20, height: 15, rx: 3, class: "body" }));
  return g;
}

function tileDrawing(mask, isCentre, off, locked = false) {
  const g = svgElement("g");
  let degree = 0;
  for (let d = 0; d < 4; d++) {
    if (!(mask & BITS[d])) continue;
    degree++;
    for (const cls of ["pipe", "flow"]) {
      g.append(svgElement("line", { x1: 50, y1: 50, x2: PIPE_ENDS[d][0], y2: PIPE_ENDS[d][1], class: cls }));
    }
    if (off.includes(d)) {
      const [x1, y1, x2, y2] = STOPS[d];
      g.append(svgElement("line", { x1, y1, x2, y2, class: "stop" }));
    }
  }
  if (isCentre) g.append(svgElement("rect", { x: 30, y: 30, width: 40, height: 40, rx: 6, class: "source" }));
  else if (degree === 1) g.append(svgElement("circle", { cx: 50, cy: 50, r: 17, class: "terminal" }));
  else if (degree > 1) g.append(svgElement("circle", { cx: 50, cy: 50, r: 9, class: "joint" }));
  if (locked) g.append(padlock());
  return g;
}

// A tile in words for a screen reader: its place, its pipes, whether it is the centre and lit, its
// lock and what is wrong with it; seen is what the board shows ({board, locks, lit, flagged, wrong}).
function tileLabel(i, { w }, centre, seen, t) {
  const { board, locks, lit, flagged, wrong } = seen;
  const dirs = [0, 1, 2, 3].filter((d) => board[i] & BITS[d]).map((d) => t(`dir.${d}`));
  const connections = dirs.length ? t("signal.connects", { list: dirs.join(t("list.join")) }) : t("signal.none");
  const problems = [...(flagged.get(i) || [])].map((kind) => t(`error.signal.${kind}.short`));
  if (wrong.has(i)) problems.push(t("mistake.short"));
  return t(locks[i] ? "signal.tileLocked" : "signal.tile", {
    r: Math.floor(i / w) + 1, c: (i % w) + 1, connections,
    centre: i === centre ? t("signal.centre") : "",
    lit: lit.has(i) ? t("signal.lit") : t("signal.unlit"),
    problems: problems.map((p) => `, ${p}`).join(""),
  });
}

// The board's element: a grid of tiles, on a wrapping board inside a ring of half tiles.
function gridElement({ w, h, wrapping }) {
  const element = boardElement("div", { class: "signal-grid", role: "group" }, { w, h });
  if (wrapping) {
    const half = "calc(var(--cell) / 2)";
    element.classList.add("wrapping");
    element.style.gridTemplateColumns = `${half} repeat(${w}, var(--cell)) ${half}`;
    element.style.gridTemplateRows = `${half} repeat(${h}, var(--cell)) ${half}`;
  }
  return element;
}

// A tile's drawing (an SVG the size of the button) and, on a wrapping board, its place inside the ring.
function decorateTile(tile, i, { w, wrapping }) {
  tile.append(svgElement("svg", { viewBox: "0 0 100 100", "aria-hidden": "true", focusable: "false" }));
  if (wrapping) {
    tile.style.gridRow = String(Math.floor(i / w) + 2);
    tile.style.gridColumn = String((i % w) + 2);
  }
}

// A wrapping board's ring (ghostRing), appended to element: [{ghost, tile}]. A ghost is drawn like a
// tile, faded (view.css), sized by its place in the grid, and never a target.
function addGhosts(element, grid) {
  return ghostRing(grid).map((place) => {
    const ghost = htmlElement("div", { class: "ghost", "aria-hidden": "true" });
    Object.assign(ghost.style, { gridRow: String(place.row), gridColumn: String(place.column) });
    ghost.append(svgElement("svg", { viewBox: place.box, "aria-hidden": "true", focusable: "false" }));
    element.append(ghost);
    return { ghost, tile: place.tile };
  });
}

// What the marks of a render say of each tile: flagged (tile -> its live errors' kinds) and wrong.
function tileMarks(marks) {
  const flagged = new Map();
  for (const { kind, items } of marks.errors) {
    for (const i of items) flagged.set(i, [...(flagged.get(i) || []), kind]);
  }
  return { flagged, wrong: new Set(marks.mistakes) };
}

// Pointer and keys (besides the page's tool switch): a click turns a tile right, Shift+click or a
// right click left; Ctrl+click (⌘+click), a middle click or the L key locks or unlocks it; a
// locked tile turns by nothing but a hint applied. Enter or Space turns the focused tile.
export function createView({ puzzle, onAction, onNote = () => {}, t }) {
  const grid = shape(puzzle), { w, h } = grid, centre = centreOf(grid);
  const element = gridElement(grid);
  const state = boardState(tools);
  const seen = { board: initialBoard(puzzle), locks: initialNotes(puzzle), lit: new Set(), flagged: new Map(),
    wrong: new Set() };
  const drawn = new Array(w * h).fill(null); // what each tile's drawing shows, to draw only a change

  function rotate(i, left) {
    if (state.locked || seen.locks[i]) return; // a locked tile stays as it is
    const next = seen.board.slice();
    next[i] = left ? rotateLeft(seen.board[i]) : rotateRight(seen.board[i]);
    if (next[i] !== seen.board[i]) onAction(next); // a cross looks the same every way: not a move
  }
  function toggleLock(i) {
    if (state.locked) return;
    const next = seen.locks.slice();
    next[i] = next[i] ? 0 : 1;
    onNote(next);
  }
  function onKey(event, i) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault(); // no synthetic click: the key itself rotates
      if (!event.repeat) rotate(i, event.shiftKey);
    } else if ((event.key === "l" || event.key === "L") && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      if (!event.repeat) toggleLock(i);
    }
  }
  const { cells: tiles, focused, moveFocus, indexAt, label } = createCells({ element, w, h, className: "tile",
    start: centre, decorate: (tile, i) => decorateTile(tile, i, grid), onKey });
  const ghosts = grid.wrapping ? addGhosts(element, grid) : [];

  element.addEventListener("click", (event) => {
    const i = indexAt(event.target);
    if (i === null) return;
    if (focused() !== i) moveFocus(i);
    // detail 0: activated by a keyboard or an assistive technology, which the label promises
    // rotates right; a pointer follows the chosen tool, and Shift turns the other way.
    if (event.detail !== 0 && (event.ctrlKey || event.metaKey || (state.tool === "lock" && !event.shiftKey))) {
      toggleLock(i);
      return;
    }
    rotate(i, event.detail === 0 ? event.shiftKey : (state.tool === "ccw") !== event.shiftKey);
  });
  element.addEventListener("auxclick", (event) => {
    const i = indexAt(event.target);
    if (event.button !== 1 || i === null) return;
    event.preventDefault();
    toggleLock(i);
  });
  element.addEventListener("mousedown", (event) => { if (event.button === 1) event.preventDefault(); }); // no autoscroll
  element.addEventListener("pointerup", (event) => {
    const i = indexAt(event.target);
    if (event.button !== 2 || event.pointerType === "touch" || i === null) return;
    event.preventDefault();
    if (state.tool === "lock") toggleLock(i);
    else rotate(i, state.tool !== "ccw");
  });

  // marks: {errors: liveErrors(...), mistakes: [tile indices] from Check, notes: the locks}
  function render(next, marks = { errors: [], mistakes: [] }) {
    Object.assign(seen, { board: next, lit: litTiles(puzzle, next) }, tileMarks(marks));
    if (Array.isArray(marks.notes)) seen.locks = marks.notes;
    tiles.forEach((tile, i) => {
      const isLit = seen.lit.has(i), locked = Boolean(seen.locks[i]), kinds = seen.flagged.get(i) || [];
      const off = kinds.includes("offBoard") ? [0, 1, 2, 3].filter((d) => neighbour(i, d, grid) < 0) : [];
      const key = `${next[i]}:${isLit}:${off}:${locked}`;
      if (drawn[i] !== key) {
        drawn[i] = key;
        tile.firstChild.replaceChildren(tileDrawing(next[i], i === centre, off, locked));
        tile.classList.toggle("lit", isLit);
        tile.classList.toggle("locked-tile", locked);
      }
      tile.classList.toggle("error-loop", kinds.includes("loop"));
      tile.classList.toggle("error-off", kinds.includes("offBoard"));
      tile.classList.toggle("mistake", seen.wrong.has(i));
    });
    label((i) => tileLabel(i, grid, centre, seen, t));
    for (const { ghost, tile } of ghosts) {
      ghost.firstChild.replaceChildren(tileDrawing(next[tile], tile === centre, []));
      ghost.classList.toggle("lit", seen.lit.has(tile));
    }
    element.classList.toggle("complete", isSolved(puzzle, next));
  }

  function relabel() {
    element.setAttribute("aria-label", t("signal.board", { w, h, wrap: grid.wrapping ? t("signal.wraps") : "" }));
    label((i) => tileLabel(i, grid, centre, seen, t));
  }
  relabel();
  return boardControls(state, { element, render, relabel, cells: tiles });
}
