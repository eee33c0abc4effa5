// static/svg.js over a stand-in document that records what it is asked to make.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { htmlElement, svgElement } from "../../../src/gridlogic/web/static/svg.js";

afterEach(() => { delete globalThis.document; });

function fakeDocument() {
  const made = (namespace, name) => ({
    namespace, name, attributes: {}, setAttribute(key, value) { this.attributes[key] = value; },
  });
  globalThis.document = {
    createElementNS: (namespace, name) => made(namespace, name),
    createElement: (name) => made(null, name),
  };
}

test("the header's example: svgElement('circle', {cx: 0.5, r: 0.3}) is <circle cx=\"0.5\" r=\"0.3\">", () => {
  fakeDocument();
  const circle = svgElement("circle", { cx: 0.5, r: 0.3 });
  assert.deepEqual([circle.namespace, circle.name, circle.attributes],
    ["http://www.w3.org/2000/svg", "circle", { cx: "0.5", r: "0.3" }]);
});

test("htmlElement makes an HTML element, every attribute value a string", () => {
  fakeDocument();
  const button = htmlElement("button", { type: "button", "data-index": 7, tabindex: -1, "aria-checked": false });
  assert.deepEqual([button.namespace, button.name, button.attributes],
    [null, "button", { type: "button", "data-index": "7", tabindex: "-1", "aria-checked": "false" }]);
  assert.deepEqual(svgElement("g").attributes, {});
});
