// The games as the JavaScript tests find them: every folder of static/views/ is a game's view
// folder (static/views/index.js), so a test that runs over the games names none, and a fourth
// game's folder is tested by adding it. Not a test file itself (Node runs *.test.mjs only).

import { readdirSync } from "node:fs";

export const STATIC = new URL("../../../src/gridlogic/web/static/", import.meta.url);
export const VIEWS = new URL("views/", STATIC);

// The game names: the folders of static/views/, sorted.
export const GAME_NAMES = readdirSync(VIEWS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();

// A file of a game's folder, as a module (view.js, words.js, studio.js).
export const gameModule = (name, file) => import(new URL(`${name}/${file}`, VIEWS).href);

// {name: recognises} for every game whose view recognises other programs' formats (import.js).
export async function recognisers() {
  const found = {};
  for (const name of GAME_NAMES) {
    const view = await gameModule(name, "view.js");
    if (typeof view.recognises === "function") found[name] = view.recognises;
  }
  return found;
}

// A small seeded generator of numbers in [0, 1), so that a failure of a random test can be repeated.
export function seeded(seed) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

// Asserts that each text goes to game from whichever game is chosen, with every game's recogniser
// there to claim it (import.js gameForText): no other game's recogniser takes it.
export async function assertTextsGoTo(assert, gameForText, game, texts) {
  const found = await recognisers();
  for (const text of texts) {
    for (const chosen of GAME_NAMES) assert.equal(gameForText(text, chosen, GAME_NAMES, found), game, `${text} from ${chosen}`);
  }
}
