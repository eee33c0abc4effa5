// The page's one link to the server: the JSON API under /api/ (see gridlogic.web.app).
// Every call answers {ok, status, data, error} and never throws: data is the JSON body,
// error the one-line message for the status line when ok is false — the server's error in the
// page's language (errorText below), "HTTP <status>" (translated) when the body is not JSON, a
// translated "the server did not answer" when there was no answer at all (status 0).
//
// A puzzle is asked for by a query of its own (size or width and height, difficulty,
// version, options, seed; or its id alone); once the API has sent it, every later request
// about it names it by the id the API gave.

import { language, t } from "./i18n.js";

// The names of the params of an error that name a game: said by the game's name in the language.
const GAME_PARAMS = ["game", "other"];

// The sentence of an error answer (data, its JSON body) in the page's language. The server sends
// its English sentence (error), a stable code and the code's params (gridlogic.web.errors); the
// page's words say each code (error.<code> in words/<lang>.js) with those params. In English,
// and for a code the words do not know or params they lack (an older or a newer server), the
// server's own sentence is shown: it says the most (the sizes allowed, the line of a file that
// could not be read). For example, in German, errorText({error: "the body is too large; at most
// 65536 bytes are accepted", code: "body.tooLarge", params: {bytes: 65536}}) is "Die Anfrage ist
// zu groß: Höchstens 65.536 Bytes werden angenommen."
export function errorText(data) {
  const english = typeof data?.error === "string" ? data.error : "?";
  const key = `error.${data?.code}`;
  const word = typeof data?.code === "string" ? t(key) : key; // t() without values: the word itself
  if (language() === "en" || word === key) return english;
  const params = { ...(data.params ?? {}) };
  for (const name of GAME_PARAMS) {
    const title = `game.${params[name]}`;
    if (typeof params[name] === "string" && t(title) !== title) params[name] = t(title);
  }
  const needed = [...word.matchAll(/\{(\w+)\}/g)].map((found) => found[1]);
  return needed.every((name) => name in params) ? t(key, params) : english;
}

// The error of an answer {status, data} fetched by other means (records.js's getJson), said as
// request() says it: the server's error, "HTTP <status>" for a body that is not JSON, or "the
// server did not answer" (status 0).
export function answerError({ status, data }) {
  if (typeof data?.error === "string") return errorText(data);
  return status ? t("error.http", { status }) : t("status.offline");
}

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
    return { ok: false, status: response.status, data: null, error: t("error.http", { status: response.status }) };
  }
  const error = response.ok ? null : errorText(data);
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
