// Autosave in the browser, files in the served folder, and the editor's settings.

import { call, setStatus } from "../api.js";
import { S, loadDoc } from "./editor.js";
import { blankDoc, docFromPuzzle, slotsOf, symmetryOf, wire, wordOf } from "./model.js";
import { scheduleAnalysis, scheduleCandidates, wordsPayload } from "./assist.js";
import { render } from "./view.js";

export const STORE = "puzzlewright.crossword.v1";

// -- autosave, files -----------------------------------------------------------------------
let saveTimer = 0;
export function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(autosave, 200);
}
export function autosave() {
  try {
    localStorage.setItem(STORE, JSON.stringify({ doc: S.doc, fileName: S.fileName, mine: S.mine, symmetry: S.symmetry, words: S.words }));
  } catch (err) {
    setStatus("autosave failed: the browser's storage is full");
  }
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
    const body = { width: w, height: h, symmetry, ...(theme.trim() ? { ...wordsPayload(), keep: theme } : {}) };
    const result = await call("/api/crossword/pattern", body);
    const doc = blankDoc(w, h);
    doc.cells = result.cells.map((row) => row.map((cell) => (cell === null ? null : cell || "")));
    doc.theme = slotsOf(doc).filter((slot) => !wordOf(doc, slot).includes("?"))
      .map((slot) => `${slot.cells[0][0]},${slot.cells[0][1]},${slot.direction}`);
    loadDoc(doc, null, undoable);
  } else {
    loadDoc(blankDoc(w, h), null, undoable);
  }
  setStatus(`new ${w}x${h} puzzle`);
}

export async function openFile(path) {
  const result = await call("/api/open", { path });
  const doc = docFromPuzzle(result.puzzle);
  S.symmetry = symmetryOf(doc);  // a grid without symmetry (a diagramless, say) edits with none
  loadDoc(doc, path.replace(/\.(puz|jpz|xd|txt)$/i, ".ipuz"));
  S.mine = [path];  // the .ipuz beside a .puz was not opened: saving there asks first
  const kind = doc.kind === "diagramless" ? " (diagramless)" : "";
  setStatus(`opened ${path}${kind}${result.warnings.length ? ": " + result.warnings.join("; ") : ""}`);
}

// Save to `path`: a file this document opened or created is replaced; any other existing
// file only when `replace` (the person said so after the server's 409).
export async function saveFile(path, replace = false) {
  const overwrite = replace || S.mine.includes(path);
  const result = await call("/api/save", { path, puzzle: wire(S.doc), overwrite });
  if (!S.mine.includes(result.saved)) S.mine = [...S.mine, result.saved];
  if (/\.ipuz$/i.test(path)) S.fileName = result.saved;
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

export async function exportFile(path, format, key) {
  const result = await call("/api/export", { path, format, key, puzzle: wire(S.doc) });
  const warnings = result.warnings || [];
  setStatus(`exported ${result.saved}${warnings.length ? ": " + warnings.join("; ") : ""}`, warnings.length ? "warn" : "");
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

