// Lights' board, the reference game's view: width × height lamps (the board is the player's
// presses, 1 pressed). A click, a tap or Enter/Space on a lamp presses it, toggling it and its
// orthogonal neighbours; the puzzle is solved when every lamp is out. For example on a 3×3 board
// whose plus around the centre is lit, pressing the centre puts all five out.
// The grid plumbing (cells, one tab stop, arrow keys, locking, places in words) is views/grid.js.

import { boardControls, boardElement, boardState, createCells, describeCells } from "../grid.js";

export const tools = ["press"];

// The lamps a press of cell i toggles: itself and its neighbours up, down, left and right.
export function neighbourhood(i, w, h) {
  const r = Math.floor(i / w), c = i % w;
  return [i, r > 0 && i - w, r < h - 1 && i + w, c > 0 && i - 1, c < w - 1 && i + 1].filter((k) => k !== false);
}

// Which lamps are lit after the presses of board: 1 lit.
export function litAfter(puzzle, board) {
  const lit = puzzle.givens.lit.slice();
  board.forEach((pressed, i) => {
    if (pressed) for (const k of neighbourhood(i, puzzle.width, puzzle.height)) lit[k] ^= 1;
  });
  return lit;
}

export const initialBoard = (puzzle) => new Array(puzzle.width * puzzle.height).fill(0);
export const boardFromSolution = (solution) => solution.presses.slice();
export const isSolved = (puzzle, board) => litAfter(puzzle, board).every((lamp) => lamp === 0);
export const moveCost = (before, after) => before.filter((pressed, i) => pressed !== after[i]).length;
export const liveErrors = () => []; // any lamp may still go out: the rules alone see no error
export const mistakes = (puzzle, board, solution) =>
  board.flatMap((pressed, i) => (pressed && !solution.presses[i] ? [i] : []));
export const describeItems = describeCells;
export const describeError = () => "";
export const extent = (puzzle) => ({ width: puzzle.width, height: puzzle.height });

export function createView({ puzzle, onAction, t }) {
  const w = puzzle.width, h = puzzle.height;
  const element = boardElement("div", { class: "lights-grid", role: "group" }, { w, h });
  const state = boardState(tools);
  let board = initialBoard(puzzle);
  const press = (i) => {
    if (state.locked) return;
    const next = board.slice();
    next[i] ^= 1;
    onAction(next);
  };
  const onKey = (event, i) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    if (!event.repeat) press(i);
  };
  const { cells, indexAt, label } = createCells({ element, w, h, className: "lamp", onKey });
  element.addEventListener("click", (event) => {
    const i = indexAt(event.target);
    if (i !== null) press(i);
  });
  function render(next, marks = { mistakes: [] }) {
    board = next;
    const lit = litAfter(puzzle, board), wrong = new Set(marks.mistakes || []);
    cells.forEach((cell, i) => {
      cell.classList.toggle("lit", lit[i] === 1);
      cell.classList.toggle("pressed", board[i] === 1);
      cell.classList.toggle("mistake", wrong.has(i));
    });
    label((i) => t(lit[i] ? "lights.lampOn" : "lights.lampOff", { r: Math.floor(i / w) + 1, c: (i % w) + 1 }));
  }
  function relabel() {
    element.setAttribute("aria-label", t("lights.board", { w, h }));
    render(board);
  }
  relabel();
  return boardControls(state, { element, render, relabel, cells });
}
