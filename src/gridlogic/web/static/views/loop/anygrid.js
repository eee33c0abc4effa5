// Loop on any of Loopy's grids (Loop version 4): the givens carry the grid itself, so the board is
// drawn from it and knows no tiling. givens = {clues: [clue or null per face], grid: {name, width,
// height, dots: [[x, y]...] (integers, y downwards), edges: [[dot, dot]...], faces: [[dot...]
// clockwise], faceEdges: [[edge...] in the same turn]}}; a board is {edges: [0 nothing | 1 line |
// 2 × per edge]}, in the grid's edge order, which is what the server checks and records
// (gridlogic/loop/v4/play.py). views/loop/view.js hands every puzzle whose givens carry a grid here.
//
// Geometry: the grid's coordinates are scaled so that its shortest edge is 1 (one "cell" of the
// page's fitting, views/index.js) and moved so that the top-left of its dots is (0, 0); the board
// has a margin of half an edge around them. Each face is a polygon, its clue written at its
// centroid (the centre of mass of the polygon, as the server's drawing does), scaled down in
// faces too small for a full-size number (a triangle's).
//
// Playing, as on squares (view.js): a press acts on release on the nearest edge (the edge with the
// least distance from the point to its segment), so that a face is cut into one region per side
// and a finger never has to hit a thin line; a mouse that moves draws from dot to dot (a dot
// reached that is not a neighbour is joined by the shortest path of at most MAX_DRAG_STEPS
// edges); the shade tool shades the face under the point inside or outside.
//
// Keyboard: a cursor on a dot. An arrow moves it to the neighbouring dot whose direction is
// nearest the arrow's (within 85°; Home, PageUp, End and PageDown are the diagonals up-left,
// up-right, down-left and down-right, for dots of more edges than four arrows tell apart); two neighbours equally near (a triangle grid's up-left and
// up-right) go to the one further right for Up and Down, further down for Left and Right, so that
// an edge missed from one end is reached from the other. Shift+arrow draws or erases that edge
// and moves along it, Ctrl+arrow marks it ×, I and O shade the face down-right of the cursor.
// For example round Loopy's first honeycomb hexagon, dots 0 (-15, -26), 1 (15, -26), 2 (30, 0),
// 3 (15, 26), 4 (-15, 26), 5 (-30, 0) and edges 0 [0, 1] ... 5 [5, 0]: from dot 5, Up goes to dot 0
// by edge 5 (30° off the arrow), Down to dot 4 by edge 4, Right is a tie between dots 0 and 4 (both
// 60° off) and goes down, to dot 4, and Left reaches nothing (a test checks this).
//
// The live errors are those of squares, by the grid's own incidences: "branch" and "deadEnd" list
// dot indices, "over" and "blocked" face indices, "loop" edge indices; Check's mistakes are edge
// indices. The player's notes are a shading per face (0 none, 1 inside, 2 outside).
//
// A hint or a walk-through step (hint.js marks it) names the grid's own faces ("cell"), dots
// ("vertex") and edges: a face's polygon carries [data-index], a dot's circle [data-dot] and an
// edge's group [data-edge], so the server's {kind: "vertex", index: 10} rings the circle of dot 10.

import { htmlElement, svgElement } from "../../svg.js";
import {
  boardControls, boardElement, boardState, describePlaces, focusRingFromKeys, movedBeyondTap, svgPoint,
} from "../grid.js";

const OPEN = 0, LINE = 1, CROSS = 2;
const NO_SHADE = 0, INSIDE = 1, OUTSIDE = 2;
const MARGIN = 0.5; // in edge lengths
const DOT_REACH = 0.35; // how near a dot a dragging pointer must come to reach it, in edge lengths
const MAX_DRAG_STEPS = 4; // the longest path a drag fills in between two dots it reached
const ARROW_COS = Math.cos((85 * Math.PI) / 180); // an arrow reaches neighbours within 85° of it
const CLUE_SIZE = 0.55; // the clue's font size (view.css) in a face that has room for it
const CROSS_SIZE = 0.12;

// Whether a puzzle (as the API sent it) is played on a grid of its own.
export const onGrid = (puzzle) => Boolean(puzzle?.givens?.grid);

// The centre of mass of a polygon ([[x, y]...] in turn); the mean of its corners when it has no area.
export function centroid(points) {
  let area = 0, cx = 0, cy = 0;
  points.forEach(([x1, y1], i) => {
    const [x2, y2] = points[(i + 1) % points.length], cross = x1 * y2 - x2 * y1;
    area += cross;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  });
  if (area === 0) return points.reduce(([sx, sy], [x, y]) => [sx + x / points.length, sy + y / points.length], [0, 0]);
  return [cx / (3 * area), cy / (3 * area)];
}

// The distance from point p to the segment from a to b.
function segmentDistance([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax, dy = by - ay, length2 = dx * dx + dy * dy;
  const s = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(px - ax - s * dx, py - ay - s * dy);
}

// Whether point p is inside the polygon (even-odd crossings).
function insidePolygon([px, py], points) {
  let inside = false;
  points.forEach(([x1, y1], i) => {
    const [x2, y2] = points[(i + 1) % points.length];
    if ((y1 > py) !== (y2 > py) && px < x1 + ((py - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
  });
  return inside;
}

// The grid of a puzzle in board units (see the top): {name, width, height (the grid's W×H), dots,
// edges, faces, faceEdges, dotEdges and dotFaces (the edges and faces at each dot), centres (each face's centroid),
// clueScale (each face's clue size over CLUE_SIZE), extent: {width, height}}. Worked out once per
// puzzle.
const geometries = new WeakMap();
export function geometry(puzzle) {
  const grid = puzzle.givens.grid;
  if (geometries.has(grid)) return geometries.get(grid);
  const shortest = Math.min(...grid.edges.map(([a, b]) => Math.hypot(grid.dots[a][0] - grid.dots[b][0],
    grid.dots[a][1] - grid.dots[b][1])));
  const scale = shortest > 0 ? 1 / shortest : 1;
  const left = Math.min(...grid.dots.map(([x]) => x)), top = Math.min(...grid.dots.map(([, y]) => y));
  const dots = grid.dots.map(([x, y]) => [(x - left) * scale, (y - top) * scale]);
  const dotEdges = dots.map(() => []), dotFaces = dots.map(() => []);
  grid.edges.forEach(([a, b], e) => { dotEdges[a].push(e); dotEdges[b].push(e); });
  grid.faces.forEach((face, f) => { for (const d of face) dotFaces[d].push(f); });
  const corners = grid.faces.map((face) => face.map((d) => dots[d]));
  const centres = corners.map(centroid);
  // A clue fits a face whose centre is at least 0.4 from every side (a unit square's is 0.5).
  const clueScale = grid.faceEdges.map((edges, f) => Math.min(1, 2.2 * Math.min(...edges.map((e) =>
    segmentDistance(centres[f], dots[grid.edges[e][0]], dots[grid.edges[e][1]])))));
  const found = {
    name: grid.name, width: grid.width, height: grid.height, dots, edges: grid.edges, faces: grid.faces,
    faceEdges: grid.faceEdges, dotEdges, dotFaces, corners, centres, clueScale,
    extent: { width: Math.max(...dots.map(([x]) => x)) + 2 * MARGIN, height: Math.max(...dots.map(([, y]) => y)) + 2 * MARGIN },
  };
  geometries.set(grid, found);
  return found;
}

// The dot at the other end of edge e from dot d.
const otherEnd = (geo, e, d) => (geo.edges[e][0] === d ? geo.edges[e][1] : geo.edges[e][0]);

// --- the rules ---------------------------------------------------------------------------------

export const initialBoard = (puzzle) => ({ edges: new Array(puzzle.givens.grid.edges.length).fill(OPEN) });
export const initialNotes = (puzzle) => new Array(puzzle.givens.grid.faces.length).fill(NO_SHADE);
export const boardFromSolution = (solution) => ({ edges: solution.edges.slice() });

// The lines around face f.
export const faceCount = (geo, board, f) => geo.faceEdges[f].filter((e) => board.edges[e] === LINE).length;

// The lines' connected pieces: [{edges: [indices], closed}], closed when each of its dots has two lines.
function pieces(geo, board) {
  const parent = geo.dots.map((_, d) => d), degree = geo.dots.map(() => 0);
  const find = (x) => { while (parent[x] !== x) { parent[x] = parent[parent[x]]; x = parent[x]; } return x; };
  const lines = board.edges.flatMap((v, e) => (v === LINE ? [e] : []));
  for (const e of lines) {
    const [a, b] = geo.edges[e];
    degree[a] += 1;
    degree[b] += 1;
    parent[find(a)] = find(b);
  }
  const byRoot = new Map();
  for (const e of lines) {
    const root = find(geo.edges[e][0]);
    if (!byRoot.has(root)) byRoot.set(root, { edges: [], closed: true });
    const piece = byRoot.get(root);
    piece.edges.push(e);
    if (geo.edges[e].some((d) => degree[d] !== 2)) piece.closed = false;
  }
  return [...byRoot.values()];
}

const cluesMet = (puzzle, geo, board) =>
  puzzle.givens.clues.every((k, f) => k === null || faceCount(geo, board, f) === k);

// The rules: every clue equals its count, and the lines form exactly one closed loop.
export function isSolved(puzzle, board) {
  const geo = geometry(puzzle), found = pieces(geo, board);
  return found.length === 1 && found[0].closed && cluesMet(puzzle, geo, board);
}

// Whether face f's clue is shown met: as on squares, a 0 only once its sides are all × (or the
// loop is complete).
export function clueShownMet(puzzle, board, f, complete = isSolved(puzzle, board)) {
  const geo = geometry(puzzle), k = puzzle.givens.clues[f];
  if (k === null || faceCount(geo, board, f) !== k) return false;
  return k > 0 || complete || geo.faceEdges[f].every((e) => board.edges[e] === CROSS);
}

// What the rules alone say is wrong now: [{kind, items}] (see the top), kinds with items only.
export function liveErrors(puzzle, board) {
  const geo = geometry(puzzle);
  const branch = [], deadEnd = [], over = [], blocked = [], loop = [];
  const counted = (edges) => {
    const values = edges.map((e) => board.edges[e]);
    return { lines: values.filter((v) => v === LINE).length, open: values.filter((v) => v === OPEN).length };
  };
  geo.dotEdges.forEach((edges, d) => {
    const { lines, open } = counted(edges);
    if (lines >= 3) branch.push(d);
    else if (lines === 1 && open === 0) deadEnd.push(d);
  });
  puzzle.givens.clues.forEach((k, f) => {
    if (k === null) return;
    const { lines, open } = counted(geo.faceEdges[f]);
    if (lines > k) over.push(f);
    else if (lines + open < k) blocked.push(f);
  });
  const found = pieces(geo, board);
  if (found.length > 1 || !cluesMet(puzzle, geo, board)) {
    for (const piece of found) if (piece.closed) loop.push(...piece.edges);
  }
  return Object.entries({ branch, deadEnd, over, blocked, loop })
    .filter(([, items]) => items.length).map(([kind, items]) => ({ kind, items }));
}

// The moves a change of board costs: each edge that gets or loses a line; × marks are free.
export const moveCost = (before, after) =>
  after.edges.reduce((cost, v, e) => cost + ((v === LINE) !== (before.edges[e] === LINE)), 0);

// Check: lines the answer has not, and × on edges it draws, as edge indices.
export const mistakes = (puzzle, board, solution) => board.edges.flatMap((v, e) => {
  const wanted = solution.edges[e] === LINE;
  return (v === LINE && !wanted) || (v === CROSS && wanted) ? [e] : [];
});

// Words for a list of edge indices, at most five named ("the edge between dot 4 and dot 9").
export function describeItems(puzzle, items, t) {
  const geo = geometry(puzzle);
  return describePlaces(items, (e) => t("loop.grid.edge", { a: geo.edges[e][0] + 1, b: geo.edges[e][1] + 1 }), t);
}

export const extent = (puzzle) => geometry(puzzle).extent;

// --- places: what a point or a key reaches -------------------------------------------------------

// The edge nearest to board point p ([x, y], dots' units), or null off the board.
export function edgeNear(geo, p) {
  if (p[0] < -MARGIN || p[1] < -MARGIN || p[0] > geo.extent.width - MARGIN || p[1] > geo.extent.height - MARGIN) return null;
  let best = null, distance = Infinity;
  geo.edges.forEach(([a, b], e) => {
    const d = segmentDistance(p, geo.dots[a], geo.dots[b]);
    if (d < distance) { best = e; distance = d; }
  });
  return best;
}

// The face under board point p, or null.
export function faceAt(geo, p) {
  const f = geo.corners.findIndex((points) => insidePolygon(p, points));
  return f < 0 ? null : f;
}

// The dot within DOT_REACH of board point p, or null.
function dotNear(geo, p) {
  let best = null, distance = DOT_REACH;
  geo.dots.forEach(([x, y], d) => {
    const away = Math.hypot(p[0] - x, p[1] - y);
    if (away <= distance) { best = d; distance = away; }
  });
  return best;
}

const DIAGONAL = Math.SQRT1_2;
// The four arrows, and the diagonals of a numeric keypad's 7, 9, 1 and 3 (Home, PageUp, End,
// PageDown): a dot of five or more edges (Penrose kites and darts) has edges no arrow is nearest.
const ARROWS = {
  ArrowUp: [0, -1], ArrowRight: [1, 0], ArrowDown: [0, 1], ArrowLeft: [-1, 0],
  Home: [-DIAGONAL, -DIAGONAL], PageUp: [DIAGONAL, -DIAGONAL], End: [-DIAGONAL, DIAGONAL], PageDown: [DIAGONAL, DIAGONAL],
};

// Where an arrow key takes the cursor from dot d: {dot, edge}, null when no neighbour lies within
// 85° of the arrow, undefined for any other key. Ties go right (Up, Down) or down (Left, Right).
export function arrowTarget(geo, d, key) {
  const arrow = ARROWS[key];
  if (!arrow) return undefined;
  const across = arrow[0] === 0 ? [1, 0] : [0, 1]; // the side a tie goes to
  let best = null;
  for (const e of geo.dotEdges[d]) {
    const n = otherEnd(geo, e, d), dx = geo.dots[n][0] - geo.dots[d][0], dy = geo.dots[n][1] - geo.dots[d][1];
    const length = Math.hypot(dx, dy) || 1;
    const along = (dx * arrow[0] + dy * arrow[1]) / length, side = (dx * across[0] + dy * across[1]) / length;
    if (along < ARROW_COS) continue;
    if (!best || along > best.along + 1e-9 || (Math.abs(along - best.along) <= 1e-9 && side > best.side)) {
      best = { dot: n, edge: e, along, side };
    }
  }
  return best && { dot: best.dot, edge: best.edge };
}

// The face at dot d that lies most nearly down-right of it (I and O shade it), or null.
function faceDownRight(geo, d) {
  let best = null, score = -Infinity;
  geo.dotFaces[d].forEach((f) => {
    const dx = geo.centres[f][0] - geo.dots[d][0], dy = geo.centres[f][1] - geo.dots[d][1];
    const s = (dx + dy) / (Math.hypot(dx, dy) || 1);
    if (s > score) { best = f; score = s; }
  });
  return best;
}

// The edges of the shortest path from dot a to dot b, of at most MAX_DRAG_STEPS, or null.
function shortestPath(geo, a, b) {
  const came = new Map([[a, null]]);
  let frontier = [a];
  for (let step = 0; step < MAX_DRAG_STEPS && !came.has(b); step++) {
    const next = [];
    for (const d of frontier) {
      for (const e of geo.dotEdges[d]) {
        const n = otherEnd(geo, e, d);
        if (!came.has(n)) { came.set(n, e); next.push(n); }
      }
    }
    frontier = next;
  }
  if (!came.has(b)) return null;
  const path = [];
  for (let d = b; d !== a; d = otherEnd(geo, came.get(d), d)) path.push(came.get(d));
  return path.reverse();
}

// --- words ---------------------------------------------------------------------------------------

// The eight directions' words, counter-clockwise from right (the square view's words).
const DIRECTION_WORDS = ["dir.1", "loop.where.upRight", "dir.0", "loop.where.upLeft", "dir.3",
  "loop.where.downLeft", "dir.2", "loop.where.downRight"];

function directionWord(geo, from, to, t) {
  const dx = geo.dots[to][0] - geo.dots[from][0], dy = geo.dots[to][1] - geo.dots[from][1];
  const sector = ((Math.round(Math.atan2(-dy, dx) / (Math.PI / 4)) % 8) + 8) % 8;
  return t(DIRECTION_WORDS[sector]);
}

// A face's shape in words: "triangle", "hexagon", or "12-sided face" where there is no name.
function shapeWord(sides, t) {
  const key = `loop.grid.shape.${sides}`, named = t(key);
  return named === key ? t("loop.grid.shape.other", { n: sides }) : named;
}

const gridName = (geo, t) => {
  const key = `option.grid.${geo.name}`, named = t(key);
  return named === key ? geo.name : named;
};

// Face f in words: "face 12: hexagon, 3 with 2 lines".
function describeFace(puzzle, geo, board, f, t, shades) {
  const k = puzzle.givens.clues[f];
  const clue = k === null ? t("loop.noClue") : t("loop.clue", { k, count: faceCount(geo, board, f) });
  const shade = shades?.[f] ? t(`loop.shade.${shades[f]}`) : "";
  return t("loop.grid.face", { n: f + 1, shape: shapeWord(geo.faces[f].length, t), clue }) + shade;
}

// What a screen reader hears at the cursor's dot d: the dot, each of its edges (its direction, the
// dot it goes to, its state) and the faces around it.
export function describeDot(puzzle, board, d, t, shades = null) {
  const geo = geometry(puzzle), parts = [t("loop.grid.dot", { n: d + 1 })];
  for (const e of geo.dotEdges[d]) {
    const n = otherEnd(geo, e, d), state = ["open", "line", "cross"][board.edges[e]];
    parts.push(t("loop.grid.side", { dir: directionWord(geo, d, n, t), n: n + 1, state: t(`loop.state.${state}`) }));
  }
  const around = geo.dotFaces[d].map((f) => describeFace(puzzle, geo, board, f, t, shades));
  parts.push(t("loop.grid.faces", { list: around.join(t("list.join")) }));
  return parts.join(" ");
}

// --- drawing -------------------------------------------------------------------------------------

const points = (corners) => corners.map(([x, y]) => `${x},${y}`).join(" ");

// Fills svg with the parts that stay: the backdrop, the hatching, a polygon per face (its shading),
// the clues, the edges (a line, and its × once it has one: addCross), the dots, the marks' group
// and the cursor. Answers the parts that change, with what each edge and clue shows (shownEdges,
// shownClues: paint changes only what differs, so that a click on a grid of 26,000 edges stays
// quick).
function drawBoard(svg, geo, clues) {
  svg.append(svgElement("rect", { x: -MARGIN, y: -MARGIN, width: geo.extent.width, height: geo.extent.height,
    class: "backdrop" }));
  const defs = svgElement("defs");
  const hatch = svgElement("pattern", { id: "loop-outside-hatch", patternUnits: "userSpaceOnUse", width: 0.2,
    height: 0.2, patternTransform: "rotate(45)" });
  hatch.append(svgElement("rect", { width: 0.2, height: 0.2, class: "hatch-ground" }),
    svgElement("line", { x1: 0, y1: 0, x2: 0, y2: 0.2, class: "hatch-line" }));
  defs.append(hatch);
  svg.append(defs);
  const faces = geo.corners.map((corners, f) => svg.appendChild(svgElement("polygon", { points: points(corners),
    class: "face shade", "data-face": f, "data-index": f })));
  const clueGroups = clues.map((k, f) => {
    if (k === null) return null;
    const [x, y] = geo.centres[f], s = geo.clueScale[f];
    const group = svgElement("g", { class: "clue", "data-face": f,
      transform: `translate(${x} ${y}) scale(${Math.round(s * 1000) / 1000})` });
    group.append(svgElement("circle", { cx: 0, cy: 0, r: 0.32, class: "ring" }));
    const text = svgElement("text", { x: 0, y: 0, "text-anchor": "middle", "dominant-baseline": "central" });
    text.textContent = String(k);
    const tick = svgElement("text", { x: 0.34, y: -0.3, "text-anchor": "middle", "dominant-baseline": "central",
      class: "tick" });
    tick.textContent = "✓";
    group.append(text, tick, svgElement("title"));
    return svg.appendChild(group);
  });
  const edges = geo.edges.map(([a, b], e) => {
    const [x1, y1] = geo.dots[a], [x2, y2] = geo.dots[b];
    const group = svgElement("g", { class: "edge", "data-edge": e });
    group.append(svgElement("line", { x1, y1, x2, y2, class: "stroke" }));
    return svg.appendChild(group);
  });
  geo.dots.forEach(([cx, cy], d) => svg.append(svgElement("circle", { cx, cy, r: 0.07, class: "dot", "data-dot": d })));
  const overlay = svgElement("g", { class: "overlay" });
  const cursorMark = svgElement("circle", { r: 0.2, class: "cursor" });
  svg.append(overlay, cursorMark);
  return { svg, faces, clueGroups, edges, overlay, cursorMark, shownEdges: geo.edges.map(() => null),
    shownClues: clues.map(() => null) };
}

// An edge's × (a path across its middle), drawn the first time it is marked.
function addCross(group, geo, e) {
  const [a, b] = geo.edges[e], mx = (geo.dots[a][0] + geo.dots[b][0]) / 2, my = (geo.dots[a][1] + geo.dots[b][1]) / 2;
  const c = CROSS_SIZE;
  group.append(svgElement("path", { d: `M${mx - c} ${my - c}L${mx + c} ${my + c}M${mx - c} ${my + c}L${mx + c} ${my - c}`,
    class: "cross" }));
}

// Draws board `shown` (a drag in progress too) with marks ({errors, mistakes}) on the parts.
function paint(parts, puzzle, geo, shown, marks, t) {
  const { svg, clueGroups, edges, overlay, shownEdges, shownClues } = parts, clues = puzzle.givens.clues;
  const byKind = Object.fromEntries(marks.errors.map(({ kind, items }) => [kind, new Set(items)]));
  const has = (kind, item) => byKind[kind]?.has(item) ?? false;
  shown.edges.forEach((value, e) => {
    const looped = has("loop", e), look = value + (looped ? 4 : 0);
    if (shownEdges[e] === look) return;
    shownEdges[e] = look;
    edges[e].classList.toggle("line", value === LINE);
    edges[e].classList.toggle("crossed", value === CROSS);
    edges[e].classList.toggle("error-loop", looped);
    if (value === CROSS && !edges[e].querySelector(".cross")) addCross(edges[e], geo, e);
  });
  const complete = isSolved(puzzle, shown);
  clueGroups.forEach((group, f) => {
    if (!group) return;
    const met = clueShownMet(puzzle, shown, f, complete);
    const look = `${met} ${has("over", f)} ${has("blocked", f)}`;
    if (shownClues[f] === look) return;
    shownClues[f] = look;
    group.classList.toggle("met", met);
    group.classList.toggle("over", has("over", f));
    group.classList.toggle("blocked", has("blocked", f));
    const state = met ? t("loop.clueMet") : has("over", f) ? t("loop.clueOver")
      : has("blocked", f) ? t("loop.clueBlocked") : "";
    group.lastChild.textContent = state ? `${clues[f]} (${state})` : String(clues[f]);
  });
  overlay.replaceChildren();
  for (const kind of ["branch", "deadEnd"]) {
    for (const d of byKind[kind] || []) {
      overlay.append(svgElement("circle", { cx: geo.dots[d][0], cy: geo.dots[d][1], r: 0.2, class: `dot-error ${kind}`,
        "data-dot": d }));
    }
  }
  for (const e of marks.mistakes) {
    const [a, b] = geo.edges[e], x = (geo.dots[a][0] + geo.dots[b][0]) / 2, y = (geo.dots[a][1] + geo.dots[b][1]) / 2;
    overlay.append(svgElement("rect", { x: x - 0.17, y: y - 0.17, width: 0.34, height: 0.34, rx: 0.06,
      class: "mistake", "data-edge": e, transform: `rotate(45 ${x} ${y})` }));
  }
  svg.classList.toggle("complete", complete);
}

// A drag reached dot d: the path from the last dot reached to it gets press.value (decided by its
// first edge: a line there erases, anything else draws), in press.pending. Answers whether it grew.
function dragTo(press, geo, d) {
  if (d === null || d === press.dot) return false;
  if (press.dot === null) { press.dot = d; return false; }
  const path = shortestPath(geo, press.dot, d);
  press.dot = d;
  if (!path) return false;
  for (const e of path) {
    if (press.value === null) press.value = press.pending[e] === LINE ? OPEN : LINE;
    press.pending[e] = press.value;
  }
  return true;
}

// The board with edge e toggled: a line drawn or erased, or (mark) a × set or taken off.
function edgeToggled(board, e, mark) {
  const edges = board.edges.slice(), current = edges[e];
  edges[e] = mark ? (current === CROSS ? OPEN : CROSS) : (current === LINE ? OPEN : LINE);
  return { edges };
}

const nextShade = (value, back = false) => (value + (back ? 2 : 1)) % 3;
const pointOf = (point) => point && [point.x, point.y];

// The board (see the top for what the pointer and the keys do).
export function createView({ puzzle, onAction, onNote = () => {}, t }) {
  const geo = geometry(puzzle), { width, height } = geo.extent;
  const element = boardElement("div", { class: "loop-wrap loop-any-wrap" }, { ew: width, eh: height });
  const svg = svgElement("svg", { viewBox: `${-MARGIN} ${-MARGIN} ${width} ${height}`, class: "loop-board loop-any",
    "data-grid": geo.name, tabindex: 0, role: "application", "aria-roledescription": t("loop.roledescription") });
  const spoken = htmlElement("p", { class: "sr-only", "aria-live": "polite" });
  element.append(svg, spoken);
  const parts = drawBoard(svg, geo, puzzle.givens.clues);
  const state = boardState(["line", "mark", "shade"]);
  let board = initialBoard(puzzle), shades = initialNotes(puzzle), shownMarks = { errors: [], mistakes: [] };
  let press = null, cursor = 0, speakFace = null; // speakFace: a face just shaded by a key
  // The cursor starts on the dot nearest the top-left corner.
  geo.dots.forEach(([x, y], d) => { if (x + y < geo.dots[cursor][0] + geo.dots[cursor][1]) cursor = d; });

  const toggle = (e, mark) => { if (!state.locked) onAction(edgeToggled(board, e, mark)); };
  const shade = (f, value) => { if (!state.locked && f !== null) onNote(Object.assign(shades.slice(), { [f]: value })); };

  svg.addEventListener("pointerdown", (event) => {
    if (state.locked || press || (event.button !== 0 && event.button !== 2)) return;
    const mark = event.button === 2 || state.tool === "mark", drawing = !mark && state.tool !== "shade";
    press = { id: event.pointerId, x: event.clientX, y: event.clientY, mark, shade: state.tool === "shade",
      back: event.button === 2, touch: event.pointerType === "touch", dragging: false, dot: null, value: null,
      pending: board.edges.slice() };
    if (!press.touch && drawing) {
      svg.setPointerCapture(event.pointerId);
      const point = pointOf(svgPoint(svg, event));
      press.dot = point ? dotNear(geo, point) : null;
    }
  });
  svg.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!press.dragging && movedBeyondTap(press, event)) {
      if (press.touch || press.mark || press.shade) { press = null; return; }
      press.dragging = true;
    }
    const point = press.dragging && pointOf(svgPoint(svg, event));
    if (point && dragTo(press, geo, dotNear(geo, point))) {
      paint(parts, puzzle, geo, { edges: press.pending }, shownMarks, t);
    }
  });
  svg.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const done = press, point = pointOf(svgPoint(svg, event));
    press = null;
    if (done.dragging) {
      if (done.pending.some((v, e) => v !== board.edges[e])) onAction({ edges: done.pending });
      else paint(parts, puzzle, geo, board, shownMarks, t);
    } else if (done.shade) {
      const f = point && faceAt(geo, point);
      if (f !== null && f !== undefined) shade(f, nextShade(shades[f], done.back));
    } else {
      const e = point && edgeNear(geo, point);
      if (e !== null && e !== undefined) toggle(e, done.mark);
    }
  });
  svg.addEventListener("pointercancel", () => {
    if (press?.dragging) paint(parts, puzzle, geo, board, shownMarks, t);
    press = null;
  });
  svg.addEventListener("contextmenu", (event) => event.preventDefault());
  svg.addEventListener("keydown", (event) => {
    const letter = event.key.toLowerCase();
    if ((letter === "i" || letter === "o") && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      if (event.repeat) return;
      const f = faceDownRight(geo, cursor), value = letter === "i" ? INSIDE : OUTSIDE;
      if (f === null) return;
      speakFace = f;
      shade(f, shades[f] === value ? NO_SHADE : value);
      return;
    }
    const move = arrowTarget(geo, cursor, event.key);
    if (move !== undefined) event.preventDefault();
    if (!move) return;
    if (event.ctrlKey || event.metaKey) { toggle(move.edge, true); return; }
    cursor = move.dot;
    if (event.shiftKey) toggle(move.edge, false);
    placeCursor(true);
  });
  focusRingFromKeys(element, svg);

  function placeCursor(speak = false) {
    parts.cursorMark.setAttribute("cx", String(geo.dots[cursor][0]));
    parts.cursorMark.setAttribute("cy", String(geo.dots[cursor][1]));
    const words = describeDot(puzzle, board, cursor, t, shades);
    if (speakFace !== null) {
      spoken.textContent = t("loop.grid.shaded", { n: speakFace + 1, state: t(`loop.shadeState.${shades[speakFace]}`) });
      speakFace = null;
    }
    const complete = isSolved(puzzle, board) ? ` ${t("loop.complete")}` : "";
    const label = t("loop.grid.board", { grid: gridName(geo, t), w: geo.width, h: geo.height, faces: geo.faces.length });
    svg.setAttribute("aria-label", `${label} ${words}${complete}`);
    if (speak) {
      spoken.textContent = words + complete;
      parts.cursorMark.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    }
  }

  // marks: {errors: liveErrors(...), mistakes: [edge indices] from Check, notes: the faces' shading}
  function render(next, marks = shownMarks) {
    board = next;
    shownMarks = marks;
    if (Array.isArray(marks.notes)) shades = marks.notes;
    parts.faces.forEach((polygon, f) => {
      polygon.classList.toggle("inside", shades[f] === INSIDE);
      polygon.classList.toggle("outside", shades[f] === OUTSIDE);
    });
    paint(parts, puzzle, geo, board, marks, t);
    placeCursor();
  }
  render(board);
  const relabel = () => {
    svg.setAttribute("aria-roledescription", t("loop.roledescription"));
    parts.shownClues.fill(null); // their titles are in words
    render(board);
  };
  return boardControls(state, { element, render, relabel });
}
