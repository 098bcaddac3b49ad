// Autosave in the browser, files in the served folder, and the editor's settings.

import { call, setStatus } from "../api.js";
import { readSaved, writeSaved } from "../dom.js";
import { S, announce, loadDoc, wordsPayload } from "./editor.js";
import { blankDoc, docFromPuzzle, isGrid, slotsOf, symmetryOf, wire, wordOf } from "./model.js";

export const STORE = "puzzlewright.crossword.v1";

// -- autosave, files -----------------------------------------------------------------------
let saveTimer = 0;
export function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(autosave, 200);
}
export function autosave() {
  const kept = writeSaved(STORE, { doc: S.doc, fileName: S.fileName, ownsFile: S.ownsFile, symmetry: S.symmetry, words: S.words, fillOptions: S.fillOptions });
  if (!kept) setStatus("autosave failed: the browser's storage is full");
}

// Bring back the session autosave kept; false when there is none (or it is unreadable).
export function restoreSession() {
  const saved = readSaved(STORE, null);
  if (!saved || !saved.doc || !isGrid(saved.doc.cells)) return false;
  let doc;
  try {
    doc = docFromPuzzle(saved.doc);
  } catch (err) {
    return false; // written by another version, or damaged: start afresh
  }
  S.symmetry = typeof saved.symmetry === "string" ? saved.symmetry : "rotational";
  if (saved.words && typeof saved.words === "object") S.words = saved.words;
  S.fillOptions = fillOptionsOf(saved.fillOptions);
  loadDoc(doc, typeof saved.fileName === "string" ? saved.fileName : null, false);
  S.ownsFile = saved.ownsFile === true;
  return true;
}
window.addEventListener("pagehide", () => {
  autosave();
  // the page is going: its background work is of no use to anyone
  for (const id of [S.fillJob, S.checkJob]) if (id) navigator.sendBeacon(`/api/jobs/${encodeURIComponent(id)}/cancel`);
});

// A new puzzle: blank, or a generated pattern; with `theme` (ROW,COL,A|D,ANSWER lines or a
// line of lengths) a pattern built around those entries that the word list can fill, the
// answers in place and marked as theme entries.
export async function newPuzzle(w, h, start, symmetry, undoable = true, theme = "") {
  S.symmetry = symmetry;
  if (start === "pattern" || theme.trim()) {
    // the pattern is one the request's word list fills (checked on the server)
    const body = { width: w, height: h, symmetry, ...wordsPayload(), ...(theme.trim() ? { keep: theme } : {}) };
    const result = await call("/api/crossword/pattern", body);
    const doc = blankDoc(w, h);
    doc.cells = result.cells.map((row) => row.map((cell) => (cell === null ? null : cell || "")));
    doc.theme = slotsOf(doc).filter((slot) => !wordOf(doc, slot).includes("?"))
      .map((slot) => `${slot.cells[0][0]},${slot.cells[0][1]},${slot.direction}`);
    loadDoc(doc, null, undoable);
    // the fill the server's check found: Autofill on this grid, unchanged, shows it at once
    S.patternFill = result.fill ? { cells: JSON.stringify(doc.cells), words: JSON.stringify(wordsPayload()), fill: result.fill } : null;
  } else {
    loadDoc(blankDoc(w, h), null, undoable);
  }
  setStatus(`new ${w}x${h} puzzle`);
}

export async function openFile(path) {
  const result = await call("/api/open", { path });
  const doc = docFromPuzzle(result.puzzle);
  S.symmetry = symmetryOf(doc); // a grid without symmetry (a diagramless, say) edits with none
  loadDoc(doc, path.replace(/\.(puz|jpz|xd|txt)$/i, ".ipuz"));
  S.ownsFile = /\.ipuz$/i.test(path); // a .puz opened is saved as a new .ipuz beside it
  const kind = doc.kind === "diagramless" ? " (diagramless)" : "";
  setStatus(`opened ${path}${kind}${result.warnings.length ? ": " + result.warnings.join("; ") : ""}`);
}

// Save to `path`: a file this document opened or created is replaced; any other existing
// file only when `replace` (the person said so after the server's 409).
export async function saveFile(path, replace = false) {
  const overwrite = replace || (S.ownsFile && path === S.fileName);
  const result = await call("/api/save", { path, puzzle: wire(S.doc), overwrite });
  if (/\.ipuz$/i.test(path)) { S.fileName = result.saved; S.ownsFile = true; }
  autosave();
  setStatus(`saved ${result.saved}${result.warnings.length ? " (" + result.warnings.join("; ") + ")" : ""}`);
  return result;
}

// A name for a new document's first Save: from its title, not taken in the folder.
export async function freeName() {
  const taken = new Set((await call("/api/files")).files);
  const base = (S.doc.title || "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "puzzle";
  let name = `${base}.ipuz`;
  for (let i = 2; taken.has(name); i++) name = `${base}-${i}.ipuz`;
  return name;
}

export async function exportFile(path, format, key, overwrite = false) {
  const result = await call("/api/export", { path, format, key, overwrite, puzzle: wire(S.doc) });
  const warnings = result.warnings || [];
  setStatus(`exported ${result.saved}${warnings.length ? ": " + warnings.join("; ") : ""}`, warnings.length ? "warn" : "");
}

export function setWords(sources, minScore, encoding) {
  S.words = { sources, min_score: minScore, encoding };
  S.verdicts.clear();
  announce("doc"); // analyse on the new list (and autosave the choice)
}

export function setFilter(text, regex) {
  S.filter = text;
  S.regex = regex;
  announce("cursor"); // the current entry's candidates again
}

export function setSymmetry(value) { S.symmetry = value; scheduleSave(); }

// Autofill's options as the fill request takes them (`quality`: true, false or null for
// the engine's choice; `max_shared_substring`: 1-25 or null), from anything saved.
export function fillOptionsOf(saved) {
  const given = saved && typeof saved === "object" ? saved : {};
  const quality = given.quality === true || given.quality === false ? given.quality : null;
  const run = Number.isInteger(given.max_shared_substring) && given.max_shared_substring >= 1 && given.max_shared_substring <= 25
    ? given.max_shared_substring : null;
  return { quality, max_shared_substring: run };
}

// Set Autofill's options (kept for the session by the autosave).
export function setFillOptions(options) { S.fillOptions = fillOptionsOf(options); scheduleSave(); }
export function setHeat(on) { S.heat = on; announce("view"); }

