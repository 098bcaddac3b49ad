// The editor's state and every edit of the puzzle: the document, its undo history, the
// cursor and the entries, typing, blocks, bars, marks, rebus, locks and bans.
//
// The editor imports no other part of the page: it announces what changed, and main.js
// wires the listeners (drawing, analysis, candidates, autosave). The announcements:
//   doc    the puzzle changed (draw, analyse, autosave)
//   cursor the cursor or direction moved (draw, new candidates)
//   view   only what is shown changed (draw)
//   focus  the grid should take the keyboard focus

import { setStatus } from "../api.js";
import { History, barMap, barOrbit, blankDoc, height, isOpen, orbit, slotsOf, width } from "./model.js";
import { buildLayout } from "./layout.js";
import { reconcileClues } from "./clues.js";

export const S = {
  doc: blankDoc(15, 15),
  history: new History(),
  fileName: null, // the .ipuz the document saves to (null: a new document, not named yet)
  ownsFile: false, // fileName is the file this puzzle was opened from or saved to: Save replaces it
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
  chosen: null, // { key, word }: the candidate chosen with the arrow keys, kept across refreshes
  verdicts: new Map(),
  checkJob: null,
  stopChecks: null,
  fillJob: null,
  stopFill: null,
  fills: [],
  fillIndex: 0,
  fillCount: 5, // the fills the running Autofill ranks
  patternFill: null, // { cells, words, fill }: New...'s trial fill of the pattern it made
  fillTaken: false, // its first fill accepted: the ranked result is no longer wanted
  failed: [],
  words: { sources: null, min_score: null },
  fillOptions: { quality: null, max_shared_substring: null }, // Autofill's mode and shared-run limit
  wordlists: [],
  filter: "",
  regex: false,
};

export const ui = buildLayout(document.getElementById("room"));

// -- announcements -------------------------------------------------------------------------
const listeners = { doc: [], cursor: [], view: [], focus: [] };

// Call `listener` whenever `kind` (doc, cursor, view, focus) is announced.
export function listen(kind, listener) {
  listeners[kind].push(listener);
}

export function announce(kind) {
  for (const listener of listeners[kind]) listener();
}

export const requestFocus = () => announce("focus");

// -- document changes ----------------------------------------------------------------------
const snapshot = () => JSON.stringify(S.doc);

export function edit(change, tag = null) {
  const before = snapshot();
  change(S.doc);
  reconcileClues(S.doc);  // clues follow their answers (set aside, brought back): one undo step
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

export function changed() {
  S.slots = slotsOf(S.doc);
  clampCursor();
  announce("doc");
}

function clampCursor() {
  S.cursor.r = Math.min(S.cursor.r, height(S.doc) - 1);
  S.cursor.c = Math.min(S.cursor.c, width(S.doc) - 1);
}

// Replace the puzzle. New and Open are undoable (Ctrl-Z brings the previous puzzle back);
// a restored session starts a fresh history.
export function loadDoc(doc, fileName = null, undoable = true) {
  if (undoable) S.history.record(snapshot());
  else S.history = new History();
  S.doc = doc;
  reconcileClues(S.doc); // a file's clues belong to the answers they sit on
  S.fileName = fileName;
  S.ownsFile = false;
  S.cursor = { r: 0, c: 0 };
  S.anchor = null;
  S.fills = [];
  S.failed = [];
  S.analysis = null;
  S.verdicts.clear();
  changed();
  const first = S.slots[0];
  if (first) S.cursor = { r: first.cells[0][0], c: first.cells[0][1] };
  announce("view");
  announce("focus");
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
  announce("cursor");
}

function step(delta) {
  const slot = slotAt(S.cursor.r, S.cursor.c, S.dir);
  if (!slot) return;
  const i = slot.cells.findIndex(([a, b]) => a === S.cursor.r && b === S.cursor.c);
  const next = slot.cells[i + delta];
  if (next) moveTo(next[0], next[1]);
}

// Move to the next (delta 1) or previous (-1) entry, across then down; false when there is
// none that way (the last entry, the first), so that Tab can leave the grid.
export function jumpEntry(delta) {
  if (!S.slots.length) return false;
  const ordered = [...S.slots.filter((s) => s.direction === "across"), ...S.slots.filter((s) => s.direction === "down")];
  const slot = currentSlot();
  const i = (slot ? ordered.indexOf(slot) : -1) + delta;
  if (i < 0 || i >= ordered.length) return false;
  const target = ordered[i];
  S.dir = target.direction;
  const empty = target.cells.find(([a, b]) => !S.doc.cells[a][b]) || target.cells[0];
  moveTo(empty[0], empty[1]);
  return true;
}

// The selected rectangle [[r1, c1], [r2, c2]] (Shift-click, Shift-arrows), or null.
export function selection() {
  if (!S.anchor) return null;
  return [[Math.min(S.anchor.r, S.cursor.r), Math.min(S.anchor.c, S.cursor.c)],
    [Math.max(S.anchor.r, S.cursor.r), Math.max(S.anchor.c, S.cursor.c)]];
}

// The word list of the requests (sources, encoding, minimum score) and the banned words.
export function wordsPayload() {
  const payload = { banned: S.doc.banned, theme: themeSlots().map((slot) => slot.key) };
  if (S.words.sources) payload.words = S.words.sources;
  if (S.words.encoding) payload.encoding = S.words.encoding;
  if (S.words.min_score !== null && S.words.min_score !== undefined) payload.min_score = S.words.min_score;
  return payload;
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

export function toggleBar(side) {
  const { r, c } = S.cursor;
  const images = barOrbit(S.doc, r, c, side, S.symmetry);
  if (!images.length || images[0][0] !== r || images[0][1] !== c) return; // on the grid's edge
  const on = ((barMap(S.doc).get(`${r},${c}`) || 0) & side) === 0;
  edit((doc) => {
    const bars = barMap(doc);
    for (const [a, b, s] of images) {
      const k = `${a},${b}`;
      bars.set(k, on ? (bars.get(k) || 0) | s : (bars.get(k) || 0) & ~s);
    }
    doc.bars = [...bars].filter(([, s]) => s).map(([k, s]) => [...k.split(",").map(Number), s]);
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
  announce("view");
}

export function commitRebus() {
  const value = S.rebus;
  S.rebus = null;
  const { r, c } = S.cursor;
  edit((doc) => { doc.cells[r][c] = value || ""; });
  announce("view");
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

// Theme entries: kept as written (locked for Refill, no candidates or fill checks spent on
// them, exempt from the word-list checks). Stored by where they start, so they survive
// renumbering: doc.theme = ["r,c,across", ...].
const startOf = (slot) => `${slot.cells[0][0]},${slot.cells[0][1]},${slot.direction}`;

export function themeSlots() {
  const marked = new Set(S.doc.theme || []);
  return S.slots.filter((slot) => marked.has(startOf(slot)));
}

export const isTheme = (slot) => Boolean(slot) && (S.doc.theme || []).includes(startOf(slot));

export function toggleTheme() {
  const slot = currentSlot();
  if (!slot) return;
  const on = !isTheme(slot);
  edit((doc) => {
    const rest = (doc.theme || []).filter((at) => at !== startOf(slot));
    doc.theme = on ? [...rest, startOf(slot)] : rest;
  });
  setStatus(on ? `${slot.key} is a theme entry: kept by Refill, exempt from the list checks` : `${slot.key} is no longer a theme entry`);
}

export function banWord(word) {
  if (!word || S.doc.banned.includes(word)) return;
  edit((doc) => { doc.banned = [...doc.banned, word]; });
  setStatus(`${word} banned: never suggested or filled`);
}

