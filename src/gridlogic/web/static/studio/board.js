// What the studio's editors (views/<name>/studio.js) share: one SVG that keeps its place (and its
// focus) while it is drawn again, a keyboard cursor moved by the arrow keys and said aloud in a live
// region, the board cell under a pointer, a size field and the studio link's cells. A board is an
// SVG with role="application": the arrow keys move the cursor, Shift+arrow draws (an edge, a link),
// Space or Enter acts on the cursor's cell. For example on a 5×5 picture from row 2, column 3
// (counted from 1), ArrowUp moves to row 1, column 3, and Space fills or empties that cell.

import { t } from "../i18n.js";
import { htmlElement, svgElement } from "../svg.js";
import { svgPoint } from "../views/grid.js";

export class Board {
  // label(): the board's name for a screen reader; keys(event, cursor): an editor's own keys.
  constructor(className, label) {
    this.label = label;
    this.wrap = htmlElement("div", { class: `studio-wrap ${className}-wrap` });
    this.svg = svgElement("svg", { class: `studio-svg ${className}`, role: "application", tabindex: 0,
      "aria-roledescription": "board" });
    this.spoken = htmlElement("p", { class: "sr-only", "aria-live": "polite" });
    this.wrap.append(this.svg, this.spoken);
    this.cursor = { r: 0, c: 0 };
    this.focused = false;
    this.svg.addEventListener("focus", () => { this.focused = true; this.wrap.classList.add("focused"); });
    this.svg.addEventListener("blur", () => { this.focused = false; this.wrap.classList.remove("focused"); });
  }

  // Fills the SVG with elements for a view box of width × height (plus margin on every side).
  draw(container, width, height, margin, elements) {
    this.svg.setAttribute("viewBox", `${-margin} ${-margin} ${width + 2 * margin} ${height + 2 * margin}`);
    this.svg.setAttribute("aria-roledescription", t("studio.board"));
    this.svg.setAttribute("aria-label", this.label());
    this.svg.style.setProperty("--aspect", `${(width + 2 * margin) / (height + 2 * margin)}`);
    this.svg.replaceChildren(...elements);
    if (this.wrap.parentNode !== container) container.replaceChildren(this.wrap);
  }

  // The point of the view box under a pointer event.
  point(event) {
    return svgPoint(this.svg, event);
  }

  say(text) {
    this.spoken.textContent = text;
  }
}

export const ARROWS = { ArrowUp: [-1, 0, 0], ArrowRight: [0, 1, 1], ArrowDown: [1, 0, 2], ArrowLeft: [0, -1, 3] };

// A number field from min to max, labelled, applied as it is typed, so that the next click (on the
// board, on Fixes) meets the design the field shows: a blur that applied it would come between that
// click's mousedown and its click. onChange(value, first) gets each value in range as it comes; first
// is true for the first one of a typing, an edit of its own, and false for the later ones, which
// revise that edit: typing 3 then 0 of 30 is one edit to 30 columns from the design before, never
// a crop to 3. A value out of range is refused when the field is left (onRefuse(min, max)), the
// field showing the value applied.
export function sizeField(key, min, max, value, onChange, onRefuse) {
  const label = htmlElement("label", { class: "size-field" });
  const words = htmlElement("span", { "data-i18n": key });
  words.textContent = t(key);
  const input = htmlElement("input", { type: "number", min, max, step: 1, inputmode: "numeric", value });
  const inRange = (wanted) => input.value !== "" && Number.isInteger(wanted) && wanted >= min && wanted <= max;
  let typing = false; // a value of this typing was applied: the next one revises it
  input.addEventListener("input", () => {
    const wanted = Number(input.value), typed = input.value;
    if (!inRange(wanted) || (!typing && String(wanted) === input.dataset.value)) return;
    onChange(wanted, !typing);
    typing = true;
    input.value = typed; // the design's redraw showed the size before the revision for a moment
    input.dataset.value = String(wanted);
  });
  input.addEventListener("change", () => {
    if (!inRange(Number(input.value))) {
      input.value = String(input.dataset.value);
      onRefuse(min, max);
    }
  });
  input.addEventListener("blur", () => { typing = false; });
  input.dataset.value = String(value);
  label.append(words, input);
  return { label, set(v) { input.value = String(v); input.dataset.value = String(v); } };
}

export function button(key, onClick, extra = {}) {
  const element = htmlElement("button", { type: "button", class: "small", "data-i18n": key, ...extra });
  element.textContent = t(key);
  element.addEventListener("click", onClick);
  return element;
}

// Cells and points are said from 1, as a person counts.
export const place = (r, c) => t("studio.place", { r: r + 1, c: c + 1 });

// Cells of 0 and 1 in the studio link: four a hex digit, the first the highest bit, the last digit
// padded with 0: encodeCells([1, 0, 1, 1, 0, 0, 0, 1, 1]) is "b18", and decodeCells("b18", 9) the
// cells back (null for anything that is not Math.ceil(count / 4) hex digits).
export function encodeCells(cells) {
  let hex = "";
  for (let i = 0; i < cells.length; i += 4) {
    hex += (cells[i] << 3 | (cells[i + 1] ?? 0) << 2 | (cells[i + 2] ?? 0) << 1 | (cells[i + 3] ?? 0)).toString(16);
  }
  return hex;
}

export function decodeCells(hex, count) {
  if (hex.length !== Math.ceil(count / 4) || /[^0-9a-f]/.test(hex)) return null;
  const cells = [];
  for (const digit of hex) {
    const value = parseInt(digit, 16);
    cells.push(value >> 3 & 1, value >> 2 & 1, value >> 1 & 1, value & 1);
  }
  return cells.slice(0, count);
}

export const clamp = (value, low, high) => Math.max(low, Math.min(high, value));

// A square of side 1 − 2·inset in the unit cell whose top-left corner is (x, y).
export const square = (className, x, y, inset = 0, attributes = {}) => svgElement("rect",
  { class: className, x: x + inset, y: y + inset, width: 1 - 2 * inset, height: 1 - 2 * inset, ...attributes });

export function textAt(className, x, y, anchor, words) {
  const text = svgElement("text", { class: className, x, y, "text-anchor": anchor });
  text.textContent = String(words);
  return text;
}

// The width and height fields of a board whose sides run from min to max: a new value is an
// edit (resize(w, h)), revised while it is typed (shell.revise), one out of range is refused in the status.
export function sizeFields(shell, min, max, size, resize) {
  const refuse = (low, high) => shell.say("studio.sizeRange", { min: low, max: high });
  const apply = (change) => (value, first) => (first ? shell.edit : shell.revise)(() => change(value));
  const width = sizeField("size.width", min, max, size().w, apply((w) => resize(w, size().h)), refuse);
  const height = sizeField("size.height", min, max, size().h, apply((h) => resize(size().w, h)), refuse);
  return {
    labels: [width.label, height.label],
    set(w, h) {
      width.set(w);
      height.set(h);
    },
  };
}
