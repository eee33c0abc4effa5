// The studio's Loop editor: draw the loop dot to dot (a click on an edge draws or erases it; or
// ask for a random loop), then choose which clues to show (a click on a cell shows or hides its
// number, which the loop gives: how many of the cell's four sides it uses). Edges are numbered as
// the server numbers them (gridlogic.loop.board): the horizontal ones row by row, then the
// vertical ones, so that a difference's edge index is an edge here. The design goes to the server
// as a text grid (one line a row, a digit for a shown clue, "." for a hidden one): a 2×2 loop
// round the top-left cell showing that cell's clue is "4.\n..". The loop drawn goes with it as the
// goal of the fixes (its edges, 1 for a line), so that a fix shows more of its clues.
// The studio link holds WxH, the edges and the shown cells, each as hex digits.
// "Hide the clues a level does not need" asks the server (POST /api/loop/thin) which shown clues
// the level's techniques can do without, and hides them in one edit (undo shows them again).
//
// On Loopy's other grids (the Grid list: GET /api/loop/grid, the grids and the sizes Loopy allows each,
// gridlogic.loop.studio.grid_sizes), the grid's drawing comes from GET /api/loop/grid?grid=NAME&width=W&
// height=H (gridlogic.web.studio; an aperiodic grid is its fixed patch of that size, named by its
// description), kept per grid and size. The size fields take every size of any grid (a floret is 1×2 or
// larger); a size the grid does not take is said in words (sizeProblem) and never asked of the server.
// Edges and faces are the drawing's, in Loopy's order, drawn as anygrid.js draws a board; the design
// goes to the server as a Loopy ID, WxHtN:[description_]clues, each face's clue a digit (A-Z from 10),
// a run of hidden ones a letter a-z (a one, z twenty-six: writeLoopyClues), and its loop as the goal.
// For example the 3×3 honeycomb (t2, 9 faces) showing a 4 on its third face only is "3x3t2:b4f".
// The studio link of a grid design is NAME:WxH:edges:faces (hex as on squares). The keyboard: in the
// loop mode the cursor is on a dot and the arrows (Home, PageUp, End, PageDown the diagonals) move
// along edges as on the game's board (anygrid.js arrowTarget), Shift draws; in the clues mode it is
// on a face, an arrow moves to the neighbouring face most nearly that way, Space shows or hides.
// A fix names faces by number from 1 ("Show 3 in face 7"): hovering or focusing it frames those faces
// and numbers them on the board, and a face under the pointer says its number. A studio link whose grid
// is unknown, whose size the grid does not take, or whose hex does not fit the grid's edges and faces
// leaves the empty 5×5 board of squares (its fields and its link too) and says why until the next edit.

import { errorText, thinDesign } from "../../api.js";
import { language, t } from "../../i18n.js";
import { htmlElement, svgElement } from "../../svg.js";
import {
  ARROWS, Board, button, clamp, decodeCells, encodeCells, place, sizeFields, square,
} from "../../studio/board.js";
import { arrowTarget, geometry } from "./anygrid.js";

const MIN_SIDE = 2;   // of the studio's own boards of squares
const MAX_SIDE = 20;
const LEAST_SIDE = 1;  // the size fields' least: the least side of any of Loopy's grids (a floret 1 wide)
const THIN_LEVELS = ["easy", "medium", "hard", "expert"];  // Loop's levels (gridlogic.loop.v3.levels)

export const horizontal = (w, r, c) => r * w + c;
export const vertical = (w, h, r, c) => (h + 1) * w + r * (w + 1) + c;
export const edgeCount = (w, h) => (h + 1) * w + h * (w + 1);

export function cellEdges(w, h, i) {
  const r = Math.floor(i / w), c = i % w;
  return [horizontal(w, r, c), vertical(w, h, r, c + 1), horizontal(w, r + 1, c), vertical(w, h, r, c)];
}

// The two dots of each edge, as vertex indices r * (w + 1) + c.
function edgeEnds(w, h, e) {
  if (e < (h + 1) * w) {
    const r = Math.floor(e / w), c = e % w;
    return [r * (w + 1) + c, r * (w + 1) + c + 1];
  }
  const k = e - (h + 1) * w, r = Math.floor(k / (w + 1)), c = k % (w + 1);
  return [r * (w + 1) + c, (r + 1) * (w + 1) + c];
}

// "ok", "empty" or "open": whether the drawn edges are one closed loop.
export function loopState(w, h, edges) {
  const degree = new Array((w + 1) * (h + 1)).fill(0);
  const drawn = [];
  edges.forEach((on, e) => {
    if (!on) return;
    drawn.push(e);
    for (const v of edgeEnds(w, h, e)) degree[v] += 1;
  });
  if (!drawn.length) return "empty";
  if (degree.some((d) => d !== 0 && d !== 2)) return "open";
  const reached = new Set([edgeEnds(w, h, drawn[0])[0]]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const e of drawn) {
      const [a, b] = edgeEnds(w, h, e);
      if (reached.has(a) !== reached.has(b)) reached.add(a), reached.add(b), (grew = true);
    }
  }
  return drawn.every((e) => reached.has(edgeEnds(w, h, e)[0])) ? "ok" : "open";
}

// A random loop: the boundary of a region grown one cell at a time, each cell added only where
// its eight neighbours in the region make one run that holds a side neighbour (so the region
// stays one piece without holes, and never touches itself at a corner).
export function randomLoop(w, h, random = Math.random) {
  const inside = new Array(w * h).fill(false);
  const at = (r, c) => r >= 0 && r < h && c >= 0 && c < w && inside[r * w + c];
  const ring = [[-1, -1], [-1, 0], [-1, 1], [0, 1], [1, 1], [1, 0], [1, -1], [0, -1]];
  const addable = (i) => {
    const r = Math.floor(i / w), c = i % w;
    const around = ring.map(([dr, dc]) => at(r + dr, c + dc));
    const starts = around.filter((on, k) => on && !around[(k + 7) % 8]).length;
    const side = [1, 3, 5, 7].some((k) => around[k]);
    return side && starts === 1 && !around.every(Boolean);
  };
  inside[Math.floor(random() * w * h)] = true;
  const target = Math.max(2, Math.round(w * h * (0.35 + random() * 0.2)));
  for (let grown = 1, tries = 0; grown < target && tries < 50 * w * h; tries++) {
    const i = Math.floor(random() * w * h);
    if (!inside[i] && addable(i)) inside[i] = true, (grown += 1);
  }
  const edges = new Array(edgeCount(w, h)).fill(0);
  for (let i = 0; i < w * h; i++) {
    const r = Math.floor(i / w), c = i % w;
    if (!inside[i]) continue;
    if (!at(r - 1, c)) edges[horizontal(w, r, c)] = 1;
    if (!at(r + 1, c)) edges[horizontal(w, r + 1, c)] = 1;
    if (!at(r, c - 1)) edges[vertical(w, h, r, c)] = 1;
    if (!at(r, c + 1)) edges[vertical(w, h, r, c + 1)] = 1;
  }
  return edges;
}

// --- Loopy's other grids ---------------------------------------------------------------------------

const SQUARES = "square";  // the grid this editor draws by itself, as a text grid
const GRID_MARGIN = 0.5;   // anygrid.js's margin round the dots, in edge lengths

// A Loopy ID's clues (gridlogic.loop.grids.write_loopy_id's form): [2, null, null, 11] is "2bB".
export function writeLoopyClues(clues) {
  let text = "", run = 0;
  const flush = () => { if (run) text += String.fromCharCode(97 + run - 1); run = 0; };
  for (const clue of clues) {
    if (clue === null) {
      if (run === 26) flush();
      run += 1;
    } else {
      flush();
      text += clue < 10 ? String(clue) : String.fromCharCode(65 + clue - 10);
    }
  }
  flush();
  return text;
}

// The faces on each side of every edge (one for an edge of the grid's border).
function edgeFacesOf(geo) {
  if (!geo.edgeFaces) {
    geo.edgeFaces = geo.edges.map(() => []);
    geo.faceEdges.forEach((edges, f) => { for (const e of edges) geo.edgeFaces[e].push(f); });
  }
  return geo.edgeFaces;
}

// "ok", "empty" or "open", as loopState, by the grid's own dots.
export function gridLoopState(geo, edges) {
  const degree = geo.dots.map(() => 0), drawn = [];
  edges.forEach((on, e) => { if (on) { drawn.push(e); for (const d of geo.edges[e]) degree[d] += 1; } });
  if (!drawn.length) return "empty";
  if (degree.some((d) => d !== 0 && d !== 2)) return "open";
  const reached = new Set([geo.edges[drawn[0]][0]]);
  for (let grew = true; grew;) {
    grew = false;
    for (const e of drawn) {
      const [a, b] = geo.edges[e];
      if (reached.has(a) !== reached.has(b)) reached.add(a), reached.add(b), (grew = true);
    }
  }
  return drawn.every((e) => reached.has(geo.edges[e][0])) ? "ok" : "open";
}

// A random loop on a grid, as randomLoop on squares: a region grown one face at a time, a face added
// only where the edges it shares with the region are one run (not all of its edges) and no other
// corner of it touches the region, so the region stays a disk whose border is one loop.
export function randomGridLoop(geo, random = Math.random) {
  const edgeFaces = edgeFacesOf(geo), count = geo.faces.length;
  const inside = new Array(count).fill(false);
  const touches = (d, f) => geo.dotFaces[d].some((g) => g !== f && inside[g]);
  const addable = (f) => {
    const edges = geo.faceEdges[f], n = edges.length;  // edge k runs from the face's dot k to dot k + 1
    const shared = edges.map((e) => edgeFaces[e].some((g) => g !== f && inside[g]));
    const starts = shared.filter((on, k) => on && !shared[(k + n - 1) % n]).length;
    if (starts !== 1 || shared.every(Boolean)) return false;
    return geo.faces[f].every((d, k) => shared[k] || shared[(k + n - 1) % n] || !touches(d, f));
  };
  inside[Math.floor(random() * count)] = true;
  const target = Math.max(2, Math.round(count * (0.35 + random() * 0.2)));
  for (let grown = 1, tries = 0; grown < target && tries < 50 * count; tries++) {
    const f = Math.floor(random() * count);
    if (!inside[f] && addable(f)) inside[f] = true, (grown += 1);
  }
  return edgeFaces.map((faces) => Number(faces.filter((f) => inside[f]).length === 1));
}

// The face beside face f most nearly in the arrow's direction (within 85°), or null.
const FACE_ARROWS = { ArrowUp: [0, -1], ArrowRight: [1, 0], ArrowDown: [0, 1], ArrowLeft: [-1, 0] };
function faceToward(geo, f, key) {
  const [ax, ay] = FACE_ARROWS[key];
  let best = null, score = Math.cos((85 * Math.PI) / 180);
  for (const e of geo.faceEdges[f]) {
    for (const g of edgeFacesOf(geo)[e]) {
      if (g === f) continue;
      const dx = geo.centres[g][0] - geo.centres[f][0], dy = geo.centres[g][1] - geo.centres[f][1];
      const along = (dx * ax + dy * ay) / (Math.hypot(dx, dy) || 1);
      if (along > score) { best = g; score = along; }
    }
  }
  return best;
}

// The drawings asked of the server, by "name:WxH": {geo, loopyType, drawing} once it answered,
// {error} when it refused, {pending: true} meanwhile.
const drawings = new Map();
const drawingKey = (design) => `${design.grid}:${design.w}x${design.h}`;

// The grids and the sizes each takes (GET /api/loop/grid with no query: gridlogic.loop.studio.grid_sizes),
// by name, squares first: {square: {leastBoth, leastOne, most}, honeycomb: ...}; null when the server
// could not answer. Squares are the studio's own boards, from MIN_SIDE.
async function gridCatalogue() {
  for (let wait = 1000; ; wait = Math.min(2 * wait, 8000)) {
    const answer = await fetch("/api/loop/grid", { headers: { Accept: "application/json" } })
      .then(async (response) => ({ status: response.status, data: await response.json() }), () => ({ status: 0 }));
    if (answer.status === 200) {
      const limits = { [SQUARES]: { leastBoth: MIN_SIDE, leastOne: MIN_SIDE, most: MAX_SIDE } };
      for (const grid of answer.data.grids) {
        if (grid.name !== SQUARES) limits[grid.name] = { ...grid, most: answer.data.most };
      }
      return limits;
    }
    if (answer.status !== 503 && answer.status !== 429) return null;
    await new Promise((resolve) => { setTimeout(resolve, wait); });
  }
}

// Why W×H is not a size of the grid (limits: gridCatalogue's for it), as {problem, values} (values.grid
// its name), or null.
// For example a floret is 1×2 or larger (leastBoth 1, leastOne 2): 1×1 is refused, 1×2 and 2×1 are not.
export function sizeProblem(limits, grid, w, h) {
  if (w < limits.leastBoth || h < limits.leastBoth || w > limits.most || h > limits.most) {
    return { problem: "studio.loop.sizeBoth", values: { grid, least: limits.leastBoth, most: limits.most, w, h } };
  }
  if (w < limits.leastOne && h < limits.leastOne) {
    return { problem: "studio.loop.sizeOne", values: { grid, least: limits.leastOne, w, h } };
  }
  return null;
}

export function create(shell) {
  // design.grid is SQUARES or one of Loopy's other grids; on another grid, edges and shown are null
  // until its drawing has come (pending: a studio link's hex of them, read then). A design of a size
  // its grid does not take is drawn empty and says why (sizeProblem); a studio link that does not fit
  // (refuse) leaves the empty board of squares, its refusal said until the next edit.
  let design = fresh(SQUARES, 5, 5);
  let mode = "loop";
  let gridCursor = { dot: 0, face: 0 };
  let catalogue;  // gridCatalogue's limits by grid name once it answered (null: no answer); undefined meanwhile
  const onSquares = () => design.grid === SQUARES;
  const board = new Board("loop-studio", () => {
    if (onSquares()) return t(`studio.loop.board.${mode}`, { w: design.w, h: design.h });
    const found = drawings.get(drawingKey(design));
    return t(`studio.loop.gridBoard.${mode}`, { grid: t(`option.grid.${design.grid}`), w: design.w, h: design.h,
      faces: found?.geo ? found.geo.faces.length : 0 });
  });

  function fresh(grid, w, h) {
    return grid === SQUARES
      ? { grid, w, h, edges: new Array(edgeCount(w, h)).fill(0), shown: new Array(w * h).fill(0) }
      : { grid, w, h, edges: null, shown: null };
  }

  // The limits of a grid's sizes: squares' at once, another grid's once the catalogue came (undefined
  // before, and when the server could not say: the server's drawing then refuses a size itself).
  const limitsOf = (grid) => (grid === SQUARES ? { leastBoth: MIN_SIDE, leastOne: MIN_SIDE, most: MAX_SIDE }
    : catalogue?.[grid]);
  const unfit = (wanted = design) => {
    const limits = limitsOf(wanted.grid);
    return limits ? sizeProblem(limits, wanted.grid, wanted.w, wanted.h) : null;
  };
  // A grid's name in the page's language, in a refusal's values (and in a size's reason within them).
  function said({ problem, values }) {
    const named = { ...values };
    if (named.grid !== undefined) named.grid = t(`option.grid.${named.grid}`);
    if (named.why) named.why = t(named.why.problem, said(named.why).values);
    return { problem, values: named };
  }

  // A studio link that does not fit: the empty board of squares instead, and why (said until an edit).
  function refuse(problem, values) {
    design = { ...fresh(SQUARES, 5, 5), refusal: { problem, values } };
    gridCursor = { dot: 0, face: 0 };
    board.cursor = { r: 0, c: 0 };
    sizes.set(design.w, design.h);
    gridSelect.value = SQUARES;
  }
  // A link's design waiting for its grid: refused when the grid is unknown or the size one it does not take.
  function checkPending() {
    if (!design.pending || catalogue === undefined || catalogue === null) return;
    if (!catalogue[design.grid]) refuse("studio.loop.link.grid", { name: design.grid });
    else if (unfit()) refuse("studio.loop.link.size", { why: unfit() });
  }
  // Drawn again (and analysed) if the editor is on the page; else when its tab is shown.
  const redrawn = () => { if (board.wrap.isConnected) shell.amend(() => {}); };

  // The drawing of the design's grid, or null (asked of the server the first time, once the catalogue
  // has come and the size is one the grid takes; the design is amended when it comes, which draws it
  // and asks the analysis again). A server too busy to draw it (503, 429) is asked again.
  function drawingOf(wanted = design) {
    if (catalogue === undefined || unfit(wanted)) return null;
    const key = drawingKey(wanted);
    const found = drawings.get(key);
    if (found) return found.pending || found.error ? null : found;
    drawings.set(key, { pending: true });
    const query = new URLSearchParams({ grid: wanted.grid, width: wanted.w, height: wanted.h });
    const ask = () => fetch(`/api/loop/grid?${query}`, { headers: { Accept: "application/json" } })
      .then(async (response) => {
        const data = await response.json();
        if (response.status === 503 || response.status === 429) {
          const seconds = Number(response.headers.get("Retry-After")) || 2;
          await new Promise((resolve) => { setTimeout(resolve, 1000 * Math.min(seconds, 10)); });
          return ask();
        }
        if (!response.ok) return { error: errorText(data) };
        const geo = geometry({ givens: { grid: data.grid } });
        return { geo, loopyType: data.loopyType, drawing: data.grid };
      }, () => ({ error: t("status.offline") }));
    ask().then((answer) => {
      drawings.set(key, answer);  // a refusal too: that grid and size are not asked again
      if (drawingKey(design) !== key) return;
      if (answer.error && design.pending) refuse("studio.loop.link.refused", { error: answer.error });
      else settle();
      redrawn();
    });
    return null;
  }

  // The design's edges and shown faces once its drawing has come (a link's, or none; a link whose hex
  // does not fit the grid is refused); answers the drawing (or null).
  function settle() {
    if (onSquares() || design.refusal) return null;
    const found = drawingOf();
    if (!found) return null;
    const { geo } = found;
    if (design.edges === null) {
      const { pending } = design, read = (hex, n) => (hex ? decodeCells(hex, n) : new Array(n).fill(0));
      const edges = read(pending?.edges, geo.edges.length), shown = read(pending?.faces, geo.faces.length);
      if (!edges || !shown) {
        refuse("studio.loop.link.cells", { grid: design.grid, w: design.w, h: design.h, edges: geo.edges.length,
          faces: geo.faces.length });
        return null;
      }
      Object.assign(design, { edges, shown });
      delete design.pending;
    }
    // a cursor of another grid (before an undo) starts again at the first dot and face
    if (gridCursor.dot >= geo.dots.length || gridCursor.face >= geo.faces.length) gridCursor = { dot: 0, face: 0 };
    return found;
  }

  const count = (i) => {
    if (onSquares()) return cellEdges(design.w, design.h, i).reduce((sum, e) => sum + design.edges[e], 0);
    return settle().geo.faceEdges[i].reduce((sum, e) => sum + design.edges[e], 0);
  };
  const resize = (w, h) => {
    design = fresh(design.grid, w, h);
    board.cursor = { r: 0, c: 0 };
  };
  const sizes = sizeFields(shell, LEAST_SIDE, MAX_SIDE, () => design, resize);
  // Every edit of the editor's own (a refusal of a link is said until the next one).
  const edit = (change) => shell.edit(() => { delete design.refusal; change(); });

  const gridSelect = htmlElement("select", { id: "loop-grid" });
  gridSelect.append(htmlElement("option", { value: SQUARES }));
  gridSelect.addEventListener("change", () => edit(() => {
    design = fresh(gridSelect.value, design.w, design.h);
    board.cursor = { r: 0, c: 0 };
  }));
  const gridLabel = htmlElement("label", { class: "size-field" });
  gridLabel.append(htmlElement("span", { "data-i18n": "option.grid" }), gridSelect);
  gridCatalogue().then((found) => {
    catalogue = found;
    gridSelect.replaceChildren(...Object.keys(found ?? { [SQUARES]: 1 }).map((name) => htmlElement("option",
      { value: name })));
    gridSelect.value = design.grid;
    translateGrids();
    checkPending();
    redrawn();
  });
  function translateGrids() {
    for (const option of gridSelect.options) option.textContent = t(`option.grid.${option.value}`);
  }

  const modes = htmlElement("div", { class: "tool", role: "radiogroup", "data-i18n-label": "studio.loop.mode" });
  const modeButtons = ["loop", "clues"].map((name) => {
    const element = button(`studio.loop.mode.${name}`, () => setMode(name), { role: "radio", "data-mode": name });
    modes.append(element);
    return element;
  });
  function setMode(name) {
    mode = name;
    for (const element of modeButtons) element.setAttribute("aria-checked", String(element.dataset.mode === mode));
    const last = mode === "clues" ? 1 : 0;  // cells end a row and a column before the dots
    board.cursor = { r: Math.min(board.cursor.r, design.h - last), c: Math.min(board.cursor.c, design.w - last) };
    shell.redraw();
  }
  setMode("loop");

  const showAll = (value) => design.shown && !unfit() && edit(() => { design.shown = design.shown.map(() => value); });
  const row1 = htmlElement("div", { class: "tool-row" });
  row1.append(gridLabel, ...sizes.labels, button("studio.loop.random", () => !unfit() && edit(() => {
    if (onSquares()) design.edges = randomLoop(design.w, design.h);
    else if (settle()) design.edges = randomGridLoop(settle().geo);
    else return;
    design.shown = design.shown.map(() => 1);
  })));
  const row2 = htmlElement("div", { class: "tool-row" });
  row2.append(modes, button("studio.loop.showAll", () => showAll(1)), button("studio.loop.hideAll", () => showAll(0)));
  const thinLevel = htmlElement("select", { id: "thin-level" });
  thinLevel.append(...THIN_LEVELS.map((level) => htmlElement("option", { value: level })));
  thinLevel.value = "medium";
  const thinLabel = htmlElement("label", { class: "size-field" });
  thinLabel.append(htmlElement("span", { "data-i18n": "studio.loop.thinLevel" }), thinLevel);
  const thinButton = button("studio.loop.thin", () => thinClues(), { id: "thin" });
  const row3 = htmlElement("div", { class: "tool-row" });
  row3.append(thinLabel, thinButton);
  const tools = htmlElement("div", { class: "tools" });
  tools.append(row1, row2, row3);

  async function thinClues() {
    const asked = designText();
    if (asked.problem) {
      shell.say(asked.problem, asked.values);
      return;
    }
    const before = JSON.stringify(design);
    thinButton.disabled = true;
    thinButton.setAttribute("aria-busy", "true");
    const answer = await thinDesign("loop", asked.text, thinLevel.value);
    thinButton.disabled = false;
    thinButton.removeAttribute("aria-busy");
    if (JSON.stringify(design) !== before) return;  // edited meanwhile: the answer is of another design
    if (!answer.ok) shell.say("studio.refused", { error: answer.error });
    else if (answer.data.status !== "thinned") {
      shell.say("studio.loop.thinUnfinished", { level: t(`difficulty.${thinLevel.value}`) });
    } else edit(() => { for (const mark of answer.data.hidden) design.shown[mark.index] = 0; });
  }

  // The design as the server reads it: on squares one line a row, a digit for a shown clue, "." for
  // a hidden one; on another grid its Loopy ID.
  function designText() {
    if (design.refusal) return said(design.refusal);
    if (unfit()) return said(unfit());
    if (!onSquares()) return gridText();
    const state = loopState(design.w, design.h, design.edges);
    if (state !== "ok") return { problem: `studio.loop.${state}` };
    const lines = [];
    for (let r = 0; r < design.h; r++) {
      let line = "";
      for (let i = r * design.w; i < (r + 1) * design.w; i++) line += design.shown[i] ? String(count(i)) : ".";
      lines.push(line);
    }
    return { text: lines.join("\n"), goal: [...design.edges] };
  }

  function gridText() {
    const found = settle();
    if (!found) {
      const { error } = drawings.get(drawingKey(design)) ?? {};
      return error ? { problem: "studio.refused", values: { error } } : { problem: "studio.loop.gridLoading" };
    }
    const state = gridLoopState(found.geo, design.edges);
    if (state !== "ok") return { problem: state === "empty" ? "studio.loop.gridEmpty" : "studio.loop.open" };
    const { drawing, loopyType } = found;
    const described = drawing.description === null || drawing.description === undefined ? "" : `${drawing.description}_`;
    const clues = design.shown.map((on, f) => (on ? count(f) : null));
    return { text: `${drawing.width}x${drawing.height}t${loopyType}:${described}${writeLoopyClues(clues)}`,
      goal: [...design.edges] };
  }

  const toggleEdge = (e) => edit(() => { design.edges[e] = 1 - design.edges[e]; });
  const toggleClue = (i) => edit(() => { design.shown[i] = 1 - design.shown[i]; });

  board.svg.addEventListener("click", (event) => {
    const target = event.target.closest("[data-edge], [data-cell]");
    if (!target) return;
    if (target.dataset.edge !== undefined) toggleEdge(Number(target.dataset.edge));
    else toggleClue(Number(target.dataset.cell));
  });

  // The keys on another grid (see the top): the cursor on a dot (loop) or a face (clues).
  function gridKey(event) {
    const found = settle();
    if (!found) return;
    const { geo } = found;
    if (mode === "loop") {
      const move = arrowTarget(geo, gridCursor.dot, event.key);
      if (move === undefined) return;
      event.preventDefault();
      if (!move) return;
      gridCursor.dot = move.dot;
      if (event.shiftKey) {
        toggleEdge(move.edge);
        const what = t(design.edges[move.edge] ? "studio.loop.drawn" : "studio.loop.erased");
        board.say(`${t("loop.grid.dot", { n: move.dot + 1 })} ${what}`);
        return;
      }
      shell.redraw();
      board.say(t("loop.grid.dot", { n: move.dot + 1 }));
      return;
    }
    let f = gridCursor.face;
    if (FACE_ARROWS[event.key]) {
      event.preventDefault();
      f = faceToward(geo, f, event.key) ?? f;
      gridCursor.face = f;
      shell.redraw();
    } else if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      toggleClue(f);
    } else return;
    const closed = gridLoopState(geo, design.edges) === "ok";
    const state = t(design.shown[f] ? "studio.loop.shown" : "studio.loop.hidden", { n: closed ? count(f) : "?" });
    board.say(`${t("studio.loop.face", { n: f + 1 })}: ${state}`);
  }

  board.svg.addEventListener("keydown", (event) => {
    if (unfit()) return;
    if (!onSquares()) {
      gridKey(event);
      return;
    }
    const arrow = ARROWS[event.key];
    const { w, h } = design;
    let { r, c } = board.cursor;
    const rows = mode === "loop" ? h : h - 1, cols = mode === "loop" ? w : w - 1;
    if (arrow && event.shiftKey && mode === "loop") {
      event.preventDefault();
      const [tr, tc] = [r + arrow[0], c + arrow[1]];
      if (tr < 0 || tr > h || tc < 0 || tc > w) return;
      const e = arrow[0] ? vertical(w, h, Math.min(r, tr), c) : horizontal(w, r, Math.min(c, tc));
      board.cursor = { r: tr, c: tc };
      toggleEdge(e);
      const what = t(design.edges[e] ? "studio.loop.drawn" : "studio.loop.erased");
      board.say(`${t("studio.loop.dot", { place: place(tr, tc) })}: ${what}`);
      return;
    }
    if (arrow) {
      event.preventDefault();
      r = clamp(r + arrow[0], 0, rows);
      c = clamp(c + arrow[1], 0, cols);
      board.cursor = { r, c };
      shell.redraw();
    } else if ((event.key === " " || event.key === "Enter") && mode === "clues") {
      event.preventDefault();
      toggleClue(r * w + c);
    } else return;
    if (mode === "loop") board.say(t("studio.loop.dot", { place: place(r, c) }));
    else {
      const i = r * w + c;
      board.say(`${place(r, c)}: ${t(design.shown[i] ? "studio.loop.shown" : "studio.loop.hidden", { n: count(i) })}`);
    }
  });

  // A grid as anygrid.js draws it: a polygon per face, the clues at their centres, the edges (a
  // transparent band to click), the dots; the difference's edges dashed, a fix's faces ringed. What
  // stays while the grid and the mode do (the scene: faces, edges, dots, the faces to click) is made
  // once; a redraw sets the edges' classes and makes the clues and the cursor again, so that a click
  // on a grid of thousands of edges stays quick.
  let scene = null;  // {key, geo, first (its first element), edgeGroups, clueLayer, cursorLayer}

  function buildScene(container, geo, key) {
    const points = (f) => geo.corners[f].map(([x, y]) => `${x},${y}`).join(" ");
    // the face under the pointer says its number (a fix names faces by it): the top face of the mode
    const named = (element, f) => {
      const title = svgElement("title");
      title.textContent = t("studio.loop.face", { n: f + 1 });
      element.append(title);
      return element;
    };
    const elements = geo.faces.map((_, f) => {
      const paper = svgElement("polygon", { class: "paper", points: points(f) });
      return mode === "loop" ? named(paper, f) : paper;
    });
    const markLayer = svgElement("g", { class: "mark-layer" }), clueLayer = svgElement("g", { class: "clue-layer" });
    const numberLayer = svgElement("g", { class: "number-layer" }), cursorLayer = svgElement("g", { class: "cursor-layer" });
    elements.push(markLayer, clueLayer);
    const edgeGroups = geo.edges.map(([a, b], e) => {
      const [[x1, y1], [x2, y2]] = [geo.dots[a], geo.dots[b]];
      const group = svgElement("g", { class: "loop-edge", "data-index": e });
      group.append(svgElement("line", { class: "stroke", x1, y1, x2, y2 }));
      if (mode === "loop") {  // a band over the middle four fifths of the edge, 0.32 wide
        const [dx, dy] = [(x2 - x1) * 0.1, (y2 - y1) * 0.1], length = Math.hypot(dx, dy) * 10 || 1;
        const [nx, ny] = [(-(y2 - y1) / length) * 0.16, ((x2 - x1) / length) * 0.16];
        const band = [[x1 + dx + nx, y1 + dy + ny], [x2 - dx + nx, y2 - dy + ny], [x2 - dx - nx, y2 - dy - ny],
          [x1 + dx - nx, y1 + dy - ny]].map(([x, y]) => `${x},${y}`).join(" ");
        group.append(svgElement("polygon", { class: "hit", "data-edge": e, points: band }));
      }
      elements.push(group);
      return group;
    });
    for (const [cx, cy] of geo.dots) elements.push(svgElement("circle", { class: "dot", cx, cy, r: 0.07 }));
    if (mode === "clues") {
      geo.faces.forEach((_, f) => elements.push(named(svgElement("polygon", { class: "cell-hit", points: points(f),
        "data-cell": f }), f)));
    }
    elements.push(numberLayer, cursorLayer);
    board.draw(container, geo.extent.width - 2 * GRID_MARGIN, geo.extent.height - 2 * GRID_MARGIN, GRID_MARGIN,
      elements);
    return { key, geo, first: elements[0], edgeGroups, markLayer, clueLayer, numberLayer, cursorLayer, points };
  }

  // A face's number in a small frame above its centre (x, y), at the face's clue scale.
  function faceNumber(n, x, y, scale) {
    const digits = String(n).length, width = 0.2 * digits + 0.14;
    const group = svgElement("g", { class: "face-number",
      transform: `translate(${x} ${y - 0.6 * scale}) scale(${Math.round(scale * 1000) / 1000})` });
    group.append(svgElement("rect", { x: -width / 2, y: -0.19, width, height: 0.38, rx: 0.08 }));
    const text = svgElement("text", { x: 0, y: 0.11, "text-anchor": "middle" });
    text.textContent = String(n);
    group.append(text);
    return group;
  }

  function renderGrid(container, { difference, preview }) {
    const found = settle();
    if (!found) {
      scene = null;
      board.draw(container, 1, 1, GRID_MARGIN, []);
      return;
    }
    const { geo } = found, key = `${drawingKey(design)} ${mode} ${language()}`;
    if (!scene || scene.key !== key || scene.geo !== geo || board.svg.firstChild !== scene.first) {
      scene = buildScene(container, geo, key);
    } else {  // what board.draw says of the board, which may have changed (the language, the edges)
      board.svg.setAttribute("aria-roledescription", t("studio.board"));
      board.svg.setAttribute("aria-label", board.label());
      if (board.wrap.parentNode !== container) container.replaceChildren(board.wrap);
    }
    design.edges.forEach((on, e) => {
      const group = scene.edgeGroups[e], marked = difference.has(e);
      const classes = `loop-edge${on ? " line" : ""}${marked ? " difference" : ""}`;
      if (group.getAttribute("class") === classes) return;
      group.setAttribute("class", classes);
      const mark = group.querySelector(".mark");
      if (marked && !mark) {
        const [[x1, y1], [x2, y2]] = geo.edges[e].map((d) => geo.dots[d]);
        group.firstChild.after(svgElement("line", { class: "mark", x1, y1, x2, y2 }));
      } else if (!marked && mark) mark.remove();
    });
    const previewed = new Set((preview?.changes ?? []).map((mark) => mark.index));
    const closed = gridLoopState(geo, design.edges) === "ok";
    const clues = [];
    geo.faces.forEach((_, f) => {
      const shown = design.shown[f] || previewed.has(f);
      if (!closed || (!shown && mode !== "clues")) return;
      const [x, y] = geo.centres[f], scale = Math.round(geo.clueScale[f] * 1000) / 1000;
      const classes = ["loop-clue", design.shown[f] && "shown", previewed.has(f) && "preview"];
      const group = svgElement("g", { class: classes.filter(Boolean).join(" "),
        transform: `translate(${x} ${y}) scale(${scale})` });
      if (shown) group.append(svgElement("circle", { class: "ring", cx: 0, cy: 0, r: 0.34 }));
      const text = svgElement("text", { x: 0, y: 0.19, "text-anchor": "middle" });
      text.textContent = String(count(f));
      group.append(text);
      clues.push(group);
    });
    scene.clueLayer.replaceChildren(...clues);
    // a fix's faces, while it is hovered or focused in the list: tinted, framed and numbered
    scene.markLayer.replaceChildren(...[...previewed].map((f) => svgElement("polygon", { class: "fix-face",
      points: scene.points(f) })));
    scene.numberLayer.replaceChildren(...[...previewed].map((f) => faceNumber(f + 1, ...geo.centres[f],
      geo.clueScale[f])));
    if (mode === "clues") {
      scene.cursorLayer.replaceChildren(svgElement("polygon", { class: "cursor face-cursor",
        points: scene.points(gridCursor.face) }));
    } else {
      const [cx, cy] = geo.dots[gridCursor.dot];
      scene.cursorLayer.replaceChildren(svgElement("circle", { class: "cursor", cx, cy, r: 0.2 }));
    }
  }

  function render(container, marks) {
    if (unfit()) {  // nothing to draw on: the verdict says why
      scene = null;
      board.draw(container, 1, 1, GRID_MARGIN, []);
      return;
    }
    if (!onSquares()) {
      renderGrid(container, marks);
      return;
    }
    const { difference, preview } = marks;
    const { w, h } = design;
    const previewed = new Set((preview?.changes ?? []).map((mark) => mark.index));
    const elements = [svgElement("rect", { class: "paper", x: 0, y: 0, width: w, height: h })];
    for (const i of previewed) elements.push(square("fix-face", i % w, Math.floor(i / w), 0.04));
    const closed = loopState(w, h, design.edges) === "ok";
    for (let i = 0; i < w * h; i++) {
      const r = Math.floor(i / w), c = i % w;
      const shown = design.shown[i] || previewed.has(i);
      if (!closed || (!shown && mode !== "clues")) continue;
      const classes = ["loop-clue", design.shown[i] && "shown", previewed.has(i) && "preview"];
      const group = svgElement("g", { class: classes.filter(Boolean).join(" ") });
      if (shown) group.append(svgElement("circle", { class: "ring", cx: c + 0.5, cy: r + 0.5, r: 0.34 }));
      const text = svgElement("text", { x: c + 0.5, y: r + 0.69, "text-anchor": "middle" });
      text.textContent = String(count(i));
      group.append(text);
      elements.push(group);
    }
    design.edges.forEach((on, e) => {
      const [a, b] = edgeEnds(w, h, e);
      const [x1, y1, x2, y2] = [a % (w + 1), Math.floor(a / (w + 1)), b % (w + 1), Math.floor(b / (w + 1))];
      const classes = ["loop-edge", on && "line", difference.has(e) && "difference"];
      const group = svgElement("g", { class: classes.filter(Boolean).join(" ") });
      group.append(svgElement("line", { class: "stroke", x1, y1, x2, y2 }));
      if (difference.has(e)) group.append(svgElement("line", { class: "mark", x1, y1, x2, y2 }));
      const across = y1 === y2;  // a horizontal edge; its hit area reaches a little above and below
      const hit = across ? { x: x1 + 0.1, y: y1 - 0.16, width: 0.8, height: 0.32 }
        : { x: x1 - 0.16, y: y1 + 0.1, width: 0.32, height: 0.8 };
      if (mode === "loop") group.append(svgElement("rect", { class: "hit", "data-edge": e, ...hit }));
      elements.push(group);
    });
    for (let r = 0; r <= h; r++) {
      for (let c = 0; c <= w; c++) elements.push(svgElement("circle", { class: "dot", cx: c, cy: r, r: 0.07 }));
    }
    if (mode === "clues") {
      for (let i = 0; i < w * h; i++) {
        elements.push(square("cell-hit", i % w, Math.floor(i / w), 0.12, { "data-cell": i }));
      }
      elements.push(square("cursor", board.cursor.c, board.cursor.r, 0.08));
    } else {
      elements.push(svgElement("circle", { class: "cursor", cx: board.cursor.c, cy: board.cursor.r, r: 0.2 }));
    }
    board.draw(container, w, h, 0.4, elements);
  }

  const copied = (cells) => (cells === null ? null : [...cells]);
  const faceCount = () => (onSquares() ? design.w * design.h : settle()?.geo.faces.length ?? 0);

  return {
    tools,
    render,
    snapshot: () => ({ ...design, edges: copied(design.edges), shown: copied(design.shown) }),
    restore(saved) {
      design = { ...saved, edges: copied(saved.edges), shown: copied(saved.shown) };
      sizes.set(design.w, design.h);
      if (gridSelect.querySelector(`option[value="${design.grid}"]`)) gridSelect.value = design.grid;
    },
    clear() {
      delete design.refusal;
      if (design.edges) design.edges = design.edges.map(() => 0);
      if (design.shown) design.shown = design.shown.map(() => 0);
    },
    text: designText,
    fragment() {
      const hex = (cells, kept) => (cells ? encodeCells(cells) : design.pending?.[kept] ?? "");
      const cells = `${hex(design.edges, "edges")}:${hex(design.shown, "faces")}`;
      return onSquares() ? `${design.w}x${design.h}:${cells}` : `${design.grid}:${design.w}x${design.h}:${cells}`;
    },
    // A studio link: NAME:WxH:edges:faces on another grid, WxH:edges:faces on squares (false: not one).
    // One whose grid, size or hex does not fit is refused (refuse), now or when the grid's catalogue
    // or drawing comes; on another grid the hex is read once the drawing has come (settle).
    load(text) {
      const onGrid = /^([a-z][a-z0-9-]*):(\d{1,3})x(\d{1,3}):([0-9a-f]*):([0-9a-f]*)$/.exec(text);
      if (onGrid && onGrid[1] !== SQUARES) {
        const [w, h] = [Number(onGrid[2]), Number(onGrid[3])];
        this.restore({ ...fresh(onGrid[1], w, h), pending: { edges: onGrid[4], faces: onGrid[5] } });
        checkPending();
        return true;
      }
      const found = /^(\d{1,3})x(\d{1,3}):([0-9a-f]*):([0-9a-f]*)$/.exec(text);
      if (!found) return false;
      const [w, h] = [Number(found[1]), Number(found[2])];
      const wanted = { grid: SQUARES, w, h };
      if (unfit(wanted)) {
        refuse("studio.loop.link.size", { why: unfit(wanted) });
        return true;
      }
      const edges = decodeCells(found[3], edgeCount(w, h));
      const shown = decodeCells(found[4], w * h);
      if (!edges || !shown) refuse("studio.loop.link.cells", { grid: SQUARES, w, h, edges: edgeCount(w, h), faces: w * h });
      else this.restore({ ...wanted, edges, shown });
      return true;
    },
    describe: (fix) => fix.changes.map((mark) => (onSquares()
      ? t("studio.loop.show", { n: mark.value, place: place(Math.floor(mark.index / design.w), mark.index % design.w) })
      : t("studio.loop.showFace", { n: mark.value, face: mark.index + 1 }))).join(t("studio.and")),
    fits: (fix) => Boolean(design.shown) && fix.changes.every((mark) => mark.kind === "clue"
      && mark.index < faceCount() && mark.value === count(mark.index)),
    apply(fix) {
      for (const mark of fix.changes) design.shown[mark.index] = 1;
    },
    translate() {
      for (const element of modeButtons) element.textContent = t(element.dataset.i18n);
      for (const option of thinLevel.options) option.textContent = t(`difficulty.${option.value}`);
      translateGrids();
    },
  };
}
