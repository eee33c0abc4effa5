// The settings form and the page's links, generic over the games' versions as /api/games lists
// them: each version's presets (and, where it makes more sizes, a custom width × height), its
// difficulties and its options (a yes/no option is a checkbox, any other a list). A version
// field appears when a game has more than one; a new game tab starts on the latest version. A
// version with a menu (named kinds, as a desktop puzzle's preset menu has) gets a preset list that
// sets size, difficulty and options at once, and shows the entry the form's values match, if any.
//
// A link names a puzzle by the API's own parameters (game, size or width and height,
// difficulty, version, the version's options, seed; or id alone), so the page passes a link's
// query to the API as it is: a link made before versions existed has no version and the API
// then means the game's first version, the very puzzle the link always named. For example
// ?game=G&size=5&difficulty=hard&seed=x asks /api/G/puzzle?size=5&difficulty=hard&seed=x, and
// the puzzle's own link is then ?game=G&size=5&difficulty=hard&version=3&seed=x when the API
// answers with G's first version, 3.

import { htmlElement } from "./svg.js";

export const MAX_SEED = 80;

export function versionOf(game, number) {
  return game.versions.find((v) => v.number === number) ?? null;
}

export const latestOf = (game) => versionOf(game, game.version);

// What a page URL's query asks for: the game (from ?game=, or the id's first field) and the
// other parameters as [name, value] pairs for the API; game is null when the URL names none.
// ?lang= is the page's language (i18n.js), not the puzzle's, and is never sent.
export function linkRequest(search) {
  const params = new URLSearchParams(search);
  const query = [...params].filter(([name]) => name !== "game" && name !== "lang");
  const id = params.get("id");
  const game = params.get("game") ?? (id ? id.split(".")[0] : null);
  return { game, query };
}

// The query of a puzzle's own link (the API's answer; version is its /api/games entry).
export function linkQuery(puzzle, version) {
  const query = { game: puzzle.game };
  if (puzzle.width === puzzle.height) query.size = String(puzzle.width);
  else Object.assign(query, { width: String(puzzle.width), height: String(puzzle.height) });
  query.difficulty = puzzle.difficulty;
  query.version = String(puzzle.version);
  for (const option of version?.options ?? []) {
    if (Object.hasOwn(puzzle, option.name)) query[option.name] = String(puzzle[option.name]);
  }
  query.seed = puzzle.seed;
  return query;
}

// The query of a new puzzle of game's latest version with its defaults, and seed if given (without
// one the server picks: maybe a puzzle it made ready before, so nobody waits for a slow one).
export function defaultQuery(game, seed) {
  const version = latestOf(game);
  const query = { version: String(version.number), size: String(version.defaultSize), difficulty: version.difficulties[0] };
  return seed === undefined ? query : { ...query, seed };
}

// Why a seed cannot be sent, as a message key, or null. .length counts UTF-16 units, as the server does.
export function seedProblem(seed) {
  if (seed.length === 0) return "seed.empty";
  if (seed.length > MAX_SEED) return "seed.tooLong";
  return null;
}

const isYesNo = (option) => option.values.length === 2 && option.values.every((v) => typeof v === "boolean");

// The form. els: {presetField, preset, size, customSize, width, height, difficulty, options, versionField,
// version, seed}.
// onChange(query) is called when the player changes a field that names a new puzzle.
export function createSettings(els, { t, onChange }) {
  let game = null, version = null;
  let imported = false; // the shown puzzle was brought from outside: no generator version, no seed
  let pictured = []; // for each option that has pictures: show the picture of its value chosen

  const text = (key, fallback, values) => { const said = t(key, values); return said === key ? fallback : said; };
  const hasCustom = () => version.rectangular || version.sides.some((s) => !version.presets.includes(s));

  function build() {
    els.size.replaceChildren(...version.presets.map((n) => new Option(t("size.option", { w: n, h: n }), String(n))));
    if (hasCustom()) els.size.append(new Option(t("size.custom"), "custom"));
    const [low, high] = [version.sides[0], version.sides[version.sides.length - 1]];
    for (const input of [els.width, els.height]) Object.assign(input, { min: String(low), max: String(high) });
    els.height.closest("label").hidden = !version.rectangular;
    els.difficulty.replaceChildren(...version.difficulties.map((d) => new Option(t(`difficulty.${d}`), d)));
    els.difficulty.disabled = version.difficulties.length < 2;
    pictured = [];
    els.options.replaceChildren(...version.options.map(optionField));
    els.version.replaceChildren(...[...game.versions].sort((a, b) => b.number - a.number).map((v) =>
      new Option(t(v.number === game.version ? "version.latest" : "version.option", { n: v.number }), String(v.number))));
    if (imported) els.version.prepend(new Option(t("version.imported"), ""));
    els.versionField.hidden = game.versions.length < 2 && !imported;
    els.version.value = imported ? "" : String(version.number);
    els.seed.placeholder = imported ? t("seed.imported") : "";
    const menu = version.menu ?? [];
    els.presetField.hidden = menu.length === 0;
    els.preset.replaceChildren(new Option(t("preset.own"), ""),
      ...menu.map((preset, index) => new Option(presetLabel(preset), String(index))));
  }

  function presetLabel(preset) {
    const options = Object.entries(preset.options).map(([name, value]) => text(`option.${name}.${value}`, String(value)));
    return t("preset.option", { options: options.join(" "), size: t("size.option", { w: preset.width, h: preset.height }),
      difficulty: t(`difficulty.${preset.difficulty}`) });
  }

  // The menu entry the form's values name, or "" (the player's own choice).
  function markPreset() {
    const query = read();
    const width = Number(query.width ?? query.size), height = Number(query.height ?? query.size);
    const index = (version.menu ?? []).findIndex((preset) => preset.width === width && preset.height === height &&
      preset.difficulty === query.difficulty &&
      Object.entries(preset.options).every(([name, value]) => query[name] === String(value)));
    els.preset.value = index < 0 ? "" : String(index);
  }

  function setOptions(values) {
    for (const option of version.options) {
      const input = els.options.querySelector(`[data-option="${option.name}"]`);
      const value = Object.hasOwn(values, option.name) ? values[option.name] : option.values[0];
      if (input.type === "checkbox") input.checked = value === true;
      else input.value = String(value);
    }
    for (const showPicture of pictured) showPicture();
  }

  const changed = () => { markPreset(); onChange(read()); };

  function optionField(option) {
    const label = htmlElement("label", { class: isYesNo(option) ? "check" : "" });
    const name = htmlElement("span");
    name.textContent = text(`option.${option.name}`, option.help);
    let input;
    if (isYesNo(option)) {
      input = htmlElement("input", { type: "checkbox", "data-option": option.name });
      label.append(input, name);
    } else {
      input = htmlElement("select", { "data-option": option.name });
      input.append(...option.values.map((v) => new Option(text(`option.${option.name}.${v}`, String(v)), String(v))));
      label.append(name, option.pictures ? pictureRow(option, input) : input);
    }
    input.addEventListener("change", changed);
    return label;
  }

  // The list and a small picture of the value chosen beside it (the game's views have one per value,
  // views/<game>/options/<option>/<value>.svg); decorative, as the list names the value.
  function pictureRow(option, select) {
    const row = htmlElement("span", { class: "option-row" });
    const picture = htmlElement("img", { class: "option-picture", alt: "", width: "40", height: "40",
      "data-option-picture": option.name });
    const showPicture = () => { picture.src = `/static/views/${game.name}/options/${option.name}/${select.value}.svg`; };
    select.addEventListener("change", showPicture);
    pictured.push(showPicture);
    row.append(select, picture);
    return row;
  }

  function setSize(width, height) {
    const square = width === height && version.presets.includes(width);
    els.size.value = square ? String(width) : "custom";
    els.customSize.hidden = square;
    els.width.value = String(width);
    els.height.value = String(height);
  }

  // Shows puzzle's settings (the API's answer, or defaults {width, height, difficulty, seed})
  // in the form of its game (/api/games entry) and version; values.imported (a puzzle brought from
  // outside) shows "imported" as its generator and no seed (its seed is its text).
  function show(gameInfo, number, values) {
    game = gameInfo;
    imported = values.imported === true;
    version = versionOf(game, number) ?? latestOf(game);
    build();
    setSize(values.width, values.height);
    els.difficulty.value = values.difficulty;
    setOptions(values);
    els.seed.value = imported ? "" : values.seed;
    els.seed.dataset.shown = els.seed.value;
    markPreset();
  }

  // The API query the form names.
  function read() {
    const query = { version: els.version.value || String(version.number) };
    if (els.size.value === "custom") {
      query.width = els.width.value;
      query.height = version.rectangular ? els.height.value : els.width.value;
    } else query.size = els.size.value;
    query.difficulty = els.difficulty.value;
    for (const input of els.options.querySelectorAll("[data-option]")) {
      query[input.dataset.option] = input.type === "checkbox" ? String(input.checked) : input.value;
    }
    query.seed = els.seed.value;
    return query;
  }

  els.size.addEventListener("change", () => {
    els.customSize.hidden = els.size.value !== "custom";
    if (els.size.value === "custom") els.width.focus();
    else changed();
  });
  for (const input of [els.width, els.height]) input.addEventListener("change", changed);
  els.difficulty.addEventListener("change", changed);
  els.preset.addEventListener("change", () => {
    const preset = version.menu?.[Number(els.preset.value)];
    if (els.preset.value === "" || !preset) return;
    setSize(preset.width, preset.height);
    els.difficulty.value = preset.difficulty;
    setOptions(preset.options);
    onChange(read());
  });
  els.version.addEventListener("change", () => {
    // The sizes, difficulties and options are the new version's; what it also offers is kept.
    const before = read();
    version = versionOf(game, Number(els.version.value));
    build();
    const width = Number(before.width ?? before.size), height = Number(before.height ?? before.size);
    if (version.sides.includes(width) && version.sides.includes(height) && (version.rectangular || width === height)) {
      setSize(width, height);
    } else setSize(version.defaultSize, version.defaultSize);
    els.difficulty.value = version.difficulties.includes(before.difficulty) ? before.difficulty : version.difficulties[0];
    changed();
  });

  return {
    show,
    read,
    get version() { return version; },
    relabel() {
      if (!game) return;
      const values = read();
      build();
      els.size.value = values.size ?? "custom";
      els.difficulty.value = values.difficulty;
      for (const input of els.options.querySelectorAll("[data-option]")) {
        if (input.type === "checkbox") input.checked = values[input.dataset.option] === "true";
        else input.value = values[input.dataset.option];
      }
      markPreset();
    },
  };
}
