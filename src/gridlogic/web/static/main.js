// The page: the settings and game tabs, the shown puzzle, the buttons, and the wiring between
// them. It knows no game by name: the games come from /api/games and each one's board from
// its view (views/index.js says what a view offers). The play itself (history, counts, clock)
// is play.js, the server is api.js, the card at the end result.js.

import { checkBoard, fetchGames, fetchPuzzle, fetchSolution } from "./api.js";
import { language, setLanguage, t, translatePage } from "./i18n.js";
import { createPlay, formatTime } from "./play.js";
import { recordPlay, startPlay } from "./records.js";
import { createResultCard, recordBest } from "./result.js";
import { load, save } from "./storage.js";
import { htmlElement } from "./svg.js";
import { loadView } from "./views/index.js";

const MAX_SEED = 80;

const $ = (id) => document.getElementById(id);
const els = {
  lang: $("lang"), games: $("games"), settings: $("settings"), size: $("size"),
  difficulty: $("difficulty"), seed: $("seed"), dice: $("dice"), status: $("status"),
  timer: $("timer"), moves: $("moves"), tool: $("tool"), board: $("board"), undo: $("undo"),
  redo: $("redo"), reset: $("reset"), check: $("check"), reveal: $("reveal"), share: $("share"),
  copy: $("copy"), help: $("help"), resultNew: $("result-new"),
};
const resultCard = createResultCard($("result"));

const state = {
  games: [],            // from /api/games
  selectedGame: null,   // the game the settings describe
  puzzle: null,         // the shown puzzle as the API sent it
  game: null,           // its view module (rules and createView)
  view: null,           // its drawn board
  play: null,           // the play of it (play.js)
  tool: 0,
  requestId: 0,
  status: null,         // {key, values, kind} so that a language switch re-translates it
};

// --- helpers ----------------------------------------------------------------------------------

function randomSeed() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join("");
}

function gameInfo(name) {
  return state.games.find((g) => g.name === name);
}

function setStatus(key, values = {}, kind = "info") {
  state.status = { key, values, kind };
  els.status.textContent = t(key, values);
  els.status.dataset.kind = kind;
}

function shareUrl(puzzle) {
  const params = new URLSearchParams({
    game: puzzle.game, size: String(puzzle.size), difficulty: puzzle.difficulty, seed: puzzle.seed,
  });
  return `${location.origin}/?${params}`;
}

// --- settings ---------------------------------------------------------------------------------

function renderTabs() {
  els.games.replaceChildren();
  for (const game of state.games) {
    const selected = game.name === state.selectedGame;
    const tab = htmlElement("button", { type: "button", role: "tab", class: "tab", "data-game": game.name,
      "aria-selected": selected, tabindex: selected ? 0 : -1 });
    tab.textContent = t(`game.${game.name}`);
    tab.addEventListener("click", () => switchGame(game.name));
    els.games.append(tab);
  }
}

els.games.addEventListener("keydown", (event) => {
  const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
  if (!step) return;
  const names = state.games.map((g) => g.name);
  const next = names[(names.indexOf(state.selectedGame) + step + names.length) % names.length];
  event.preventDefault();
  switchGame(next).then(() => els.games.querySelector(`[data-game="${next}"]`)?.focus());
});

function renderSelectors(size, difficulty) {
  const game = gameInfo(state.selectedGame);
  if (!game) return;
  els.size.replaceChildren(...game.sizes.map((n) => new Option(t("size.option", { n }), String(n))));
  els.size.value = String(game.sizes.includes(size) ? size : game.defaultSize);
  els.difficulty.replaceChildren(
    ...game.difficulties.map((d) => new Option(t(`difficulty.${d}`), d)),
  );
  els.difficulty.value = game.difficulties.includes(difficulty) ? difficulty : game.difficulties[0];
  els.difficulty.disabled = game.difficulties.length < 2;
}

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

async function switchGame(name) {
  if (!gameInfo(name)) return;
  state.selectedGame = name;
  renderTabs();
  const game = gameInfo(name);
  renderSelectors(game.defaultSize, game.difficulties[0]);
  els.seed.value = randomSeed();
  await loadPuzzle(currentSettings());
}

function currentSettings() {
  return {
    game: state.selectedGame,
    size: Number(els.size.value),
    difficulty: els.difficulty.value,
    seed: els.seed.value,
  };
}

function seedProblem(seed) {
  if (seed.length === 0) return "seed.empty";
  if (seed.length > MAX_SEED) return "seed.tooLong"; // .length counts UTF-16 units, as the server does
  return null;
}

// --- loading a puzzle ------------------------------------------------------------------------

async function loadPuzzle(settings) {
  const problem = seedProblem(settings.seed);
  if (problem) {
    setStatus(problem, {}, "error");
    return;
  }
  const id = ++state.requestId;
  setStatus("status.generating", {}, "busy");
  els.board.setAttribute("aria-busy", "true");
  const answer = await fetchPuzzle(settings.game, settings);
  if (id !== state.requestId) return; // a newer request won
  els.board.setAttribute("aria-busy", "false");
  if (!answer.ok) {
    // The message goes to the status line and the board stays.
    setStatus(answer.status === 422 ? "status.failed" : "status.error", { message: answer.error }, "error");
    return;
  }
  let game;
  try {
    game = await loadView(answer.data.game);
  } catch (error) {
    setStatus("status.error", { message: error.message }, "error");
    return;
  }
  if (id !== state.requestId) return;
  showPuzzle(answer.data, game);
}

function showPuzzle(puzzle, game) {
  resultCard.close();
  state.puzzle = puzzle;
  state.selectedGame = puzzle.game;
  state.game = game;
  state.tool = 0;
  state.view = game.createView({ puzzle, onAction, t });
  state.view.setTool(game.tools[0]);
  state.play = createPlay({
    initial: game.initialBoard(puzzle),
    isSolved: (board) => game.isSolved(puzzle, board),
    hidden: document.hidden,
  });
  startPlay(puzzle); // the server's hand-out receipt, for the record at the end
  els.board.replaceChildren(state.view.element);
  els.board.dataset.game = puzzle.game;
  renderTabs();
  renderSelectors(puzzle.size, puzzle.difficulty);
  els.seed.value = puzzle.seed;
  els.seed.dataset.shown = puzzle.seed;
  renderTools();
  const url = shareUrl(puzzle);
  els.share.href = url;
  history.replaceState(null, "", url);
  els.help.textContent = t(`help.${puzzle.game}`);
  showTime();
  refresh();
  setStatus("status.ready", readyValues(), "info");
}

function readyValues() {
  const p = state.puzzle;
  return { game: t(`game.${p.game}`), n: p.size, seed: p.seed, hint: t(`hint.${p.game}`) };
}

// --- the clock --------------------------------------------------------------------------------

function showTime() {
  if (state.play) els.timer.textContent = formatTime(state.play.seconds());
}
setInterval(showTime, 250);

// The clock stops while the page is hidden (another tab, a locked phone).
document.addEventListener("visibilitychange", () => {
  state.play?.setHidden(document.hidden);
  showTime();
});

// --- playing ----------------------------------------------------------------------------------

function onAction(board, changes) {
  if (state.play?.move(board, changes)) refresh();
}

// Shows the play as it is now, and finishes it when the board meets the rules.
function refresh() {
  const { play, view } = state;
  view.render(play.board);
  els.moves.textContent = String(play.moves);
  els.undo.disabled = !play.canUndo;
  els.redo.disabled = !play.canRedo;
  els.reset.disabled = play.finished;
  els.check.disabled = play.finished;
  els.reveal.disabled = play.finished;
  view.setLocked(play.finished);
  if (!play.finished && play.solved) finish();
}

function undo() {
  if (state.play?.undo()) refresh();
}

function redo() {
  if (state.play?.redo()) refresh();
}

function reset() {
  if (state.play?.reset()) refresh();
}

async function check() {
  const { play, puzzle, game, view } = state;
  if (!play?.countCheck()) return;
  setStatus("status.checking", {}, "busy");
  const answer = await checkBoard(puzzle, play.board);
  if (play !== state.play) return;
  if (!answer.ok) {
    setStatus("status.error", { message: answer.error }, "error");
    return;
  }
  const result = answer.data;
  if (result.solved) {
    setStatus("status.checkSolved", {}, "ok");
    return;
  }
  view.showWrong(result);
  const details = game.describeWrong(puzzle, result, t);
  if (details) setStatus("status.checkWrong", { details }, "error");
  else setStatus("status.checkOk", {}, "info");
}

async function reveal() {
  const { play, puzzle, game } = state;
  if (!play || play.finished) return;
  const answer = await fetchSolution(puzzle);
  if (play !== state.play || play.finished) return;
  if (!answer.ok) {
    setStatus("status.error", { message: answer.error }, "error");
    return;
  }
  play.reveal(game.boardFromSolution(answer.data));
  setStatus("status.revealed", {}, "info");
  refresh();
}

// The board meets the rules: the clock stops, the board locks, and the server scores the play.
async function finish() {
  const { play, puzzle, game } = state;
  const stats = play.finish();
  showTime();
  refresh();
  setStatus("status.solvedHere", {}, "ok");
  const answer = await checkBoard(puzzle, play.board, stats);
  if (play !== state.play) return;
  if (answer.ok && !answer.data.solved) {
    // The page and the engine disagree; the engine is the judge, so play goes on.
    play.resume();
    refresh();
    setStatus("status.checkWrong", { details: game.describeWrong(puzzle, answer.data, t) }, "error");
    return;
  }
  recordPlay(puzzle, play.board, stats); // the server's record of the play (records.js)
  const best = recordBest(puzzle, stats.seconds, stats.revealed);
  setStatus(stats.revealed ? "status.revealed" : "status.checkSolved", {}, "ok");
  resultCard.show({ seconds: stats.seconds, moves: stats.moves, revealed: stats.revealed, best,
    score: answer.ok ? answer.data.score : null, error: answer.error });
}

// --- language ---------------------------------------------------------------------------------

function applyLanguage(lang) {
  setLanguage(lang);
  save("gridlogic.lang", language());
  translatePage();
  renderTabs();
  renderSelectors(Number(els.size.value), els.difficulty.value);
  renderTools();
  if (state.puzzle) {
    els.help.textContent = t(`help.${state.puzzle.game}`);
    state.view.relabel();
  }
  if (state.status) {
    const values = state.status.key === "status.ready" && state.puzzle ? readyValues() : state.status.values;
    setStatus(state.status.key, values, state.status.kind);
  }
  resultCard.relabel();
}

// --- wiring -----------------------------------------------------------------------------------

function newRandomPuzzle() {
  els.seed.value = randomSeed();
  loadPuzzle(currentSettings());
}

els.lang.addEventListener("click", () => applyLanguage(language() === "en" ? "ja" : "en"));
els.settings.addEventListener("submit", (event) => {
  event.preventDefault();
  // New puzzle: the typed seed if the player changed it, a fresh random one otherwise.
  if (els.seed.value === els.seed.dataset.shown || els.seed.value === "") els.seed.value = randomSeed();
  loadPuzzle(currentSettings());
});
els.dice.addEventListener("click", newRandomPuzzle);
els.size.addEventListener("change", () => loadPuzzle(currentSettings()));
els.difficulty.addEventListener("change", () => loadPuzzle(currentSettings()));
els.undo.addEventListener("click", undo);
els.redo.addEventListener("click", redo);
els.reset.addEventListener("click", reset);
els.check.addEventListener("click", check);
els.reveal.addEventListener("click", reveal);
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
  // Following the link would reload this very puzzle and lose the moves made so far; a plain
  // click copies it instead (Ctrl+click, middle click and "copy link address" still work).
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  copyShareLink();
});
els.resultNew.addEventListener("click", () => {
  resultCard.close();
  newRandomPuzzle();
});
document.addEventListener("keydown", (event) => {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  if (event.target instanceof HTMLInputElement) return;
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
  else if (key === "y" || (key === "z" && event.shiftKey)) { event.preventDefault(); redo(); }
});

async function start() {
  const stored = load("gridlogic.lang");
  const browserLanguage = (navigator.language || "").toLowerCase().startsWith("ja") ? "ja" : "en";
  applyLanguage(stored || browserLanguage);
  setStatus("status.loadingGames", {}, "busy");
  const answer = await fetchGames();
  if (!answer.ok) {
    setStatus("status.error", { message: answer.error }, "error");
    return;
  }
  state.games = answer.data.games;
  if (state.games.length === 0) return;
  const params = new URLSearchParams(location.search);
  const wanted = gameInfo(params.get("game")) ?? state.games[0];
  state.selectedGame = wanted.name;
  renderTabs();
  const size = Number(params.get("size"));
  renderSelectors(size, params.get("difficulty"));
  els.seed.value = params.get("seed") || randomSeed();
  await loadPuzzle(currentSettings());
}

start();
