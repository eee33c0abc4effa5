// A file input shown in the page's language: the browser draws a file input's own button and its
// "no file" text in the browser's language ("Choose File" on a Japanese page), so the input is
// hidden and a button of the page opens it, with the chosen file's name (or "No file chosen")
// beside it. Both are marked data-i18n, so a change of language relabels them (translatePage).
// For example filePicker(input).element is
//   <span class="file-pick"><input type="file" hidden><button>Choose a file…</button>
//   <span class="file-name">No file chosen</span></span>
// and choosing "cat.png" shows "cat.png" in place of "No file chosen".

import { t } from "./i18n.js";
import { htmlElement } from "./svg.js";

function worded(name, attributes, key) {
  const element = htmlElement(name, { ...attributes, "data-i18n": key });
  element.textContent = t(key);
  return element;
}

// input: an <input type="file">, moved into the picker. Returns {element, button, clear()}: clear()
// empties the input and says no file is chosen.
export function filePicker(input) {
  input.hidden = true;
  input.tabIndex = -1;
  const button = worded("button", { type: "button", class: "small file-choose" }, "file.choose");
  const name = worded("span", { class: "file-name" }, "file.none");
  const showName = () => {
    const chosen = input.files?.[0];
    if (chosen) {
      delete name.dataset.i18n;
      name.textContent = chosen.name;
    } else {
      name.dataset.i18n = "file.none";
      name.textContent = t("file.none");
    }
  };
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", showName);
  const element = htmlElement("span", { class: "file-pick" });
  element.append(input, button, name);
  return {
    element,
    button,
    clear() {
      input.value = "";
      showName();
    },
  };
}
