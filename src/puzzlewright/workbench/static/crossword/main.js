// The crossword room: starts the editor. Its parts, re-exported for panels.js:
// editor.js (state and edits), keys.js, view.js, assist.js (analysis, candidates, checks),
// autofill.js and files.js.

import { call, setStatus } from "../api.js";
import { S, loadDoc, ui } from "./editor.js";
import { onKey } from "./keys.js";
import { SYMMETRIES, blankDoc, docFromPuzzle } from "./model.js";
import { STORE, newPuzzle } from "./files.js";
import * as panels from "./panels.js";

export * from "./editor.js";
export * from "./view.js";
export * from "./assist.js";
export * from "./autofill.js";
export * from "./files.js";

// -- start -----------------------------------------------------------------------------
async function start() {
  ui.grid.addEventListener("keydown", onKey);
  panels.wire(ui, { S, SYMMETRIES });
  try {
    const info = await call("/api/files");
    S.wordlists = info.wordlists;
    S.defaultWords = info.default_words;
    if (S.words.min_score === null && info.min_score !== null) S.words.min_score = info.min_score;
  } catch (err) {
    panels.banner(ui, err.message, "error");
  }
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(STORE) || "null"); } catch (err) { saved = null; }
  if (saved && saved.doc && Array.isArray(saved.doc.cells)) {
    S.symmetry = saved.symmetry || "rotational";
    S.words = saved.words || S.words;
    loadDoc(docFromPuzzle(saved.doc), saved.fileName || null, false);
    S.mine = Array.isArray(saved.mine) ? saved.mine : [];
    setStatus("restored your last session");
  } else {
    try {
      await newPuzzle(15, 15, "pattern", "rotational", false);
    } catch (err) {
      loadDoc(blankDoc(15, 15), null, false);
    }
  }
  panels.syncControls(S, ui);
  document.body.dataset.ready = "true";
}

start();
