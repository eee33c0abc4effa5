// The games' view folders by game name. The pages know no game: they ask this module for a game by
// the name /api/games gives it, and every game's folder, views/<name>/, holds the same files:
//   view.js     the view module (below), loaded by loadView
//   words.js    its words, {en: {...}, ja: {...}} (export const en, ja), registered into i18n.js
//   view.css    its board's rules, linked into the page with the view
//   studio.js   (optional) its editor of the puzzle studio (studio.js says what one offers), and
//   studio.css  that editor's board's rules, both loaded by loadEditor
// So a game "dots" is played from views/dots/view.js, its name shown from views/dots/words.js
// ("game.dots"), its board drawn by the rules of views/dots/view.css; a fourth game adds its folder
// and nothing else here. What a game offers beyond play (hints, the walk-through, the studio,
// imports, print) the page reads from /api/games ("offers"), never from a list of names.
//
// The view module's rules part needs no document:
//   tools                           what a tap can do, e.g. ["fill", "mark"]; the first is the default
//   initialBoard(puzzle)            the board a play starts from (puzzle as the API sent it)
//   boardFromSolution(solution)     the board of the API's solution
//   isSolved(puzzle, board)         whether board meets the rules (any valid solution counts)
//   moveCost(before, after)         the moves a change of board costs (notes such as × are free)
//   liveErrors(puzzle, board)       what the rules alone say is wrong: [{kind, items}]
//   mistakes(puzzle, board, answer) what Check reports: the items board has that answer has not
//   describeItems(puzzle, items, t) those items in words, for the status line
//   describeError(puzzle, error, t) one live error in words
//   extent(puzzle)                  the board's size in cells, clues included, for fitting it
//   initialNotes(puzzle)            (optional) the player's notes at the start: an array of small
//                                   integers beside the board, never judged and free of moves
//                                   (a locked tile, a shaded cell)
//   recognises(text)                (optional) whether pasted text is a puzzle in one of the formats
//                                   of other software that the game reads (a puzz.link URL ...)
// and createView({puzzle, onAction, onNote, t}) draws the board:
//   {element, render(board, {errors, mistakes, notes}), setLocked(bool), setTool(name), relabel()}
// A view draws its cells var(--cell) wide (a CSS length the page sets to fit the board in its
// box). It never changes the board itself: it calls onAction(newBoard) and the page records
// the move and renders the new board; onNote(newNotes) likewise for the notes. What every board
// needs (cells with one tab stop and the arrow keys, locking, words for a list of places) is
// views/grid.js.

import { registerWords } from "../i18n.js";

const MAX_CELL = 64; // px: one cell of any board at its largest
const ZOOMS = [1, 1.5, 2, 3, 4, 6, 8]; // the zoom steps over the fitting cell
const BOX_PADDING = 4; // px: the board box's padding at the fitting zoom (style.css)

// Fits a board of extent (a view's extent(puzzle)) in box, the .board element it is drawn in, at
// zoom (an index into ZOOMS): the largest cell (at most MAX_CELL) that shows it whole, times the
// zoom, as the box's --cell; the box's "zoomed" class; and the zoom buttons ({zoomIn, zoomOut,
// zoomFit}) enabled where they can act.
export function fitZoomed(box, extent, zoom, buttons) {
  const width = box.clientWidth - 2 * BOX_PADDING, height = box.clientHeight - 2 * BOX_PADDING;
  const fit = Math.max(1, Math.min(MAX_CELL, width / extent.width, height / extent.height));
  box.style.setProperty("--cell", `${Math.floor(fit * ZOOMS[zoom] * 4) / 4}px`);
  box.classList.toggle("zoomed", zoom > 0);
  buttons.zoomOut.disabled = buttons.zoomFit.disabled = zoom === 0;
  buttons.zoomIn.disabled = zoom === ZOOMS.length - 1 || fit * ZOOMS[zoom] >= MAX_CELL;
}

// The zoom after a zoom button: step +1 or -1 within ZOOMS, 0 back to fitting the board.
export const nextZoom = (zoom, step) => (step === 0 ? 0 : Math.max(0, Math.min(ZOOMS.length - 1, zoom + step)));

// What a page may name a game by: the names /api/games gives (lower-case letters).
const GAME_NAME = /^[a-z]+$/;

// One file of a game's folder, as a module; its own error (missing, or broken) is the cause of
// one that names the game.
async function gameModule(name, file, what) {
  const missing = (cause) => new Error(`the page has no ${what} for the game ${JSON.stringify(name)}`, { cause });
  if (!GAME_NAME.test(name)) throw missing();
  try {
    return await import(`./${name}/${file}`);
  } catch (error) {
    throw missing(error);
  }
}

// Links a game's stylesheet (a file of its folder) into the page once, and waits until it applies
// (or failed: the board still works unstyled), so that a board is never drawn before its rules.
// Without a document (the unit tests) there is nothing to link.
const linked = new Map();
function linkStylesheet(name, file) {
  if (typeof document === "undefined" || !GAME_NAME.test(name)) return Promise.resolve();
  const href = new URL(`./${name}/${file}`, import.meta.url).href;
  if (!linked.has(href)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    linked.set(href, new Promise((resolve) => {
      link.addEventListener("load", resolve, { once: true });
      link.addEventListener("error", resolve, { once: true });
    }));
    document.head.append(link);
  }
  return linked.get(href);
}

// The words of the game name, registered into i18n.js (the tabs, the daily and stats pages name
// games whose views they never load).
export async function loadWords(name) {
  const words = await gameModule(name, "words.js", "words");
  registerWords(words);
  return words;
}

// The words of every game of names (repeats welcome); one that cannot be loaded is left out (its
// words show as their keys), so that one missing folder does not stop a page.
export const loadWordsOf = (names) => Promise.all([...new Set(names)].map((name) => loadWords(name).catch(() => null)));

// A module of the game name's folder with its words registered and its stylesheet applied; the
// module's own failure comes first (an unknown game is "no view", not "no words"). The stylesheet
// is linked once the words came (the game page has them from the start), so that a name without
// a folder links none.
async function withWordsAndStyle(name, file, what, stylesheet) {
  const module = gameModule(name, file, what);
  const rest = loadWords(name).then(() => linkStylesheet(name, stylesheet));
  rest.catch(() => {}); // answered below, once the module is there
  const loaded = await module;
  await rest;
  return loaded;
}

// The view module of the game name, with its words registered and its stylesheet applied.
export const loadView = (name) => withWordsAndStyle(name, "view.js", "view", "view.css");

// The studio editor of the game name (views/<name>/studio.js), with its words and its stylesheet.
export const loadEditor = (name) => withWordsAndStyle(name, "studio.js", "studio editor", "studio.css");
