// Loop's board: the dots of an n×n grid, the clue numbers in the cells, and the edges between
// dots (1 line, 0 nothing, 2 marked × "no line"). Edge indexing follows the engine: horizontal
// edge (r, c), r in 0..n, c in 0..n-1, is r*n + c; vertical edge (r, c), r in 0..n-1,
// c in 0..n, is r*(n+1) + c.
//
// A press anywhere on the board acts on the nearest edge: each cell is cut by its diagonals
// into four triangles, one per side, so every edge owns a diamond a whole cell wide and a
// finger never has to hit a thin line. The action happens on release, and only if the
// pointer stayed put; a touch that moves is a scroll, and a mouse that moves draws a run
// of lines from dot to dot (see dragTo).

import { htmlElement, svgElement } from "../svg.js";

const LINE = 1, CROSS = 2;
const MARGIN = 0.5;
const TAP_SLOP = 10;

// What a tap does (the page's tool switch); the first is the default.
export const tools = ["line", "mark"];

export function cellCount(board, n, r, c) {
  return (board.horizontal[r * n + c] === LINE) + (board.horizontal[(r + 1) * n + c] === LINE)
    + (board.vertical[r * (n + 1) + c] === LINE) + (board.vertical[r * (n + 1) + c + 1] === LINE);
}

// The rules: every clue equals its count, and the lines form exactly one closed loop
// (every dot has 0 or 2 lines, and the lines are connected).
export function isSolved(puzzle, board) {
  const n = puzzle.size, clues = puzzle.clues;
  for (let i = 0; i < n * n; i++) {
    if (clues[i] !== null && cellCount(board, n, Math.floor(i / n), i % n) !== clues[i]) return false;
  }
  const adjacent = new Map();
  const link = (a, b) => {
    if (!adjacent.has(a)) adjacent.set(a, []);
    if (!adjacent.has(b)) adjacent.set(b, []);
    adjacent.get(a).push(b);
    adjacent.get(b).push(a);
  };
  const dot = (r, c) => r * (n + 1) + c;
  for (let r = 0; r <= n; r++) for (let c = 0; c < n; c++) {
    if (board.horizontal[r * n + c] === LINE) link(dot(r, c), dot(r, c + 1));
  }
  for (let r = 0; r < n; r++) for (let c = 0; c <= n; c++) {
    if (board.vertical[r * (n + 1) + c] === LINE) link(dot(r, c), dot(r + 1, c));
  }
  if (adjacent.size === 0) return false;
  for (const next of adjacent.values()) if (next.length !== 2) return false;
  const first = adjacent.keys().next().value;
  const seen = new Set([first]), queue = [first];
  for (let k = 0; k < queue.length; k++) {
    for (const b of adjacent.get(queue[k])) if (!seen.has(b)) { seen.add(b); queue.push(b); }
  }
  return seen.size === adjacent.size;
}

export const initialBoard = (puzzle) => ({
  horizontal: new Array((puzzle.size + 1) * puzzle.size).fill(0),
  vertical: new Array(puzzle.size * (puzzle.size + 1)).fill(0),
});
export const boardFromSolution = (solution) => ({
  horizontal: solution.horizontal.slice(), vertical: solution.vertical.slice(),
});

// The check's answer in words: how many numbers do not match ({wrongClues: [cell indices]}).
export function describeWrong(puzzle, result, t) {
  return result.wrongClues?.length ? t("wrong.clues", { count: result.wrongClues.length }) : "";
}

// The edge nearest to board point (x, y) (in cell units, origin at the top-left dot).
export function edgeAt(x, y, n) {
  if (x < -MARGIN || y < -MARGIN || x > n + MARGIN || y > n + MARGIN) return null;
  const candidates = [];
  const hr = Math.round(y), hc = Math.floor(x);
  if (hr >= 0 && hr <= n && hc >= 0 && hc < n) candidates.push({ kind: "h", index: hr * n + hc, distance: Math.abs(y - hr) });
  const vc = Math.round(x), vr = Math.floor(y);
  if (vc >= 0 && vc <= n && vr >= 0 && vr < n) candidates.push({ kind: "v", index: vr * (n + 1) + vc, distance: Math.abs(x - vc) });
  candidates.sort((a, b) => a.distance - b.distance);
  return candidates[0] ?? null;
}

export function createView({ puzzle, onAction, t }) {
  const n = puzzle.size;
  const clues = puzzle.clues;
  const size = n + 2 * MARGIN;
  const element = htmlElement("div", { class: "loop-wrap" });
  const svg = svgElement("svg", { viewBox: `${-MARGIN} ${-MARGIN} ${size} ${size}`, class: "loop-board",
    tabindex: 0, role: "application" });
  element.append(svg);
  let board = initialBoard(puzzle);
  let locked = false, tool = tools[0], press = null, wrong = new Set();
  let cursor = { r: 0, c: 0 };

  svg.append(svgElement("rect", { x: -MARGIN, y: -MARGIN, width: size, height: size, class: "backdrop" }));
  const clueTexts = clues.map((k, i) => {
    if (k === null) return null;
    const r = Math.floor(i / n), c = i % n;
    const group = svgElement("g", { class: "clue" });
    group.append(svgElement("circle", { cx: c + 0.5, cy: r + 0.5, r: 0.32, class: "ring" }));
    const text = svgElement("text", { x: c + 0.5, y: r + 0.5, "text-anchor": "middle", "dominant-baseline": "central" });
    text.textContent = String(k);
    group.append(text, svgElement("title"));
    svg.append(group);
    return group;
  });
  const edges = { h: [], v: [] };
  const crossSize = 0.12;
  function addEdge(kind, index, x1, y1, x2, y2) {
    const group = svgElement("g", { class: "edge", "data-edge": `${kind}${index}` });
    group.append(svgElement("line", { x1, y1, x2, y2, class: "hit" }));
    group.append(svgElement("line", { x1, y1, x2, y2, class: "stroke" }));
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
    const cross = svgElement("path", {
      d: `M${mx - crossSize} ${my - crossSize}L${mx + crossSize} ${my + crossSize}M${mx - crossSize} ${my + crossSize}L${mx + crossSize} ${my - crossSize}`,
      class: "cross",
    });
    group.append(cross);
    svg.append(group);
    edges[kind][index] = group;
  }
  for (let r = 0; r <= n; r++) for (let c = 0; c < n; c++) addEdge("h", r * n + c, c, r, c + 1, r);
  for (let r = 0; r < n; r++) for (let c = 0; c <= n; c++) addEdge("v", r * (n + 1) + c, c, r, c, r + 1);
  for (let r = 0; r <= n; r++) for (let c = 0; c <= n; c++) svg.append(svgElement("circle", { cx: c, cy: r, r: 0.07, class: "dot" }));
  const cursorMark = svgElement("circle", { r: 0.2, class: "cursor" });
  svg.append(cursorMark);

  function toggle(kind, index, mark) {
    if (locked) return;
    const key = kind === "h" ? "horizontal" : "vertical";
    const current = board[key][index];
    const value = mark ? (current === CROSS ? 0 : CROSS) : (current === LINE ? 0 : LINE);
    const next = { horizontal: board.horizontal.slice(), vertical: board.vertical.slice() };
    next[key][index] = value;
    onAction(next, 1);
  }

  function boardPoint(event) {
    const matrix = svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return point;
  }

  // A mouse or pen can also draw a run of lines by dragging from dot to dot: the first
  // segment decides whether the drag draws or erases, the board shows the run as it grows,
  // and the release writes it as one action. A touch that moves is a scroll and does nothing.
  function nearestDot(point) {
    const r = Math.round(point.y), c = Math.round(point.x);
    if (r < 0 || r > n || c < 0 || c > n) return null;
    return Math.hypot(point.y - r, point.x - c) <= 0.35 ? { r, c } : null;
  }

  function segment(a, b) {
    if (a.r === b.r && Math.abs(a.c - b.c) === 1) return { key: "horizontal", index: a.r * n + Math.min(a.c, b.c) };
    if (a.c === b.c && Math.abs(a.r - b.r) === 1) return { key: "vertical", index: Math.min(a.r, b.r) * (n + 1) + a.c };
    return null;
  }

  function dragTo(point) {
    const dot = nearestDot(point);
    if (!dot || (dot.r === press.dot?.r && dot.c === press.dot?.c)) return;
    if (!press.dot) { press.dot = dot; return; }
    // Walk one dot at a time along a row or a column, so a quick drag skips nothing.
    while (press.dot.r !== dot.r || press.dot.c !== dot.c) {
      const step = press.dot.r !== dot.r && press.dot.c === dot.c
        ? { r: press.dot.r + Math.sign(dot.r - press.dot.r), c: dot.c }
        : press.dot.r === dot.r ? { r: dot.r, c: press.dot.c + Math.sign(dot.c - press.dot.c) } : null;
      if (!step) { press.dot = dot; return; } // diagonal jump: start again from here
      const edge = segment(press.dot, step);
      if (press.value === null) press.value = board[edge.key][edge.index] === LINE ? 0 : LINE;
      press.pending[edge.key][edge.index] = press.value;
      press.dot = step;
    }
    render(press.pending, true);
  }

  svg.addEventListener("pointerdown", (event) => {
    if (locked || press || (event.button !== 0 && event.button !== 2)) return;
    const mark = event.button === 2 || tool === "mark";
    press = { id: event.pointerId, x: event.clientX, y: event.clientY, mark, dragging: false,
      touch: event.pointerType === "touch", dot: null, value: null,
      pending: { horizontal: board.horizontal.slice(), vertical: board.vertical.slice() } };
    if (!press.touch && !mark) {
      svg.setPointerCapture(event.pointerId);
      const point = boardPoint(event);
      press.dot = point && nearestDot(point);
    }
  });
  svg.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!press.dragging && Math.hypot(event.clientX - press.x, event.clientY - press.y) > TAP_SLOP) {
      if (press.touch || press.mark) { press = null; return; }
      press.dragging = true;
    }
    if (press.dragging) {
      const point = boardPoint(event);
      if (point) dragTo(point);
    }
  });
  svg.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const done = press;
    press = null;
    if (done.dragging) {
      const changes = ["horizontal", "vertical"].reduce(
        (sum, key) => sum + done.pending[key].filter((v, i) => v !== board[key][i]).length, 0);
      if (changes) onAction(done.pending, changes);
      else render(board);
      return;
    }
    const point = boardPoint(event);
    const edge = point && edgeAt(point.x, point.y, n);
    if (edge) toggle(edge.kind, edge.index, done.mark);
  });
  svg.addEventListener("pointercancel", () => {
    if (press?.dragging) render(board);
    press = null;
  });
  svg.addEventListener("contextmenu", (event) => event.preventDefault());

  // Keyboard: a cursor on a dot; arrows move it, Shift+arrow draws or erases the edge it
  // crosses (and moves along), Ctrl+arrow marks that edge ×.
  svg.addEventListener("keydown", (event) => {
    const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
    if (!step) return;
    event.preventDefault();
    const r = cursor.r + step[0], c = cursor.c + step[1];
    if (r < 0 || r > n || c < 0 || c > n) return;
    const edge = step[0] !== 0
      ? { kind: "v", index: Math.min(r, cursor.r) * (n + 1) + c }
      : { kind: "h", index: r * n + Math.min(c, cursor.c) };
    if (event.ctrlKey || event.metaKey) { toggle(edge.kind, edge.index, true); return; }
    if (event.shiftKey) toggle(edge.kind, edge.index, false);
    cursor = { r, c };
    placeCursor();
  });
  // The cursor and the focus ring are for keyboard play; a click focuses the board too,
  // and there they would only be noise.
  svg.addEventListener("focus", () => element.classList.toggle("focused", svg.matches(":focus-visible")));
  svg.addEventListener("keydown", () => element.classList.add("focused"));
  svg.addEventListener("blur", () => element.classList.remove("focused"));

  function placeCursor() {
    cursorMark.setAttribute("cx", String(cursor.c));
    cursorMark.setAttribute("cy", String(cursor.r));
    describe();
  }

  function describe() {
    const { r, c } = cursor;
    const around = [];
    if (r > 0 && board.vertical[(r - 1) * (n + 1) + c] === LINE) around.push(t("dir.0"));
    if (c < n && board.horizontal[r * n + c] === LINE) around.push(t("dir.1"));
    if (r < n && board.vertical[r * (n + 1) + c] === LINE) around.push(t("dir.2"));
    if (c > 0 && board.horizontal[r * n + c - 1] === LINE) around.push(t("dir.3"));
    const edgesText = around.length ? t("loop.edges", { list: around.join(t("list.join")) }) : t("loop.noEdges");
    const complete = isSolved(puzzle, board) ? ` ${t("loop.complete")}` : "";
    svg.setAttribute("aria-label", t("loop.board", { n, r: r + 1, c: c + 1, edges: edgesText }) + complete);
  }

  // preview: draw a drag still in progress without making it the board.
  function render(next, preview = false) {
    if (next !== board && !preview) wrong = new Set();
    if (!preview) board = next;
    const shown = next;
    for (const kind of ["h", "v"]) {
      const values = kind === "h" ? shown.horizontal : shown.vertical;
      edges[kind].forEach((group, i) => {
        group.classList.toggle("line", values[i] === LINE);
        group.classList.toggle("crossed", values[i] === CROSS);
      });
    }
    clueTexts.forEach((group, i) => {
      if (!group) return;
      const count = cellCount(shown, n, Math.floor(i / n), i % n);
      group.classList.toggle("met", count === clues[i]);
      group.classList.toggle("over", count > clues[i]);
      group.classList.toggle("wrong", wrong.has(i));
      const state = count === clues[i] ? t("loop.clueMet") : count > clues[i] ? t("loop.clueOver") : "";
      group.lastChild.textContent = state ? `${clues[i]} (${state})` : String(clues[i]);
    });
    svg.classList.toggle("complete", isSolved(puzzle, shown));
    placeCursor();
  }

  return {
    element,
    render,
    showWrong: (result) => { wrong = new Set(result.wrongClues || []); render(board); },
    setLocked: (value) => { locked = value; element.classList.toggle("locked", value); },
    setTool: (name) => { tool = name; },
    relabel: () => render(board),
  };
}
