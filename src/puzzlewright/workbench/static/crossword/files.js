// Autosave in the browser, files in the served folder, and the editor's settings.

import { call, setStatus } from "../api.js";
import { readSaved, writeSaved } from "../dom.js";
import { S, announce, loadDoc } from "./editor.js";
import { blankDoc, docFromPuzzle, isGrid, wire } from "./model.js";

export const STORE = "puzzlewright.crossword.v1";

// -- autosave, files -----------------------------------------------------------------------
let saveTimer = 0;
export function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(autosave, 200);
}
export function autosave() {
  const kept = writeSaved(STORE, { doc: S.doc, fileName: S.fileName, ownsFile: S.ownsFile, symmetry: S.symmetry, words: S.words });
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
  loadDoc(doc, typeof saved.fileName === "string" ? saved.fileName : "puzzle.ipuz", false);
  S.ownsFile = saved.ownsFile === true;
  return true;
}
window.addEventListener("pagehide", () => {
  autosave();
  // the page is going: its background work is of no use to anyone
  for (const id of [S.fillJob, S.checkJob]) if (id) navigator.sendBeacon(`/api/jobs/${encodeURIComponent(id)}/cancel`);
});

export async function newPuzzle(w, h, start, symmetry, undoable = true) {
  S.symmetry = symmetry;
  if (start === "pattern") {
    const result = await call("/api/crossword/pattern", { width: w, height: h, symmetry });
    const doc = blankDoc(w, h);
    doc.cells = result.cells.map((row) => row.map((cell) => (cell === null ? null : "")));
    loadDoc(doc, "puzzle.ipuz", undoable);
  } else {
    loadDoc(blankDoc(w, h), "puzzle.ipuz", undoable);
  }
  setStatus(`new ${w}x${h} puzzle`);
}

export async function openFile(path) {
  const result = await call("/api/open", { path });
  loadDoc(docFromPuzzle(result.puzzle), path.replace(/\.(puz|xd|txt)$/i, ".ipuz"));
  S.ownsFile = /\.ipuz$/i.test(path); // a .puz opened is saved as a new .ipuz beside it
  setStatus(`opened ${path}${result.warnings.length ? ": " + result.warnings.join("; ") : ""}`);
}

export async function saveFile(path, overwrite) {
  const result = await call("/api/save", { path, puzzle: wire(S.doc), overwrite });
  if (/\.ipuz$/i.test(path)) { S.fileName = path; S.ownsFile = true; }
  autosave();
  setStatus(`saved ${result.saved}${result.warnings.length ? " (" + result.warnings.join("; ") + ")" : ""}`);
  return result;
}

export async function exportFile(path, format, key, overwrite = false) {
  const result = await call("/api/export", { path, format, key, overwrite, puzzle: wire(S.doc) });
  setStatus(`exported ${result.saved}`);
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
export function setHeat(on) { S.heat = on; announce("view"); }

