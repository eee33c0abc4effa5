// The daily page: the day's puzzles (today's, or an earlier day's from ?date=) with this player's
// results, the daily streak, each puzzle's leaderboard, and the archive of earlier days. A puzzle
// is played on the game page, opened by its settings; the game page records the play
// (records.js), so coming back here shows it.

import { t } from "./i18n.js";
import { startLanguage, showStatus } from "./pages.js";
import { formatTime } from "./play.js";
import { flushRecords, getJson } from "./records.js";
import { htmlElement } from "./svg.js";

const $ = (id) => document.getElementById(id);
const els = { lang: $("lang"), day: $("day"), streak: $("streak"), status: $("status"), puzzles: $("puzzles"),
  back: $("back"), archive: $("archive") };
const wantedDate = new URLSearchParams(location.search).get("date");
let shown = null; // {day, archive}: the answers of /api/daily and /api/daily/archive

const failure = (answer) => answer.data?.error ?? (answer.status ? `HTTP ${answer.status}` : t("status.offline"));

// The game page's link to a daily puzzle: its settings, as a share link has them.
function playLink(puzzle) {
  const { game, size, difficulty, seed, version } = puzzle;
  return `/?${new URLSearchParams({ game, size: String(size), difficulty, seed, version: String(version) })}`;
}

function resultText(puzzle) {
  const first = puzzle.first;
  if (!first) return t("daily.notPlayed");
  if (first.outcome === "revealed") return t("daily.revealed");
  return t("daily.solved", { time: formatTime(first.seconds), score: first.score, rank: first.rank });
}

async function fillLeaderboard(list, date, puzzle) {
  const query = new URLSearchParams({ date, game: puzzle.game, preset: puzzle.preset });
  const answer = await getJson(`/api/daily/leaderboard?${query}`);
  list.replaceChildren();
  if (!answer.ok) {
    list.append(htmlElement("li", {}));
    list.lastChild.textContent = failure(answer);
    return;
  }
  for (const entry of answer.data.entries) {
    const item = htmlElement("li", {});
    item.textContent = `${entry.name ?? t("daily.anonymous")} — ${formatTime(entry.seconds)}`;
    list.append(item);
  }
  if (answer.data.entries.length === 0) {
    const item = htmlElement("li", { class: "none" });
    item.textContent = t("daily.noEntries");
    list.append(item);
  }
}

function puzzleCard(day, puzzle) {
  const card = htmlElement("section", { class: "daily", "data-game": puzzle.game, "data-preset": puzzle.preset });
  const title = htmlElement("h3", {});
  title.textContent = `${t(`game.${puzzle.game}`)} · ${t(`preset.${puzzle.preset}`)}`;
  const board = htmlElement("p", { class: "board-size" });
  board.textContent = t("daily.board", { n: puzzle.size, difficulty: t(`difficulty.${puzzle.difficulty}`) });
  card.append(title, board);
  if (!puzzle.id) {
    const none = htmlElement("p", {});
    none.textContent = t("daily.unavailable");
    card.append(none);
    return card;
  }
  const result = htmlElement("p", { class: "outcome", "data-outcome": puzzle.first?.outcome ?? "none" });
  result.textContent = resultText(puzzle);
  card.append(result);
  if (puzzle.first?.outcome === "solved" && puzzle.first.unranked) {
    // the server's reason (English) in the title; the line says it in the page's language
    const unranked = htmlElement("p", { class: "unranked", title: puzzle.first.unranked });
    unranked.textContent = t("daily.unranked");
    card.append(unranked);
  }
  if (puzzle.solved > 1) {
    const best = htmlElement("p", { class: "best" });
    best.textContent = t("daily.best", { time: formatTime(puzzle.best), n: puzzle.solved });
    card.append(best);
  }
  const play = htmlElement("a", { class: "play-link", href: playLink(puzzle) });
  play.textContent = t(puzzle.first ? "daily.playAgain" : "daily.play");
  const details = htmlElement("details", {});
  const summary = htmlElement("summary", {});
  summary.textContent = t("daily.leaderboard");
  const list = htmlElement("ol", { class: "leaderboard" });
  details.append(summary, list);
  details.addEventListener("toggle", () => { if (details.open) fillLeaderboard(list, day.date, puzzle); });
  card.append(play, details);
  return card;
}

function render() {
  if (!shown) return;
  const { day, archive } = shown;
  els.day.textContent = day.date === day.today ? t("daily.today", { date: day.date }) : t("daily.day", { date: day.date });
  els.streak.textContent = t("daily.streak", { n: day.streak.current, best: day.streak.best });
  els.back.hidden = day.date === day.today;
  els.puzzles.replaceChildren(...day.puzzles.map((puzzle) => puzzleCard(day, puzzle)));
  els.archive.replaceChildren();
  for (const entry of archive?.days ?? []) {
    const item = htmlElement("li", {});
    const link = htmlElement("a", { href: `/daily?date=${entry.date}` });
    link.textContent = t("daily.archiveDay", { date: entry.date, solved: entry.solved, total: entry.puzzles });
    item.append(link);
    els.archive.append(item);
  }
  if (archive && archive.days.length === 0) {
    const item = htmlElement("li", { class: "none" });
    item.textContent = t("daily.noArchive");
    els.archive.append(item);
  }
}

async function start() {
  startLanguage(els.lang, render);
  showStatus(els.status, "records.loading", {}, "busy");
  await flushRecords(); // a play still waiting to be recorded shows in what follows
  const query = wantedDate ? `?${new URLSearchParams({ date: wantedDate })}` : "";
  const [day, archive] = await Promise.all([getJson(`/api/daily${query}`), getJson("/api/daily/archive")]);
  if (!day.ok) {
    showStatus(els.status, "records.error", { message: failure(day) }, "error");
    return;
  }
  shown = { day: day.data, archive: archive.ok ? archive.data : null };
  showStatus(els.status, archive.ok ? null : "records.error", { message: failure(archive) }, archive.ok ? "info" : "error");
  render();
}

start();
