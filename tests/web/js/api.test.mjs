// static/api.js against a stand-in fetch: the requests it makes and the answers it gives back.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import {
  checkBoard, fetchGames, fetchHint, fetchPuzzle, fetchPuzzleById, fetchSolution, importPuzzle,
} from "../../../src/gridlogic/web/static/api.js";

const realFetch = globalThis.fetch;
afterEach(() => { globalThis.fetch = realFetch; });

// fetch answers `status` with `body` (a string as it is, anything else as JSON) and records
// each request in `calls`.
function serve(status, body) {
  const calls = [];
  globalThis.fetch = async (path, options) => {
    calls.push({ path, options });
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
  };
  return calls;
}

const PUZZLE = { game: "signal", id: "signal.3.5x5.any.a%20b%26c", size: 5, difficulty: "any", seed: "a b&c", tiles: [] };

test("a JSON answer comes back as data with no error", async () => {
  const calls = serve(200, { games: [] });
  assert.deepEqual(await fetchGames(), { ok: true, status: 200, data: { games: [] }, error: null });
  assert.equal(calls[0].path, "/api/games");
  assert.equal(calls[0].options.headers.Accept, "application/json");
});

test("a puzzle is asked for by the query given, as it is; its solution, and an id, by id", async () => {
  const calls = serve(200, {});
  await fetchPuzzle("pattern", { version: "1", size: "10", difficulty: "hard", seed: "a b&c" });
  await fetchPuzzle("pattern", [["size", "5"], ["size", "6"]]);
  await fetchSolution(PUZZLE);
  await fetchPuzzleById("pattern", "pattern.import.3x2.tatham.3x2:2/1/1/3/1");
  assert.deepEqual(calls.map((c) => c.path), [
    "/api/pattern/puzzle?version=1&size=10&difficulty=hard&seed=a+b%26c",
    "/api/pattern/puzzle?size=5&size=6",
    "/api/signal/solution?id=signal.3.5x5.any.a%2520b%2526c&use=check",
    "/api/pattern/puzzle?id=pattern.import.3x2.tatham.3x2%3A2%2F1%2F1%2F3%2F1",
  ]);
});

test("the answer and a hint show the play's receipt, and the answer says what it is for", async () => {
  const calls = serve(200, {});
  await fetchSolution(PUZZLE, "R.1", "reveal");
  await fetchSolution(PUZZLE, "R.1");
  await fetchHint(PUZZLE, [1, 2], "R.1");
  await fetchHint(PUZZLE, [1, 2]);
  assert.deepEqual(calls.slice(0, 2).map((c) => c.path), [
    "/api/signal/solution?id=signal.3.5x5.any.a%2520b%2526c&use=reveal&play=R.1",
    "/api/signal/solution?id=signal.3.5x5.any.a%2520b%2526c&use=check&play=R.1",
  ]);
  assert.deepEqual(JSON.parse(calls[2].options.body), { id: PUZZLE.id, board: [1, 2], play: "R.1" });
  assert.deepEqual(JSON.parse(calls[3].options.body), { id: PUZZLE.id, board: [1, 2] });
});

test("a check posts the puzzle's id and the board, and the play's counts when there are some", async () => {
  const calls = serve(200, { solved: false });
  await checkBoard(PUZZLE, [1, 2]);
  await checkBoard(PUZZLE, [1, 2], { seconds: 3.5, moves: 4, checks: 1, revealed: false });
  assert.equal(calls[0].path, "/api/signal/check");
  assert.equal(calls[0].options.method, "POST");
  assert.deepEqual(calls[0].options.headers, { Accept: "application/json", "Content-Type": "application/json" });
  assert.equal(calls[0].options.body, '{"id":"signal.3.5x5.any.a%20b%26c","board":[1,2]}');
  assert.deepEqual(JSON.parse(calls[1].options.body),
    { id: PUZZLE.id, board: [1, 2], seconds: 3.5, moves: 4, checks: 1, revealed: false });
});

test("an import posts the text people brought", async () => {
  const calls = serve(422, { error: "this Pattern puzzle has more than one solution" });
  const answer = await importPuzzle("pattern", "2x2:1/1/1/1");
  assert.equal(calls[0].path, "/api/pattern/import");
  assert.equal(calls[0].options.method, "POST");
  assert.equal(calls[0].options.body, '{"text":"2x2:1/1/1/1"}');
  assert.deepEqual(answer, { ok: false, status: 422, data: { error: "this Pattern puzzle has more than one solution" },
    error: "this Pattern puzzle has more than one solution" });
});

test("a refusal carries the server's message", async () => {
  serve(422, { error: "no puzzle after 500 attempts" });
  assert.deepEqual(await fetchGames(),
    { ok: false, status: 422, data: { error: "no puzzle after 500 attempts" }, error: "no puzzle after 500 attempts" });
  serve(500, {});
  assert.equal((await fetchGames()).error, "?");
});

test("an answer that is not JSON is an error named by its status", async () => {
  serve(502, "<html>Bad gateway</html>");
  assert.deepEqual(await fetchGames(), { ok: false, status: 502, data: null, error: "HTTP 502" });
  serve(200, "not json");
  assert.deepEqual(await fetchGames(), { ok: false, status: 200, data: null, error: "HTTP 200" });
});

test("no answer at all says that the server did not answer", async () => {
  globalThis.fetch = async () => { throw new TypeError("Failed to fetch"); };
  assert.deepEqual(await fetchGames(),
    { ok: false, status: 0, data: null, error: "The server did not answer. Is it still running?" });
});
