// The language machinery of every page: which languages there are, which one is shown, and t(),
// which says a message in it. Each language's shared words are a module of words/ (words/en.js,
// words/ja.js, ...: its own name and its words); a game's own words (its name, its help, its
// board's labels, its techniques, its studio editor's words) are in its view folder,
// views/<name>/words.js, one object per language ({en, ja, zh, ...}), registered here when the game
// is loaded (views/index.js). LANGUAGES is the list of BOOKS below, and the tests hold it to the
// files of words/ and every language to English's keys (tests/web/js/i18n.test.mjs), so a language
// is a file of words/ (imported below) and one object in each game's words.
//
// t(key, values) fills {name} placeholders, numbers in the language's form (Intl.NumberFormat); a
// word that is an object has a form per plural category (Intl.PluralRules) chosen by values.n. A
// missing key shows itself, so a gap is visible. For example, in German, with
// "studio.fixesFound": {one: "{n} bewiesene Korrektur", other: "{n} bewiesene Korrekturen"},
// t("studio.fixesFound", {n: 1}) is "1 bewiesene Korrektur" and {n: 1200} gives "1.200 bewiesene
// Korrekturen"; after registerWords({en: {"game.g": "G"}, ja: {"game.g": "ジー"}}) t("game.g") is
// "G" in English and "ジー" in Japanese (a language a game gave no word falls back to English).

import * as de from "./words/de.js";
import * as en from "./words/en.js";
import * as es from "./words/es.js";
import * as fr from "./words/fr.js";
import * as ja from "./words/ja.js";
import * as ko from "./words/ko.js";
import * as zh from "./words/zh.js";

import { load, save } from "./storage.js";

const LANGUAGE_KEY = "gridlogic.lang"; // localStorage: the language last chosen

// English first (the fallback), then the order the picker shows.
const BOOKS = { en, ja, zh, ko, de, fr, es };
const STRINGS = Object.fromEntries(Object.entries(BOOKS).map(([lang, book]) => [lang, { ...book.words }]));

export const LANGUAGES = Object.keys(STRINGS);
let current = "en";

// A language's name in its own words, as the picker shows it ("Deutsch").
export const languageName = (lang) => BOOKS[lang].name;

// The language a page starts in: the URL's ?lang= (asked), else the one chosen before (stored),
// else the first of the browser's languages (preferred, navigator.languages: "de-AT" is German,
// "zh-TW" Chinese) that the page has, else English. For example
// chooseLanguage({asked: null, stored: null, preferred: ["fr-CA", "en"]}) is "fr".
export function chooseLanguage({ asked, stored, preferred = [] }) {
  const known = (tag) => {
    const lang = String(tag ?? "").toLowerCase().split("-")[0];
    return LANGUAGES.includes(lang) ? lang : null;
  };
  return known(asked) ?? known(stored) ?? preferred.map(known).find(Boolean) ?? "en";
}

export function setLanguage(lang) {
  current = LANGUAGES.includes(lang) ? lang : "en";
  if (typeof document !== "undefined") document.documentElement.lang = current;
  return current;
}

export function language() {
  return current;
}

// A number in the current language's form ("1,234" in English, "1.234" in German).
export const formatNumber = (n) => new Intl.NumberFormat(current).format(n);

// A calendar day (an ISO date "2026-12-07", a UTC day as the server names it) in the current
// language's form: "December 7, 2026", "2026年12月7日", "7. Dezember 2026".
export function formatDay(isoDate) {
  const day = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return String(isoDate);
  return new Intl.DateTimeFormat(current, { dateStyle: "long", timeZone: "UTC" }).format(day);
}

// The form of a word for the count n: the word itself, or its plural category's form.
function formOf(word, n) {
  if (typeof word === "string") return word;
  const category = typeof n === "number" ? new Intl.PluralRules(current).select(n) : "other";
  return word[category] ?? word.other;
}

export function t(key, values = {}) {
  const word = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return formOf(word, values.n).replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in values)) return whole;
    return typeof values[name] === "number" ? formatNumber(values[name]) : String(values[name]);
  });
}

// Adds words ({en: {...}, ja: {...}, ...}, a game's words.js) to every language; a key already
// there takes the new word.
export function registerWords(words) {
  for (const lang of LANGUAGES) Object.assign(STRINGS[lang], words[lang] ?? {});
}

// The keys each language has (registered words included); the tests compare them so that no
// message is English-only.
export function keys(lang) {
  return Object.keys(STRINGS[lang] || {});
}

// Fills every element marked data-i18n (text) or data-i18n-label (aria-label) or data-i18n-title,
// and the document's title where <html data-title="key"> names the page ("gridlogic · {key's word}").
export function translatePage(root = document) {
  const page = root.documentElement?.dataset.title;
  if (page) root.title = `${t("app.title")} · ${t(page)}`;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}

// Wires a page's language picker (a <select>): fills it with every language in its own name, starts
// the page in chooseLanguage's pick (a ?lang= in the URL is remembered as a choice), and on a
// change shows the page in the picked language and remembers it. apply(lang) is the page's own
// relabelling, called after setLanguage and translatePage.
export function startLanguagePicker(select, apply) {
  select.replaceChildren(...LANGUAGES.map((lang) => {
    const option = new Option(languageName(lang), lang);
    option.lang = lang;
    return option;
  }));
  const show = (lang) => {
    setLanguage(lang);
    save(LANGUAGE_KEY, current);
    select.value = current;
    translatePage();
    apply(current);
  };
  select.addEventListener("change", () => show(select.value));
  const asked = new URLSearchParams(location.search).get("lang");
  show(chooseLanguage({ asked, stored: load(LANGUAGE_KEY), preferred: navigator.languages ?? [navigator.language] }));
}
