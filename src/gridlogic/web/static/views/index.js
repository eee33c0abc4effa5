// The game views by game name. The page knows no game: it asks loadView(name) for a module,
// and every game's module has the same surface. The rules part needs no document:
//   tools                         what a tap can do, e.g. ["fill", "mark"]; the first is the default
//   initialBoard(puzzle)          the board a play starts from (puzzle as the API sent it)
//   boardFromSolution(solution)   the board of the API's solution
//   isSolved(puzzle, board)       whether board meets the rules (any valid solution counts)
//   describeWrong(puzzle, checkResult, t)  the check's answer in words ("" when nothing is wrong)
// and createView({puzzle, onAction, t}) draws the board:
//   {element, render(board), showWrong(checkResult), setLocked(bool), setTool(name), relabel()}
// A view never changes the board itself: it calls onAction(newBoard, changes) and the page
// records the move and renders the new board.
//
// loadView answers a promise so that a view can be loaded when its game is first shown
// (import(`./${name}.js`)) without changing the page.

import * as loop from "./loop.js";
import * as pattern from "./pattern.js";
import * as signal from "./signal.js";

const VIEWS = { loop, pattern, signal };

export async function loadView(name) {
  if (!Object.hasOwn(VIEWS, name)) throw new Error(`the page has no view for the game ${JSON.stringify(name)}`);
  return VIEWS[name];
}
