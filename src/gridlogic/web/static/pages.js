// What the daily, stats, studio and walk-through pages share: the language picker (the same
// choice the game page keeps, i18n.js's startLanguagePicker) and the status line.

import { startLanguagePicker, t } from "./i18n.js";

// Wires the language picker; refill() draws the page's own content again in the new language.
export function startLanguage(select, refill) {
  startLanguagePicker(select, () => refill());
}

export function showStatus(element, key, values = {}, kind = "info") {
  element.textContent = key ? t(key, values) : "";
  element.dataset.kind = kind;
  element.hidden = !key;
}
