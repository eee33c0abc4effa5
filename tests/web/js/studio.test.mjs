// What the studio's editors share (static/studio/board.js) that needs no document: the cells of the
// studio link. Each editor's own rules are tested with its game, in views/<name>.test.mjs.

import assert from "node:assert/strict";
import { test } from "node:test";

import { decodeCells, encodeCells } from "../../../src/gridlogic/web/static/studio/board.js";

test("the studio link's cells come back as they went, four a hex digit", () => {
  const cells = [1, 0, 1, 1, 0, 0, 0, 1, 1];
  assert.equal(encodeCells(cells), "b18");
  assert.deepEqual(decodeCells("b18", 9), cells);
  assert.equal(decodeCells("b1", 9), null);
  assert.equal(decodeCells("b1x", 9), null);
});
