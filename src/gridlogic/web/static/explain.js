// The walk-through page (/explain?id=ID): the whole solve of one puzzle, step by step, each step
// with its technique and its reason in words, what it decides and its evidence marked on the
// board (as the Hint button marks them, hint.js). The server's GET /api/{game}/explain sends the
// walk-through played on the player's board: the board a play starts from (start) and what each
// step changes (changes: [[index, value], ...], or {name: [[index, value], ...]} for a board of
// named lists, such as a board of edges). The board at step k is start with the changes of steps
// 1..k made: so on a 5×5 picture whose first step fills cells 10 and 12, step 1 shows those two
// cells filled and marked, step 0 the empty board. The page draws it with the game's own view
// (views/<name>/, loaded by name), locked, and only for a game whose /api/games entry offers a
// walk-through (offers.walkthrough); for any other it says there is none.
//
// First, Back, Next and Last (and the arrow keys, Home and End) move between steps; the list of
// every step jumps to one. Zoomed in (as on the game page), the board's box scrolls to the step's
// first decided item. The studio links here from a puzzle it proved unique; the page asks
// again while the server is busy (429 or 503), as the studio does.

import { fetchGames, fetchWalkthrough } from "./api.js";
import { markHint, unmarkHint } from "./hint.js";
import { formatNumber, language, t, translatePage } from "./i18n.js";
import { showStatus, startLanguage } from "./pages.js";
import { htmlElement } from "./svg.js";
import { fitZoomed, loadView, loadWordsOf, nextZoom } from "./views/index.js";

const RETRY_MS = 2000;
const els = Object.fromEntries(["summary", "status", "board", "first", "back", "position", "next", "last",
  "step-text", "techniques", "steps", "play-link", "lang", "zoom-out", "zoom-fit", "zoom-in"]
  .map((id) => [id.replace(/-(\w)/g, (_, c) => c.toUpperCase()), document.getElementById(id)]));

const state = { puzzle: null, walk: null, game: null, view: null, step: 0, zoom: 0 };

// The board after the first `step` steps.
function boardAt(walk, step) {
  const board = structuredClone(walk.start);
  for (const { changes } of walk.steps.slice(0, step)) {
    for (const [name, pairs] of Array.isArray(changes) ? [[null, changes]] : Object.entries(changes)) {
      const target = name === null ? board : board[name];
      for (const [index, value] of pairs) target[index] = value;
    }
  }
  return board;
}

const stepWords = (step) => step.explanation[language()] ?? step.explanation.en;
// A technique's name in the page's language (its game's words: technique.<game>.<name>).
const techniqueName = (name) => t(`technique.${state.puzzle.game}.${name}`);

function show(step) {
  const { puzzle, walk, game, view } = state;
  state.step = Math.max(0, Math.min(walk.steps.length, step));
  const notes = game.initialNotes?.(puzzle) ?? null;
  view.render(boardAt(walk, state.step), { errors: [], mistakes: [], notes });
  const current = walk.steps[state.step - 1];
  if (current) markHint(els.board, puzzle, current);
  else unmarkHint(els.board);
  const last = walk.steps.length;
  els.position.textContent = t("explain.position", { k: state.step, n: last });
  els.first.disabled = els.back.disabled = state.step === 0;
  els.next.disabled = els.last.disabled = state.step === last;
  let words = current ? `${state.step}. ${techniqueName(current.technique)}: ${stepWords(current)}` : t("explain.start");
  const note = walk.note[language()] || walk.note.en;
  if (state.step === last && note) words += ` ${note}`;
  els.stepText.textContent = words;
  for (const [index, item] of [...els.steps.children].entries()) {
    const button = item.firstChild;
    if (index + 1 === state.step) {
      button.setAttribute("aria-current", "step");
      scrollIntoList(item);
    } else button.removeAttribute("aria-current");
  }
  showMarked();
}

// Zoomed in, the board's box (only the box) scrolls the step's first decided item to its middle.
function showMarked() {
  const marked = els.board.querySelector(".hint-decides");
  if (!marked || state.zoom === 0) return;
  const box = els.board.getBoundingClientRect(), item = marked.getBoundingClientRect();
  els.board.scrollLeft += item.left + item.width / 2 - (box.left + box.width / 2);
  els.board.scrollTop += item.top + item.height / 2 - (box.top + box.height / 2);
}

// Scrolls the list of steps (only the list: the page stays where it is) to show item.
function scrollIntoList(item) {
  const list = els.steps;
  if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
  else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
  }
}

function fit() {
  if (!state.view) return;
  fitZoomed(els.board, state.game.extent(state.puzzle), state.zoom, els);
}

function zoom(step) {
  if (!state.view) return;
  state.zoom = nextZoom(state.zoom, step);
  fit();
  showMarked();
}

// Everything in words, again after the language changes.
function fill() {
  const { puzzle, walk } = state;
  if (!walk) return;
  const level = walk.level ? t(`difficulty.${walk.level}`) : t("explain.noLevel");
  els.summary.textContent = t("explain.summary", { game: t(`game.${puzzle.game}`), w: puzzle.width,
    h: puzzle.height, level, n: walk.steps.length });
  els.techniques.replaceChildren(...Object.entries(walk.techniques).map(([name, count]) => {
    const item = htmlElement("li");
    item.textContent = `${techniqueName(name)}: ${formatNumber(count)}`;
    return item;
  }));
  els.steps.replaceChildren(...walk.steps.map((step, index) => {
    const button = htmlElement("button", { type: "button", class: "step" });
    button.textContent = `${techniqueName(step.technique)}: ${stepWords(step)}`;
    button.addEventListener("click", () => show(index + 1));
    const item = htmlElement("li");
    item.append(button);
    return item;
  }));
  state.view.relabel();
  show(state.step);
}

// The walk-through of puzzle id: its game's view and what the game offers first (a game without a
// walk-through gets none), then the steps, asked for again while the server is busy. An ID the
// server refuses (an unknown game, no ID at all) is said as the game page says it, with no board
// and no step buttons (fail).
async function open(id) {
  if (!id) {
    fail("explain.noId");
    return;
  }
  const game = id.split(".")[0];
  els.playLink.href = `/?id=${encodeURIComponent(id)}`;
  showStatus(els.status, "explain.loading", {}, "busy");
  const games = await fetchGames();
  const offers = games.ok ? games.data.games.find(({ name }) => name === game)?.offers : undefined;
  if (offers && !offers.walkthrough) {
    await loadWordsOf([game]); // the game's name, in the page's language (its view is not loaded)
    fail("explain.unavailable", { game: t(`game.${game}`) });
    return;
  }
  // A name /api/games does not list has no view to load: the server says what is wrong with the ID.
  const module = games.ok && !offers ? new Error(game) : await loadView(game).catch((error) => error);
  await walk(game, id, module);
}

// module: the game's view, or the Error of loading it (said when the server has nothing to say).
async function walk(game, id, module) {
  const answer = await fetchWalkthrough(game, id);
  if (answer.status === 429 || answer.status === 503) {
    showStatus(els.status, "explain.busy", {}, "busy");
    setTimeout(() => walk(game, id, module), RETRY_MS);
    return;
  }
  if (!answer.ok || module instanceof Error) {
    fail("explain.refused", { error: answer.error ?? module.message });
    return;
  }
  const { walkthrough, ...puzzle } = answer.data;
  Object.assign(state, { puzzle, walk: walkthrough, game: module, step: 0 });
  state.view = module.createView({ puzzle, onAction: () => {}, onNote: () => {}, t });
  state.view.setLocked(true);
  els.board.replaceChildren(state.view.element);
  els.board.dataset.game = game;
  fit();
  showStatus(els.status, walkthrough.status === "solved" ? "" : "explain.unsolved", {}, "info");
  fill();
  document.body.dataset.ready = "yes";
}

// No walk-through to show: the error in the status line, and neither a board nor steps to move through.
function fail(key, values = {}) {
  showStatus(els.status, key, values, "error");
  document.querySelector(".explain-grid").hidden = true;
  document.body.dataset.ready = "failed";
}

els.zoomIn.addEventListener("click", () => zoom(1));
els.zoomOut.addEventListener("click", () => zoom(-1));
els.zoomFit.addEventListener("click", () => zoom(0));
els.first.addEventListener("click", () => show(0));
els.back.addEventListener("click", () => show(state.step - 1));
els.next.addEventListener("click", () => show(state.step + 1));
els.last.addEventListener("click", () => show(Infinity));
document.addEventListener("keydown", (event) => {
  const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
  if (!state.walk || !(event.key in moves) || event.target.closest?.("input, textarea, select")) return;
  event.preventDefault();
  show(state.step + moves[event.key]);
});
window.addEventListener("resize", fit);
document.querySelector(".skip").addEventListener("click", (event) => {
  event.preventDefault();
  document.getElementById("step-controls").focus();
});

startLanguage(els.lang, () => {
  translatePage();
  document.title = `gridlogic · ${t("explain.title")}`;
  fill();
});
// Nothing to step through until a walk-through has come.
for (const button of [els.first, els.back, els.next, els.last]) button.disabled = true;
open(new URLSearchParams(location.search).get("id"));
