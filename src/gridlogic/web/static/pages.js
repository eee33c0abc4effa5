// What the daily page and the stats page share with each other: the language button (the same
// choice the game page keeps in localStorage) and the status line.

import { language, setLanguage, t, translatePage } from "./i18n.js";
import { load, save } from "./storage.js";

// Wires the language button; refill() draws the page's own content again in the new language.
export function startLanguage(button, refill) {
  const apply = (lang) => {
    setLanguage(lang);
    save("gridlogic.lang", language());
    translatePage();
    button.firstElementChild.lang = language() === "en" ? "ja" : "en"; // the button names the other language
    refill();
  };
  button.addEventListener("click", () => apply(language() === "en" ? "ja" : "en"));
  const browserLanguage = (navigator.language || "").toLowerCase().startsWith("ja") ? "ja" : "en";
  apply(load("gridlogic.lang") || browserLanguage);
}

export function showStatus(element, key, values = {}, kind = "info") {
  element.textContent = key ? t(key, values) : "";
  element.dataset.kind = kind;
  element.hidden = !key;
}
