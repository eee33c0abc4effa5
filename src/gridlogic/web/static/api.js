// The page's one link to the server: the JSON API under /api/ (see gridlogic.web.app).
// Every call answers {ok, status, data, error} and never throws: data is the JSON body,
// error the one-line message for the status line when ok is false — the server's own
// "error" field, "HTTP <status>" when the body is not JSON, a translated "the server did not
// answer" when there was no answer at all (status 0).
//
// A puzzle is asked for by a query of its own (size or width and height, difficulty,
// version, options, seed; or its id alone); once the API has sent it, every later request
// about it names it by the id the API gave.

import { t } from "./i18n.js";

async function request(path, options = {}) {
  let response;
  try {
    response = await fetch(path, { ...options, headers: { Accept: "application/json", ...options.headers } });
  } catch {
    // no answer: the browser is offline (the service worker had nothing kept), or the server is down
    const offline = globalThis.navigator?.onLine === false;
    return { ok: false, status: 0, data: null, error: t(offline ? "status.offlineHere" : "status.offline") };
  }
  let data;
  try {
    data = await response.json();
  } catch {
    return { ok: false, status: response.status, data: null, error: `HTTP ${response.status}` };
  }
  const error = response.ok ? null : data?.error ?? "?";
  return { ok: response.ok, status: response.status, data, error };
}

const gamePath = (game, what) => `/api/${encodeURIComponent(game)}/${what}`;

// {games: [{name, title, version, unversioned, versions: [{number, presets, ...}], ...}]}
export const fetchGames = () => request("/api/games");

// The puzzle of game that query names: an object of strings, sent as it is.
export const fetchPuzzle = (game, query) => request(`${gamePath(game, "puzzle")}?${new URLSearchParams(query)}`);

// A puzzle the API sent is named by its id from then on, generated or imported alike.
const idQuery = (puzzle) => new URLSearchParams({ id: puzzle.id }).toString();

// The puzzle a puzzle ID names (a share link's ?id=).
export const fetchPuzzleById = (game, id) => request(`${gamePath(game, "puzzle")}?${idQuery({ id })}`);

// The answer of a puzzle the API sent, for the play of receipt (its hand-out receipt, records.js;
// null: none came), to show (use "reveal": the Reveal button) or to check against (use "check").
// The server notes it before it answers: a play shown the answer is recorded as revealed, one
// checked against it takes no leaderboard place (gridlogic.store.plays).
export function fetchSolution(puzzle, receipt = null, use = "check") {
  const query = new URLSearchParams({ id: puzzle.id, use });
  if (receipt) query.set("play", receipt);
  return request(`${gamePath(puzzle.game, "solution")}?${query}`);
}

// The game's verdict on board ({solved, ...}); with the play's {seconds, moves, checks,
// revealed} the answer also carries the score.
export function checkBoard(puzzle, board, play = {}) {
  return request(gamePath(puzzle.game, "check"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ id: puzzle.id, board, ...play }),
  });
}

// The next hint for board ({hint: {status, technique, explanation: {en, ja}, decides, evidence},
// board: the board with it applied, or null}), see hint.js. The server counts the hints it gives
// the play of receipt (its hand-out receipt; null: none came).
export function fetchHint(puzzle, board, receipt = null) {
  return request(gamePath(puzzle.game, "hint"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ id: puzzle.id, board, ...(receipt ? { play: receipt } : {}) }),
  });
}

// The whole solve of a puzzle, step by step: the puzzle as fetchPuzzle's answer has it, and
// walkthrough: {level, status, note, techniques, start, steps: [{technique, explanation,
// decides, evidence, changes}]} (see explain.js).
export const fetchWalkthrough = (game, id) => request(`${gamePath(game, "explain")}?${idQuery({ id })}`);

// A puzzle people bring (any text the game reads, or a puzzle ID), played if it has exactly
// one solution: the answer is like fetchPuzzle's, or a refusal saying why.
export function importPuzzle(game, text) {
  return request(gamePath(game, "import"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text }),
  });
}

// The studio's questions about a maker's design (text the game reads): analyseDesign answers
// {verdict, level, techniques, difference, id, note, ...}; fixDesign {verdict, difference,
// fixes: [{changes, text, id}], note}, the fixes changing goal (the solution the maker means, in
// the flat form of the server's solutions) when one is given (see gridlogic.web.studio).
const studioRequest = (game, what, body) => request(gamePath(game, what), {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
export const analyseDesign = (game, text) => studioRequest(game, "analyse", { text });
export const fixDesign = (game, text, goal) => studioRequest(game, "fixes", goal ? { text, goal } : { text });
// A design with the clues hidden that level's techniques do not need (a game whose studio hides
// clues): {status: "thinned" | "unfinished", hidden: [{kind: "clue", index}], text, id, level, note}.
export const thinDesign = (game, text, level) => studioRequest(game, "thin", { text, level });
