// The daily page: the day's puzzles (today's, or an earlier day's from ?date=) with this player's
// results, the daily streak, each puzzle's floor (plays faster are not ranked) and leaderboard, the
// player's friends' groups (their boards beside the public one; made, joined by an invite link
// /daily?join=INVITE, left), and the archive of earlier days. A puzzle
// is played on the game page, opened by its settings; the game page records the play
// (records.js), so coming back here shows it.

import { answerError } from "./api.js";
import { formatDay, language, t } from "./i18n.js";
import { startLanguage, showStatus } from "./pages.js";
import { formatTime } from "./play.js";
import { flushRecords, getJson, sendJson } from "./records.js";
import { htmlElement } from "./svg.js";
import { loadWordsOf } from "./views/index.js";

const $ = (id) => document.getElementById(id);
const els = { lang: $("lang"), day: $("day"), streak: $("streak"), status: $("status"), puzzles: $("puzzles"),
  back: $("back"), archive: $("archive"), groups: $("group-list"), newGroup: $("new-group"),
  groupName: $("group-name"), joinOffer: $("join-offer"), join: $("join") };
const query = new URLSearchParams(location.search);
const wantedDate = query.get("date");
const invite = query.get("join"); // a group's invite link: /daily?join=INVITE
let shown = null; // {day, archive}: the answers of /api/daily and /api/daily/archive
let groups = []; // the player's friends' groups (/api/groups)

const failure = answerError; // the sentence of a refusal, in the page's language

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

// One line of a board: the name and time, and in a group's board what kept a play off the ranking.
function entryText(entry) {
  const line = `${entry.name ?? t("daily.anonymous")} — ${formatTime(entry.seconds)}`;
  if (entry.state === "revealed") return `${line} (${t("groups.revealed")})`;
  if (entry.state === "unranked") return `${line} (${t("groups.unranked")})`;
  return line;
}

// Fills list with the entries of the board at path (the public one, or a group's).
async function fillBoard(list, path) {
  const answer = await getJson(path);
  list.replaceChildren();
  if (!answer.ok) {
    list.append(htmlElement("li", {}));
    list.lastChild.textContent = failure(answer);
    return;
  }
  for (const entry of answer.data.entries) {
    const item = htmlElement("li", { "data-state": entry.state ?? "ranked", ...(entry.you ? { class: "you" } : {}) });
    item.textContent = entryText(entry);
    if (entry.unranked && language() === "en") item.title = entry.unranked; // the server's reason (English)
    list.append(item);
  }
  if (answer.data.entries.length === 0) {
    const item = htmlElement("li", { class: "none" });
    item.textContent = t("daily.noEntries");
    list.append(item);
  }
}

// The public leaderboard of puzzle on date, and each of the player's groups' boards below it.
function fillLeaderboards(details, date, puzzle) {
  const daily = new URLSearchParams({ date, game: puzzle.game, preset: puzzle.preset });
  const boards = [htmlElement("ol", { class: "leaderboard" })];
  fillBoard(boards[0], `/api/daily/leaderboard?${daily}`);
  for (const group of groups) {
    const heading = htmlElement("h4", {});
    heading.textContent = t("groups.board", { name: group.name });
    const list = htmlElement("ol", { class: "leaderboard group-board", "data-group": group.id });
    fillBoard(list, `/api/groups/${group.id}/leaderboard?${daily}`);
    boards.push(heading, list);
  }
  details.replaceChildren(details.firstChild, ...boards);
}

// The level a daily is named by: its difficulty, or its preset's where the daily table asks a
// generator for "any" level; one word per level wherever a level is named.
const levelOf = (puzzle) => (puzzle.difficulty === "any" ? puzzle.preset : puzzle.difficulty);

function puzzleCard(day, puzzle) {
  const card = htmlElement("section", { class: "daily", "data-game": puzzle.game, "data-preset": puzzle.preset });
  const title = htmlElement("h3", {});
  title.textContent = t("daily.card", { game: t(`game.${puzzle.game}`), level: t(`difficulty.${levelOf(puzzle)}`) });
  const board = htmlElement("p", { class: "board-size" });
  board.textContent = t("daily.board", { n: puzzle.size });
  card.append(title, board);
  if (!puzzle.id) {
    const none = htmlElement("p", {});
    none.textContent = t("daily.unavailable");
    card.append(none);
    return card;
  }
  if (puzzle.floor) {
    const floor = htmlElement("p", { class: "floor" });
    floor.textContent = t("daily.floor", { time: formatTime(Math.ceil(puzzle.floor)) });
    card.append(floor);
  }
  const result = htmlElement("p", { class: "outcome", "data-outcome": puzzle.first?.outcome ?? "none" });
  result.textContent = resultText(puzzle);
  card.append(result);
  if (puzzle.first?.outcome === "solved" && puzzle.first.unranked) {
    // the server's reason (English) in the title of an English page; the line says it in every language
    const unranked = htmlElement("p", { class: "unranked", ...(language() === "en" ? { title: puzzle.first.unranked } : {}) });
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
  details.append(summary);
  details.addEventListener("toggle", () => { if (details.open) fillLeaderboards(details, day.date, puzzle); });
  card.append(play, details);
  return card;
}

function render() {
  renderGroups();
  if (!shown) return;
  const { day, archive } = shown;
  els.day.textContent = day.date === day.today ? t("daily.today", { date: formatDay(day.date) }) : t("daily.day", { date: formatDay(day.date) });
  els.streak.textContent = t("daily.streak", { n: day.streak.current, best: day.streak.best });
  els.back.hidden = day.date === day.today;
  els.puzzles.replaceChildren(...day.puzzles.map((puzzle) => puzzleCard(day, puzzle)));
  els.archive.replaceChildren();
  for (const entry of archive?.days ?? []) {
    const item = htmlElement("li", {});
    const link = htmlElement("a", { href: `/daily?date=${entry.date}` });
    link.textContent = t("daily.archiveDay", { date: formatDay(entry.date), solved: entry.solved, total: entry.puzzles });
    item.append(link);
    els.archive.append(item);
  }
  if (archive && archive.days.length === 0) {
    const item = htmlElement("li", { class: "none" });
    item.textContent = t("daily.noArchive");
    els.archive.append(item);
  }
}

// The player's groups: each with its invite link to copy and a Leave button.
function renderGroups() {
  els.groups.replaceChildren(...groups.map((group) => {
    const item = htmlElement("li", { "data-group": group.id });
    const name = htmlElement("span", { class: "group-name" });
    name.textContent = t("groups.members", { name: group.name, n: group.members });
    const link = htmlElement("input", { class: "invite", readonly: "", value: inviteLink(group),
      "aria-label": t("groups.link", { name: group.name }) });
    const copy = htmlElement("button", { type: "button", class: "copy" });
    copy.textContent = t("groups.copy");
    copy.addEventListener("click", () => { link.select(); navigator.clipboard?.writeText(link.value).catch(() => {}); });
    const leave = htmlElement("button", { type: "button", class: "leave" });
    leave.textContent = t("groups.leave");
    leave.addEventListener("click", () => changeGroups(sendJson("DELETE", `/api/groups/${group.id}`)));
    item.append(name, link, copy, leave);
    return item;
  }));
}

const inviteLink = (group) => `${location.origin}/daily?${new URLSearchParams({ join: group.invite })}`;

async function loadGroups() {
  const answer = await getJson("/api/groups");
  groups = answer.ok ? answer.data.groups : [];
  render();
}

// A change of the player's groups (made, joined, left): the lists again, or what the server refused.
async function changeGroups(request) {
  const answer = await request;
  if (!answer.ok) showStatus(els.status, "records.error", { message: failure(answer) }, "error");
  else showStatus(els.status, null, {}, "info");
  await loadGroups();
  return answer.ok;
}

els.newGroup.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (await changeGroups(sendJson("POST", "/api/groups", { name: els.groupName.value }))) els.groupName.value = "";
});

els.join.addEventListener("click", async () => {
  els.joinOffer.hidden = true;
  history.replaceState(null, "", location.pathname + (wantedDate ? `?date=${wantedDate}` : ""));
  await changeGroups(sendJson("POST", "/api/groups/join", { invite }));
});

async function start() {
  els.joinOffer.hidden = !invite;
  startLanguage(els.lang, render);
  showStatus(els.status, "records.loading", {}, "busy");
  await flushRecords(); // a play still waiting to be recorded shows in what follows
  const query = wantedDate ? `?${new URLSearchParams({ date: wantedDate })}` : "";
  const [day, archive] = await Promise.all([getJson(`/api/daily${query}`), getJson("/api/daily/archive")]);
  if (!day.ok) {
    showStatus(els.status, "records.error", { message: failure(day) }, "error");
    return;
  }
  await loadWordsOf(day.data.puzzles.map((puzzle) => puzzle.game)); // the games' names (their view folders)
  shown = { day: day.data, archive: archive.ok ? archive.data : null };
  showStatus(els.status, archive.ok ? null : "records.error", { message: failure(archive) }, archive.ok ? "info" : "error");
  render();
  await loadGroups();
}

start();
