// The crossword room: wires the model, the grid, the panels and the API together.

import { call, cancelJob, follow, setStatus } from "../api.js";
import {
  History, SYMMETRIES, blankDoc, docFromPuzzle, height, isOpen, orbit, slotsOf, width, wire, wordOf,
} from "./model.js";
import { buildGrid, paintGrid } from "./grid.js";
import { buildLayout } from "./layout.js";
import * as panels from "./panels.js";

const STORE = "puzzlewright.crossword.v1";
const CHECKS = 12; // candidates sent for fill checks, best first

export const S = {
  doc: blankDoc(15, 15),
  history: new History(),
  fileName: "puzzle.ipuz",
  cursor: { r: 0, c: 0 },
  dir: "across",
  anchor: null,
  rebus: null,
  symmetry: "rotational",
  heat: true,
  slots: [],
  analysis: null,
  candidates: null,
  candidateIndex: 0,
  verdicts: new Map(),
  checkJob: null,
  stopChecks: null,
  fillJob: null,
  stopFill: null,
  fills: [],
  fillIndex: 0,
  failed: [],
  words: { sources: null, min_score: null },
  wordlists: [],
  filter: "",
  regex: false,
};

const ui = buildLayout(document.getElementById("room"));
let cellNodes = [];
let shape = "";

// -- document changes ----------------------------------------------------------------------
const snapshot = () => JSON.stringify(S.doc);

export function edit(change, tag = null) {
  const before = snapshot();
  change(S.doc);
  if (snapshot() === before) return;
  S.history.record(before, tag);
  changed();
}

function restore(text) {
  if (text === null) return;
  S.doc = JSON.parse(text);
  changed();
}

export function undo() { restore(S.history.undo(snapshot())); }
export function redo() { restore(S.history.redo(snapshot())); }

function changed() {
  S.slots = slotsOf(S.doc);
  clampCursor();
  render();
  scheduleAnalysis();
  scheduleSave();
}

function clampCursor() {
  S.cursor.r = Math.min(S.cursor.r, height(S.doc) - 1);
  S.cursor.c = Math.min(S.cursor.c, width(S.doc) - 1);
}

export function loadDoc(doc, fileName = null) {
  S.doc = doc;
  S.history = new History();
  if (fileName) S.fileName = fileName;
  S.cursor = { r: 0, c: 0 };
  S.anchor = null;
  S.fills = [];
  S.failed = [];
  S.analysis = null;
  S.verdicts.clear();
  changed();
  const first = S.slots[0];
  if (first) S.cursor = { r: first.cells[0][0], c: first.cells[0][1] };
  render();
  focusGrid();
}

// -- entries and cursor --------------------------------------------------------------------
export function slotAt(r, c, dir) {
  return S.slots.find((s) => s.direction === dir && s.cells.some(([a, b]) => a === r && b === c)) || null;
}

export function currentSlot() {
  const { r, c } = S.cursor;
  return slotAt(r, c, S.dir) || slotAt(r, c, S.dir === "across" ? "down" : "across");
}

export function moveTo(r, c) {
  if (r < 0 || c < 0 || r >= height(S.doc) || c >= width(S.doc)) return;
  S.cursor = { r, c };
  S.rebus = null;
  render();
  scheduleCandidates();
}

function step(delta) {
  const slot = slotAt(S.cursor.r, S.cursor.c, S.dir);
  if (!slot) return;
  const i = slot.cells.findIndex(([a, b]) => a === S.cursor.r && b === S.cursor.c);
  const next = slot.cells[i + delta];
  if (next) moveTo(next[0], next[1]);
}

export function jumpEntry(delta) {
  if (!S.slots.length) return;
  const ordered = [...S.slots.filter((s) => s.direction === "across"), ...S.slots.filter((s) => s.direction === "down")];
  const slot = currentSlot();
  let i = slot ? ordered.indexOf(slot) : -1;
  i = (i + delta + ordered.length) % ordered.length;
  const target = ordered[i];
  S.dir = target.direction;
  const empty = target.cells.find(([a, b]) => !S.doc.cells[a][b]) || target.cells[0];
  moveTo(empty[0], empty[1]);
}

export function selectEntry(key) {
  const slot = S.slots.find((s) => s.key === key);
  if (!slot) return;
  S.dir = slot.direction;
  moveTo(slot.cells[0][0], slot.cells[0][1]);
}

// -- editing operations --------------------------------------------------------------------
export function typeLetter(letter) {
  const { r, c } = S.cursor;
  if (!isOpen(S.doc, r, c)) {
    edit((doc) => { for (const [a, b] of orbit(doc, r, c, S.symmetry)) if (doc.cells[a][b] === null) doc.cells[a][b] = ""; doc.cells[r][c] = letter; });
  } else {
    edit((doc) => { doc.cells[r][c] = letter; });
  }
  step(1);
}

export function clearCell(back) {
  const { r, c } = S.cursor;
  if (isOpen(S.doc, r, c)) edit((doc) => { doc.cells[r][c] = ""; });
  if (back) step(-1);
}

export function toggleBlock() {
  const { r, c } = S.cursor;
  const makeBlock = isOpen(S.doc, r, c);
  const cells = orbit(S.doc, r, c, S.symmetry);
  edit((doc) => {
    for (const [a, b] of cells) doc.cells[a][b] = makeBlock ? null : "";
    if (makeBlock) {
      const gone = new Set(cells.map(([a, b]) => `${a},${b}`));
      doc.circles = doc.circles.filter(([a, b]) => !gone.has(`${a},${b}`));
      doc.shaded = doc.shaded.filter(([a, b]) => !gone.has(`${a},${b}`));
      doc.locked = doc.locked.filter(([a, b]) => !gone.has(`${a},${b}`));
    }
  });
}

function toggleMark(field) {
  const { r, c } = S.cursor;
  if (!isOpen(S.doc, r, c)) return;
  edit((doc) => {
    const has = doc[field].some(([a, b]) => a === r && b === c);
    doc[field] = has ? doc[field].filter(([a, b]) => !(a === r && b === c)) : [...doc[field], [r, c]];
  });
}
export const toggleCircle = () => toggleMark("circles");
export const toggleShade = () => toggleMark("shaded");

export function startRebus() {
  const { r, c } = S.cursor;
  if (!isOpen(S.doc, r, c)) return;
  S.rebus = S.doc.cells[r][c] || "";
  render();
}

function commitRebus() {
  const value = S.rebus;
  S.rebus = null;
  const { r, c } = S.cursor;
  edit((doc) => { doc.cells[r][c] = value || ""; });
  render();
}

export function placeWord(word) {
  const slot = currentSlot();
  if (!slot || word.length !== slot.length) return;
  edit((doc) => slot.cells.forEach(([a, b], i) => { doc.cells[a][b] = word[i]; }));
  setStatus(`${slot.key} ${word}`);
}

export function toggleLock() {
  const slot = currentSlot();
  if (!slot) return;
  const key = (p) => `${p[0]},${p[1]}`;
  const locked = new Set(S.doc.locked.map(key));
  const all = slot.cells.every((p) => locked.has(key(p)));
  edit((doc) => {
    if (all) {
      const drop = new Set(slot.cells.map(key));
      doc.locked = doc.locked.filter((p) => !drop.has(key(p)));
    } else {
      doc.locked = [...doc.locked, ...slot.cells.filter((p) => !locked.has(key(p)))];
    }
  });
  setStatus(all ? `${slot.key} unlocked` : `${slot.key} locked`);
}

export function banWord(word) {
  if (!word || S.doc.banned.includes(word)) return;
  edit((doc) => { doc.banned = [...doc.banned, word]; });
  setStatus(`${word} banned: never suggested or filled`);
}

// -- keyboard --------------------------------------------------------------------------------
const ARROWS = { ArrowLeft: [0, -1, "across"], ArrowRight: [0, 1, "across"], ArrowUp: [-1, 0, "down"], ArrowDown: [1, 0, "down"] };

function onKey(event) {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key;
  if (mod && (key === "z" || key === "Z")) { event.preventDefault(); event.shiftKey ? redo() : undo(); return; }
  if (mod && (key === "y" || key === "Y")) { event.preventDefault(); redo(); return; }
  if (mod || event.altKey) {
    if (event.altKey && key.toLowerCase() === "c") { event.preventDefault(); toggleCircle(); }
    if (event.altKey && key.toLowerCase() === "s") { event.preventDefault(); toggleShade(); }
    if (event.altKey && key.toLowerCase() === "l") { event.preventDefault(); toggleLock(); }
    return;
  }
  if (S.rebus !== null) {
    event.preventDefault();
    if (/^[a-zA-Z]$/.test(key) && S.rebus.length < 8) { S.rebus += key.toUpperCase(); render(); }
    else if (key === "Backspace") { S.rebus = S.rebus.slice(0, -1); render(); }
    else if (key === "Enter" || key === "Escape" || key === "Tab") commitRebus();
    return;
  }
  if (/^[a-zA-Z]$/.test(key)) { event.preventDefault(); typeLetter(key.toUpperCase()); return; }
  if (key in ARROWS) {
    event.preventDefault();
    const [dr, dc, dir] = ARROWS[key];
    if (event.shiftKey) {
      S.anchor = S.anchor || { ...S.cursor };
      S.cursor = { r: clamp(S.cursor.r + dr, height(S.doc)), c: clamp(S.cursor.c + dc, width(S.doc)) };
      render();
      return;
    }
    S.anchor = null;
    if (S.dir !== dir) { S.dir = dir; render(); scheduleCandidates(); return; }
    moveTo(S.cursor.r + dr, S.cursor.c + dc);
    return;
  }
  switch (key) {
    case " ":
    case "Enter":
      event.preventDefault();
      S.dir = S.dir === "across" ? "down" : "across";
      render();
      scheduleCandidates();
      break;
    case "Tab":
      event.preventDefault();
      jumpEntry(event.shiftKey ? -1 : 1);
      break;
    case "Backspace":
      event.preventDefault();
      clearCell(true);
      break;
    case "Delete":
      event.preventDefault();
      clearCell(false);
      break;
    case ".":
      event.preventDefault();
      toggleBlock();
      break;
    case "Escape":
      event.preventDefault();
      startRebus();
      break;
    default:
  }
}

const clamp = (x, n) => Math.max(0, Math.min(n - 1, x));

function onCell(r, c, event) {
  if (event.shiftKey) {
    S.anchor = S.anchor || { ...S.cursor };
    S.cursor = { r, c };
    render();
    focusGrid();
    return;
  }
  S.anchor = null;
  if (r === S.cursor.r && c === S.cursor.c) S.dir = S.dir === "across" ? "down" : "across";
  moveTo(r, c);
  focusGrid();
}

export function focusGrid() {
  const node = cellNodes[S.cursor.r] && cellNodes[S.cursor.r][S.cursor.c];
  if (node) node.focus({ preventScroll: true });
}

// -- rendering -----------------------------------------------------------------------------
function positions(list) {
  return new Set(list.map(([a, b]) => `${a},${b}`));
}

export function selection() {
  if (!S.anchor) return null;
  return [[Math.min(S.anchor.r, S.cursor.r), Math.min(S.anchor.c, S.cursor.c)],
    [Math.max(S.anchor.r, S.cursor.r), Math.max(S.anchor.c, S.cursor.c)]];
}

function viewModel() {
  const slot = currentSlot();
  const entry = new Set(slot ? slot.cells.map(([a, b]) => `${a},${b}`) : []);
  const crossingSlot = slot ? slotAt(S.cursor.r, S.cursor.c, slot.direction === "across" ? "down" : "across") : null;
  const crossing = new Set(crossingSlot ? crossingSlot.cells.map(([a, b]) => `${a},${b}`) : []);
  const numbers = new Map();
  for (const s of S.slots) numbers.set(`${s.cells[0][0]},${s.cells[0][1]}`, s.number);
  const deadKeys = new Set(S.analysis ? S.analysis.dead : []);
  const failedKeys = new Set(S.failed);
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
    letters: S.analysis && (current || S.analysis.letters.length === height(S.doc)) ? S.analysis.letters : null,
    preview: fill ? fill.cells : null,
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
  panels.renderAll(S, ui);
  if (hadFocus) focusGrid();
}

// -- analysis, candidates and fill checks -----------------------------------------------
let analysisTimer = 0;
let analysisSeq = 0;

function wordsPayload() {
  const payload = { banned: S.doc.banned };
  if (S.words.sources) payload.words = S.words.sources;
  if (S.words.encoding) payload.encoding = S.words.encoding;
  if (S.words.min_score !== null && S.words.min_score !== undefined) payload.min_score = S.words.min_score;
  return payload;
}

export function scheduleAnalysis() {
  clearTimeout(analysisTimer);
  analysisTimer = setTimeout(analyse, 15);
}

async function analyse() {
  const seq = ++analysisSeq;
  const cells = JSON.parse(JSON.stringify(S.doc.cells));
  if (!S.slots.length) { S.analysis = null; render(); return; }
  try {
    const result = await call("/api/crossword/analyse", { cells, ...wordsPayload() });
    if (seq !== analysisSeq) return;
    result.cellsKey = JSON.stringify(cells);
    S.analysis = result;
    if (result.status !== "dead") S.failed = S.failed.filter(() => false);
    render();
    scheduleCandidates();
  } catch (err) {
    if (seq !== analysisSeq) return;
    S.analysis = null;
    panels.banner(ui, err.message, "error");
    render();
  }
}

let candidateTimer = 0;
let candidateSeq = 0;
export function scheduleCandidates() {
  clearTimeout(candidateTimer);
  candidateTimer = setTimeout(loadCandidates, 20);
}

export async function loadCandidates() {
  const slot = currentSlot();
  const seq = ++candidateSeq;
  if (!slot) { S.candidates = null; panels.renderCandidates(S, ui); return; }
  const cells = JSON.parse(JSON.stringify(S.doc.cells));
  try {
    const result = await call("/api/crossword/candidates", {
      cells, entry: slot.key, filter: S.filter, regex: S.regex, limit: 150, ...wordsPayload(),
    });
    if (seq !== candidateSeq) return;
    result.cellsKey = JSON.stringify(cells);
    S.candidates = result;
    S.candidateIndex = 0;
    panels.renderCandidates(S, ui);
    startChecks(result, cells);
  } catch (err) {
    if (seq !== candidateSeq) return;
    S.candidates = { key: slot.key, pattern: wordOf(S.doc, slot), words: [], total: 0, matching: 0, error: err.message };
    panels.renderCandidates(S, ui);
  }
}

export const verdictKey = (cellsKey, key, word) => `${cellsKey}|${key}|${word}`;

function dropPending() {
  for (const [k, v] of S.verdicts) if (v === "checking") S.verdicts.delete(k);
}

async function startChecks(list, cells) {
  if (S.stopChecks) S.stopChecks();
  S.stopChecks = null;
  if (S.checkJob) cancelJob(S.checkJob);
  S.checkJob = null;
  dropPending();
  const cellsKey = JSON.stringify(cells);
  const todo = list.words.map((w) => w.word).filter((w) => !S.verdicts.has(verdictKey(cellsKey, list.key, w))).slice(0, CHECKS);
  if (!todo.length || list.pattern.indexOf("?") < 0) return;
  for (const word of todo) S.verdicts.set(verdictKey(cellsKey, list.key, word), "checking");
  panels.renderCandidates(S, ui);
  try {
    const job = await call("/api/crossword/check", {
      cells, entry: list.key, candidates: todo, budget: 1.5, timeout: 30, ...wordsPayload(),
    });
    S.checkJob = job.id;
    S.stopChecks = follow(job.id, (event) => {
      if (event.type === "verdict") {
        S.verdicts.set(verdictKey(cellsKey, list.key, event.word), event.verdict);
        panels.renderCandidates(S, ui);
      } else if (event.type === "end") {
        if (S.checkJob !== job.id) return;
        dropPending();
        S.checkJob = null;
        panels.renderCandidates(S, ui);
      }
    });
  } catch (err) {
    for (const word of todo) S.verdicts.delete(verdictKey(cellsKey, list.key, word));
    if (err.status !== 429) setStatus(`fill checks: ${err.message}`);
  }
}

// -- autofill ------------------------------------------------------------------------------
export async function autofill(refill = false) {
  if (S.fillJob) return;
  if (refill) {
    const keep = positions(S.doc.locked);
    edit((doc) => doc.cells.forEach((row, r) => row.forEach((cell, c) => {
      if (cell && !keep.has(`${r},${c}`)) row[c] = "";
    })));
  }
  const scope = ui.scope.value;
  let region = null;
  if (scope === "selection" && selection()) region = { rect: selection() };
  if (scope === "entry" && currentSlot()) region = { entries: [currentSlot().key] };
  const count = Math.max(1, Math.min(20, Number(ui.fillCount.value) || 5));
  S.fills = [];
  S.failed = [];
  const seed = Math.floor(Math.random() * 1e6);
  try {
    const job = await call("/api/crossword/fill", {
      cells: S.doc.cells, count, region, seed, timeout: 120, ...wordsPayload(),
    });
    S.fillJob = job.id;
    panels.fillRunning(ui, true, "Autofill running…");
    render();
    S.stopFill = follow(job.id, onFillEvent);
  } catch (err) {
    panels.banner(ui, `Autofill: ${err.message}`, "error");
  }
}

function onFillEvent(event) {
  if (event.type === "progress") {
    panels.fillRunning(ui, true, `Autofill: ${event.filled} of ${event.total} entries (best ${event.best}), ${event.backtracks} backtracks, ${event.elapsed}s`);
  } else if (event.type === "result") {
    S.fills = event.fills;
    S.fillIndex = 0;
    if (!event.fills.length) {
      S.failed = event.failed.map((f) => f.key);
      const names = event.failed.map((f) => `${f.key} ${f.pattern}`).join(", ");
      const why = event.status === "unfillable"
        ? `No fill exists (exhaustive search). Entries that failed most: ${names || "none"}`
        : `No fill found before the search stopped (${event.stopped_by || event.status}). Hardest entries: ${names || "none"}`;
      panels.banner(ui, why, "error");
    } else {
      panels.banner(ui, "", "");
      setStatus(`${event.fills.length} fill${event.fills.length > 1 ? "s" : ""} in ${event.seconds}s`);
    }
    render();
  } else if (event.type === "end") {
    S.fillJob = null;
    S.stopFill = null;
    panels.fillRunning(ui, false, event.status === "error" ? `Autofill failed: ${event.error}` : event.status === "cancelled" ? "Autofill cancelled" : "");
    render();
  }
}

export async function cancelFill() {
  if (S.fillJob) await cancelJob(S.fillJob);
}

export function showFill(delta) {
  if (!S.fills.length) return;
  S.fillIndex = (S.fillIndex + delta + S.fills.length) % S.fills.length;
  render();
}

export function acceptFill() {
  const fill = S.fills[S.fillIndex];
  if (!fill) return;
  edit((doc) => fill.cells.forEach((row, r) => row.forEach((cell, c) => {
    if (doc.cells[r][c] === "" && cell) doc.cells[r][c] = cell;
  })));
  S.fills = [];
  render();
  setStatus("fill accepted");
}

export function acceptEntry() {
  const fill = S.fills[S.fillIndex];
  const slot = currentSlot();
  if (!fill || !slot) return;
  edit((doc) => slot.cells.forEach(([a, b]) => { if (!doc.cells[a][b] && fill.cells[a][b]) doc.cells[a][b] = fill.cells[a][b]; }));
  setStatus(`${slot.key} taken from fill ${S.fillIndex + 1}`);
}

export function closeFills() {
  S.fills = [];
  render();
}

// -- autosave, files -----------------------------------------------------------------------
let saveTimer = 0;
function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(autosave, 200);
}
function autosave() {
  try {
    localStorage.setItem(STORE, JSON.stringify({ doc: S.doc, fileName: S.fileName, symmetry: S.symmetry, words: S.words }));
  } catch (err) {
    setStatus("autosave failed: the browser's storage is full");
  }
}
window.addEventListener("pagehide", autosave);

export async function newPuzzle(w, h, start, symmetry) {
  S.symmetry = symmetry;
  if (start === "pattern") {
    const result = await call("/api/crossword/pattern", { width: w, height: h, symmetry });
    const doc = blankDoc(w, h);
    doc.cells = result.cells.map((row) => row.map((cell) => (cell === null ? null : "")));
    loadDoc(doc, "puzzle.ipuz");
  } else {
    loadDoc(blankDoc(w, h), "puzzle.ipuz");
  }
  setStatus(`new ${w}x${h} puzzle`);
}

export async function openFile(path) {
  const result = await call("/api/open", { path });
  loadDoc(docFromPuzzle(result.puzzle), path.replace(/\.(puz|xd|txt)$/i, ".ipuz"));
  setStatus(`opened ${path}${result.warnings.length ? ": " + result.warnings.join("; ") : ""}`);
}

export async function saveFile(path, overwrite) {
  const result = await call("/api/save", { path, puzzle: wire(S.doc), overwrite });
  if (/\.ipuz$/i.test(path)) S.fileName = path;
  autosave();
  setStatus(`saved ${result.saved}${result.warnings.length ? " (" + result.warnings.join("; ") + ")" : ""}`);
  return result;
}

export async function exportFile(path, format, key) {
  const result = await call("/api/export", { path, format, key, puzzle: wire(S.doc) });
  setStatus(`exported ${result.saved}`);
}

export function setWords(sources, minScore, encoding) {
  S.words = { sources, min_score: minScore, encoding };
  S.verdicts.clear();
  scheduleSave();
  scheduleAnalysis();
}

export function setFilter(text, regex) {
  S.filter = text;
  S.regex = regex;
  scheduleCandidates();
}

export function setSymmetry(value) { S.symmetry = value; scheduleSave(); }
export function setHeat(on) { S.heat = on; render(); }

// -- start -----------------------------------------------------------------------------
async function start() {
  ui.grid.addEventListener("keydown", onKey);
  panels.wire(ui, { S, SYMMETRIES });
  try {
    const info = await call("/api/files");
    S.wordlists = info.wordlists;
    if (S.words.min_score === null && info.min_score !== null) S.words.min_score = info.min_score;
  } catch (err) {
    panels.banner(ui, err.message, "error");
  }
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(STORE) || "null"); } catch (err) { saved = null; }
  if (saved && saved.doc && Array.isArray(saved.doc.cells)) {
    S.symmetry = saved.symmetry || "rotational";
    S.words = saved.words || S.words;
    loadDoc(docFromPuzzle(saved.doc), saved.fileName || "puzzle.ipuz");
    setStatus("restored your last session");
  } else {
    try {
      await newPuzzle(15, 15, "pattern", "rotational");
    } catch (err) {
      loadDoc(blankDoc(15, 15));
    }
  }
  panels.syncControls(S, ui);
  document.body.dataset.ready = "true";
}

start();
