// i18n.js: the languages are the files of static/words/, every one has every shared word (the same
// keys, plural forms and placeholders as English: words.mjs), the page's language is chosen from
// ?lang=, the last choice and the browser's languages, and t() says numbers, plurals and days in
// the language's form. Each game's words are held to the same check in views.test.mjs.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

import { STATIC } from "./games.mjs";
import { linkRequest } from "../../../src/gridlogic/web/static/settings.js";
import { assertWordsComplete } from "./words.mjs";
import {
  LANGUAGES, chooseLanguage, formatDay, formatNumber, keys, language, languageName, setLanguage, t,
} from "../../../src/gridlogic/web/static/i18n.js";

const WORDS = new URL("words/", STATIC);
const wordFiles = () => readdirSync(WORDS).filter((file) => file.endsWith(".js")).map((file) => file.slice(0, -3));
const book = (lang) => import(new URL(`${lang}.js`, WORDS).href);

test("the languages are the files of static/words/, English first, seven of them", () => {
  assert.deepEqual([...LANGUAGES].sort(), wordFiles().sort());
  assert.equal(LANGUAGES[0], "en");
  for (const lang of ["en", "ja", "zh", "ko", "de", "fr", "es"]) assert.ok(LANGUAGES.includes(lang), lang);
});

test("every language has every shared word, with English's placeholders and its own plural forms", async () => {
  const words = {};
  for (const lang of LANGUAGES) words[lang] = (await book(lang)).words;
  assertWordsComplete(assert, words, "static/words");
});

test("each language is named in its own words, and no two alike", async () => {
  const names = LANGUAGES.map(languageName);
  assert.equal(new Set(names).size, LANGUAGES.length);
  assert.deepEqual(names.slice(0, 3), ["English", "日本語", "简体中文"]);
  for (const lang of LANGUAGES) assert.equal((await book(lang)).name, languageName(lang));
});

test("the language: the URL's ?lang= first, then the last choice, then the browser's languages, then English", () => {
  assert.equal(chooseLanguage({ asked: "de", stored: "ja", preferred: ["fr"] }), "de");
  assert.equal(chooseLanguage({ asked: "xx", stored: "ja", preferred: ["fr"] }), "ja");
  assert.equal(chooseLanguage({ asked: null, stored: null, preferred: ["pt-BR", "zh-TW", "en"] }), "zh");
  assert.equal(chooseLanguage({ asked: "KO-kr", stored: null }), "ko");
  assert.equal(chooseLanguage({ asked: "", stored: "", preferred: ["pt", "ru"] }), "en");
  assert.equal(chooseLanguage({ asked: "__proto__", stored: "toString", preferred: [] }), "en");
});

test("t: numbers, plural forms and days in the language's form; an unknown language is English", () => {
  try {
    setLanguage("de");
    assert.equal(t("studio.fixesFound", { n: 1 }).split(":")[0], "1 bewiesene Korrektur");
    assert.equal(t("studio.fixesFound", { n: 1200 }).split(":")[0], "1.200 bewiesene Korrekturen");
    assert.equal(formatNumber(1234.5), "1.234,5");
    assert.equal(formatDay("2026-12-07"), "7. Dezember 2026");
    setLanguage("en");
    assert.match(t("studio.fixesFound", { n: 1 }), /^1 proven fix: /); // not "1 proven fixes"
    assert.match(t("studio.fixesFound", { n: 3 }), /^3 proven fixes: /);
    assert.equal(t("daily.best", { time: "1:05", n: 1 }), "Best time 1:05 in 1 solve");
    assert.equal(t("daily.best", { time: "1:05", n: 2 }), "Best time 1:05 in 2 solves");
    assert.equal(formatDay("2026-12-07"), "December 7, 2026");
    setLanguage("ja");
    assert.equal(formatDay("2026-12-07"), "2026年12月7日");
    assert.equal(t("studio.fixesFound", { n: 1 }).includes("1 個"), true);
    assert.equal(setLanguage("xx"), "en");
    assert.equal(setLanguage("toString"), "en");
    assert.equal(language(), "en");
    assert.equal(t("no.such.key"), "no.such.key");
  } finally {
    setLanguage("en");
  }
});

// The keys a file asks for by name: data-i18n* attributes of a page, t("key") in a module (its
// comments left out: they show examples).
const code = (text) => text.split("\n").filter((line) => !line.trim().startsWith("//")).join("\n");
const askedKeys = (text) => [...code(text).matchAll(/data-i18n(?:-label|-title)?="([\w.-]+)"|\bt\("([\w.-]+)"/g)]
  .map((found) => found[1] ?? found[2]);

test("every word a page or a shared module asks for by name is a shared word", () => {
  const shared = new Set(keys("en"));
  const files = readdirSync(STATIC).filter((file) => /\.(html|js)$/.test(file));
  for (const file of files) {
    for (const key of askedKeys(readFileSync(new URL(file, STATIC), "utf8"))) {
      assert.ok(shared.has(key), `${file} asks for ${key}, which no language has`);
    }
  }
});

test("?lang= names the page's language, never a parameter of the puzzle the link asks the API for", () => {
  assert.deepEqual(linkRequest("?game=g&size=5&lang=de&seed=x"), { game: "g", query: [["size", "5"], ["seed", "x"]] });
  assert.deepEqual(linkRequest("?game=g&lang=fr"), { game: "g", query: [] });
});
