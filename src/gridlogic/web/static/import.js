// Play any puzzle: a dialog to paste a puzzle into (in a format of other software that a game
// reads, or a gridlogic puzzle ID), or to bring a file to (its picker, or a file dropped on the dialog; read in the page, at most
// MAX_FILE_BYTES). What is pasted or brought chooses its game: a puzzle ID names it, and a puzzle
// in another program's format is recognised by the view of the game that reads it (views/index.js:
// recognises), whichever game is chosen; anything else goes to the game chosen. Only games whose
// /api/games entry offers imports (offers.imports) are listed, and the dialog's help says what
// each of them reads (its words' "import.reads.<name>").
// The server reads it with the game's own reader and plays it only when its solver proves
// exactly one solution (POST /api/{game}/import); the page controller then plays the answer
// like a generated puzzle. An imported puzzle's share link names it by its id
// (?id=GAME.import...), and openFromLocation plays such a link when the page starts.
//
// createImporter({games, current, play, say}) wires it to the page:
//   games()          the games of /api/games ([{name, offers, ...}]); those with offers.imports are listed
//   current()        the name of the game shown, the dialog's default
//   play(puzzle)     shows a puzzle as the API sent it (a promise), whatever its width and height
//   say(key, values, kind)  the page's status line
// and answers {shareUrl(puzzle), openFromLocation(params)}.

import { fetchPuzzleById, importPuzzle } from "./api.js";
import { filePicker } from "./filepick.js";
import { t } from "./i18n.js";
import { htmlElement } from "./svg.js";
import { loadView } from "./views/index.js";

// The largest file read into the dialog: the API takes a body of 64 KiB, JSON quoting included.
export const MAX_FILE_BYTES = 60 * 1024;

// "g.3.4x4.any.x" or "g.import.3x2.tatham.3x2:2/1/1/3/1": the game (g) is the first field.
const PUZZLE_ID = /^([a-z]+)\.\S+$/;

export const isImportedId = (id) => typeof id === "string" && id.split(".")[1] === "import";
export const isImported = (puzzle) => isImportedId(puzzle.id);

// The share link of an imported puzzle (null for a generated one, whose link names its settings).
// ":" and "/" are left readable: a query may hold them as they are.
export function importedShareUrl(puzzle, origin) {
  if (!isImported(puzzle)) return null;
  const id = encodeURIComponent(puzzle.id).replace(/%3A/g, ":").replace(/%2F/g, "/");
  return `${origin}/?id=${id}`;
}

// The game a pasted text goes to: the one a puzzle ID names, else the first whose view recognises
// it (recognisers: {name: recognises(text)}), else the one chosen.
export function gameForText(text, chosen, names, recognisers = {}) {
  const named = PUZZLE_ID.exec(text.trim());
  if (named && names.includes(named[1])) return named[1];
  return names.find((name) => recognisers[name]?.(text)) ?? chosen;
}

function labelled(key, control) {
  const label = htmlElement("label", { class: "import-field" });
  const caption = htmlElement("span", { "data-i18n": key });
  caption.textContent = t(key);
  label.append(caption, control);
  return label;
}

function button(key, attributes) {
  const element = htmlElement("button", attributes);
  element.dataset.i18n = key;
  element.textContent = t(key);
  return element;
}

export function createImporter({ games: allGames, current, play, say }) {
  const games = () => allGames().filter((game) => game.offers?.imports); // the games that read puzzles
  const opener = button("import.open", { type: "button", id: "import-open", class: "small" });
  const dialog = htmlElement("dialog", { id: "import", class: "import", "aria-labelledby": "import-title" });
  const title = htmlElement("h2", { id: "import-title", "data-i18n": "import.title" });
  const help = htmlElement("p", { id: "import-help", class: "note" }); // filled on opening (helpText)
  const choice = htmlElement("select", { id: "import-game", name: "game" });
  const text = htmlElement("textarea", { id: "import-text", name: "text", rows: 6, spellcheck: "false",
    autocapitalize: "off", "aria-describedby": "import-help" });
  const file = htmlElement("input", { type: "file", id: "import-file", name: "file",
    accept: ".non,.txt,.json,text/plain,application/json" });
  const picker = filePicker(file); // a button in the page's language, not the browser's
  const fileHelp = htmlElement("p", { id: "import-drop", class: "note", "data-i18n": "import.drop" });
  fileHelp.textContent = t("import.drop");
  const message = htmlElement("p", { id: "import-message", class: "import-message", role: "alert" });
  const submit = button("import.play", { type: "submit", id: "import-play", class: "primary" });
  const cancel = button("button.close", { type: "button", id: "import-cancel" });
  const form = htmlElement("form", { method: "dialog" });
  const actions = htmlElement("div", { class: "result-actions" });
  title.textContent = t("import.title");
  actions.append(cancel, submit);
  form.append(title, help, labelled("import.game", choice), labelled("import.text", text),
    labelled("import.file", picker.element), fileHelp, message, actions);
  dialog.append(form);
  document.getElementById("settings").after(opener);
  document.body.append(dialog);

  function show(key, values = {}, kind = "info") {
    message.textContent = key ? t(key, values) : "";
    message.dataset.kind = kind;
  }

  // Each game's recogniser of other programs' formats, from its view (loaded on first use).
  const recognisers = {};
  let recognisersReady = null;
  function loadRecognisers() {
    recognisersReady ??= Promise.all(games().map(async ({ name }) => {
      try {
        const view = await loadView(name);
        if (typeof view.recognises === "function") recognisers[name] = view.recognises;
      } catch { /* a game without a view cannot be played anyway */ }
    }));
    return recognisersReady;
  }
  const names = () => games().map(({ name }) => name);
  const guessGame = (pasted) => gameForText(pasted, choice.value, names(), recognisers);

  // What can be pasted: each listed game's formats in its own words, and a puzzle ID.
  const helpText = () => t("import.help",
    { formats: names().map((name) => t(`import.reads.${name}`)).join(t("import.join")) });

  function open(game, pasted = "") {
    choice.replaceChildren(...games().map(({ name }) => new Option(t(`game.${name}`), name)));
    help.textContent = helpText();
    choice.value = names().includes(game) ? game : names()[0] ?? "";
    text.value = pasted;
    picker.clear();
    show(null);
    dialog.showModal();
    text.focus();
    loadRecognisers();
  }

  // A text pasted, typed or brought shows the game it goes to.
  async function follow() {
    await loadRecognisers();
    if (text.value.trim()) choice.value = guessGame(text.value);
  }
  text.addEventListener("input", follow);

  async function readFile(chosen) {
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      show("import.fileTooLarge", { name: chosen.name, kb: Math.round(MAX_FILE_BYTES / 1024) }, "error");
      return;
    }
    try {
      text.value = await chosen.text();
    } catch {
      show("import.fileUnreadable", { name: chosen.name }, "error");
      return;
    }
    await follow();
    show("import.fileRead", { name: chosen.name, game: t(`game.${choice.value}`) });
  }
  file.addEventListener("change", () => readFile(file.files?.[0]));
  // A file (or text) dropped anywhere on the dialog is read like a chosen one.
  dialog.addEventListener("dragover", (event) => {
    event.preventDefault();
    dialog.classList.add("dropping");
  });
  dialog.addEventListener("dragleave", (event) => {
    if (!dialog.contains(event.relatedTarget)) dialog.classList.remove("dropping");
  });
  dialog.addEventListener("drop", (event) => {
    event.preventDefault();
    dialog.classList.remove("dropping");
    const dropped = event.dataTransfer?.files?.[0];
    if (dropped) readFile(dropped);
    else {
      const plain = event.dataTransfer?.getData("text/plain");
      if (plain) { text.value = plain; follow(); }
    }
  });

  opener.addEventListener("click", () => open(current()));
  cancel.addEventListener("click", () => dialog.close());
  // Keys typed here are the text's own (Ctrl+Z undoes typing, not a move on the board).
  dialog.addEventListener("keydown", (event) => event.stopPropagation());

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const pasted = text.value;
    if (!pasted.trim()) {
      show("import.empty", {}, "error");
      return;
    }
    await loadRecognisers();
    const game = guessGame(pasted);
    choice.value = game;
    submit.disabled = true;
    show("import.checking", {}, "busy");
    const answer = await importPuzzle(game, pasted);
    submit.disabled = false;
    if (!answer.ok) {
      show("import.refused", { message: answer.error }, "error");
      return;
    }
    dialog.close();
    await play(answer.data);
    announce(answer.data);
  });

  function announce(puzzle) {
    if (isImported(puzzle)) say("import.ready", { game: t(`game.${puzzle.game}`), hint: t(`hint.${puzzle.game}`) });
  }

  // A share link naming an imported puzzle by its id: played, and true. False when there is
  // none, or when it cannot be played: then the dialog opens with the id and the reason, and
  // the page goes on to a puzzle of its own.
  async function openFromLocation(params) {
    const id = params.get("id");
    if (!isImportedId(id)) return false;
    const game = gameForText(id, null, names());
    const answer = game ? await fetchPuzzleById(game, id) : { ok: false, error: t("import.notAnId") };
    if (!answer.ok) {
      open(game ?? current(), id);
      show("import.badLink", { message: answer.error }, "error");
      return false;
    }
    await play(answer.data);
    announce(answer.data);
    return true;
  }

  return { shareUrl: (puzzle) => importedShareUrl(puzzle, location.origin), openFromLocation };
}
