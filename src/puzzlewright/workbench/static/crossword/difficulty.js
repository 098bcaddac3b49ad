// The difficulty map: a toolbar toggle that colours each cell by how late a simulated
// solver writes its letter (when the first of its entries falls: the higher falls_at of
// the two, docs/difficulty.md), from none (the grid's typical entry) to red (the
// threshold the whole grid needs), rings the Naticks,
// and shows the level, the Naticks and the hardest entries in the Checks panel.
// Its own module: it only reads the editor's state and paints attributes that grid.js
// leaves alone (data-fall, title, a CSS variable), so the grid painter needs no change.

import { call } from "../api.js";
import { el } from "../dom.js";
import { S, listen, ui, wordsPayload } from "./editor.js";

const HARDEST = 8; // entries listed in the panel

let button = null;
let panel = null;
let result = null; // { key, difficulty, reason } for the grid it was asked about
let timer = 0;
let seq = 0;

export function wireDifficulty() {
  button = el("button", { type: "button", "aria-pressed": "false", text: "Difficulty map", title: "Colour cells by how late a solver gets them" });
  ui.heatButton.after(button);
  panel = el("section", { class: "difficulty", "aria-label": "Difficulty" });
  ui.tabPanels.checks.append(el("h3", { text: "Difficulty" }), panel);
  button.addEventListener("click", () => {
    const on = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) schedule(); else { result = null; paint(); }
  });
  listen("doc", () => { if (isOn()) schedule(); });
  listen("view", paint);
  paint();
}

const isOn = () => button && button.getAttribute("aria-pressed") === "true";
const cellsKey = () => JSON.stringify(S.doc.cells);

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(load, 300);
}

async function load() {
  const mine = ++seq;
  const key = cellsKey();
  panel.replaceChildren(el("p", { class: "muted", text: "Estimating…" }));
  try {
    const found = await call("/api/crossword/difficulty", { cells: S.doc.cells, bars: S.doc.bars, ...wordsPayload() });
    if (mine !== seq || !isOn()) return;
    result = { key, difficulty: found.difficulty, reason: found.reason || "" };
  } catch (err) {
    if (mine !== seq) return;
    result = { key, difficulty: null, reason: err.message };
  }
  paint();
}

// falls_at -> a background from pale yellow to red between the grid's typical entry
// (easy: no colour) and the threshold it needs (the deepest colour)
function colour(falls, estimate) {
  if (falls === null) return "hsl(0, 75%, 60%)";
  const easy = estimate.typical;
  const hard = Math.min(estimate.needed ?? 0, easy - 1);
  if (falls >= easy) return "";
  const t = Math.min(1, (easy - falls) / (easy - hard));
  return `hsl(${50 - 50 * t}, 90%, ${88 - 22 * t}%)`;
}

function cellMap(estimate) {
  const byKey = new Map(estimate.entries.map((e) => [e.key, e]));
  const cells = new Map(); // "r,c" -> the entry through the cell that falls first
  for (const slot of S.slots) {
    const entry = byKey.get(slot.key);
    if (!entry) continue;
    for (const [r, c] of slot.cells) {
      const pos = `${r},${c}`;
      const known = cells.get(pos);
      if (!known || (entry.falls_at ?? -1) > (known.falls_at ?? -1)) cells.set(pos, entry);
    }
  }
  return cells;
}

function paint() {
  if (!panel) return;
  const current = isOn() && result && result.key === cellsKey() && result.difficulty;
  const estimate = current ? result.difficulty : null;
  ui.grid.dataset.difficulty = estimate ? "on" : "off";
  const cells = estimate ? cellMap(estimate) : new Map();
  const naticks = new Set(estimate ? estimate.naticks.map((n) => `${n.row - 1},${n.col - 1}`) : []);
  for (const node of ui.grid.querySelectorAll(".cell")) {
    const pos = `${node.dataset.row},${node.dataset.col}`;
    const entry = cells.get(pos);
    const background = entry ? colour(entry.falls_at, estimate) : "";
    if (background) {
      node.dataset.fall = entry.falls_at === null ? "never" : String(entry.falls_at);
      node.style.setProperty("--difficulty", background);
    } else if ("fall" in node.dataset) {
      delete node.dataset.fall;
      node.style.removeProperty("--difficulty");
    }
    if (entry) node.title = `written when ${entry.key} ${entry.answer} falls (familiarity ${entry.familiarity}, falls at ${entry.falls_at ?? "never"})`;
    else node.removeAttribute("title");
    if (naticks.has(pos)) node.dataset.natick = "true"; else delete node.dataset.natick;
  }
  renderPanel(estimate);
}

function renderPanel(estimate) {
  if (!isOn()) { panel.replaceChildren(el("p", { class: "muted", text: "Turn on the Difficulty map to estimate how hard the filled grid is." })); return; }
  if (!result || result.key !== cellsKey()) return; // an estimate is on its way
  if (!estimate) { panel.replaceChildren(el("p", { class: "muted", text: result.reason })); return; }
  const needed = estimate.needed === null
    ? "some entry cannot be got even knowing every entry wordfreq has met"
    : `a solver must know entries down to familiarity ${estimate.needed}`;
  const hardest = [...estimate.entries]
    .sort((a, b) => (a.falls_at ?? -1) - (b.falls_at ?? -1) || a.key.localeCompare(b.key))
    .slice(0, HARDEST);
  panel.replaceChildren(
    el("p", { class: "difficulty-level", text: `${estimate.day}-like (level ${estimate.level.toFixed(1)})` }),
    el("p", { text: `${needed}; typical entry falls at ${estimate.typical}.` }),
    ...estimate.warnings.map((warning) => el("p", { class: "muted", text: warning })),
    el("div", { class: "difficulty-legend", "aria-hidden": "true" }, el("span", { text: `falls at ${Math.round(estimate.typical)}+` }), el("span", { class: "ramp" }), el("span", { text: `${estimate.needed ?? "never"}` })),
    el("h4", { text: estimate.naticks.length ? `Naticks (${estimate.naticks.length})` : "Naticks: none" }),
    el("ul", { class: "naticks", "aria-label": "Naticks" }, ...estimate.naticks.map((n) =>
      el("li", { text: `row ${n.row}, column ${n.col}: ${n.across} ${n.answers[0]} × ${n.down} ${n.answers[1]} (could be ${[...n.letters].join(", ")})` }))),
    el("h4", { text: "Hardest entries" }),
    el("ol", { class: "hardest", "aria-label": "Hardest entries" }, ...hardest.map((e) =>
      el("li", { text: `${e.key} ${e.answer}: familiarity ${e.familiarity ?? "-"}, falls at ${e.falls_at ?? "never"}${e.by_crossings ? " (from crossings)" : ""}` }))),
  );
}
