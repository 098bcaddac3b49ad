// The page's controls wired to what they do: toolbar, candidate list, autofill, the side
// panels' fields and the New / Open / Save as / Export dialogs.

import { call, setStatus } from "../api.js";
import { el } from "../dom.js";
import { scheduleCandidates } from "./assist.js";
import { autofill, cancelFill } from "./autofill.js";
import {
  S, announce, banWord, currentSlot, edit, placeWord, redo, requestFocus, startRebus, toggleBlock, toggleCircle,
  toggleLock, toggleShade, toggleTheme, ui, undo,
} from "./editor.js";
import {
  exportFile, freeName, newPuzzle, openFile, saveFile, setFillOptions, setFilter, setHeat, setSymmetry, setWords,
} from "./files.js";
import { personalEditor, setPersonal } from "./wordlists.js";
import { banner } from "./layout.js";
import { SYMMETRIES } from "./model.js";
import { button, refreshActiveLists, renderCandidates, scrollWithin, syncControls, wordControlsChanged, wordControlsKept } from "./panels.js";

function selectTab(ui, name) {
  for (const [key, tab] of Object.entries(ui.tabs)) {
    tab.setAttribute("aria-selected", key === name ? "true" : "false");
    tab.tabIndex = key === name ? 0 : -1;
    ui.tabPanels[key].hidden = key !== name;
  }
}

async function guarded(ui, dialogParts, action) {
  try {
    dialogParts.error.textContent = "";
    await action();
    dialogParts.node.close();
  } catch (err) {
    dialogParts.error.textContent = err.message;
  }
}

// Wire every control of the page to the editor, the autofill and the files.
export function wire() {
  for (const [value, label] of SYMMETRIES) {
    ui.symmetry.append(el("option", { value, text: label }));
    ui.newSymmetry.append(el("option", { value, text: label }));
  }
  ui.symmetry.addEventListener("change", () => setSymmetry(ui.symmetry.value));
  for (const [name, tab] of Object.entries(ui.tabs)) {
    tab.addEventListener("click", () => { selectTab(ui, name); if (name === "words") refreshActiveLists(ui); });
  }
  selectTab(ui, "clues");
  ui.undoButton.addEventListener("click", () => { undo(); requestFocus(); });
  ui.redoButton.addEventListener("click", () => { redo(); requestFocus(); });
  ui.blockButton.addEventListener("click", () => { toggleBlock(); requestFocus(); });
  ui.circleButton.addEventListener("click", () => { toggleCircle(); requestFocus(); });
  ui.shadeButton.addEventListener("click", () => { toggleShade(); requestFocus(); });
  ui.rebusButton.addEventListener("click", () => { startRebus(); requestFocus(); });
  ui.heatButton.addEventListener("click", () => {
    const on = ui.heatButton.getAttribute("aria-pressed") !== "true";
    ui.heatButton.setAttribute("aria-pressed", on ? "true" : "false");
    setHeat(on);
  });
  wireCandidates();
  wireWords();
  wireDialogs(ui, S);
}

// The candidate list, its filter, lock and ban, and autofill.
function wireCandidates() {
  ui.lockButton.addEventListener("click", () => { toggleLock(); requestFocus(); });
  ui.banButton.addEventListener("click", () => {
    const item = S.candidates && S.candidates.words[S.candidateIndex];
    if (item) banWord(item.word);
  });
  ui.banner.title = "Click to dismiss";
  ui.banner.addEventListener("click", () => { if (!ui.banner.dataset.dead) banner(ui, "", ""); });
  ui.scope.addEventListener("change", () => {
    ui.fillEntries.hidden = ui.scope.value !== "entries";
    if (!ui.fillEntries.hidden && !ui.fillEntries.value && currentSlot()) ui.fillEntries.value = currentSlot().key;
  });
  ui.autofillButton.addEventListener("click", () => autofill(false));
  ui.refillButton.addEventListener("click", () => autofill(true));
  ui.cancelFillButton.addEventListener("click", () => cancelFill());
  const fillOptions = () => {
    const run = ui.maxShared.value === "" ? null : Math.round(Number(ui.maxShared.value));
    setFillOptions({ quality: { auto: null, quality: true, fast: false }[ui.fillMode.value], max_shared_substring: run });
    ui.maxShared.setCustomValidity(run !== null && S.fillOptions.max_shared_substring === null ? "1 to 25 letters, or empty for no limit" : "");
  };
  ui.fillMode.addEventListener("change", fillOptions);
  ui.maxShared.addEventListener("input", fillOptions);
  let filterTimer = 0;
  const onFilter = () => { clearTimeout(filterTimer); filterTimer = setTimeout(() => setFilter(ui.filter.value, ui.regex.checked), 120); };
  ui.filter.addEventListener("input", onFilter);
  ui.regex.addEventListener("change", onFilter);
  ui.candidates.addEventListener("keydown", (event) => {
    const list = S.candidates;
    if (!list || !list.words.length) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      S.candidateIndex = Math.max(0, Math.min(list.words.length - 1, S.candidateIndex + (event.key === "ArrowDown" ? 1 : -1)));
      S.chosen = { key: list.key, word: list.words[S.candidateIndex].word };
      renderCandidates(S, ui);
      const node = document.getElementById(`cand-${S.candidateIndex}`);
      if (node) scrollWithin(ui.candidates, node);
    } else if (event.key === "Enter") {
      event.preventDefault();
      placeWord(list.words[S.candidateIndex].word);
      requestFocus();
    }
  });
  ui.candidates.addEventListener("keydown", (event) => { // back to the grid, where it was
    if (event.key === "Escape") { event.preventDefault(); requestFocus(); }
  });
  ui.themeButton.addEventListener("click", () => { toggleTheme(); requestFocus(); });
}

// The puzzle's texts and the word-list panel.
function wireWords() {
  for (const [name, input] of Object.entries(ui.meta)) {
    input.addEventListener("input", () => edit((doc) => { doc[name] = input.value; }, `meta:${name}`));
  }
  ui.applyWordsButton.addEventListener("click", async () => {
    // only what was changed: untouched list controls keep the lists in use (the --words
    // lists of the server, say), an untouched minimum keeps the minimum
    const banned = ui.banned.value.split(/\s+/).map((w) => w.trim().toUpperCase()).filter(Boolean);
    const minScore = ui.minScore.value === "" ? null : Number(ui.minScore.value);
    let sources = S.words.sources, encoding = S.words.encoding;
    const changed = [];
    if (wordControlsChanged(ui)) {
      const chosen = ui.wordFile.value.trim() ? `file:${ui.wordFile.value.trim()}` : ui.wordSource.value || "crossword";
      sources = ui.layer.checked && chosen !== "crossword" ? ["crossword", chosen] : [chosen];
      encoding = ui.encoding.value;
      changed.push("word list");
    }
    if (minScore !== (S.words.min_score ?? null)) changed.push("minimum score");
    if (banned.join(" ") !== (S.doc.banned || []).join(" ")) changed.push("banned words");
    if (!changed.length) { ui.wordInfo.textContent = "Nothing changed."; return; }
    try {
      ui.wordInfo.textContent = "Loading…";
      if (changed.includes("word list")) await call("/api/wordlists/load", { words: sources, encoding });
      if (changed.includes("banned words")) edit((doc) => { doc.banned = banned; });
      setWords(sources, minScore, encoding);
      wordControlsKept(ui);
      ui.wordInfo.textContent = `Applied: ${changed.join(", ")}.`;
      refreshActiveLists(ui);
    } catch (err) {
      ui.wordInfo.textContent = err.message;
    }
  });
  // the list changed: the candidates are asked for again at once, not only after the
  // re-analysis succeeds (a failed or superseded one left a banned word on screen)
  const relist = () => { S.verdicts.clear(); announce("doc"); scheduleCandidates(); refreshActiveLists(ui); };
  const personal = personalEditor(ui.personal, relist);
  ui.banForGoodButton.addEventListener("click", async () => {
    const item = S.candidates && S.candidates.words[S.candidateIndex];
    if (!item) return;
    try {
      await setPersonal(item.word, 0);
      setStatus(`${item.word} banned for good (personal.dict)`);
      personal.refresh();
      relist();
    } catch (err) {
      setStatus(err.message, "error");
    }
  });
  ui.upload.addEventListener("change", async () => {
    const file = ui.upload.files[0];
    if (!file) return;
    ui.wordInfo.textContent = `Uploading ${file.name}…`;
    try {
      const response = await fetch(`/api/wordlists/upload?name=${encodeURIComponent(file.name)}`, { method: "POST", body: file });
      const doc = await response.json();
      if (!response.ok) throw new Error(doc.error || `HTTP ${response.status}`);
      S.wordlists = doc.wordlists;
      syncControls(S, ui);
      ui.wordSource.value = doc.source;
      ui.wordInfo.textContent = `${file.name} loaded; Apply to use it`;
    } catch (err) {
      ui.wordInfo.textContent = err.message;
    }
  });
}

function wireDialogs(ui, S) {
  ui.newButton.addEventListener("click", () => { ui.newSymmetry.value = S.symmetry; ui.newDialog.error.textContent = ""; ui.newDialog.node.showModal(); });
  ui.newDialog.form.addEventListener("submit", (event) => {
    event.preventDefault();
    guarded(ui, ui.newDialog, async () => {
      const w = Number(ui.newWidth.value), h = Number(ui.newHeight.value);
      if (!(w >= 3 && w <= 25 && h >= 3 && h <= 25)) throw new Error("width and height must be 3 to 25");
      await newPuzzle(w, h, ui.newStart.value, ui.newSymmetry.value, true, ui.newTheme.value);
      syncControls(S, ui);
    });
  });
  ui.openButton.addEventListener("click", async () => {
    ui.openDialog.error.textContent = "";
    ui.openList.replaceChildren();
    try {
      const info = await call("/api/files");
      for (const name of info.files) {
        const item = el("li", {}, button(name, () => { ui.openPath.value = name; ui.openDialog.form.requestSubmit(); }));
        ui.openList.append(item);
      }
      if (!info.files.length) ui.openList.append(el("li", { text: "No puzzle files in the folder yet." }));
    } catch (err) {
      ui.openDialog.error.textContent = err.message;
    }
    ui.openDialog.node.showModal();
  });
  ui.openDialog.form.addEventListener("submit", (event) => {
    event.preventDefault();
    guarded(ui, ui.openDialog, async () => { await openFile(ui.openPath.value.trim()); syncControls(S, ui); });
  });
  let confirmPath = "";
  const saveAs = async (message = "") => {
    ui.savePath.value = S.fileName || await freeName().catch(() => "puzzle.ipuz");
    ui.saveDialog.error.textContent = message;
    ui.saveDialog.node.showModal();
  };
  // Save replaces only the file this puzzle came from or was saved to; the first Save of a
  // new puzzle (or of one opened from another format) asks for a name, a taken one asks again.
  ui.saveButton.addEventListener("click", async () => {
    if (!S.fileName || !S.ownsFile) { await saveAs(); return; }
    try {
      await saveFile(S.fileName, S.ownsFile);
    } catch (err) {
      if (err.status !== 409) { setStatus(`save failed: ${err.message}`); return; }
      confirmPath = S.fileName;
      saveAs(`${S.fileName} exists: Save again to replace it, or choose another name`);
    }
  });
  ui.saveAsButton.addEventListener("click", () => saveAs());
  ui.saveDialog.form.addEventListener("submit", (event) => {
    event.preventDefault();
    const path = ui.savePath.value.trim();
    guarded(ui, ui.saveDialog, async () => {
      try {
        await saveFile(path, confirmPath === path);
      } catch (err) {
        if (err.status === 409) { confirmPath = path; throw new Error(`${path} exists: Save again to replace it`); }
        throw err;
      }
      confirmPath = "";
    });
  });
  ui.exportButton.addEventListener("click", () => {
    ui.exportPath.value = (S.fileName || "puzzle.ipuz").replace(/\.[a-z]+$/i, `.${ui.exportFormat.value === "play" ? "html" : ui.exportFormat.value}`);
    ui.exportDialog.error.textContent = "";
    ui.exportDialog.node.showModal();
  });
  ui.exportFormat.addEventListener("change", () => { ui.exportPath.value = ui.exportPath.value.replace(/\.[a-z]+$/i, `.${ui.exportFormat.value === "play" ? "html" : ui.exportFormat.value}`); });
  let confirmExport = "";
  ui.exportDialog.form.addEventListener("submit", (event) => {
    event.preventDefault();
    const path = ui.exportPath.value.trim();
    guarded(ui, ui.exportDialog, async () => {
      try {
        await exportFile(path, ui.exportFormat.value, ui.exportKey.checked, confirmExport === path);
      } catch (err) {
        if (err.status === 409) { confirmExport = path; throw new Error(`${path} exists: Export again to replace it`); }
        throw err;
      }
      confirmExport = "";
    });
  });
}
