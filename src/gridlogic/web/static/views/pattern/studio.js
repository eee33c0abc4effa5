// The studio's Pattern editor: a picture of W×H cells (5 to 50 each way) whose clues follow it.
// Paint with clicks or a drag (the drag paints what its first cell became), or the keyboard;
// or start from an image file, scaled to W×H in a canvas and thresholded (a pixel darker than the
// threshold is filled; transparent is paper), with a slider that moves the threshold (and a new
// size scales the image again) until the picture is edited by hand; or open any nonogram the import
// dialog reads: its text is analysed, and a puzzle with one solution opens as its picture (one
// with several opens with its nearest proven fix). The design goes to the server as JSON with
// the picture as its goal, so that fixes change the maker's picture: {"rowClues": [[1], [0]],
// "colClues": [[1], [0]], "goal": [1, 0, 0, 0]} for a 2×2 picture of its top-left cell.
// The studio link holds WxH and the cells as hex digits, four cells a digit, row by row.

import { fetchSolution, analyseDesign, fixDesign } from "../../api.js";
import { filePicker } from "../../filepick.js";
import { t } from "../../i18n.js";
import { htmlElement, svgElement } from "../../svg.js";
import {
  ARROWS, Board, button, clamp, decodeCells, encodeCells, place, sizeFields, square, textAt,
} from "../../studio/board.js";

const MIN_SIDE = 5;
const MAX_SIDE = 50;

// The runs of filled cells of a line, [0] for none: runs([1, 1, 0, 1]) is [2, 1].
export function runs(line) {
  const found = [];
  let length = 0;
  for (const cell of [...line, 0]) {
    if (cell) length += 1;
    else if (length) found.push(length), (length = 0);
  }
  return found.length ? found : [0];
}

export function cluesOf(cells, w, h) {
  const rows = Array.from({ length: h }, (_, r) => runs(cells.slice(r * w, r * w + w)));
  const cols = Array.from({ length: w }, (_, c) => runs(Array.from({ length: h }, (_, r) => cells[r * w + c])));
  return { rows, cols };
}

// The picture of an image (anything createImageBitmap reads) at w×h: 1 where a pixel's
// luminance is below threshold (0–255), transparent pixels counting as white paper.
export function pictureOfImage(image, w, h, threshold) {
  const canvas = htmlElement("canvas", { width: w, height: h });
  const context = canvas.getContext("2d", { willReadFrequently: true });
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(image, 0, 0, w, h);
  const { data } = context.getImageData(0, 0, w, h);
  const cells = [];
  for (let i = 0; i < w * h; i++) {
    const [r, g, b, a] = data.slice(i * 4, i * 4 + 4);
    const light = (0.2126 * r + 0.7152 * g + 0.0722 * b) * (a / 255) + 255 * (1 - a / 255);
    cells.push(light < threshold ? 1 : 0);
  }
  return cells;
}

export function create(shell) {
  let design = { w: 10, h: 10, cells: new Array(100).fill(0) };
  let image = null;
  let painting = null;  // {value, last}: a drag in progress
  const board = new Board("pattern-board", () => t("studio.pattern.board", { w: design.w, h: design.h }));

  const resize = (w, h) => {
    const cells = Array.from({ length: w * h }, (_, i) => {
      const r = Math.floor(i / w), c = i % w;
      return r < design.h && c < design.w ? design.cells[r * design.w + c] : 0;
    });
    design = { w, h, cells };
    if (image) design.cells = pictureOfImage(image, w, h, Number(threshold.value));
    board.cursor = { r: Math.min(board.cursor.r, h - 1), c: Math.min(board.cursor.c, w - 1) };
  };
  const sizes = sizeFields(shell, MIN_SIDE, MAX_SIDE, () => design, resize);
  const fromImage = () => pictureOfImage(image, design.w, design.h, Number(threshold.value));

  // An image file, and the threshold that turns it into a picture.
  const file = htmlElement("input", { type: "file", accept: "image/*", id: "pattern-image" });
  const picker = filePicker(file); // a button in the page's language, not the browser's "Choose File"
  const fileLabel = htmlElement("div", { class: "size-field", role: "group", "aria-labelledby": "pattern-image-caption" });
  fileLabel.append(htmlElement("span", { id: "pattern-image-caption", "data-i18n": "studio.pattern.image" }), picker.element);
  const threshold = htmlElement("input", { type: "range", min: 1, max: 255, value: 128, id: "pattern-threshold" });
  const thresholdLabel = htmlElement("label", { class: "size-field", for: "pattern-threshold" });
  thresholdLabel.append(htmlElement("span", { "data-i18n": "studio.pattern.threshold" }), threshold);
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    try {
      image = await createImageBitmap(chosen);
    } catch {
      shell.say("studio.pattern.badImage", { name: chosen.name });
      return;
    }
    shell.edit(() => { design.cells = fromImage(); });
  });
  threshold.addEventListener("input", () => {
    if (image) shell.amend(() => { design.cells = fromImage(); });
  });

  // Any nonogram the import dialog reads, opened as its picture.
  const opener = htmlElement("details", { class: "opener" });
  const summary = htmlElement("summary", { "data-i18n": "studio.pattern.open" });
  const area = htmlElement("textarea", { id: "pattern-text", rows: 3, spellcheck: "false" });
  const areaLabel = htmlElement("label", { for: "pattern-text", "data-i18n": "studio.pattern.openLabel" });
  const openButton = button("studio.pattern.openButton", () => openText(area.value));
  const openMessage = htmlElement("p", { class: "note", role: "status" });
  opener.append(summary, areaLabel, area, openButton, openMessage);

  async function pictureOf(puzzleId) {
    const answer = await fetchSolution({ game: "pattern", id: puzzleId });
    return answer.ok ? answer.data : null;
  }

  async function openText(text) {
    openMessage.textContent = t("studio.analysing");
    const found = await analyseDesign("pattern", text);
    if (!found.ok) {
      openMessage.textContent = t("studio.refused", { error: found.error });
      return;
    }
    let id = found.data.id;
    let key = "studio.pattern.opened";
    if (found.data.verdict === "several") {
      const fixed = await fixDesign("pattern", text);
      id = fixed.ok ? fixed.data.fixes[0]?.id : null;
      key = "studio.pattern.openedFixed";
    }
    const { width: w, height: h } = found.data;
    if (Math.min(w, h) < MIN_SIDE || Math.max(w, h) > MAX_SIDE) {
      openMessage.textContent = t("studio.pattern.outOfRange", { w, h, min: MIN_SIDE, max: MAX_SIDE });
      return;
    }
    const solved = id ? await pictureOf(id) : null;
    if (!solved) {
      openMessage.textContent = t(`studio.pattern.notOpened.${found.data.verdict}`);
      return;
    }
    openMessage.textContent = t(key);
    image = null;
    shell.edit(() => {
      design = { w: solved.width, h: solved.height, cells: [...solved.cells] };
      sizes.set(design.w, design.h);
    });
  }

  const sizeRow = htmlElement("div", { class: "tool-row" });
  sizeRow.append(...sizes.labels);
  const imageRow = htmlElement("div", { class: "tool-row" });
  imageRow.append(fileLabel, thresholdLabel);
  const tools = htmlElement("div", { class: "tools" });
  tools.append(sizeRow, imageRow, opener);

  const set = (i, value) => {
    design.cells[i] = value;
    image = null;  // edited by hand: the slider no longer redraws the picture from the image
  };
  const cellAt = (event) => {
    const point = board.point(event);
    if (!point) return -1;
    const c = Math.floor(point.x - board.left), r = Math.floor(point.y - board.top);
    return r >= 0 && r < design.h && c >= 0 && c < design.w ? r * design.w + c : -1;
  };
  board.svg.addEventListener("pointerdown", (event) => {
    const i = cellAt(event);
    if (i < 0 || event.button > 0) return;
    event.preventDefault();
    board.svg.setPointerCapture?.(event.pointerId);
    painting = { value: 1 - design.cells[i], last: i };
    board.cursor = { r: Math.floor(i / design.w), c: i % design.w };
    shell.edit(() => set(i, painting.value));
  });
  board.svg.addEventListener("pointermove", (event) => {
    if (!painting) return;
    const i = cellAt(event);
    if (i < 0 || i === painting.last) return;
    painting.last = i;
    if (design.cells[i] !== painting.value) shell.amend(() => set(i, painting.value));
  });
  const stop = () => { painting = null; };
  board.svg.addEventListener("pointerup", stop);
  board.svg.addEventListener("pointercancel", stop);
  board.svg.addEventListener("keydown", (event) => {
    const arrow = ARROWS[event.key];
    const { r, c } = board.cursor;
    if (arrow) {
      event.preventDefault();
      board.cursor = { r: clamp(r + arrow[0], 0, design.h - 1), c: clamp(c + arrow[1], 0, design.w - 1) };
      shell.redraw();
    } else if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      shell.edit(() => set(r * design.w + c, 1 - design.cells[r * design.w + c]));
    } else return;
    const i = board.cursor.r * design.w + board.cursor.c;
    board.say(`${place(board.cursor.r, board.cursor.c)}: ${t(design.cells[i] ? "studio.filled" : "studio.empty")}`);
  });

  function render(container, { difference, preview }) {
    const { w, h } = design;
    const cells = [...design.cells];
    const changed = new Map((preview?.changes ?? []).map((mark) => [mark.index, mark.value]));
    for (const [i, value] of changed) cells[i] = value;
    const { rows, cols } = cluesOf(cells, w, h);
    const left = Math.max(...rows.map((clue) => clue.length)) * 0.8 + 0.3;
    const top = Math.max(...cols.map((clue) => clue.length)) * 0.8 + 0.3;
    board.left = left;
    board.top = top;
    const elements = [svgElement("rect", { class: "paper", x: 0, y: 0, width: left + w, height: top + h })];
    const before = (clue, k) => 0.3 + (clue.length - 1 - k) * 0.8;  // from the grid to the k-th number
    rows.forEach((clue, r) => clue.forEach((n, k) => {
      elements.push(textAt("clue-number", left - before(clue, k), top + r + 0.7, "end", n));
    }));
    cols.forEach((clue, c) => clue.forEach((n, k) => {
      elements.push(textAt("clue-number", left + c + 0.5, top - before(clue, k), "middle", n));
    }));
    for (let i = 0; i < w * h; i++) {
      const r = Math.floor(i / w), c = i % w;
      const classes = ["picture-cell"];
      if (cells[i]) classes.push("filled");
      if (changed.has(i)) classes.push("preview");
      elements.push(square(classes.join(" "), left + c, top + r, 0, { "data-cell": i }));
      if (difference.has(i)) {
        elements.push(svgElement("path", { class: "difference", "data-difference": i,
          d: `M${left + c + 0.5} ${top + r + 0.2} l0.3 0.3 l-0.3 0.3 l-0.3 -0.3 z` }));
      }
    }
    for (const i of changed.keys()) {  // over the cells, so that no neighbour's line covers the frame
      elements.push(square("preview-frame", left + i % w, top + Math.floor(i / w), 0.08));
    }
    for (let c = 5; c < w; c += 5) {
      elements.push(svgElement("line", { class: "rule", x1: left + c, y1: top, x2: left + c, y2: top + h }));
    }
    for (let r = 5; r < h; r += 5) {
      elements.push(svgElement("line", { class: "rule", x1: left, y1: top + r, x2: left + w, y2: top + r }));
    }
    elements.push(svgElement("rect", { class: "frame", x: left, y: top, width: w, height: h }));
    elements.push(square("cursor", left + board.cursor.c, top + board.cursor.r, 0.06));
    board.draw(container, left + w, top + h, 0.2, elements);
  }

  const describe = (fix) => fix.changes.map((mark) => t(mark.value ? "studio.pattern.fill" : "studio.pattern.unfill",
    { place: place(Math.floor(mark.index / design.w), mark.index % design.w) })).join(t("studio.and"));

  return {
    tools,
    render,
    // The image a picture was made from goes with it (the slider redraws it after an undo), until a hand edits it.
    snapshot: () => ({ w: design.w, h: design.h, cells: [...design.cells], image }),
    restore(saved) {
      image = saved.image ?? null;
      design = { w: saved.w, h: saved.h, cells: [...saved.cells] };
      sizes.set(design.w, design.h);
    },
    clear() {
      design.cells = new Array(design.w * design.h).fill(0);
      image = null;
      file.value = "";
    },
    text() {
      if (!design.cells.some(Boolean)) return { problem: "studio.pattern.blank" };
      const { rows, cols } = cluesOf(design.cells, design.w, design.h);
      return { text: JSON.stringify({ rowClues: rows, colClues: cols, goal: design.cells }) };
    },
    fragment: () => `${design.w}x${design.h}:${encodeCells(design.cells)}`,
    load(text) {
      const found = /^(\d+)x(\d+):([0-9a-f]*)$/.exec(text);
      if (!found) return false;
      const [w, h] = [Number(found[1]), Number(found[2])];
      if (w < MIN_SIDE || w > MAX_SIDE || h < MIN_SIDE || h > MAX_SIDE) return false;
      const cells = decodeCells(found[3], w * h);
      if (!cells) return false;
      this.restore({ w, h, cells });
      return true;
    },
    describe,
    fits: (fix) => fix.changes.every((mark) => mark.kind === "cell" && mark.index < design.w * design.h),
    apply(fix) {
      for (const mark of fix.changes) set(mark.index, mark.value);
    },
  };
}
