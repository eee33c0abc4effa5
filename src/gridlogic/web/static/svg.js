// Building the boards' elements: a name and its attributes as one object, every value written
// with setAttribute as a string. svgElement makes SVG elements (a tile's drawing, a whole board of
// dots and edges), which need the SVG namespace; htmlElement the same for HTML (a board's cell
// buttons, its clues). For example svgElement("circle", { cx: 0.5, r: 0.3 }) is
// <circle cx="0.5" r="0.3">.

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

function withAttributes(element, attributes) {
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

export function svgElement(name, attributes = {}) {
  return withAttributes(document.createElementNS(SVG_NAMESPACE, name), attributes);
}

export function htmlElement(name, attributes = {}) {
  return withAttributes(document.createElement(name), attributes);
}
