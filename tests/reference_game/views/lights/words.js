// Lights' words in every language the page speaks (the same keys): its name, its help, its board's labels.

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

export const zh = {
  "game.lights": "点灯",
  "tool.lights.press": "按下",
  "import.reads.lights": "点灯盘面 (3x3:010111010)",
  "hint.lights": "熄灭所有灯；按下一盏灯会切换它和相邻的灯。",
  "help.lights": "点击或轻触一盏灯即可按下；Enter 或空格键按下光标所在的灯。",
  "lights.board": "点灯盘面，{w} × {h}。",
  "lights.lampOn": "第 {r} 行第 {c} 列的灯，亮着。",
  "lights.lampOff": "第 {r} 行第 {c} 列的灯，熄灭。",
};

export const ko = {
  "game.lights": "라이츠",
  "tool.lights.press": "누르기",
  "import.reads.lights": "라이츠 판 (3x3:010111010)",
  "hint.lights": "모든 불을 끄세요. 불을 누르면 그 불과 이웃한 불이 바뀝니다.",
  "help.lights": "불을 클릭하거나 탭하면 누릅니다. Enter나 Space는 커서의 불을 누릅니다.",
  "lights.board": "라이츠 판, {w} × {h}.",
  "lights.lampOn": "{r}행 {c}열의 불, 켜짐.",
  "lights.lampOff": "{r}행 {c}열의 불, 꺼짐.",
};

export const de = {
  "game.lights": "Lichter",
  "tool.lights.press": "drücken",
  "import.reads.lights": "ein Lichter-Brett (3x3:010111010)",
  "hint.lights": "Lösche alle Lampen; ein Druck schaltet eine Lampe und ihre Nachbarn um.",
  "help.lights": "Klicke oder tippe auf eine Lampe, um sie zu drücken; Enter oder Leertaste drückt die Lampe am Cursor.",
  "lights.board": "Lichter-Brett, {w} mal {h}.",
  "lights.lampOn": "Lampe in Zeile {r}, Spalte {c}, an.",
  "lights.lampOff": "Lampe in Zeile {r}, Spalte {c}, aus.",
};

export const fr = {
  "game.lights": "Lumières",
  "tool.lights.press": "appuyer",
  "import.reads.lights": "une grille Lumières (3x3:010111010)",
  "hint.lights": "Éteignez toutes les lampes ; un appui bascule une lampe et ses voisines.",
  "help.lights": "Cliquez ou touchez une lampe pour l’appuyer ; Entrée ou Espace appuie sur la lampe du curseur.",
  "lights.board": "Grille Lumières, {w} sur {h}.",
  "lights.lampOn": "Lampe ligne {r}, colonne {c}, allumée.",
  "lights.lampOff": "Lampe ligne {r}, colonne {c}, éteinte.",
};

export const es = {
  "game.lights": "Luces",
  "tool.lights.press": "pulsar",
  "import.reads.lights": "un tablero de Luces (3x3:010111010)",
  "hint.lights": "Apaga todas las lámparas; pulsar una cambia esa lámpara y sus vecinas.",
  "help.lights": "Haz clic o toca una lámpara para pulsarla; Intro o Espacio pulsa la lámpara del cursor.",
  "lights.board": "Tablero de Luces, {w} por {h}.",
  "lights.lampOn": "Lámpara en la fila {r}, columna {c}, encendida.",
  "lights.lampOff": "Lámpara en la fila {r}, columna {c}, apagada.",
};
