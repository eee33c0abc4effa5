// The Hint button (POST /api/{game}/hint): the next deduction a person can make on the board,
// in one sentence, with what it decides and the evidence marked on the board, and Apply to make
// it. A board with a mistake gets its earliest mistake pointed at instead (Apply clears it where
// the board can show "not known"). It knows no game: a hint names board items by the shared
// kinds of gridlogic.hints (tile, cell, edge, vertex, row, column; 0-based, rows of `width`),
// and the views draw their items with data attributes: a tile or a cell [data-index=i], an edge
// [data-edge="h<i>"] or [data-edge="v<i>"] (horizontal edges first: edge e is h<e> below
// (height + 1) * width, else v<e - (height + 1) * width>), a dot [data-dot=v].
// A board whose edges are one list (a view of any grid's faces, edges and dots) names edge e
// [data-edge="e"], the second choice.
//
// An item a view does not draw is shown by what it does draw: a row or a column by its cells, a
// cell without an element of its own (a number on a board of edges) by its four sides, a dot by its edges. So
// on a 3-wide board, the row {kind: "row", index: 1} is the cells [data-index] 3, 4 and 5, and
// the cell 4 of a board that draws no cells is the edges h4, h7, v5 and v6 (itemSelectors).
//
// Each hint asked for is counted with the play (the score's "hints" part, the README's
// "Scoring after a play"); a hint that only says the board is solved or that nothing more
// follows is not.

import { fetchHint } from "./api.js";
import { language } from "./i18n.js";
import { htmlElement } from "./svg.js";

const edgeKey = (e, width, height) => {
  const split = (height + 1) * width;
  return e < split ? `h${e}` : `v${e - split}`;
};

const sides = (i, width, height) => {
  const r = Math.floor(i / width), c = i % width, split = (height + 1) * width;
  return [r * width + c, (r + 1) * width + c, split + r * (width + 1) + c, split + r * (width + 1) + c + 1]
    .map((e) => `[data-edge="${edgeKey(e, width, height)}"]`);
};

const dotEdges = (v, width, height) => {
  const r = Math.floor(v / (width + 1)), c = v % (width + 1), split = (height + 1) * width, edges = [];
  if (c > 0) edges.push(r * width + c - 1);
  if (c < width) edges.push(r * width + c);
  if (r > 0) edges.push(split + (r - 1) * (width + 1) + c);
  if (r < height) edges.push(split + r * (width + 1) + c);
  return edges.map((e) => `[data-edge="${edgeKey(e, width, height)}"]`);
};

const cells = (indices) => indices.map((i) => `[data-index="${i}"]`);

// The CSS selectors that show a mark, as choices in order: the first that finds an element on
// the board is used (see the module comment).
export function itemSelectors(mark, width, height) {
  const i = mark.index;
  switch (mark.kind) {
    case "tile": return [cells([i])];
    case "cell": return [cells([i]), sides(i, width, height)];
    case "edge": return [[`[data-edge="${edgeKey(i, width, height)}"]`], [`[data-edge="${i}"]`]];
    case "vertex": return [[`[data-dot="${i}"]`], dotEdges(i, width, height)];
    case "row": return [cells(Array.from({ length: width }, (_, c) => i * width + c))];
    case "column": return [cells(Array.from({ length: height }, (_, r) => r * width + i))];
    default: return [];
  }
}

// Marks a hint's evidence and what it decides on the board (the element a view drew the board in):
// the classes hint-evidence and hint-decides (style.css draws them); unmarkHint takes them off.
export function markHint(board, puzzle, hint) {
  unmarkHint(board);
  for (const [marks, name] of [[hint.evidence, "hint-evidence"], [hint.decides, "hint-decides"]]) {
    for (const item of marks) {
      for (const choice of itemSelectors(item, puzzle.width, puzzle.height)) {
        const found = board.querySelectorAll(choice.join(", "));
        if (found.length === 0) continue;
        for (const element of found) element.classList.add(name);
        break;
      }
    }
  }
}

export function unmarkHint(board) {
  for (const element of board.querySelectorAll(".hint-decides, .hint-evidence")) {
    element.classList.remove("hint-decides", "hint-evidence");
  }
}

// What counts as a hint taken for the score: a step or a pointed-at mistake.
export const countsForScore = (hint) => hint.status === "step" || hint.status === "mistake";

// The Hint button after `after` (the Check button), shown for a game that offers hints (setAvailable), its panel at the end of `panelIn` (the box of
// the status line, which it covers on a phone, so that the board keeps its size). The page
// passes: board (the board's box element), t, say(key, values, kind) for the status line,
// current() -> {play, puzzle}, taken(play) when a counted hint is shown, apply(board) to play
// the hint's board as a move, receiptOf(puzzle) -> the play's hand-out receipt or null (the server
// counts the hints it gives that play).
export function createHints({ after, panelIn, board, t, say, current, taken, apply, receiptOf = async () => null }) {
  const button = htmlElement("button", { type: "button", id: "hint" });
  const text = htmlElement("p", { class: "hint-text", id: "hint-text" });
  const applyButton = htmlElement("button", { type: "button", class: "small", id: "hint-apply" });
  const closeButton = htmlElement("button", { type: "button", class: "small", id: "hint-close" });
  const panel = htmlElement("div", { class: "hint-panel", id: "hint-panel", "aria-live": "polite", hidden: "" });
  panel.append(text, htmlElement("span", { class: "hint-buttons" }));
  panel.lastChild.append(applyButton, closeButton);
  after.after(button);
  panelIn.append(panel);

  let shown = null; // {hint, board, play} while the panel shows a hint
  let available = true; // whether the game shown offers hints (/api/games: offers.hints)

  function show() {
    panel.hidden = shown === null;
    if (!shown) {
      unmarkHint(board);
      return;
    }
    const { hint, puzzle } = shown;
    text.textContent = `${t(`hint.${hint.status}`)} ${hint.explanation[language()] ?? hint.explanation.en}`;
    applyButton.hidden = shown.board === null;
    // A sentence longer than its box (the status line's, on a phone) scrolls, and the keyboard
    // can reach it to scroll.
    if (text.scrollHeight > text.clientHeight) text.tabIndex = 0;
    else text.removeAttribute("tabindex");
    markHint(board, puzzle, hint);
  }

  async function ask() {
    const { play, puzzle } = current();
    if (!available || !play || play.finished) return;
    say("status.hinting", {}, "busy");
    const answer = await fetchHint(puzzle, play.board, await receiptOf(puzzle));
    if (play !== current().play || play.finished) return;
    if (!answer.ok) {
      say("status.error", { message: answer.error }, "error");
      return;
    }
    const { hint } = answer.data;
    if (countsForScore(hint)) taken(play);
    shown = { hint, board: answer.data.board, play, puzzle };
    show();
    say(`status.hint.${hint.status}`, {}, hint.status === "mistake" ? "error" : "info");
  }

  button.addEventListener("click", ask);
  applyButton.addEventListener("click", () => {
    const next = shown?.board;
    if (!next || shown.play !== current().play) return;
    shown = null;
    say("status.hintApplied", {}, "ok");
    apply(next);
  });
  closeButton.addEventListener("click", () => {
    shown = null;
    show();
    button.focus();
  });

  function relabel() {
    button.textContent = t("button.hint");
    applyButton.textContent = t("hint.apply");
    closeButton.textContent = t("hint.close");
    show();
  }
  relabel();

  return {
    // The board changed or another puzzle is shown: the hint no longer describes it.
    clear() {
      shown = null;
      show();
    },
    setEnabled(enabled) { button.disabled = !enabled; },
    // The game shown offers hints, or not: without, no button and no panel.
    setAvailable(offered) {
      available = offered;
      button.hidden = !offered;
      if (!offered) {
        shown = null;
        show();
      }
    },
    relabel,
  };
}
