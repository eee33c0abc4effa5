// The studio's Signal editor: draw the network (a click between two tiles links or unlinks them;
// on a wrapping board also across the border), or start from a random one; the tiles follow
// (each tile's pipes are its links: 1 up, 2 right, 4 down, 8 left, as in gridlogic.signal) and
// are turned, for the puzzle, by a shuffle of quarter turns that stays the same until "Shuffle"
// (a hash of the tile's index and the shuffle number: the same design is the same puzzle). The
// network is a puzzle once it is a tree over every tile: W×H − 1 links, all tiles joined. The
// design goes to the server as a Net game ID of the turned tiles (Net's bits: up 2, right 1,
// down 8, left 4; "w" after the size when it wraps): the 2×1 network of one link is "2x1:14" with
// no turn. The network drawn goes with it as the goal of the fixes (its masks), so that a fix moves
// one of its links; a fix is offered when its tiles, put in place of the network's, make a tree.
// The studio link holds WxH (w when wrapping), the shuffle number and the tiles as hex digits.

import { t } from "../../i18n.js";
import { htmlElement, svgElement } from "../../svg.js";
import { ARROWS, Board, button, clamp, place, sizeFields, square } from "../../studio/board.js";

const MIN_SIDE = 3;
const MAX_SIDE = 15;
const BITS = [1, 2, 4, 8];
const NET = [0, 2, 1, 3, 8, 10, 9, 11, 4, 6, 5, 7, 12, 14, 13, 15];  // our mask -> Net's
const HEX = "0123456789abcdef";

export const rotate = (mask) => ((mask << 1) & 15) | (mask >> 3);

// The tile a step in direction d (0 up .. 3 left) from tile i reaches, or -1 at a border.
export function neighbour(i, d, w, h, wrapping) {
  let r = Math.floor(i / w) + [-1, 0, 1, 0][d], c = i % w + [0, 1, 0, -1][d];
  if (wrapping) r = (r + h) % h, c = (c + w) % w;
  return r < 0 || r >= h || c < 0 || c >= w ? -1 : r * w + c;
}

// Whether masks are a network: each link seen from both ends, none across a border that does not wrap.
export function consistent(masks, w, h, wrapping) {
  return masks.every((mask, i) => BITS.every((bit, d) => {
    if (!(mask & bit)) return true;
    const j = neighbour(i, d, w, h, wrapping);
    return j >= 0 && Boolean(masks[j] & BITS[(d + 2) % 4]);
  }));
}

// The parts the links join the tiles into, and the number of links.
export function shape(masks, w, h, wrapping) {
  const seen = new Array(w * h).fill(false);
  let parts = 0, links = 0;
  masks.forEach((mask) => { links += BITS.filter((bit) => mask & bit).length; });
  for (let start = 0; start < w * h; start++) {
    if (seen[start]) continue;
    parts += 1;
    const queue = [start];
    seen[start] = true;
    while (queue.length) {
      const i = queue.pop();
      BITS.forEach((bit, d) => {
        const j = neighbour(i, d, w, h, wrapping);
        if (masks[i] & bit && j >= 0 && !seen[j]) seen[j] = true, queue.push(j);
      });
    }
  }
  return { parts, links: links / 2 };
}

export const isTree = (masks, w, h, wrapping) => consistent(masks, w, h, wrapping)
  && shape(masks, w, h, wrapping).parts === 1 && shape(masks, w, h, wrapping).links === w * h - 1;

// A random spanning tree: tiles joined one at a time to a random tile of the tree beside them.
export function randomTree(w, h, wrapping, random = Math.random) {
  const masks = new Array(w * h).fill(0);
  const joined = new Set([Math.floor(random() * w * h)]);
  while (joined.size < w * h) {
    const edges = [];
    for (const i of joined) {
      BITS.forEach((_, d) => {
        const j = neighbour(i, d, w, h, wrapping);
        if (j >= 0 && !joined.has(j)) edges.push([i, d, j]);
      });
    }
    const [i, d, j] = edges[Math.floor(random() * edges.length)];
    masks[i] |= BITS[d];
    masks[j] |= BITS[(d + 2) % 4];
    joined.add(j);
  }
  return masks;
}

// The quarter turns of tile i under shuffle number s: 0 to 3, the same every time.
export function turnsOf(i, s) {
  let x = (Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(s + 7, 0x85ebca6b)) >>> 0;
  x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) >>> 0;
  return (x ^ (x >>> 13)) & 3;
}

export function turned(mask, turns) {
  for (let k = 0; k < turns; k++) mask = rotate(mask);
  return mask;
}

export const netId = (masks, w, h, wrapping, shuffle) => `${w}x${h}${wrapping ? "w" : ""}:`
  + masks.map((mask, i) => HEX[NET[turned(mask, turnsOf(i, shuffle))]]).join("");

export function create(shell) {
  let design = { w: 4, h: 4, wrapping: false, shuffle: 1, masks: new Array(16).fill(0) };
  const board = new Board("signal-studio", () => t("studio.signal.board", { w: design.w, h: design.h }));

  const resize = (w, h) => {
    design = { ...design, w, h, masks: new Array(w * h).fill(0) };
    board.cursor = { r: 0, c: 0 };
  };
  const sizes = sizeFields(shell, MIN_SIDE, MAX_SIDE, () => design, resize);
  const wrapping = htmlElement("input", { type: "checkbox", id: "signal-wrapping" });
  const wrappingLabel = htmlElement("label", { class: "check", for: "signal-wrapping" });
  wrappingLabel.append(wrapping, htmlElement("span", { "data-i18n": "option.wrapping" }));
  wrapping.addEventListener("change", () => shell.edit(() => {
    design.wrapping = wrapping.checked;
    if (!design.wrapping) design.masks = withoutWrapLinks(design.masks);
  }));
  const withoutWrapLinks = (masks) => masks.map((mask, i) => BITS.reduce((kept, bit, d) =>
    (mask & bit && neighbour(i, d, design.w, design.h, false) < 0 ? kept & ~bit : kept), mask));

  // The board as it will be played: each tile turned by the shuffle (the network is drawn again
  // when this is off; links are drawn only then).
  const asPlayed = htmlElement("input", { type: "checkbox", id: "signal-as-played" });
  const asPlayedLabel = htmlElement("label", { class: "check", for: "signal-as-played" });
  asPlayedLabel.append(asPlayed, htmlElement("span", { "data-i18n": "studio.signal.asPlayed" }));
  asPlayed.addEventListener("change", () => shell.redraw());

  const row1 = htmlElement("div", { class: "tool-row" });
  row1.append(...sizes.labels, wrappingLabel, asPlayedLabel);
  const row2 = htmlElement("div", { class: "tool-row" });
  row2.append(
    button("studio.signal.random", () => shell.edit(() => {
      design.masks = randomTree(design.w, design.h, design.wrapping);
    })),
    button("studio.signal.shuffle", () => shell.edit(() => { design.shuffle = (design.shuffle % 9999) + 1; })));
  const tools = htmlElement("div", { class: "tools" });
  tools.append(row1, row2);

  const toggleLink = (i, d) => {
    const j = neighbour(i, d, design.w, design.h, design.wrapping);
    if (j < 0 || j === i) return;
    shell.edit(() => {
      design.masks[i] ^= BITS[d];
      design.masks[j] ^= BITS[(d + 2) % 4];
    });
  };
  board.svg.addEventListener("click", (event) => {
    const target = event.target.closest("[data-link]");
    if (!target) return;
    const [i, d] = target.dataset.link.split("-").map(Number);
    board.cursor = { r: Math.floor(i / design.w), c: i % design.w };
    toggleLink(i, d);
  });
  board.svg.addEventListener("keydown", (event) => {
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    const { w, h } = design;
    const { r, c } = board.cursor;
    const i = r * w + c;
    if (event.shiftKey) {
      if (asPlayed.checked) return;
      toggleLink(i, arrow[2]);
      const linked = design.masks[i] & BITS[arrow[2]];
      board.say(`${place(r, c)}: ${t(linked ? "studio.signal.linked" : "studio.signal.unlinked")}`);
      return;
    }
    board.cursor = { r: clamp(r + arrow[0], 0, h - 1), c: clamp(c + arrow[1], 0, w - 1) };
    shell.redraw();
    const k = board.cursor.r * w + board.cursor.c;
    const sides = BITS.map((bit, d) => (design.masks[k] & bit ? t(`studio.signal.side.${d}`) : null)).filter(Boolean);
    board.say(`${place(board.cursor.r, board.cursor.c)}: ${sides.length ? sides.join(", ") : t("studio.signal.none")}`);
  });

  function render(container, { difference, preview }) {
    const { w, h } = design;
    const played = asPlayed.checked;
    const masks = [...design.masks];
    const changed = new Set();
    for (const mark of preview?.changes ?? []) masks[mark.index] = mark.value, changed.add(mark.index);
    if (played) masks.forEach((mask, i) => { masks[i] = turned(mask, turnsOf(i, design.shuffle)); });
    const elements = [];
    for (let i = 0; i < w * h; i++) {
      const r = Math.floor(i / w), c = i % w;
      const classes = ["signal-tile", changed.has(i) && "preview", difference.has(i) && "difference"];
      const group = svgElement("g", { class: classes.filter(Boolean).join(" "), "data-tile": i });
      group.append(square("ground", c, r));
      if (difference.has(i)) {  // two hatching strokes in the top-left corner
        const d = `M${c + 0.04} ${r + 0.3} L${c + 0.3} ${r + 0.04} M${c + 0.04} ${r + 0.16} L${c + 0.16} ${r + 0.04}`;
        group.append(svgElement("path", { class: "mark", d }));
      }
      BITS.forEach((bit, d) => {
        if (!(masks[i] & bit)) return;
        const [dx, dy] = [[0, -0.5], [0.5, 0], [0, 0.5], [-0.5, 0]][d];
        const [x, y] = [c + 0.5, r + 0.5];
        group.append(svgElement("line", { class: "pipe", x1: x, y1: y, x2: x + dx, y2: y + dy }));
      });
      if (masks[i]) group.append(svgElement("circle", { class: "joint", cx: c + 0.5, cy: r + 0.5, r: 0.1 }));
      elements.push(group);
    }
    for (let i = 0; i < w * h && !played; i++) {
      const r = Math.floor(i / w), c = i % w;
      const hit = (d, box) => svgElement("rect", { class: "link-hit", "data-link": `${i}-${d}`, ...box });
      const linkable = (d) => neighbour(i, d, w, h, design.wrapping) >= 0;
      if (linkable(1)) elements.push(hit(1, { x: c + 0.8, y: r + 0.2, width: 0.4, height: 0.6 }));
      if (linkable(2)) elements.push(hit(2, { x: c + 0.2, y: r + 0.8, width: 0.6, height: 0.4 }));
      // The links across the wrap may be clicked at either border.
      if (design.wrapping && c === 0) elements.push(hit(3, { x: -0.2, y: r + 0.2, width: 0.2, height: 0.6 }));
      if (design.wrapping && r === 0) elements.push(hit(0, { x: c + 0.2, y: -0.2, width: 0.6, height: 0.2 }));
    }
    elements.push(square("cursor", board.cursor.c, board.cursor.r, 0.06));
    board.draw(container, w, h, 0.25, elements);
  }

  const linksOf = (masks) => {
    const found = new Set();
    masks.forEach((mask, i) => BITS.forEach((bit, d) => {
      const j = neighbour(i, d, design.w, design.h, design.wrapping);
      if (mask & bit) found.add(`${Math.min(i, j)}-${Math.max(i, j)}`);
    }));
    return found;
  };
  const placed = (i) => place(Math.floor(i / design.w), i % design.w);
  const fixed = (fix) => {
    const masks = [...design.masks];
    for (const mark of fix.changes) masks[mark.index] = mark.value;
    return masks;
  };

  return {
    tools,
    render,
    snapshot: () => ({ ...design, masks: [...design.masks] }),
    restore(saved) {
      design = { ...saved, masks: [...saved.masks] };
      sizes.set(design.w, design.h);
      wrapping.checked = design.wrapping;
    },
    clear() {
      design.masks = design.masks.map(() => 0);
    },
    text() {
      const { w, h } = design;
      const { parts, links } = shape(design.masks, w, h, design.wrapping);
      const need = w * h - 1;
      if (parts !== 1 || links !== need) return { problem: "studio.signal.notTree", values: { links, need, parts } };
      return { text: netId(design.masks, w, h, design.wrapping, design.shuffle), goal: [...design.masks] };
    },
    fragment: () => `${design.w}x${design.h}${design.wrapping ? "w" : ""}:${design.shuffle}:`
      + design.masks.map((mask) => HEX[mask]).join(""),
    load(text) {
      const found = /^(\d+)x(\d+)(w?):(\d+):([0-9a-f]*)$/.exec(text);
      if (!found) return false;
      const [w, h, shuffle] = [Number(found[1]), Number(found[2]), Number(found[4])];
      if (w < MIN_SIDE || w > MAX_SIDE || h < MIN_SIDE || h > MAX_SIDE || found[5].length !== w * h) return false;
      const masks = [...found[5]].map((digit) => HEX.indexOf(digit));
      if (!consistent(masks, w, h, found[3] === "w")) return false;
      this.restore({ w, h, wrapping: found[3] === "w", shuffle, masks });
      return true;
    },
    describe(fix) {
      const before = linksOf(design.masks), after = linksOf(fixed(fix));
      const gone = [...before].filter((link) => !after.has(link));
      const added = [...after].filter((link) => !before.has(link));
      const words = (link) => link.split("-").map((i) => placed(Number(i))).join(" – ");
      const and = t("studio.and");
      return t("studio.signal.move", { from: gone.map(words).join(and), to: added.map(words).join(and) });
    },
    fits: (fix) => fix.changes.every((mark) => mark.kind === "tile" && mark.index < design.w * design.h)
      && isTree(fixed(fix), design.w, design.h, design.wrapping),
    apply(fix) {
      design.masks = fixed(fix);
    },
  };
}
