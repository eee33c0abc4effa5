// static/import.js's rules that need no document: which game a pasted text goes to, the share
// link of an imported puzzle, and which puzzles the page can play.

import assert from "node:assert/strict";
import { test } from "node:test";

import { gameForText, importedShareUrl, isImported, isImportedId } from "../../../src/gridlogic/web/static/import.js";
import * as loop from "../../../src/gridlogic/web/static/views/loop.js";
import * as pattern from "../../../src/gridlogic/web/static/views/pattern.js";
import * as signal from "../../../src/gridlogic/web/static/views/signal.js";

const NAMES = ["signal", "pattern", "loop"];

test("a puzzle ID goes to the game it names; anything else to the game chosen", () => {
  assert.equal(gameForText("  loop.1.5x5.any.x\n", "pattern", NAMES), "loop");
  assert.equal(gameForText("pattern.import.3x2.tatham.3x2:2/1/1/3/1", "signal", NAMES), "pattern");
  assert.equal(gameForText("chess.1.8x8.any.x", "signal", NAMES), "signal");
  assert.equal(gameForText("5x5:1/2/3/4/5/1/2/3/4/5", "pattern", NAMES), "pattern");
  assert.equal(gameForText("width 5\nheight 5\n", "pattern", NAMES), "pattern");
  assert.equal(gameForText("https://puzz.link/p?slither/3/3/gddb", null, NAMES), null);
});

test("an imported puzzle's share link names it by its id, with : and / left readable", () => {
  const imported = { id: "pattern.import.3x2.tatham.3x2:2/1.1/1/3/1" };
  assert.equal(isImported(imported), true);
  assert.equal(importedShareUrl(imported, "http://x"), "http://x/?id=pattern.import.3x2.tatham.3x2:2/1.1/1/3/1");
  const spaced = { id: "signal.import.2x2.hex.a%20b" };
  assert.equal(importedShareUrl(spaced, "http://x"), "http://x/?id=signal.import.2x2.hex.a%2520b");
  assert.equal(importedShareUrl({ id: "signal.3.4x4.any.x" }, "http://x"), null);
  assert.deepEqual([isImportedId("signal.import.2x2.hex.1248"), isImportedId("signal.3.4x4.any.x"), isImportedId(null)],
    [true, false, false]);
});


test("a puzz.link URL, a Loopy ID, a Tatham Pattern ID, a .non file or a Signal board chooses its game", () => {
  const views = { signal: signal.recognises, pattern: pattern.recognises, loop: loop.recognises };
  const cases = [
    ["https://puzz.link/p?slither/3/3/gddb", "loop"],
    ["http://pzv.jp/p.html?slither/5/5/kak520cjd", "loop"],
    ["slither/3/3/gddb", "loop"],
    ["7x7t0:02b2a3b3a1a2c2b", "loop"],
    ["5x5:1/2/3/4/5/1/2/3/4/5", "pattern"],
    ["10x10#12345", "pattern"],
    ["catalogue \"x\"\nwidth 5\nheight 5\nrows\n1\n2\n3\n4\n5\ncolumns\n1\n2\n3\n4\n5\n", "pattern"],
    ["[4, 4, 3, 9]", "signal"],
    ["loop.1.5x5.any.x", "loop"],
  ];
  for (const [text, game] of cases) {
    for (const chosen of NAMES) assert.equal(gameForText(text, chosen, NAMES, views), game, `${text} from ${chosen}`);
  }
  // Nothing recognised: the game chosen.
  assert.equal(gameForText("# a text grid\n3 . 3\n. . .", "loop", NAMES, views), "loop");
  assert.equal(gameForText("{\"rows\": []}", "pattern", NAMES, views), "pattern");
});
