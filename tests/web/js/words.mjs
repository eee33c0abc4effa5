// The check every set of words passes (i18n.js's shared words, each game's views/<name>/words.js):
// one object per language of i18n.js's LANGUAGES and no other, each with English's keys, each word
// a non-empty string or a plural form per category of its language (Intl.PluralRules), and the
// same {placeholders} as the English word, so that a translation never drops a value. Not a test
// file itself (Node runs *.test.mjs only).

import { LANGUAGES } from "../../../src/gridlogic/web/static/i18n.js";

const placeholders = (text) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((found) => found[1]))].sort();

// The forms of a word: the word itself, or the forms of its plural categories.
const formsOf = (word) => (typeof word === "string" ? [word] : Object.values(word));

function assertWord(assert, lang, key, word, english, where) {
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  if (typeof word !== "string") {
    assert.equal(typeof word, "object", `${where} ${lang}:${key} is neither a word nor plural forms`);
    assert.ok(typeof word.other === "string", `${where} ${lang}:${key} has no "other" form`);
    for (const category of Object.keys(word)) {
      assert.ok(categories.includes(category), `${where} ${lang}:${key}: ${lang} has no plural category ${category}`);
    }
  } else if (typeof english !== "string" && categories.length > 1) {
    assert.fail(`${where} ${lang}:${key}: English has plural forms, and ${lang} needs them too (${categories})`);
  }
  const wanted = placeholders(formsOf(english).join(" "));
  for (const form of formsOf(word)) {
    assert.ok(typeof form === "string" && form.trim(), `${where} ${lang}:${key} is empty`);
    assert.deepEqual(placeholders(form), wanted, `${where} ${lang}:${key} has other placeholders than English`);
  }
}

// words: {lang: {key: word}}; where names them in a failure.
export function assertWordsComplete(assert, words, where) {
  assert.deepEqual(Object.keys(words).sort(), [...LANGUAGES].sort(), `${where}: its languages are not the page's`);
  const english = Object.keys(words.en).sort();
  for (const lang of LANGUAGES) {
    const keys = Object.keys(words[lang]);
    assert.deepEqual(english.filter((key) => !keys.includes(key)), [], `${where}: ${lang} lacks these words`);
    assert.deepEqual(keys.filter((key) => !english.includes(key)), [], `${where}: ${lang} has words English has not`);
    for (const key of keys) assertWord(assert, lang, key, words[lang][key], words.en[key], where);
  }
}
