// The page: settings, the shown puzzle, the player's history and the result card.
// It talks to the server only through the JSON API (/api/...). Each game's board is a
// "view" module (signal.js, pattern.js, loop.js) with the same small surface:
//   createView({puzzle, onAction, t}) -> {element, initialBoard(), boardFromSolution(s),
//     render(board), isSolved(board), showWrong(checkResult), setLocked(bool), setTool(name),
//     relabel()}
// A view never changes the board itself: it calls onAction(newBoard, changes) and the page
// records the move, re-renders and asks the view whether the rules are met.

import { language, setLanguage, t, translatePage } from "./i18n.js";
import { createSignalView } from "./views/signal.js";
import { createPatternView } from "./views/pattern.js";
import { createLoopView } from "./views/loop.js";

const VIEWS = { signal: createSignalView, pattern: createPatternView, loop: createLoopView };
const TOOLS = { signal: ["cw", "ccw"], pattern: ["fill", "mark"], loop: ["line", "mark"] };
const MAX_SEED = 80;

const $ = (id) => document.getElementById(id);
const els = {
  lang: $("lang"), games: $("games"), settings: $("settings"), size: $("size"),
  difficulty: $("difficulty"), seed: $("seed"), dice: $("dice"), status: $("status"),
  timer: $("timer"), moves: $("moves"), tool: $("tool"), board: $("board"), undo: $("undo"),
  redo: $("redo"), reset: $("reset"), check: $("check"), reveal: $("reveal"), share: $("share"),
  copy: $("copy"), help: $("help"), result: $("result"), resultTitle: $("result-title"),
  resultTime: $("result-time"), resultMoves: $("result-moves"), resultScore: $("result-score"),
  resultRank: $("result-rank"), resultBest: $("result-best"), resultBreakdown: $("result-breakdown"),
  resultNote: $("result-note"), resultNew: $("result-new"), resultClose: $("result-close"),
};

const state = {
  games: [],            // from /api/games
  selectedGame: null,   // the game the settings describe
  puzzle: null,         // the shown puzzle as the API sent it
  view: null,
  board: null,
  initial: null,
  undo: [],
  redo: [],
  moves: 0,
  checks: 0,
  revealed: false,
  finished: false,
  startedAt: 0,
  hiddenSince: 0,
  elapsed: 0,
  timerId: null,
  tool: 0,
  requestId: 0,
  status: null,         // {key, values} so that a language switch re-translates it
  lastResult: null,
};

// --- helpers ----------------------------------------------------------------------------------

function randomSeed() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join("");
}

function formatTime(seconds) {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600), m = Math.floor((whole % 3600) / 60), s = whole % 60;
  const ss = String(s).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

function gameInfo(name) {
  return state.games.find((g) => g.name === name);
}

function setStatus(key, values = {}, kind = "info") {
  state.status = { key, values, kind };
  els.status.textContent = t(key, values);
  els.status.dataset.kind = kind;
}

async function api(path, options = {}) {
  let response;
  try {
    response = await fetch(path, { headers: { Accept: "application/json" }, ...options });
  } catch {
    return { ok: false, status: 0, data: { error: t("status.offline") } };
  }
  let data;
  try {
    data = await response.json();
  } catch {
    data = { error: `HTTP ${response.status}` };
  }
  return { ok: response.ok, status: response.status, data };
}

function query(params) {
  return new URLSearchParams({
    size: String(params.size), difficulty: params.difficulty, seed: params.seed,
  }).toString();
}

function shareUrl(puzzle) {
  const params = new URLSearchParams({
    game: puzzle.game, size: String(puzzle.size), difficulty: puzzle.difficulty, seed: puzzle.seed,
  });
  return `${location.origin}/?${params}`;
}

function storageGet(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

function storageSet(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: nothing is kept */ }
}

// --- settings ---------------------------------------------------------------------------------

function renderTabs() {
  els.games.replaceChildren();
  for (const game of state.games) {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.setAttribute("role", "tab");
    tab.className = "tab";
    tab.dataset.game = game.name;
    tab.textContent = t(`game.${game.name}`);
    const selected = game.name === state.selectedGame;
    tab.setAttribute("aria-selected", String(selected));
    tab.tabIndex = selected ? 0 : -1;
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
  const game = state.puzzle?.game;
  if (!game) return;
  TOOLS[game].forEach((name, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.setAttribute("role", "radio");
    button.className = "small";
    button.dataset.tool = name;
    button.textContent = t(`tool.${game}.${name}`);
    button.setAttribute("aria-checked", String(index === state.tool));
    button.addEventListener("click", () => {
      state.tool = index;
      state.view?.setTool(name);
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

async function loadPuzzle(params) {
  const problem = seedProblem(params.seed);
  if (problem) {
    setStatus(problem, {}, "error");
    return false;
  }
  const id = ++state.requestId;
  setStatus("status.generating", {}, "busy");
  els.board.setAttribute("aria-busy", "true");
  const answer = await api(`/api/${encodeURIComponent(params.game)}/puzzle?${query(params)}`);
  if (id !== state.requestId) return false; // a newer request won
  els.board.setAttribute("aria-busy", "false");
  if (!answer.ok) {
    // As in the original app: the message goes to the status line and the board stays.
    const key = answer.status === 422 ? "status.failed" : "status.error";
    setStatus(key, { message: answer.data.error ?? "?" }, "error");
    return false;
  }
  showPuzzle(answer.data);
  return true;
}

function showPuzzle(puzzle) {
  closeResult();
  state.puzzle = puzzle;
  state.selectedGame = puzzle.game;
  const tools = TOOLS[puzzle.game];
  state.tool = 0;
  state.view = VIEWS[puzzle.game]({ puzzle, onAction, t });
  state.view.setTool(tools[0]);
  state.initial = state.view.initialBoard();
  state.board = state.initial;
  state.undo = [];
  state.redo = [];
  state.moves = 0;
  state.checks = 0;
  state.revealed = false;
  state.finished = false;
  state.lastResult = null;
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
  startTimer();
  refresh();
  setStatus("status.ready", readyValues(), "info");
}

function readyValues() {
  const p = state.puzzle;
  return { game: t(`game.${p.game}`), n: p.size, seed: p.seed, hint: t(`hint.${p.game}`) };
}

// --- timer ------------------------------------------------------------------------------------

function startTimer() {
  stopTimer();
  state.startedAt = performance.now();
  state.hiddenSince = document.hidden ? state.startedAt : 0;
  state.elapsed = 0;
  els.timer.value = formatTime(0);
  els.timer.textContent = formatTime(0);
  state.timerId = setInterval(tick, 250);
}

function tick() {
  if (state.hiddenSince) return;
  state.elapsed = (performance.now() - state.startedAt) / 1000;
  els.timer.textContent = formatTime(state.elapsed);
}

// The clock stops while the page is hidden (another tab, a locked phone).
document.addEventListener("visibilitychange", () => {
  if (document.hidden && !state.hiddenSince) {
    tick();
    state.hiddenSince = performance.now();
  } else if (!document.hidden && state.hiddenSince) {
    state.startedAt += performance.now() - state.hiddenSince;
    state.hiddenSince = 0;
    tick();
  }
});

function stopTimer() {
  if (state.timerId !== null) {
    tick();
    clearInterval(state.timerId);
    state.timerId = null;
  }
}

// --- playing ----------------------------------------------------------------------------------

function onAction(board, changes) {
  if (state.finished || !state.puzzle) return;
  state.undo.push(state.board);
  state.redo = [];
  state.board = board;
  state.moves += changes;
  refresh();
}

function refresh() {
  state.view.render(state.board);
  els.moves.textContent = String(state.moves);
  els.undo.disabled = state.finished || state.undo.length === 0;
  els.redo.disabled = state.finished || state.redo.length === 0;
  els.reset.disabled = state.finished;
  els.check.disabled = state.finished;
  els.reveal.disabled = state.finished;
  state.view.setLocked(state.finished);
  if (!state.finished && state.view.isSolved(state.board)) finish(false);
}

function undo() {
  if (state.finished || state.undo.length === 0) return;
  state.redo.push(state.board);
  state.board = state.undo.pop();
  state.moves += 1;
  refresh();
}

function redo() {
  if (state.finished || state.redo.length === 0) return;
  state.undo.push(state.board);
  state.board = state.redo.pop();
  state.moves += 1;
  refresh();
}

function reset() {
  if (state.finished || !state.puzzle) return;
  if (JSON.stringify(state.board) === JSON.stringify(state.initial)) return;
  onAction(state.initial, 1);
}

async function check() {
  if (state.finished || !state.puzzle) return;
  state.checks += 1;
  setStatus("status.checking", {}, "busy");
  const p = state.puzzle;
  const answer = await api(`/api/${p.game}/check`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ size: p.size, difficulty: p.difficulty, seed: p.seed, board: state.board }),
  });
  if (p !== state.puzzle) return;
  if (!answer.ok) {
    setStatus("status.error", { message: answer.data.error ?? "?" }, "error");
    return;
  }
  const result = answer.data;
  if (result.solved) {
    setStatus("status.checkSolved", {}, "ok");
    return;
  }
  state.view.showWrong(result);
  const details = describeWrong(p, result);
  if (details) setStatus("status.checkWrong", { details }, "error");
  else setStatus("status.checkOk", {}, "info");
}

function describeWrong(puzzle, result) {
  const oneBased = (list) => list.map((i) => i + 1).join(t("list.join"));
  const parts = [];
  if (puzzle.game === "signal") {
    parts.push(t("wrong.signal", { lit: (result.lit || []).length, total: puzzle.size ** 2 }));
  }
  if (result.wrongRows?.length) parts.push(t("wrong.rows", { list: oneBased(result.wrongRows) }));
  if (result.wrongCols?.length) parts.push(t("wrong.cols", { list: oneBased(result.wrongCols) }));
  if (result.wrongClues?.length) parts.push(t("wrong.clues", { count: result.wrongClues.length }));
  return parts.join(" ");
}

async function reveal() {
  if (state.finished || !state.puzzle) return;
  const p = state.puzzle;
  const answer = await api(`/api/${p.game}/solution?${query(p)}`);
  if (p !== state.puzzle || state.finished) return;
  if (!answer.ok) {
    setStatus("status.error", { message: answer.data.error ?? "?" }, "error");
    return;
  }
  state.revealed = true;
  state.undo.push(state.board);
  state.redo = [];
  state.board = state.view.boardFromSolution(answer.data);
  setStatus("status.revealed", {}, "info");
  refresh();
}

async function finish() {
  state.finished = true;
  stopTimer();
  refresh();
  setStatus("status.solvedHere", {}, "ok");
  const p = state.puzzle;
  const seconds = Math.round(state.elapsed * 10) / 10;
  const answer = await api(`/api/${p.game}/check`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      size: p.size, difficulty: p.difficulty, seed: p.seed, board: state.board,
      seconds, moves: state.moves, checks: state.checks, revealed: state.revealed,
    }),
  });
  if (p !== state.puzzle) return;
  if (answer.ok && !answer.data.solved) {
    // The page and the engine disagree; the engine is the judge, so play goes on.
    state.finished = false;
    startTimerFrom(seconds);
    refresh();
    setStatus("status.checkWrong", { details: describeWrong(p, answer.data) }, "error");
    return;
  }
  const best = recordBest(p, seconds, state.revealed);
  state.lastResult = { puzzle: p, seconds, moves: state.moves, revealed: state.revealed, best,
    score: answer.ok ? answer.data.score : null, error: answer.ok ? null : answer.data.error };
  setStatus(state.revealed ? "status.revealed" : "status.checkSolved", {}, "ok");
  showResult();
}

function startTimerFrom(seconds) {
  state.startedAt = performance.now() - seconds * 1000;
  state.timerId = setInterval(tick, 250);
}

// --- result card and best times ----------------------------------------------------------------

function bestKey(p) {
  return `gridlogic.best.${p.game}.${p.size}.${p.difficulty}`;
}

function recordBest(p, seconds, revealed) {
  const previous = Number(storageGet(bestKey(p)));
  const known = Number.isFinite(previous) && previous > 0 ? previous : null;
  if (revealed) return { seconds: known, isNew: false };
  if (known === null || seconds < known) {
    storageSet(bestKey(p), String(seconds));
    return { seconds, isNew: true };
  }
  return { seconds: known, isNew: false };
}

function showResult() {
  const r = state.lastResult;
  if (!r) return;
  els.resultTitle.textContent = t(r.revealed ? "result.titleRevealed" : "result.title");
  els.resultTime.textContent = formatTime(r.seconds);
  els.resultMoves.textContent = String(r.moves);
  els.resultBreakdown.replaceChildren();
  if (r.score) {
    els.resultScore.textContent = String(r.score.score);
    const label = r.score.rankLabel?.[language()] ?? r.score.rankLabel?.en ?? "";
    els.resultRank.textContent = r.score.rank === "revealed" ? label : `${r.score.rank} · ${label}`;
    for (const part of r.score.breakdown || []) {
      const item = document.createElement("li");
      const name = document.createElement("span");
      name.textContent = t(`part.${part.label}`);
      const points = document.createElement("span");
      points.className = "points";
      points.textContent = part.points > 0 ? `+${part.points}` : String(part.points);
      item.title = part.explanation || "";
      item.append(name, points);
      els.resultBreakdown.append(item);
    }
    els.resultNote.textContent = r.score.par?.seconds
      ? t("result.par", { par: formatTime(r.score.par.seconds) }) : "";
  } else {
    els.resultScore.textContent = "–";
    els.resultRank.textContent = "–";
    els.resultNote.textContent = t("result.scoreUnavailable", { message: r.error ?? "?" });
  }
  if (r.best.isNew) els.resultBest.textContent = `${formatTime(r.best.seconds)} — ${t("result.newBest")}`;
  else if (r.best.seconds !== null) els.resultBest.textContent = formatTime(r.best.seconds);
  else els.resultBest.textContent = t("result.noBest");
  if (!els.result.open) {
    if (typeof els.result.showModal === "function") els.result.showModal();
    else els.result.setAttribute("open", "");
  }
}

function closeResult() {
  if (els.result.open) els.result.close();
}

// --- language ---------------------------------------------------------------------------------

function applyLanguage(lang) {
  setLanguage(lang);
  storageSet("gridlogic.lang", language());
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
  if (els.result.open) showResult();
}

// --- wiring -----------------------------------------------------------------------------------

els.lang.addEventListener("click", () => applyLanguage(language() === "en" ? "ja" : "en"));
els.settings.addEventListener("submit", (event) => {
  event.preventDefault();
  // New puzzle: the typed seed if the player changed it, a fresh random one otherwise.
  if (els.seed.value === els.seed.dataset.shown || els.seed.value === "") els.seed.value = randomSeed();
  loadPuzzle(currentSettings());
});
els.dice.addEventListener("click", () => {
  els.seed.value = randomSeed();
  loadPuzzle(currentSettings());
});
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
els.resultClose.addEventListener("click", closeResult);
els.resultNew.addEventListener("click", () => {
  closeResult();
  els.seed.value = randomSeed();
  loadPuzzle(currentSettings());
});
document.addEventListener("keydown", (event) => {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  if (event.target instanceof HTMLInputElement) return;
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
  else if (key === "y" || (key === "z" && event.shiftKey)) { event.preventDefault(); redo(); }
});

async function start() {
  const stored = storageGet("gridlogic.lang");
  const browserLanguage = (navigator.language || "").toLowerCase().startsWith("ja") ? "ja" : "en";
  applyLanguage(stored || browserLanguage);
  setStatus("status.loadingGames", {}, "busy");
  const answer = await api("/api/games");
  if (!answer.ok) {
    setStatus("status.error", { message: answer.data.error ?? "?" }, "error");
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
