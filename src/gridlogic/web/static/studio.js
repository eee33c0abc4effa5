// The puzzle studio (/studio): one tab per game whose /api/games entry offers a studio (in that
// order, the first shown unless the link names another), an editor for each, loaded by the game's
// name from its view folder (views/<name>/studio.js, views/index.js loadEditor), and what they
// share: the undo and redo of every edit, the live analysis, the fixes and the links.
//
// Every edit goes through edit(change): the design before it is kept for undo, the board is drawn
// again, the design is written into the address's fragment (#<game>:... — the studio link, which
// reopens it), and 400 ms after the last edit the design's text goes to POST /api/{game}/analyse.
// An answer is shown only if no edit came after its question (each question has a number); a
// server too busy to answer (503, or 429: this browser's share in flight) is asked again. The
// verdict: unique (with the level, the count of each technique, and a link to the walk-through
// page, /explain, where the game offers one), several (the cells, edges or
// tiles where two solutions differ, marked on the board), none, undecided. For several, "Fixes"
// asks POST /api/{game}/fixes; each proven fix is a button: hovering or focusing it shows its
// changes on the board, a click makes them (one edit: undo takes it back).
//
// An editor ({create(shell)} of views/<game>/studio.js) answers:
//   tools                 its controls (size, modes, random design, ...), an element
//   render(board, marks)  draws the design into board; marks = {difference, preview}
//   snapshot(), restore(s), clear()   its design as a plain value, and back
//   text()                {text, goal} to analyse (goal: the solution the maker means, for the
//                         fixes, where the text cannot carry it), or {problem: key, values}
//                         when it cannot be analysed yet
//   fragment(), load(text)           the design in the studio link, and read back (false: bad)
//   describe(fix), fits(fix), apply(fix)   a fix in words, whether it fits the design, made


import { analyseDesign, fetchGames, fixDesign } from "./api.js";
import { importedShareUrl } from "./import.js";
import { formatNumber, language, t, translatePage } from "./i18n.js";
import { startLanguage } from "./pages.js";
import { htmlElement } from "./svg.js";
import { loadEditor } from "./views/index.js";

const DEBOUNCE_MS = 400;
const RETRY_MS = 2000;

const camel = (id) => id.replace(/-(\w)/g, (_, c) => c.toUpperCase());
const els = Object.fromEntries(["studio-tabs", "studio-panel", "studio-tools", "studio-board", "studio-undo",
  "studio-redo", "studio-clear", "verdict", "fixes", "fix-note", "fix-list", "play-link", "pdf-link", "play-missing",
  "studio-link", "exports", "lang"].map((id) => [camel(id), document.getElementById(id)]));

const state = {
  games: [],       // the names of the games with an editor, in /api/games' order
  offers: {},      // what each of them offers (/api/games): the walk-through, print (the PDF)
  game: null,      // the one shown (null until the editors are loaded)
  editors: {},
  history: {},     // each game's {past, future} of designs
  analysis: null,  // the answer about the design as it is now (null while asking)
  fixes: null,     // the fixes answer of the design as it is now
  asked: 0,        // the number of the last question: an older answer is dropped
  timer: 0,
  preview: null,
};

const shell = {
  edit(change) {
    const history = state.history[state.game];
    history.past.push(editor().snapshot());
    if (history.past.length > 500) history.past.shift();
    history.future = [];
    change();
    changed();
  },
  // A change that belongs to the edit before it (a drag, a slider): no undo step of its own.
  amend(change) {
    change();
    changed();
  },
  // A change that replaces the edit before it (a size as it is typed: 1, then 12), made on the design
  // as it was before that edit: no undo step of its own.
  revise(change) {
    const before = state.history[state.game].past.at(-1);
    if (before === undefined) { // no edit to revise: this one is the first
      shell.edit(change);
      return;
    }
    editor().restore(before);
    change();
    changed();
  },
  redraw: () => draw(),
  say: (key, values = {}) => showVerdict({ kind: "error", text: t(key, values) }),
};

const editor = () => state.editors[state.game];

// --- tabs ---------------------------------------------------------------------------------------

function renderTabs() {
  els.studioTabs.replaceChildren();
  for (const name of state.games) {
    const selected = name === state.game;
    const tab = htmlElement("button", { type: "button", role: "tab", class: "tab", id: `tab-${name}`,
      "data-game": name, "aria-selected": selected, "aria-controls": "studio-panel", tabindex: selected ? 0 : -1 });
    tab.textContent = t(`game.${name}`);
    tab.addEventListener("click", () => switchGame(name));
    els.studioTabs.append(tab);
  }
  els.studioPanel.setAttribute("aria-labelledby", `tab-${state.game}`);
}

els.studioTabs.addEventListener("keydown", (event) => {
  const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
  if (!step || !state.game) return;
  event.preventDefault();
  const { games } = state;
  const next = games[(games.indexOf(state.game) + step + games.length) % games.length];
  switchGame(next);
  els.studioTabs.querySelector(`[data-game="${next}"]`).focus();
});

function switchGame(name) {
  if (name === state.game && els.studioTools.firstChild) return;
  state.game = name;
  renderTabs();
  els.studioTools.replaceChildren(editor().tools);
  translatePage(editor().tools);
  changed();
}

// --- drawing and the links ----------------------------------------------------------------------

function marks() {
  const difference = new Set((state.analysis?.difference ?? []).map((mark) => mark.index));
  return { difference, preview: state.preview };
}

function draw() {
  if (!editor()) return; // an editor drawing itself while it is made, before any is shown
  editor().render(els.studioBoard, marks());
  els.studioUndo.disabled = state.history[state.game].past.length === 0;
  els.studioRedo.disabled = state.history[state.game].future.length === 0;
}

// The room the board has on the screen below what stands above it (the header, the tabs, the game's
// tools, which differ between the games) and above Undo, Redo and Clear, so that those stay in view:
// studio.css fits the board's SVG to it. Never less than half the screen (a phone's page scrolls).
function fitBoardRoom() {
  const top = els.studioBoard.getBoundingClientRect().top + window.scrollY;
  const below = els.studioUndo.getBoundingClientRect().height + 24;
  const room = Math.max(window.innerHeight - top - below, window.innerHeight / 2);
  els.studioBoard.style.setProperty("--board-room", `${Math.floor(room)}px`);
}
window.addEventListener("resize", fitBoardRoom);
new ResizeObserver(fitBoardRoom).observe(els.studioTools);

function studioLink() {
  return `${location.origin}/studio#${state.game}:${editor().fragment()}`;
}

function renderLinks() {
  const id = state.analysis?.verdict === "unique" ? state.analysis.id : null;
  els.playLink.hidden = !id;
  els.pdfLink.hidden = !id || !state.offers[state.game]?.print;
  els.playMissing.hidden = Boolean(id);
  if (id) {
    els.playLink.href = importedShareUrl({ id }, location.origin);
    els.pdfLink.href = `/api/${state.game}/pdf?${new URLSearchParams({ id })}`;  // a download, A4
  }
  // The puzzle in every format of other software its game writes (the analysis's exports).
  els.exports.replaceChildren(...Object.entries(id ? state.analysis.exports : {}).map(([format, text]) => {
    const label = htmlElement("label", { class: "export" });
    const name = htmlElement("span");
    name.textContent = t(`studio.export.${format}`);
    const box = htmlElement("textarea", { id: `export-${format}`, rows: text.includes("\n") ? 4 : 2, readonly: "",
      spellcheck: "false" });
    box.value = text;
    label.append(name, box);
    return label;
  }));
  els.studioLink.href = studioLink();
}

// Called after every change of the design: draw it, remember it in the address, ask again.
function changed() {
  state.analysis = null;
  state.fixes = null;
  state.preview = null;
  state.asked += 1;
  clearTimeout(state.timer);
  history.replaceState(null, "", `/studio#${state.game}:${editor().fragment()}`);
  renderFixes();
  draw();
  renderLinks();
  const design = editor().text();
  if (design.problem) {
    showVerdict({ kind: "info", text: t(design.problem, design.values ?? {}) });
    return;
  }
  showVerdict({ kind: "busy", text: t("studio.analysing") });
  const asked = state.asked;
  const game = state.game;
  state.timer = setTimeout(() => analyse(game, design.text, asked), DEBOUNCE_MS);
}

// --- analysis -----------------------------------------------------------------------------------

async function analyse(game, text, asked) {
  const answer = await analyseDesign(game, text);
  if (asked !== state.asked || game !== state.game) return;
  if (answer.status === 429 || answer.status === 503) {  // busy (Retry-After): the same question again
    showVerdict({ kind: "busy", text: t("studio.busy") });
    state.timer = setTimeout(() => analyse(game, text, asked), RETRY_MS);
    return;
  }
  if (!answer.ok) {
    showVerdict({ kind: "error", text: t("studio.refused", { error: answer.error }) });
    return;
  }
  state.analysis = answer.data;
  showAnalysis(answer.data);
  draw();
  renderLinks();
  renderFixes();
}

function showVerdict({ kind, text, verdict = "", details = [] }) {
  els.verdict.replaceChildren();
  els.verdict.dataset.kind = kind;
  els.verdict.dataset.verdict = verdict;
  const head = htmlElement("p", { class: "verdict-head" });
  head.textContent = text;
  els.verdict.append(head, ...details);
}

function showAnalysis(found) {
  const details = [];
  const count = found.difference.length;
  if (found.verdict === "unique") {
    // A puzzle beyond the latest version's levels (a step needs search) is unique with no level.
    const level = htmlElement("p", { class: "level" });
    level.textContent = found.level ? t("studio.level", { level: t(`difficulty.${found.level}`) })
      : t("studio.level.beyond");
    const list = htmlElement("ul", { class: "techniques" });
    for (const [name, n] of Object.entries(found.techniques)) {
      const item = htmlElement("li");
      item.textContent = `${t(`technique.${state.game}.${name}`)}: ${formatNumber(n)}`;
      list.append(item);
    }
    const caption = htmlElement("p", { class: "note" });
    caption.textContent = t("studio.techniques");
    details.push(level, caption, list);
    if (found.id && state.offers[state.game]?.walkthrough) {  // the hints' walk-through, on its own page
      const walk = htmlElement("a", { id: "walk-link", href: `/explain?${new URLSearchParams({ id: found.id })}` });
      walk.textContent = t("studio.walkLink");
      details.push(htmlElement("p"));
      details.at(-1).append(walk);
    }
  }
  if (language() === "en") { // the server's note, in English only: the verdict says it in every language
    const note = htmlElement("p", { class: "note" });
    note.textContent = found.note;
    details.push(note);
  }
  const kind = found.verdict === "unique" ? "ok" : found.verdict === "several" ? "error" : "info";
  const text = t(`studio.verdict.${found.verdict}`, { n: count, marks: t(`studio.marks.${state.game}`) });
  showVerdict({ kind, text, verdict: found.verdict, details });
}

// --- fixes --------------------------------------------------------------------------------------

function renderFixes() {
  els.fixes.disabled = state.analysis?.verdict !== "several";
  els.fixList.replaceChildren();
  els.fixNote.textContent = "";
  els.fixNote.removeAttribute("lang");
  if (!state.fixes) return;
  const fitting = state.fixes.fixes.filter((fix) => editor().fits(fix));
  const left = state.fixes.fixes.length - fitting.length;
  // With no fix, the server's note says why in English; the other languages say there is none.
  const none = language() === "en" ? state.fixes.note : t("studio.noFixes");
  els.fixNote.textContent = fitting.length ? t("studio.fixesFound", { n: fitting.length })
    : state.fixes.fixes.length ? "" : none;
  if (left) els.fixNote.textContent += ` ${t("studio.fixesOther", { n: left })}`;
  for (const fix of fitting) {
    const button = htmlElement("button", { type: "button", class: "fix" });
    button.textContent = editor().describe(fix);
    const show = (shown) => {
      state.preview = shown ? fix : null;
      draw();
    };
    button.addEventListener("mouseenter", () => show(true));
    button.addEventListener("focus", () => show(true));
    button.addEventListener("mouseleave", () => show(false));
    button.addEventListener("blur", () => show(false));
    button.addEventListener("click", () => {
      shell.edit(() => editor().apply(fix));
      // The fix's button is gone with the fixes of the design before it: the focus goes to the board.
      els.studioBoard.querySelector("svg")?.focus({ preventScroll: true });
    });
    const item = htmlElement("li");
    item.append(button);
    els.fixList.append(item);
  }
}

let fixing = false;
els.fixes.addEventListener("click", async () => {
  if (!state.game) return;
  const design = editor().text();
  if (design.problem || fixing) return;
  const asked = state.asked;
  const game = state.game;
  fixing = true;
  els.fixes.setAttribute("aria-busy", "true");
  els.fixNote.textContent = t("studio.fixing");
  const answer = await fixDesign(game, design.text, design.goal);
  fixing = false;
  els.fixes.removeAttribute("aria-busy");
  if (asked !== state.asked || game !== state.game) return;
  if (!answer.ok) {
    els.fixNote.textContent = t("studio.refused", { error: answer.error });
    return;
  }
  state.fixes = answer.data;
  renderFixes();
});

// --- undo, redo, clear --------------------------------------------------------------------------

function step(from, to) {
  if (!state.game) return;
  const history = state.history[state.game];
  if (!history[from].length) return;
  history[to].push(editor().snapshot());
  editor().restore(history[from].pop());
  changed();
}

els.studioUndo.addEventListener("click", () => step("past", "future"));
els.studioRedo.addEventListener("click", () => step("future", "past"));
els.studioClear.addEventListener("click", () => { if (state.game) shell.edit(() => editor().clear()); });
document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
  if (typing || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "z") return;
  event.preventDefault();
  step(event.shiftKey ? "future" : "past", event.shiftKey ? "past" : "future");
});

// --- start --------------------------------------------------------------------------------------

function openFragment() {
  const fragment = decodeURIComponent(location.hash.slice(1));
  const colon = fragment.indexOf(":");
  const name = colon > 0 ? fragment.slice(0, colon) : fragment;
  if (!state.games.includes(name)) return null;
  state.game = name;
  if (colon > 0 && !state.editors[name].load(fragment.slice(colon + 1))) {
    state.editors[name].clear();
    return "studio.badLink";
  }
  return null;
}

// The games with a studio (/api/games: offers.studio) and their editors, loaded by name; a game
// whose editor cannot be loaded gets no tab.
async function loadEditors() {
  const answer = await fetchGames();
  const games = answer.ok ? answer.data.games.filter((game) => game.offers?.studio) : [];
  const loaded = await Promise.all(games.map((game) => loadEditor(game.name).then((module) => ({ game, module }),
    (error) => { console.error(error); return null; })));
  for (const { game, module } of loaded.filter(Boolean)) {
    state.games.push(game.name);
    state.offers[game.name] = game.offers;
    state.editors[game.name] = module.create(shell);
    state.history[game.name] = { past: [], future: [] };
  }
  return answer;
}

async function start() {
  const answer = await loadEditors();
  state.game = state.games[0] ?? null;
  const refused = state.game && openFragment();
  startLanguage(els.lang, () => {
    translatePage();
    document.title = `gridlogic · ${t("studio.title")}`;
    renderTabs();
    if (!state.game) {
      showVerdict({ kind: "error", text: answer.ok ? t("studio.noGames") : t("studio.refused", { error: answer.error }) });
      return;
    }
    for (const name of state.games) state.editors[name].translate?.();
    if (state.analysis) showAnalysis(state.analysis);
    else {
      const design = editor().text();
      if (design.problem) showVerdict({ kind: "info", text: t(design.problem, design.values ?? {}) });
    }
    renderFixes();
    renderLinks();
    draw();
  });
  if (state.game) switchGame(state.game);
  if (refused) showVerdict({ kind: "error", text: t(refused) });
  document.body.dataset.ready = "yes";
}

// The skip link lands on the board's own tab stop.
document.querySelector(".skip").addEventListener("click", (event) => {
  event.preventDefault();
  els.studioBoard.querySelector("svg")?.focus();
});

start();
