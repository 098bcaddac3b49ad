// Drawing the editor: the grid from a view model, then the panels.

import { S, currentSlot, selection, slotAt, themeSlots, ui } from "./editor.js";
import { onCell } from "./keys.js";
import { barMap, fillLetters, height, positions, width } from "./model.js";
import { buildGrid, paintGrid } from "./grid.js";
import { provedDead, renderAll } from "./panels.js";

let cellNodes = [];
let shape = "";

export function focusGrid() {
  const node = cellNodes[S.cursor.r] && cellNodes[S.cursor.r][S.cursor.c];
  if (node) node.focus({ preventScroll: true });
}

// -- rendering -----------------------------------------------------------------------------
function viewModel() {
  const slot = currentSlot();
  const entry = new Set(slot ? slot.cells.map(([a, b]) => `${a},${b}`) : []);
  const crossingSlot = slot ? slotAt(S.cursor.r, S.cursor.c, slot.direction === "across" ? "down" : "across") : null;
  const crossing = new Set(crossingSlot ? crossingSlot.cells.map(([a, b]) => `${a},${b}`) : []);
  const numbers = new Map();
  for (const s of S.slots) numbers.set(`${s.cells[0][0]},${s.cells[0][1]}`, s.number);
  const deadKeys = new Set(S.analysis ? S.analysis.dead : []);
  const failedKeys = new Set([...S.failed, ...(provedDead(S) ? S.gridVerdict.responsible : [])]);
  const dead = new Set();
  const failed = new Set();
  for (const s of S.slots) {
    if (deadKeys.has(s.key)) s.cells.forEach(([a, b]) => dead.add(`${a},${b}`));
    if (failedKeys.has(s.key)) s.cells.forEach(([a, b]) => failed.add(`${a},${b}`));
  }
  const sel = selection();
  const fill = S.fills[S.fillIndex];
  const current = S.analysis && S.analysis.cellsKey === JSON.stringify(S.doc.cells);
  return {
    doc: S.doc, cursor: S.cursor, entry, crossing, numbers, dead, failed,
    circles: positions(S.doc.circles), shaded: positions(S.doc.shaded), locked: positions(S.doc.locked),
    theme: new Set(themeSlots().flatMap((slot) => slot.cells.map(([r, c]) => `${r},${c}`))),
    bars: barMap(S.doc),
    letters: S.analysis && (current || S.analysis.letters.length === height(S.doc)) ? S.analysis.letters : null,
    preview: fill ? fillLetters(fill) : null,
    heat: S.heat,
    rebus: S.rebus,
    selected: (r, c) => !!sel && r >= sel[0][0] && r <= sel[1][0] && c >= sel[0][1] && c <= sel[1][1],
  };
}

export function render() {
  const newShape = `${height(S.doc)}x${width(S.doc)}`;
  const hadFocus = ui.grid.contains(document.activeElement);
  if (newShape !== shape) {
    cellNodes = buildGrid(ui.grid, S.doc, onCell);
    shape = newShape;
  }
  if (S.analysis && S.analysis.letters.length !== height(S.doc)) S.analysis = null;
  ui.grid.dataset.direction = S.dir;
  paintGrid(cellNodes, viewModel());
  renderAll(S, ui);
  if (hadFocus) focusGrid();
}

