// What every game's view folder (static/views/<name>/, found by name: tests/web/js/games.mjs) must
// hold and offer, run on each folder found: the view module's surface, its words (one object per
// language of i18n.js, each with English's keys, plural forms and placeholders: words.mjs; every
// key its modules ask for by name, none shadowing a shared word or another game's), its stylesheet, and its studio editor where it has one; the registry that loads
// them by name; and the rule that nothing outside the games' folders names a game. Each game's own
// rules are tested beside this file, in views/<name>.test.mjs.

import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

import { GAME_NAMES, STATIC, VIEWS, gameModule } from "./games.mjs";
import { LANGUAGES, keys, t } from "../../../src/gridlogic/web/static/i18n.js";
import { assertWordsComplete } from "./words.mjs";
import { loadEditor, loadView, loadWords } from "../../../src/gridlogic/web/static/views/index.js";

const SHARED_KEYS = new Set(keys("en")); // i18n.js's own words, before any game's are registered
const fileOf = (name, file) => new URL(`${name}/${file}`, VIEWS);
const textOf = (url) => readFileSync(url, "utf8");

// The message keys a module asks t for by a literal name: t("key") or t("key", {...}).
const literalKeys = (text) => [...text.matchAll(/\bt\("([\w.-]+)"/g)].map((found) => found[1]);

test("the view folders are found: at least one, each a lower-case name", () => {
  assert.ok(GAME_NAMES.length >= 1);
  for (const name of GAME_NAMES) assert.match(name, /^[a-z]+$/);
});

test("the registry loads each game's view, words and editor by name and refuses an unknown game", async () => {
  for (const name of GAME_NAMES) {
    assert.equal(await loadView(name), await gameModule(name, "view.js"), name);
    if (existsSync(fileOf(name, "studio.js"))) assert.equal(await loadEditor(name), await gameModule(name, "studio.js"));
  }
  await assert.rejects(loadView("chess"), { message: 'the page has no view for the game "chess"' });
  await assert.rejects(loadView("toString"), /no view/);
  await assert.rejects(loadView("../i18n"), /no view/);
  await assert.rejects(loadEditor("chess"), /no studio editor for the game "chess"/);
});

for (const name of GAME_NAMES) {
  test(`${name}: the view module has the surface the page uses`, async () => {
    const view = await gameModule(name, "view.js");
    assert.ok(Array.isArray(view.tools) && view.tools.length >= 1);
    for (const f of ["initialBoard", "boardFromSolution", "isSolved", "moveCost", "liveErrors", "mistakes",
      "describeItems", "describeError", "extent", "createView"]) {
      assert.equal(typeof view[f], "function", `${name}.${f}`);
    }
    for (const f of ["initialNotes", "recognises"]) assert.ok(["function", "undefined"].includes(typeof view[f]), f);
  });

  test(`${name}: its words are in every language with English's keys, and every one the page asks for`, async () => {
    const words = { ...(await gameModule(name, "words.js")) };
    const view = await gameModule(name, "view.js");
    assertWordsComplete(assert, words, `views/${name}/words.js`);
    const en = Object.keys(words.en);
    // What the page and the dialogs ask of every game by its name.
    const asked = [`game.${name}`, `hint.${name}`, `help.${name}`, `import.reads.${name}`,
      ...view.tools.map((tool) => `tool.${name}.${tool}`)];
    for (const key of asked) assert.ok(en.includes(key), `${name} has no word ${key}`);
  });

  test(`${name}: its modules' words are its own or shared, and it shadows no shared word`, async () => {
    const words = await gameModule(name, "words.js");
    const own = new Set(Object.keys(words.en));
    for (const file of ["view.js", "studio.js"].filter((f) => existsSync(fileOf(name, f)))) {
      for (const key of literalKeys(textOf(fileOf(name, file)))) {
        assert.ok(own.has(key) || SHARED_KEYS.has(key), `${name}/${file} asks for ${key}, which no words have`);
      }
    }
    for (const key of own) assert.ok(!SHARED_KEYS.has(key), `${name}'s ${key} shadows a shared word`);
    for (const other of GAME_NAMES.filter((n) => n !== name)) {
      const theirs = Object.keys((await gameModule(other, "words.js")).en);
      assert.deepEqual(theirs.filter((key) => own.has(key)), [], `${name} and ${other} share words`);
    }
  });

  test(`${name}: loading its words registers them in both languages`, async () => {
    await loadWords(name);
    const words = await gameModule(name, "words.js");
    for (const lang of LANGUAGES) {
      assert.ok(Object.keys(words[lang]).every((key) => keys(lang).includes(key)), lang);
    }
    assert.equal(t(`game.${name}`), words.en[`game.${name}`]);
  });

  test(`${name}: its board has a stylesheet, and its studio editor (if any) its surface and its own`, async () => {
    assert.match(textOf(fileOf(name, "view.css")), /\{[^}]+\}/);
    if (!existsSync(fileOf(name, "studio.js"))) return;
    const editor = await gameModule(name, "studio.js");
    assert.equal(typeof editor.create, "function");
    assert.match(textOf(fileOf(name, "studio.css")), /\{[^}]+\}/);
  });
}

// Every file of the page outside the games' folders: the pages, their modules, their stylesheets.
function sharedFiles(folder = STATIC, prefix = "") {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory()) {
      return prefix === "views/" && GAME_NAMES.includes(entry.name) ? [] : sharedFiles(new URL(`${entry.name}/`, folder), `${path}/`);
    }
    return /\.(js|css|html)$/.test(entry.name) ? [path] : [];
  });
}

test("the page controller and the modules it shares with every game name no game", () => {
  const files = sharedFiles();
  for (const wanted of ["main.js", "views/index.js", "views/grid.js", "i18n.js", "studio.js", "import.js", "hint.js",
    "explain.js", "style.css", "index.html", "studio/board.js", "sw.js"]) {
    assert.ok(files.includes(wanted), wanted);
  }
  for (const file of files) {
    const text = readFileSync(new URL(file, STATIC), "utf8");
    for (const name of GAME_NAMES) assert.doesNotMatch(text, new RegExp(`\\b${name}\\b`, "i"), `${file} names ${name}`);
  }
});
