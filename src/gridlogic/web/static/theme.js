// The page's colours: the system's (prefers-color-scheme), or light or dark as the player chose,
// kept in localStorage like the language and so the same on every page. style.css holds both
// palettes in one place (light-dark() under color-scheme: light dark); a choice pins one by
// <html data-theme="light|dark">, and System takes the attribute away. Every page links this module
// in its head, so that it applies the choice before the page's own script runs, and wires the
// page's picker, a <select id="theme"> of the options system, light and dark (their words are
// i18n.js's theme.*, translated with the page). For example, after choosing Dark on the game
// page, /stats opens dark even on a light system, and choosing System there follows the system again.

import { load, save } from "./storage.js";

export const THEMES = ["system", "light", "dark"];
const THEME_KEY = "gridlogic.theme";

// The stored choice, or "system" when there is none (or it is not one of THEMES).
export function themeChoice() {
  const stored = load(THEME_KEY);
  return THEMES.includes(stored) ? stored : "system";
}

export function applyTheme(choice) {
  if (choice === "light" || choice === "dark") document.documentElement.dataset.theme = choice;
  else delete document.documentElement.dataset.theme;
}

// Shows the stored choice in select and makes a new one the page's and every later page's.
export function startThemePicker(select) {
  select.value = themeChoice();
  select.addEventListener("change", () => {
    const choice = THEMES.includes(select.value) ? select.value : "system";
    save(THEME_KEY, choice);
    applyTheme(choice);
  });
}

applyTheme(themeChoice());
const picker = document.getElementById("theme");
if (picker) startThemePicker(picker);
