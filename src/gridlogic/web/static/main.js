// The page: the game tabs, the settings, the shown puzzle, the buttons, and the wiring between
// them. It knows no game by name: the games come from the page's own data (the server writes
// /api/games into it; without it, from /api/games), each one's words, board and rules from its
// view folder (views/index.js says what a view offers), and what a game offers beyond play (the
// Hint button, the walk-through link, print) from its /api/games entry ("offers"). The play itself (history, counts, clock) is
// play.js, keeping it in the browser keep.js, the server api.js, the card at the end result.js.
//
// Nothing is lost: every change of a play is kept (keep.js), each game's tab remembers its
// puzzle, the URL names the puzzle shown (settings.js), and each puzzle opened by the player is
// a history entry, so Back and Forward move between puzzles played.

import { checkBoard, fetchGames, fetchPuzzle, fetchSolution } from "./api.js";
import { formatNumber, registerWords, startLanguagePicker, t } from "./i18n.js";
import { currentPuzzle, loadPlay, savePlay, setCurrentPuzzle, setKeptScore } from "./keep.js";
import { createPlay, formatTime } from "./play.js";
import { isTimedRecord, onRecordScored, receiptOf, recordPlay, startPlay } from "./records.js";
import { createResultCard, recordBest } from "./result.js";
import {
  createSettings, defaultQuery, linkQuery, linkRequest, seedProblem, versionOf,
} from "./settings.js";
import { createHints } from "./hint.js";
import { ask } from "./ask.js";
import { createImporter, importedShareUrl, isImported, isImportedId } from "./import.js";
import { load, save } from "./storage.js";
import { htmlElement } from "./svg.js";
import { fitZoomed, loadView, loadWords, nextZoom } from "./views/index.js";
import { notePlayed, startOffline } from "./offline.js";

const SAVE_EVERY_MS = 5000;

const $ = (id) => document.getElementById(id);
const els = {
  lang: $("lang"), games: $("games"), settings: $("settings"), settingsToggle: $("settings-toggle"),
  settingsSummary: $("settings-summary"), seed: $("seed"), dice: $("dice"), status: $("status"),
  timer: $("timer"), moves: $("moves"), tool: $("tool"), board: $("board"), problems: $("problems"),
  zoomIn: $("zoom-in"), zoomOut: $("zoom-out"), zoomFit: $("zoom-fit"), undo: $("undo"), redo: $("redo"),
  reset: $("reset"), check: $("check"), reveal: $("reveal"), share: $("share"), copy: $("copy"),
  print: $("print"), showResult: $("show-result"), help: $("help"), resultNew: $("result-new"), resultWalk: $("result-walk"),
  printTitle: $("print-title"), printId: $("print-id"),
};
const resultCard = createResultCard($("result"));
const hints = createHints({
  after: els.check, panelIn: $("status-area"), board: els.board, t, say: (...status) => setStatus(...status),
  current: () => state, taken: (play) => play.recordHint(), apply: (board) => onAction(board), receiptOf,
});

const state = {
  games: [],            // the /api/games list
  puzzle: null,         // the shown puzzle as the API sent it
  game: null,           // its view module (rules and createView)
  view: null,           // its drawn board
  play: null,           // the play of it (play.js)
  result: null,         // the result card's figures once the play is finished
  timed: false,         // whether the play is a timed record (records.js): its clock runs while hidden
  answer: null,         // the API's solution, once Check or Reveal asked for it
  mistakes: [],         // what the last Check marked, until the board changes
  tool: 0,
  zoom: 0,              // the zoom step (views/index.js: 0 fits the board)
  requestId: 0,
  status: null,         // {key, values, kind} so that a language switch re-translates it
};

const gamesReady = loadGames().then(async (games) => {
  // Every game's words, for its tab and its settings; without its folder, its title stands in.
  await Promise.all(games.map(({ name, title }) => loadWords(name)
    .catch(() => registerWords({ en: { [`game.${name}`]: title } }))));
  state.games = games;
  return games;
});
const settings = createSettings({
  presetField: $("preset-field"), preset: $("preset"), size: $("size"), customSize: $("custom-size"),
  width: $("width"), height: $("height"), difficulty: $("difficulty"), options: $("options"), versionField: $("version-field"), version: $("version"),
  seed: els.seed,
}, { t, onChange: (query) => openFromForm(query) });

// --- helpers ----------------------------------------------------------------------------------

async function loadGames() {
  const inline = document.getElementById("games-data");
  if (inline) return JSON.parse(inline.textContent).games;
  const answer = await fetchGames();
  return answer.ok ? answer.data.games : [];
}

const gameInfo = (name) => state.games.find((g) => g.name === name);

// What the game of the puzzle shown offers (/api/games): the Hint button, the result card's link
// to the walk-through, print; a part it does not offer is hidden.
function showOffers(game) {
  const offers = gameInfo(game)?.offers ?? {};
  hints.setAvailable(Boolean(offers.hints));
  els.resultWalk.parentElement.hidden = !offers.walkthrough;
  els.print.hidden = !offers.print;
}

function setStatus(key, values = {}, kind = "info") {
  state.status = { key, values, kind };
  els.status.textContent = t(key, values);
  els.status.dataset.kind = kind;
  // A message longer than the line's fixed height scrolls, and the keyboard can reach it to scroll.
  if (els.status.scrollHeight > els.status.clientHeight) els.status.tabIndex = 0;
  else els.status.removeAttribute("tabindex");
}

const sizeText = (p) => t("size.option", { w: p.width, h: p.height });

// "<Game> · 5 × 5 · easy"; an option's value with words of its own (option.<name>.<value>) is named
// too: "<Game> · honeycomb · 4 × 4 · hard" for a game whose option "grid" has the value honeycomb.
function describePuzzle(p) {
  const version = gameInfo(p.game) && versionOf(gameInfo(p.game), p.version);
  const named = (version?.options ?? []).map((o) => `option.${o.name}.${p[o.name]}`).filter((key) => t(key) !== key);
  const parts = [t(`game.${p.game}`), ...named.map((key) => t(key)), sizeText(p)];
  if (version?.difficulties.length > 1) {
    parts.push(t(`difficulty.${p.difficulty}`));
  }
  return parts.join(" · ");
}

function pageUrl(puzzle) {
  const imported = importedShareUrl(puzzle, location.origin);
  if (imported) return imported;
  const version = versionOf(gameInfo(puzzle.game), puzzle.version);
  return `${location.origin}/?${new URLSearchParams(linkQuery(puzzle, version))}`;
}

// --- tabs and settings -------------------------------------------------------------------------

function renderTabs() {
  els.games.replaceChildren();
  const shown = state.puzzle?.game;
  for (const game of state.games) {
    const selected = game.name === shown;
    const tab = htmlElement("button", { type: "button", role: "tab", class: "tab", "data-game": game.name,
      "aria-selected": selected, tabindex: selected || (!shown && game === state.games[0]) ? 0 : -1 });
    tab.textContent = t(`game.${game.name}`);
    tab.addEventListener("click", () => switchGame(game.name));
    els.games.append(tab);
  }
}

els.games.addEventListener("keydown", (event) => {
  const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
  if (!step || !state.puzzle) return;
  const names = state.games.map((g) => g.name);
  const next = names[(names.indexOf(state.puzzle.game) + step + names.length) % names.length];
  event.preventDefault();
  switchGame(next).then(() => els.games.querySelector(`[data-game="${next}"]`)?.focus());
});

function renderTools() {
  els.tool.replaceChildren();
  if (!state.puzzle) return;
  state.game.tools.forEach((name, index) => {
    const button = htmlElement("button", { type: "button", role: "radio", class: "small", "data-tool": name,
      "aria-checked": index === state.tool });
    button.textContent = t(`tool.${state.puzzle.game}.${name}`);
    button.addEventListener("click", () => {
      state.tool = index;
      state.view.setTool(name);
      renderTools();
    });
    els.tool.append(button);
  });
}

// The form shows the shown puzzle's settings (after a failed request too).
function showSettings() {
  const p = state.puzzle;
  if (!p) return;
  settings.show(gameInfo(p.game), p.version, { ...p, imported: isImported(p) });
  els.settingsSummary.textContent = describePuzzle(p);
}

// On a phone the settings fold away (style.css); unfolded, they push the board down, which keeps a playable size.
function unfoldSettings(open) {
  els.settingsToggle.setAttribute("aria-expanded", String(open));
  document.body.classList.toggle("settings-open", open);
  fitBoard();
}

els.settingsToggle.addEventListener("click", () => {
  unfoldSettings(els.settingsToggle.getAttribute("aria-expanded") !== "true");
});

// --- opening a puzzle -------------------------------------------------------------------------

// Opens the puzzle of game that query names (an object or [name, value] pairs for the API).
// how.history: "push" (a new entry), "replace", or "none" (Back or Forward brought it).
// Answers the API's refusal, or null when the puzzle is shown (or a newer request won).
async function open(game, query, how = { history: "push" }) {
  const id = ++state.requestId;
  // A seed the player chose is made on demand, and the status line says so.
  const seed = new URLSearchParams(query).get("seed"); // query: an object, or a link's [name, value] pairs
  if (seed === null) setStatus("status.generating", {}, "busy");
  else setStatus("status.generatingSeed", { seed }, "busy");
  els.board.setAttribute("aria-busy", "true");
  const [answer, module] = await Promise.all([
    fetchPuzzle(game, query),
    loadView(game).catch((error) => error),
    gamesReady,
  ]);
  if (id !== state.requestId) return null;
  els.board.setAttribute("aria-busy", "false");
  if (!answer.ok) return answer;
  if (module instanceof Error) return { status: 0, error: module.message };
  showPuzzle(answer.data, module, how.history);
  return null;
}

// Play any puzzle (import.js): a pasted puzzle is shown as the API sent it.
const importer = createImporter({
  games: () => state.games, current: () => state.puzzle?.game ?? state.games[0]?.name, say: setStatus,
  play: async (puzzle) => {
    const id = ++state.requestId;
    const module = await loadView(puzzle.game);
    if (id !== state.requestId) return;
    showPuzzle(puzzle, module, "push");
    unfoldSettings(false); // the puzzle chosen, the board gets the screen (Open a puzzle… is among the settings)
  },
});

function refusalStatus(refused) {
  setStatus(refused.status === 422 ? "status.failed" : "status.error", { message: refused.error }, "error");
  showSettings(); // the form goes back to the board it describes
}

async function openFromForm(query) {
  const problem = "seed" in query ? seedProblem(query.seed) : null;
  if (problem) {
    setStatus(problem, {}, "error");
    return;
  }
  const refused = await open(state.puzzle?.game ?? state.games[0]?.name, query);
  if (refused) refusalStatus(refused);
}

// A new puzzle of game with its latest version's defaults.
async function openFresh(game, how = { history: "push" }) {
  await gamesReady;
  return open(game, defaultQuery(gameInfo(game)), how);
}

// The tab of game: the puzzle it showed last, or a fresh one.
async function switchGame(name) {
  if (!gameInfo(name) || name === state.puzzle?.game) return;
  keepPlay();
  const kept = currentPuzzle(name);
  const refused = kept ? await open(name, { id: kept }) : await openFresh(name);
  if (refused && kept) {
    const again = await openFresh(name);
    if (again) refusalStatus(again);
  } else if (refused) refusalStatus(refused);
}

// The puzzle the URL names (asked for at once, without waiting for the list of games); a bad
// link says what was wrong and shows a fresh puzzle instead. No link: the puzzle of the tab last
// played, or a fresh one of the first game.
async function openFromLocation(history) {
  const params = new URLSearchParams(location.search);
  if (isImportedId(params.get("id"))) {
    await gamesReady;
    if (await importer.openFromLocation(params)) return;
  }
  const link = linkRequest(location.search);
  if (link.game !== null && link.query.length === 0) {
    // ?game=NAME alone names a game, not a puzzle: a fresh puzzle of its latest version
    await gamesReady;
    if (gameInfo(link.game)) {
      const refused = await openFresh(link.game, { history: "replace" });
      if (refused) refusalStatus(refused);
      return;
    }
  }
  if (link.game === null) {
    const last = load("gridlogic.game"), kept = last && currentPuzzle(last);
    if (kept && !(await open(last, { id: kept }, { history: "replace" }))) return;
    await gamesReady;
    const game = gameInfo(last) ? last : state.games[0]?.name;
    const refused = game && await openFresh(game, { history: "replace" });
    if (refused) refusalStatus(refused);
    return;
  }
  const refused = await open(link.game, link.query, { history });
  if (!refused) return;
  await gamesReady;
  const game = gameInfo(link.game) ? link.game : state.games[0]?.name;
  const again = game && await openFresh(game, { history: "replace" });
  if (again) refusalStatus(again);
  else setStatus("status.badLink", { message: refused.error }, "error");
}

function showPuzzle(puzzle, game, history) {
  keepPlay();
  resultCard.close();
  state.puzzle = puzzle;
  state.game = game;
  state.answer = null;
  state.mistakes = [];
  hints.clear();
  state.tool = 0;
  state.zoom = 0;
  const initial = game.initialBoard(puzzle);
  const initialNotes = game.initialNotes?.(puzzle) ?? null; // the player's notes, where the game keeps some
  const kept = loadPlay(puzzle.id, initial, initialNotes);
  state.result = kept?.result ?? null;
  state.play = createPlay({
    initial,
    initialNotes,
    isSolved: (board) => game.isSolved(puzzle, board),
    moveCost: game.moveCost,
    hidden: document.hidden,
    saved: kept?.snapshot,
  });
  state.timed = false;
  if (!state.play.finished) {
    const play = state.play;
    // the server's hand-out receipt (records.js); with it the page knows whether the play is timed
    startPlay(puzzle, Boolean(kept)).then(() => { if (state.play === play) setTimed(isTimedRecord(puzzle)); });
  }
  state.view = game.createView({ puzzle, onAction, onNote, t });
  state.view.setTool(game.tools[0]);
  fitBoard(); // the size is set before the board is shown: nothing moves
  els.board.replaceChildren(state.view.element);
  els.board.dataset.game = puzzle.game;
  els.board.scrollTo(0, 0);
  renderTabs();
  showSettings();
  renderTools();
  const url = pageUrl(puzzle);
  els.share.href = url;
  if (history === "push" && location.href !== url) window.history.pushState({ id: puzzle.id }, "", url);
  else if (history !== "none" || location.href !== url) window.history.replaceState({ id: puzzle.id }, "", url);
  setCurrentPuzzle(puzzle.game, puzzle.id);
  save("gridlogic.game", puzzle.game);
  els.help.textContent = t(`help.${puzzle.game}`);
  els.printTitle.textContent = `gridlogic — ${describePuzzle(puzzle)}`;
  els.printId.textContent = puzzle.id;
  els.resultWalk.href = `/explain?${new URLSearchParams({ id: puzzle.id })}`; // its walk-through (explain.js)
  showOffers(puzzle.game);
  showTime();
  refresh();
  setStatus(...openingStatus());
  if (performance.getEntriesByName("gridlogic:puzzle-shown").length === 0) {
    performance.mark("gridlogic:puzzle-shown");
    startOffline(); // once the first puzzle shows: the worker's files never hold it up (offline.js)
  }
  notePlayed(puzzle, url); // the service worker keeps it, and puzzles of its kind, for offline play
}

function openingStatus() {
  const { play, puzzle, result } = state;
  if (play.finished && play.revealed) return ["status.revealedBefore", {}, "info"];
  if (play.finished) {
    return ["status.solvedBefore", { time: formatTime(play.seconds()), score: result?.score?.score ?? "–" }, "ok"];
  }
  const values = { game: t(`game.${puzzle.game}`), size: sizeText(puzzle), seed: puzzle.seed, hint: t(`hint.${puzzle.game}`) };
  if (isImported(puzzle)) return [play.canUndo || play.canRedo ? "import.restored" : "import.ready", values, "info"];
  if (puzzle.stocked && !play.canUndo) return ["status.stocked", values, "info"];
  return [play.canUndo || play.canRedo ? "status.restored" : "status.ready", values, "info"];
}

// --- fitting the board -------------------------------------------------------------------------

// The board's cell size: the largest that shows the whole board in its box (views/index.js),
// times the zoom; past the box the board pans (the box scrolls, the clues stay in view).
function fitBoard() {
  if (!state.puzzle) return;
  const extent = state.game.extent(state.puzzle);
  fitZoomed(els.board, extent, state.zoom, els);
  els.board.style.setProperty("--extent-w", String(extent.width)); // for the print stylesheet
  els.board.style.setProperty("--extent-h", String(extent.height));
}

function zoom(step) {
  const next = nextZoom(state.zoom, step);
  if (!state.puzzle || next === state.zoom) return;
  // Keep the middle of what is shown in the middle.
  const box = els.board;
  const middle = [(box.scrollLeft + box.clientWidth / 2) / box.scrollWidth, (box.scrollTop + box.clientHeight / 2) / box.scrollHeight];
  state.zoom = next;
  fitBoard();
  box.scrollTo(middle[0] * box.scrollWidth - box.clientWidth / 2, middle[1] * box.scrollHeight - box.clientHeight / 2);
}

new ResizeObserver(() => fitBoard()).observe(els.board);
els.zoomIn.addEventListener("click", () => zoom(1));
els.zoomOut.addEventListener("click", () => zoom(-1));
els.zoomFit.addEventListener("click", () => zoom(0));

// --- the clock and keeping the play ------------------------------------------------------------

function showTime() {
  if (state.play) els.timer.textContent = formatTime(state.play.seconds());
}
setInterval(showTime, 250);

function keepPlay() {
  if (state.play) savePlay(state.puzzle.id, state.play.snapshot(), state.result);
}
setInterval(() => { if (state.play && !state.play.finished && !document.hidden) keepPlay(); }, SAVE_EVERY_MS);

// The clock stops while the page is hidden (another tab, a locked phone), except in a timed record:
// the server counts that time, so the page's clock does too (records.js says which plays are).
function setTimed(timed) {
  state.timed = timed;
  state.play?.setHidden(document.hidden && !timed);
  showTime();
}
document.addEventListener("visibilitychange", () => {
  state.play?.setHidden(document.hidden && !state.timed);
  showTime();
  if (document.hidden) keepPlay();
});
window.addEventListener("pagehide", keepPlay);
window.addEventListener("popstate", () => {
  keepPlay();
  openFromLocation("none");
});

// --- playing ----------------------------------------------------------------------------------

function onAction(board) {
  if (state.play?.move(board)) changed();
}

// The player's notes changed (a lock, a shaded cell): free, never judged, so Check's marks and the
// hint stay.
function onNote(notes) {
  if (state.play?.note(notes)) refresh();
}

function changed() {
  state.mistakes = [];
  hints.clear();
  refresh();
}

// Shows the play as it is now, keeps it, and finishes it when the board meets the rules.
function refresh() {
  const { play, view, game, puzzle } = state;
  const errors = play.finished ? [] : game.liveErrors(puzzle, play.board);
  view.render(play.board, { errors, mistakes: state.mistakes, notes: play.notes });
  els.problems.textContent = errors.map((error) => game.describeError(puzzle, error, t)).join(" ");
  els.problems.dataset.kind = errors.length ? "error" : "";
  els.moves.textContent = formatNumber(play.moves);
  els.undo.disabled = !play.canUndo;
  els.redo.disabled = !play.canRedo;
  els.reset.disabled = play.finished;
  els.check.disabled = play.finished;
  els.reveal.disabled = play.finished;
  hints.setEnabled(!play.finished);
  els.showResult.hidden = state.result === null;
  view.setLocked(play.finished);
  keepPlay();
  if (!play.finished && play.solved) finish();
}

function undo() {
  if (state.play?.undo()) changed();
}

function redo() {
  if (state.play?.redo()) changed();
}

function reset() {
  if (state.play?.reset()) changed();
}

// The API's solution of the shown puzzle, to check against (use "check": asked for once) or to
// show (use "reveal": asked for each time, so that the server notes the play as revealed). Either
// takes a timed play off the leaderboard (the README's "What a leaderboard trusts").
async function answerOf(puzzle, use = "check") {
  if (use === "check" && state.answer?.data?.id === puzzle.id) return state.answer;
  const answer = await fetchSolution(puzzle, await receiptOf(puzzle), use);
  if (answer.ok && state.puzzle === puzzle) state.answer = answer;
  return answer;
}

// Check: the mistakes of the board against the answer, marked on the board until it changes.
async function check() {
  const { play, puzzle, game } = state;
  if (!play || play.finished) return;
  setStatus("status.checking", {}, "busy");
  const answer = await answerOf(puzzle);
  if (play !== state.play || play.finished) return;
  if (!answer.ok) {
    setStatus("status.error", { message: answer.error }, "error");
    return;
  }
  const found = game.mistakes(puzzle, play.board, game.boardFromSolution(answer.data));
  play.recordCheck(found.length > 0);
  refresh();
  state.mistakes = found;
  state.view.render(play.board, { errors: game.liveErrors(puzzle, play.board), mistakes: found, notes: play.notes });
  if (found.length) {
    setStatus("status.mistakes", { count: found.length, list: game.describeItems(puzzle, found, t) }, "error");
  } else setStatus("status.noMistakes", {}, "ok");
}

async function reveal() {
  const { play, puzzle, game } = state;
  if (!play || play.finished) return;
  // A revealed play scores 0: asked first (and the play must still be the one asked about).
  if (!(await ask("reveal.confirm", "reveal.yes")) || play !== state.play || play.finished) return;
  const answer = await answerOf(puzzle, "reveal");
  if (play !== state.play || play.finished) return;
  if (!answer.ok) {
    setStatus("status.error", { message: answer.error }, "error");
    return;
  }
  play.reveal(game.boardFromSolution(answer.data));
  setStatus("status.revealed", {}, "info");
  changed();
}

// The board meets the rules: the clock stops, the board locks, and the server scores the play.
// The result is kept with the play even when the player has moved on meanwhile.
async function finish() {
  const { play, puzzle } = state;
  const stats = play.finish();
  showTime();
  refresh();
  setStatus("status.solvedHere", {}, "ok");
  const { log, ...figures } = stats; // the log goes with the record only
  const answer = await checkBoard(puzzle, play.board, figures);
  const shown = play === state.play;
  if (answer.ok && !answer.data.solved) {
    // The page and the engine disagree; the engine is the judge, so play goes on.
    play.resume();
    if (shown) {
      refresh();
      setStatus("status.checkWrong", {}, "error");
    } else savePlay(puzzle.id, play.snapshot(), null);
    return;
  }
  recordPlay(puzzle, play.board, stats); // the server's record of the play (records.js)
  const best = recordBest(puzzle, stats.seconds, stats.revealed);
  // Offline (no answer at all) the score comes with the record, once it reaches the server.
  const result = { seconds: stats.seconds, moves: stats.moves, revealed: stats.revealed, best,
    score: answer.ok ? answer.data.score : null, error: answer.error, scoreLater: !answer.ok && answer.status === 0 };
  savePlay(puzzle.id, play.snapshot(), result);
  if (!shown) return;
  state.result = result;
  refresh();
  setStatus(stats.revealed ? "status.revealed" : "status.checkSolved", {}, "ok");
  resultCard.show(result);
}

// A record sent after the play (it finished offline) brings its score: kept with the play, and
// shown on the card if that play is on the screen.
onRecordScored((id, score) => {
  if (!setKeptScore(id, score) || state.puzzle?.id !== id || !state.result || state.result.score) return;
  state.result = { ...state.result, score, error: null, scoreLater: false };
  resultCard.update(state.result);
  if (state.play?.finished) setStatus(...openingStatus());
});

// --- language ---------------------------------------------------------------------------------

// The page again in the language the picker shows (i18n.js has set it and translated the marked
// elements).
function applyLanguage() {
  renderTabs();
  settings.relabel();
  renderTools();
  hints.relabel();
  if (state.puzzle) {
    els.help.textContent = t(`help.${state.puzzle.game}`);
    els.settingsSummary.textContent = describePuzzle(state.puzzle);
    state.view.relabel();
    refresh();
  }
  if (state.status) {
    const opening = state.puzzle && ["status.ready", "status.restored", "status.stocked", "import.ready", "import.restored"].includes(state.status.key);
    if (opening) setStatus(...openingStatus());
    else setStatus(state.status.key, state.status.values, state.status.kind);
  }
  resultCard.relabel();
}

// --- wiring -----------------------------------------------------------------------------------

// A new puzzle of the form's settings and any seed: the server picks it (see defaultQuery).
function newRandomPuzzle() {
  const { seed, ...query } = settings.read();
  openFromForm(query);
}

els.settings.addEventListener("submit", (event) => {
  event.preventDefault();
  // New puzzle: the typed seed if the player changed it, any one (the server's pick) otherwise.
  if (els.seed.value === els.seed.dataset.shown || els.seed.value === "") newRandomPuzzle();
  else openFromForm(settings.read());
});
els.dice.addEventListener("click", newRandomPuzzle);
els.undo.addEventListener("click", undo);
els.redo.addEventListener("click", redo);
els.reset.addEventListener("click", reset);
els.check.addEventListener("click", check);
els.reveal.addEventListener("click", reveal);
els.print.addEventListener("click", () => window.print());
els.showResult.addEventListener("click", () => { if (state.result) resultCard.show(state.result); });
async function copyShareLink() {
  try {
    await navigator.clipboard.writeText(els.share.href);
    setStatus("share.copied", {}, "ok");
  } catch {
    setStatus("share.copyFailed", {}, "error");
  }
}
els.copy.addEventListener("click", copyShareLink);
els.share.addEventListener("click", (event) => {
  // Following the link would only reopen this very puzzle; a plain click copies it instead
  // (Ctrl+click, middle click and "copy link address" still work).
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  copyShareLink();
});
els.resultNew.addEventListener("click", () => {
  resultCard.close();
  newRandomPuzzle();
});
// Undo and redo from the keyboard: Ctrl+Z, Ctrl+Y or Ctrl+Shift+Z, and Tatham's u and r. Keys typed
// into a field are the field's, and a key a board used (its own shortcuts) is the board's.
const typing = (target) => target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
  || target instanceof HTMLSelectElement || target?.isContentEditable;
document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.altKey || typing(event.target)) return;
  const key = event.key.toLowerCase();
  if (event.ctrlKey || event.metaKey) {
    if (key === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
    else if (key === "y" || (key === "z" && event.shiftKey)) { event.preventDefault(); redo(); }
    return;
  }
  if (event.repeat || event.shiftKey) return;
  if (key === "u") { event.preventDefault(); undo(); }
  else if (key === "r") { event.preventDefault(); redo(); }
});
// The skip link lands on the board's own tab stop.
document.querySelector(".skip").addEventListener("click", (event) => {
  const target = els.board.querySelector('[tabindex="0"]');
  if (!target) return;
  event.preventDefault();
  target.focus();
});

function start() {
  startLanguagePicker(els.lang, applyLanguage);
  setStatus("status.loadingGames", {}, "busy");
  openFromLocation("replace");
  gamesReady.then(() => { if (!state.puzzle) renderTabs(); });
}

start();
