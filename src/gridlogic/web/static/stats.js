// The stats page: this player's records on the server (solved and revealed counts, best and
// median times per game, size and difficulty, the daily streak), the display name the daily
// leaderboard shows, the export of every record (JSON, CSV) and their deletion.

import { answerError } from "./api.js";
import { ask } from "./ask.js";
import { formatNumber, t } from "./i18n.js";
import { startLanguage, showStatus } from "./pages.js";
import { formatTime } from "./play.js";
import { flushRecords, getJson, sendJson } from "./records.js";
import { htmlElement } from "./svg.js";
import { loadWordsOf } from "./views/index.js";

const $ = (id) => document.getElementById(id);
const els = { lang: $("lang"), status: $("status"), streak: $("streak"), plays: $("plays"), groups: $("groups"),
  nameForm: $("name-form"), name: $("name"), remove: $("delete") };
let stats = null; // the answer of /api/records/stats
let status = { key: null, values: {}, kind: "info" };

const failure = answerError; // the sentence of a refusal, in the page's language

function setStatus(key, values = {}, kind = "info") {
  status = { key, values, kind };
  showStatus(els.status, key, values, kind);
}

// A count or time of a row: named by its column's word too, which a phone shows above it (records.css
// shows each row as a card there, as seven columns do not fit 360 px).
function cell(text, column = null) {
  const td = htmlElement("td", column ? { class: "number", "data-label": t(`stats.${column}`) } : {});
  td.textContent = text;
  return td;
}

function render() {
  showStatus(els.status, status.key, status.values, status.kind);
  els.name.placeholder = t("stats.namePlaceholder");
  if (!stats) return;
  els.streak.textContent = t("daily.streak", { n: stats.streak.current, best: stats.streak.best });
  els.plays.textContent = stats.plays ? t("stats.plays", { n: stats.plays }) : t("stats.none");
  const body = els.groups.querySelector("tbody");
  body.replaceChildren(...stats.groups.map((group) => {
    const row = htmlElement("tr", { "data-game": group.game });
    const time = (seconds) => (seconds === null ? "–" : formatTime(seconds));
    row.append(cell(t(`game.${group.game}`)), cell(`${group.width} × ${group.height}`),
      cell(t(`difficulty.${group.difficulty}`)), cell(formatNumber(group.solved), "solved"),
      cell(formatNumber(group.revealed), "revealed"), cell(time(group.best), "best"), cell(time(group.median), "median"));
    return row;
  }));
  els.groups.hidden = stats.groups.length === 0;
}

async function load() {
  await flushRecords(); // a play still waiting to be recorded counts in what follows
  const answer = await getJson("/api/records/stats");
  if (!answer.ok) {
    setStatus("records.error", { message: failure(answer) }, "error");
    return;
  }
  await loadWordsOf(answer.data.groups.map((group) => group.game)); // the games' names (their view folders)
  stats = answer.data;
  els.name.value = stats.name ?? "";
  render();
}

els.nameForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await sendJson("PUT", "/api/records/name", { name: els.name.value });
  if (answer.ok) {
    els.name.value = answer.data.name ?? "";
    setStatus("stats.nameSaved", {}, "ok");
  } else {
    setStatus("records.error", { message: failure(answer) }, "error");
  }
});

els.remove.addEventListener("click", async () => {
  if (!(await ask("stats.deleteConfirm", "stats.delete"))) return; // asked in the page's language
  const answer = await sendJson("DELETE", "/api/records");
  if (answer.ok) setStatus("stats.deleted", { n: answer.data.deleted }, "ok");
  else setStatus("records.error", { message: failure(answer) }, "error");
  await load();
});

startLanguage(els.lang, render);
setStatus("records.loading", {}, "busy");
load().then(() => { if (status.key === "records.loading") setStatus(null); });
