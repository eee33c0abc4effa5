// The plays kept in this browser, so that nothing is lost: a reload, another tab or Back brings
// back the board, its undo history, the moves, checks and time, and a finished play stays
// finished. Keys in localStorage:
//   gridlogic.play.<puzzle id>   one play: its snapshot (see play.js) and, once finished, its result
//   gridlogic.plays              the ids of the kept plays, least recently saved first
//   gridlogic.current.<game>     the id of the puzzle last shown in that game's tab
// At most MAX_PLAYS plays are kept; saving one more forgets the oldest, and so does a full storage.
//
// A board is kept flat (an array board as it is, an object of arrays as its arrays one after the
// other, in the initial board's key order), and the history as the differences between one board
// and the next: the current board in full, then `back`, each step's [index, value] changes that
// lead to the board before it, and `forward` the same for the redo side. A move that changes one
// cell of a 40×40 board costs a few bytes, not 1,600. For example the history [0,0] → [1,0] →
// [1,1] (current) with nothing to redo is {board: [1,1], back: [[[1,0]], [[0,0]]], forward: []}.
//
// A play with notes (play.js) keeps them the same way beside the board: `notes`, the current notes,
// and `notesBack` and `notesForward`, each step's changes to them, step for step with `back` and
// `forward`. A play kept before its game had notes reads back with the game's initial notes.

import { load, remove, save } from "./storage.js";

export const MAX_PLAYS = 60;
const MAX_BACK_STEPS = 2000;
const playKey = (id) => `gridlogic.play.${id}`;
const INDEX = "gridlogic.plays";

export function flatten(board) {
  return Array.isArray(board) ? board : Object.keys(board).flatMap((key) => board[key]);
}

export function unflatten(template, flat) {
  if (Array.isArray(template)) return flat.slice();
  const board = {};
  let at = 0;
  for (const key of Object.keys(template)) {
    board[key] = flat.slice(at, at + template[key].length);
    at += template[key].length;
  }
  return board;
}

function changes(from, to) {
  const found = [];
  to.forEach((value, i) => { if (value !== from[i]) found.push([i, value]); });
  return found;
}

function applied(flat, steps) {
  const next = flat.slice();
  for (const [i, value] of steps) next[i] = value;
  return next;
}

// A snapshot as the plain data that is stored.
export function encode(snapshot) {
  const current = flatten(snapshot.board);
  const back = [];
  let later = current;
  for (const earlier of snapshot.undo.slice(-MAX_BACK_STEPS).reverse().map(flatten)) {
    back.push(changes(later, earlier));
    later = earlier;
  }
  const forward = [];
  later = current;
  for (const next of snapshot.redo.slice().reverse().map(flatten)) {
    forward.push(changes(later, next));
    later = next;
  }
  const { moves, checks, cleanChecks, hints, revealed, finished, seconds } = snapshot;
  const encoded = { board: current, back, forward, moves, checks, cleanChecks, hints, revealed, finished, seconds,
    log: Array.isArray(snapshot.log) ? snapshot.log : null };
  if (Array.isArray(snapshot.notes)) {
    const steps = (list, from) => {
      const found = [];
      let later = from;
      for (const next of list) { found.push(changes(later, next)); later = next; }
      return found;
    };
    Object.assign(encoded, { notes: snapshot.notes,
      notesBack: steps(snapshot.undoNotes.slice(-MAX_BACK_STEPS).reverse(), snapshot.notes),
      notesForward: steps(snapshot.redoNotes.slice().reverse(), snapshot.notes) });
  }
  return encoded;
}

const isCount = (x) => Number.isInteger(x) && x >= 0;
// A play's log as play.js keeps it: [ms, index, value] entries, each index on the board; else null
// (the record then goes without one, unranked).
const logOf = (log, size) => (Array.isArray(log) && log.every((entry) => Array.isArray(entry) && entry.length === 3
  && Number.isFinite(entry[0]) && Number.isInteger(entry[1]) && entry[1] >= 0 && entry[1] < size
  && Number.isInteger(entry[2])) ? log : null);
const isSteps = (steps, size) => Array.isArray(steps) && steps.every((step) => Array.isArray(step)
  && step.length === 2 && Number.isInteger(step[0]) && step[0] >= 0 && step[0] < size && Number.isInteger(step[1]));

// The snapshot of stored data, its boards shaped like initial (its notes like initialNotes, when the
// game has notes); null for anything that is not one.
export function decode(data, initial, initialNotes = null) {
  const size = flatten(initial).length;
  if (!data || !Array.isArray(data.board) || data.board.length !== size || !data.board.every(Number.isInteger)
    || !Array.isArray(data.back) || !data.back.every((s) => isSteps(s, size))
    || !Array.isArray(data.forward) || !data.forward.every((s) => isSteps(s, size))
    || ![data.moves, data.checks, data.cleanChecks, data.hints ?? 0].every(isCount)
    || typeof data.revealed !== "boolean" || typeof data.finished !== "boolean"
    || typeof data.seconds !== "number" || !Number.isFinite(data.seconds) || data.seconds < 0) return null;
  const undo = [];
  let flat = data.board;
  for (const steps of data.back) { flat = applied(flat, steps); undo.unshift(unflatten(initial, flat)); }
  const redo = [];
  flat = data.board;
  for (const steps of data.forward) { flat = applied(flat, steps); redo.unshift(unflatten(initial, flat)); }
  const { moves, checks, cleanChecks, revealed, finished, seconds } = data;
  const hints = data.hints ?? 0; // plays kept before hints had none
  const snapshot = { board: unflatten(initial, data.board), undo, redo, moves, checks, cleanChecks, hints, revealed,
    finished, seconds, log: logOf(data.log, size) };
  return initialNotes === null ? snapshot : { ...snapshot, ...decodeNotes(data, initialNotes, undo.length, redo.length) };
}

// The notes of stored data and their history (undo and redo steps long); the initial notes all
// along when the data has none or they are not whole.
function decodeNotes(data, initialNotes, backs, forwards) {
  const size = initialNotes.length;
  const fits = (steps, length) => Array.isArray(steps) && steps.length === length && steps.every((s) => isSteps(s, size));
  if (!Array.isArray(data.notes) || data.notes.length !== size || !data.notes.every(Number.isInteger)
    || !fits(data.notesBack, backs) || !fits(data.notesForward, forwards)) {
    return { notes: initialNotes, undoNotes: new Array(backs).fill(initialNotes),
      redoNotes: new Array(forwards).fill(initialNotes) };
  }
  const walk = (list) => {
    const found = [];
    let flat = data.notes;
    for (const steps of list) { flat = applied(flat, steps); found.unshift(flat); }
    return found;
  };
  return { notes: data.notes.slice(), undoNotes: walk(data.notesBack), redoNotes: walk(data.notesForward) };
}

function readIndex() {
  try {
    const ids = JSON.parse(load(INDEX) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}

// The kept play of puzzle id: {snapshot, result} (result null until finished), or null.
export function loadPlay(id, initial, initialNotes = null) {
  try {
    const data = JSON.parse(load(playKey(id)) ?? "null");
    const snapshot = decode(data, initial, initialNotes);
    return snapshot && { snapshot, result: data.result ?? null };
  } catch {
    return null;
  }
}

// Keeps the play of puzzle id; the oldest plays make room when storage is full. Answers whether
// it was kept.
export function savePlay(id, snapshot, result = null) {
  const text = JSON.stringify({ ...encode(snapshot), result });
  let ids = readIndex().filter((other) => other !== id);
  while (ids.length >= MAX_PLAYS) remove(playKey(ids.shift()));
  for (;;) {
    if (save(playKey(id), text)) break;
    if (ids.length === 0) return false;
    remove(playKey(ids.shift()));
  }
  ids.push(id);
  save(INDEX, JSON.stringify(ids));
  return true;
}

// Gives the kept play of puzzle id, finished without a score (offline), the score the server gave
// its record later; answers whether there was such a play.
export function setKeptScore(id, score) {
  try {
    const data = JSON.parse(load(playKey(id)) ?? "null");
    if (!data?.result || data.result.score) return false;
    data.result = { ...data.result, score, error: null, scoreLater: false };
    return save(playKey(id), JSON.stringify(data));
  } catch {
    return false;
  }
}

export const currentPuzzle = (game) => load(`gridlogic.current.${game}`);
export const setCurrentPuzzle = (game, id) => save(`gridlogic.current.${game}`, id);
