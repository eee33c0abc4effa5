// Lights' words in English and Japanese (the same keys): its name, its help, its board's labels.

export const en = {
  "game.lights": "Lights",
  "tool.lights.press": "press",
  "import.reads.lights": "a Lights board (3x3:010111010)",
  "hint.lights": "Put every lamp out; a press toggles a lamp and its neighbours.",
  "help.lights": "Click or tap a lamp to press it; Enter or Space presses the lamp under the cursor.",
  "lights.board": "Lights board, {w} by {h}.",
  "lights.lampOn": "Lamp at row {r}, column {c}, lit.",
  "lights.lampOff": "Lamp at row {r}, column {c}, out.",
};

export const ja = {
  "game.lights": "ライツ",
  "tool.lights.press": "押す",
  "import.reads.lights": "ライツの盤面 (3x3:010111010)",
  "hint.lights": "すべての明かりを消してください。押すと、その明かりと隣の明かりが切り替わります。",
  "help.lights": "明かりをクリックかタップすると押せます。Enter か Space でカーソルの明かりを押します。",
  "lights.board": "ライツの盤面、{w} × {h}。",
  "lights.lampOn": "{r} 行 {c} 列の明かり、点灯。",
  "lights.lampOff": "{r} 行 {c} 列の明かり、消灯。",
};
