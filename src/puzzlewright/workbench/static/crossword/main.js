// The crossword room: starts the editor and wires its announcements to the parts that
// answer them. The modules, each importing what it uses by name, without a circle:
//   model.js     the puzzle (numbering, symmetry, bars, undo), fills, entry keys
//   layout.js    the page's nodes, the banner and the autofill status
//   editor.js    the state and every edit; announces doc / cursor / view / focus
//   grid.js, view.js  drawing; panels.js the side panels; controls.js their wiring
//   keys.js      keyboard and mouse; assist.js analysis, candidates, fill checks
//   autofill.js  autofill and its fills; files.js autosave, files, settings
//   difficulty.js  the difficulty map (its toolbar toggle, cell colours, Checks section)

import { call, setStatus } from "../api.js";
import { S, listen, loadDoc, ui } from "./editor.js";
import { scheduleAnalysis, scheduleCandidates } from "./assist.js";
import { wire } from "./controls.js";
import { wireDifficulty } from "./difficulty.js";
import { newPuzzle, restoreSession, scheduleSave } from "./files.js";
import { onKey } from "./keys.js";
import { banner } from "./layout.js";
import { blankDoc } from "./model.js";
import { syncControls } from "./panels.js";
import { focusGrid, render } from "./view.js";

listen("doc", () => { render(); scheduleAnalysis(); scheduleSave(); });
listen("cursor", () => { render(); scheduleCandidates(); });
listen("view", render);
listen("focus", focusGrid);

async function start() {
  ui.grid.addEventListener("keydown", onKey);
  wire();
  wireDifficulty();
  try {
    const info = await call("/api/files");
    S.wordlists = info.wordlists;
    S.defaultWords = info.default_crossword_words;
    if (S.words.min_score === null && info.min_score !== null) S.words.min_score = info.min_score;
  } catch (err) {
    banner(ui, err.message, "error");
  }
  if (restoreSession()) {
    setStatus("restored your last session");
  } else {
    setStatus("making a 15x15 pattern the word list fills…");  // seconds on a cold list
    try {
      await newPuzzle(15, 15, "pattern", "rotational", false);
    } catch (err) {
      loadDoc(blankDoc(15, 15), null, false);
      setStatus(`new 15x15 puzzle, blank (no pattern: ${err.message})`, "warn");
    }
  }
  syncControls(S, ui);
  document.body.dataset.ready = "true";
}

start();
