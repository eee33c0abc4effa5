// A question the page asks before a step that cannot be taken back (Reveal scores the play 0), in
// the page's language: a modal <dialog> with the question and two buttons. The browser's confirm()
// would answer in the browser's language ("OK", "Cancel") on a page in another. For example
// ask("reveal.confirm", "reveal.yes") shows "Show the solution? This play then scores 0." with the
// buttons "Cancel" (focused: the safe answer) and "Show the solution", and resolves true on the
// second, false on Cancel or Escape.

import { t } from "./i18n.js";
import { htmlElement } from "./svg.js";

let dialog = null; // made on the first question, then asked again

function made() {
  if (dialog) return dialog;
  dialog = htmlElement("dialog", { id: "ask", class: "result ask", "aria-labelledby": "ask-question" });
  const question = htmlElement("p", { id: "ask-question" });
  const no = htmlElement("button", { type: "button", id: "ask-no", value: "no" });
  const yes = htmlElement("button", { type: "button", id: "ask-yes", class: "primary", value: "yes" });
  const actions = htmlElement("div", { class: "result-actions" });
  actions.append(no, yes);
  dialog.append(question, actions);
  for (const button of [no, yes]) button.addEventListener("click", () => dialog.close(button.value));
  document.body.append(dialog);
  return dialog;
}

// questionKey and yesKey are words of the page (t); resolves whether the player said yes.
export function ask(questionKey, yesKey) {
  const box = made();
  box.querySelector("#ask-question").textContent = t(questionKey);
  box.querySelector("#ask-yes").textContent = t(yesKey);
  box.querySelector("#ask-no").textContent = t("button.cancel");
  box.returnValue = "no";
  return new Promise((resolve) => {
    box.addEventListener("close", () => resolve(box.returnValue === "yes"), { once: true });
    box.showModal();
    box.querySelector("#ask-no").focus();
  });
}
