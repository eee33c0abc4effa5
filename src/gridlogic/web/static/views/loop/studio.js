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

import { thinDesign } from "../../api.js";
import { t } from "../../i18n.js";
import { htmlElement, svgElement } from "../../svg.js";
import {
  ARROWS, Board, button, clamp, decodeCells, encodeCells, place, sizeFields, square,
} from "../../studio/board.js";

const MIN_SIDE = 2;
const MAX_SIDE = 20;
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

export function create(shell) {
  let design = { w: 5, h: 5, edges: new Array(edgeCount(5, 5)).fill(0), shown: new Array(25).fill(0) };
  let mode = "loop";
  const board = new Board("loop-studio", () => t(`studio.loop.board.${mode}`, { w: design.w, h: design.h }));

  const count = (i) => cellEdges(design.w, design.h, i).reduce((sum, e) => sum + design.edges[e], 0);
  const resize = (w, h) => {
    design = { w, h, edges: new Array(edgeCount(w, h)).fill(0), shown: new Array(w * h).fill(0) };
    board.cursor = { r: 0, c: 0 };
  };
  const sizes = sizeFields(shell, MIN_SIDE, MAX_SIDE, () => design, resize);

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

  const showAll = (value) => shell.edit(() => { design.shown = design.shown.map(() => value); });
  const row1 = htmlElement("div", { class: "tool-row" });
  row1.append(...sizes.labels, button("studio.loop.random", () => shell.edit(() => {
    design.edges = randomLoop(design.w, design.h);
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
      shell.say(asked.problem);
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
    } else shell.edit(() => { for (const mark of answer.data.hidden) design.shown[mark.index] = 0; });
  }

  // The design as the server reads it: one line a row, a digit for a shown clue, "." for a hidden one.
  function designText() {
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

  const toggleEdge = (e) => shell.edit(() => { design.edges[e] = 1 - design.edges[e]; });
  const toggleClue = (i) => shell.edit(() => { design.shown[i] = 1 - design.shown[i]; });

  board.svg.addEventListener("click", (event) => {
    const target = event.target.closest("[data-edge], [data-cell]");
    if (!target) return;
    if (target.dataset.edge !== undefined) toggleEdge(Number(target.dataset.edge));
    else toggleClue(Number(target.dataset.cell));
  });
  board.svg.addEventListener("keydown", (event) => {
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

  function render(container, { difference, preview }) {
    const { w, h } = design;
    const previewed = new Set((preview?.changes ?? []).map((mark) => mark.index));
    const elements = [svgElement("rect", { class: "paper", x: 0, y: 0, width: w, height: h })];
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

  return {
    tools,
    render,
    snapshot: () => ({ w: design.w, h: design.h, edges: [...design.edges], shown: [...design.shown] }),
    restore(saved) {
      design = { w: saved.w, h: saved.h, edges: [...saved.edges], shown: [...saved.shown] };
      sizes.set(design.w, design.h);
    },
    clear() {
      design.edges = design.edges.map(() => 0);
      design.shown = design.shown.map(() => 0);
    },
    text: designText,
    fragment: () => `${design.w}x${design.h}:${encodeCells(design.edges)}:${encodeCells(design.shown)}`,
    load(text) {
      const found = /^(\d+)x(\d+):([0-9a-f]*):([0-9a-f]*)$/.exec(text);
      if (!found) return false;
      const [w, h] = [Number(found[1]), Number(found[2])];
      if (w < MIN_SIDE || w > MAX_SIDE || h < MIN_SIDE || h > MAX_SIDE) return false;
      const edges = decodeCells(found[3], edgeCount(w, h));
      const shown = decodeCells(found[4], w * h);
      if (!edges || !shown) return false;
      this.restore({ w, h, edges, shown });
      return true;
    },
    describe: (fix) => fix.changes.map((mark) => t("studio.loop.show",
      { n: mark.value, place: place(Math.floor(mark.index / design.w), mark.index % design.w) })).join(t("studio.and")),
    fits: (fix) => fix.changes.every((mark) => mark.kind === "clue" && mark.index < design.w * design.h
      && mark.value === count(mark.index)),
    apply(fix) {
      for (const mark of fix.changes) design.shown[mark.index] = 1;
    },
    translate() {
      for (const element of modeButtons) element.textContent = t(element.dataset.i18n);
      for (const option of thinLevel.options) option.textContent = t(`difficulty.${option.value}`);
    },
  };
}
