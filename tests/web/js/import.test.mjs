// static/import.js's rules that need no document: which game a pasted text goes to, the share
// link of an imported puzzle, and which puzzles the page can play.

import assert from "node:assert/strict";
import { test } from "node:test";

import { gameForText, importedShareUrl, isImported, isImportedId } from "../../../src/gridlogic/web/static/import.js";
import { GAME_NAMES, recognisers } from "./games.mjs";

// Game names as gameForText gets them (any names: the rule knows none).
const NAMES = ["tiles", "cells", "lines"];

test("a puzzle ID goes to the game it names; anything else to the game chosen", () => {
  assert.equal(gameForText("  lines.1.5x5.any.x\n", "cells", NAMES), "lines");
  assert.equal(gameForText("cells.import.3x2.tatham.3x2:2/1/1/3/1", "tiles", NAMES), "cells");
  assert.equal(gameForText("chess.1.8x8.any.x", "tiles", NAMES), "tiles");
  assert.equal(gameForText("5x5:1/2/3/4/5/1/2/3/4/5", "cells", NAMES), "cells");
  assert.equal(gameForText("width 5\nheight 5\n", "cells", NAMES), "cells");
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

test("a text no game's view recognises goes to the game chosen", async () => {
  // Each game's own formats are tested with it (views/<name>.test.mjs: every recogniser there).
  const found = await recognisers();
  assert.ok(Object.keys(found).length >= 1);
  for (const chosen of GAME_NAMES) {
    for (const text of ["# a text grid\n3 . 3\n. . .", "{\"rows\": []}"]) {
      assert.equal(gameForText(text, chosen, GAME_NAMES, found), chosen, `${text} from ${chosen}`);
    }
  }
});
