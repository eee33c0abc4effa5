// The card shown when a play ends: the time, the moves, the score and rank the server
// computed (with the points of each part), and the best time for the game, size and
// difficulty, kept in this browser (a revealed play never sets one). The card also says how the
// score is counted (its "How the score is counted" part, the rule of gridlogic.scoring).

import { formatNumber, language, t } from "./i18n.js";
import { formatTime } from "./play.js";
import { load, save } from "./storage.js";

// A square board's key names its side (as before rectangular boards), any other board WxH.
const sizeKey = (puzzle) => (puzzle.width === puzzle.height ? `${puzzle.width}` : `${puzzle.width}x${puzzle.height}`);
const bestKey = (puzzle) => `gridlogic.best.${puzzle.game}.${sizeKey(puzzle)}.${puzzle.difficulty}`;

// The best time after this play: {seconds (null when there is none yet), isNew}.
export function recordBest(puzzle, seconds, revealed) {
  const previous = Number(load(bestKey(puzzle)));
  const known = Number.isFinite(previous) && previous > 0 ? previous : null;
  if (revealed) return { seconds: known, isNew: false };
  if (known === null || seconds < known) {
    save(bestKey(puzzle), String(seconds));
    return { seconds, isNew: true };
  }
  return { seconds: known, isNew: false };
}

// The card in <dialog id="result">. show(result) fills and opens it, where result is
// {seconds, moves, revealed, best (from recordBest), score (the API's, or null), error (why
// there is no score)}; relabel() fills it again in the current language.
export function createResultCard(dialog) {
  const part = (id) => dialog.querySelector(`#${id}`);
  const title = part("result-title"), time = part("result-time"), moves = part("result-moves");
  const score = part("result-score"), rank = part("result-rank"), best = part("result-best");
  const breakdown = part("result-breakdown"), note = part("result-note");
  let shown = null;

  function fill(r) {
    title.textContent = t(r.revealed ? "result.titleRevealed" : "result.title");
    time.textContent = formatTime(r.seconds);
    moves.textContent = formatNumber(r.moves);
    breakdown.replaceChildren();
    if (r.score) {
      score.textContent = formatNumber(r.score.score);
      const label = t(`rank.${r.score.rank}`);
      rank.textContent = r.score.rank === "revealed" ? label : `${r.score.rank} · ${label}`;
      for (const item of r.score.breakdown || []) {
        const row = document.createElement("li");
        const name = document.createElement("span");
        name.textContent = t(`part.${item.label}`);
        const points = document.createElement("span");
        points.className = "points";
        points.textContent = item.points > 0 ? `+${formatNumber(item.points)}` : formatNumber(item.points);
        if (language() === "en") row.title = item.explanation || ""; // the server's reckoning, in English
        row.append(name, points);
        breakdown.append(row);
      }
      note.textContent = r.score.par?.seconds ? t("result.par", { par: formatTime(r.score.par.seconds) }) : "";
    } else {
      score.textContent = "–";
      rank.textContent = "–";
      note.textContent = r.scoreLater ? t("result.scoreLater") : t("result.scoreUnavailable", { message: r.error ?? "?" });
    }
    if (r.best.isNew) best.textContent = `${formatTime(r.best.seconds)} — ${t("result.newBest")}`;
    else if (r.best.seconds !== null) best.textContent = formatTime(r.best.seconds);
    else best.textContent = t("result.noBest");
  }

  const close = () => { if (dialog.open) dialog.close(); };
  part("result-close").addEventListener("click", close);

  return {
    show(result) {
      shown = result;
      fill(result);
      if (dialog.open) return;
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    },
    close,
    // The figures changed (a score that came later): the card shows them if it is open.
    update(result) {
      shown = result;
      if (dialog.open) fill(result);
    },
    relabel() { if (dialog.open && shown) fill(shown); },
  };
}
