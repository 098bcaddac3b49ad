// The panels beside the grid: entry line, candidates, fills, clues, puzzle info, checks,
// word list; and the wiring of every control to the editor (main.js).

import { call, setStatus } from "../api.js";
import { el } from "./layout.js";
import { entryKey, enumeration, height, width, wordOf } from "./model.js";
import { clueFlags, setClue } from "./clues.js";
import { personalEditor, setPersonal, showActiveLists } from "./wordlists.js";
import * as E from "./main.js";

export function banner(ui, text, kind) {
  ui.banner.textContent = text;
  ui.banner.className = `banner ${kind}`;
  ui.banner.hidden = !text;
}

export function fillRunning(ui, running, text) {
  ui.autofillButton.disabled = running;
  ui.refillButton.disabled = running;
  ui.cancelFillButton.disabled = !running;
  ui.fillStatus.textContent = text;
}

export function renderAll(S, ui) {
  renderEntryLine(S, ui);
  renderDeadBanner(S, ui);
  renderFills(S, ui);
  renderClues(S, ui);
  renderStats(S, ui);
  renderBanned(S, ui);
  ui.undoButton.disabled = !S.history.undoStack.length;
  ui.redoButton.disabled = !S.history.redoStack.length;
  const slot = E.currentSlot();
  const locked = new Set(S.doc.locked.map(([a, b]) => `${a},${b}`));
  const isLocked = slot && slot.cells.every(([a, b]) => locked.has(`${a},${b}`));
  ui.lockButton.textContent = isLocked ? "Unlock entry" : "Lock entry";
}

function renderBanned(S, ui) {
  if (document.activeElement === ui.banned) return;
  const text = S.doc.banned.join("\n");
  if (ui.banned.value !== text) ui.banned.value = text;
}

function renderEntryLine(S, ui) {
  const slot = E.currentSlot();
  if (!slot) { ui.entryLine.textContent = "No entry here"; return; }
  const pattern = wordOf(S.doc, slot);
  const info = S.analysis && S.analysis.entries.find((e) => e.key === slot.key);
  const count = info ? (info.pattern.includes("?") ? `${info.candidates} candidates` : info.score === null ? "not in the word list" : `score ${info.score}`) : "";
  ui.entryLine.textContent = `${slot.key} · ${pattern} · ${slot.length} letters${count ? " · " + count : ""}`;
}

// The fill checks' one verdict on the grid, when it is "dead end" for the grid shown now.
export const provedDead = (S) => Boolean(S.gridVerdict) && S.gridVerdict.verdict === "dead end" &&
  S.gridVerdict.cellsKey === JSON.stringify(S.doc.cells);

function renderDeadBanner(S, ui) {
  if (ui.banner.classList.contains("error") && !ui.banner.dataset.dead) return;
  if (S.analysis && S.analysis.status === "dead") {
    const names = S.analysis.dead.map((key) => {
      const e = S.analysis.entries.find((x) => x.key === key);
      return e ? `${key} ${e.pattern}` : key;
    });
    banner(ui, `Cannot be filled: no word left for ${names.join(", ")}`, "dead");
    ui.banner.dataset.dead = "true";
  } else if (provedDead(S)) {
    const names = S.gridVerdict.responsible.map((key) => {
      const slot = S.slots.find((s) => s.key === key);
      return slot ? `${key} ${wordOf(S.doc, slot)}` : key;
    });
    banner(ui, `Cannot be filled: the filler's search proved no fill exists; it failed most on ${names.join(", ")}`, "dead");
    ui.banner.dataset.dead = "true";
  } else if (ui.banner.dataset.dead) {
    delete ui.banner.dataset.dead;
    banner(ui, "", "");
  }
}

const VERDICT_TEXT = { fills: "fills", "dead end": "dead end", unknown: "unknown", checking: "checking…" };

export function renderCandidates(S, ui) {
  const list = S.candidates;
  ui.candidates.replaceChildren();
  if (!list) { ui.candidateInfo.textContent = ""; return; }
  ui.candidates.dataset.entry = list.key;
  if (list.error) { ui.candidateInfo.textContent = list.error; return; }
  if (list.theme) { ui.candidateInfo.textContent = `${list.key} ${list.pattern}: a theme entry, kept as you wrote it (Alt-T unmarks it)`; return; }
  const shown = list.words.length;
  const count = `${list.total} word${list.total === 1 ? "" : "s"} keep every crossing (${list.matching} fit the pattern)${shown < list.total ? `, best ${shown} shown` : ""}`;
  if (!list.pattern.includes("?")) ui.candidateInfo.textContent = `${list.key} ${list.current || list.pattern}: every letter is held by its crossings`;
  else if (list.current) ui.candidateInfo.textContent = `${list.key} ${list.current}, alternatives for ${list.pattern}: ${count}`;
  else ui.candidateInfo.textContent = `${list.key} ${list.pattern}: ${count}`;
  const fresh = list.cellsKey === JSON.stringify(S.doc.cells);
  list.words.forEach((item, i) => {
    const verdict = S.verdicts.get(E.verdictKey(list.cellsKey, list.key, item.word)) || "";
    const badge = el("span", { class: `verdict v-${verdict.replace(" ", "-")}`, text: VERDICT_TEXT[verdict] || "" });
    const option = el("li", {
      role: "option", id: `cand-${i}`, "aria-selected": i === S.candidateIndex ? "true" : "false",
      class: fresh ? "" : "stale", "data-word": item.word, "data-verdict": verdict,
    }, el("span", { class: item.word === list.current ? "word current-word" : "word", text: item.word }), el("span", { class: "score", text: String(item.score) }), badge);
    option.addEventListener("click", () => { E.placeWord(item.word); E.focusGrid(); });
    ui.candidates.append(option);
  });
  if (list.words.length) ui.candidates.setAttribute("aria-activedescendant", `cand-${S.candidateIndex}`);
}

function renderFills(S, ui) {
  const fill = S.fills[S.fillIndex];
  ui.fillBox.hidden = !fill;
  if (!fill) return;
  const weakest = fill.weakest.map((e) => `${entryKey(e)} ${e.answer} (${e.score ?? "–"})`).join(", ");
  ui.fillBox.replaceChildren(
    el("h2", { text: `Fill ${S.fillIndex + 1} of ${S.fills.length}` }),
    el("p", { text: `Average score ${fill.average_score === null ? "–" : fill.average_score.toFixed(1)} · weakest: ${weakest}` }),
    el("div", { class: "fill-row" },
      button("Previous fill", () => E.showFill(-1), S.fills.length < 2),
      button("Next fill", () => E.showFill(1), S.fills.length < 2),
      button("Accept fill", () => E.acceptFill(), false, "primary"),
      button("Accept entry", () => E.acceptEntry()),
      button("Close fills", () => E.closeFills())),
  );
}

function button(text, action, disabled = false, cls = "") {
  const node = el("button", { type: "button", text, class: cls });
  node.disabled = disabled;
  node.addEventListener("click", action);
  return node;
}

let clueShape = "";
function renderClues(S, ui) {
  const shape = S.slots.map((s) => s.key).join(" ");
  if (shape !== clueShape) {
    clueShape = shape;
    ui.acrossClues.replaceChildren();
    ui.downClues.replaceChildren();
    for (const slot of S.slots) {
      const input = el("input", { type: "text", "aria-label": `Clue ${slot.key}`, "data-key": slot.key });
      input.value = S.doc.clues[slot.key] || "";
      input.addEventListener("input", () => {
        E.edit((doc) => setClue(doc, slot.key, input.value), `clue:${slot.key}`);
      });
      input.addEventListener("focus", () => E.selectEntry(slot.key));
      const row = el("li", { "data-key": slot.key },
        el("span", { class: "clue-key", text: String(slot.number) }), input, el("span", { class: "answer" }));
      (slot.direction === "across" ? ui.acrossClues : ui.downClues).append(row);
    }
  }
  const current = E.currentSlot();
  const flags = new Map(clueFlags(S.doc).map((flag) => [flag.key, flag]));
  const theme = new Set(E.themeSlots().map((slot) => slot.key));
  for (const row of [...ui.acrossClues.children, ...ui.downClues.children]) {
    const slot = S.slots.find((s) => s.key === row.dataset.key);
    const input = row.querySelector("input");
    const clue = S.doc.clues[slot.key] || "";
    if (document.activeElement !== input && input.value !== clue) input.value = clue;
    const promised = enumeration(clue);
    const answer = row.querySelector(".answer");
    const bad = promised !== null && promised !== slot.length;
    const flag = flags.get(slot.key);
    answer.textContent = `${wordOf(S.doc, slot)}${bad ? ` · enumeration says ${promised}, the entry has ${slot.length}` : ""}` +
      (flag ? ` · clue set aside: "${flag.text}" was ${flag.message}` : "");
    row.classList.toggle("mismatch", bad);
    row.classList.toggle("set-aside", Boolean(flag));
    row.classList.toggle("theme", theme.has(slot.key));
    const isCurrent = current === slot;
    if (isCurrent && !row.classList.contains("current")) scrollWithin(row.parentElement, row);
    row.classList.toggle("current", isCurrent);
  }
}

// Bring `row` into view inside the scrolling `list` only (never scroll the page).
function scrollWithin(list, row) {
  const top = row.offsetParent === list ? row.offsetTop : row.offsetTop - list.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + row.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + row.offsetHeight - list.clientHeight;
}

function renderStats(S, ui) {
  const stats = S.analysis && S.analysis.stats;
  if (!stats) { ui.stats.textContent = "Statistics appear once the grid is analysed."; return; }
  const flags = clueFlags(S.doc);
  const key = JSON.stringify([stats, flags]);
  if (ui.stats.dataset.key === key) return;
  ui.stats.dataset.key = key;
  const lengths = Object.entries(stats.lengths);
  const most = Math.max(1, ...lengths.map(([, n]) => n));
  const histogram = el("div", { class: "histogram", "aria-label": "Entry lengths" },
    ...lengths.map(([len, n]) => el("div", { class: "bar-row" }, el("span", { text: len }),
      el("span", { class: "bar" }), el("span", { text: String(n) }))));
  [...histogram.querySelectorAll(".bar")].forEach((bar, i) => { bar.style.width = `${(100 * lengths[i][1]) / most}%`; });
  const checks = [
    ["2-letter entries", stats.two_letter],
    ["Repeated answers", stats.repeated],
    ["Unchecked cells", stats.unchecked.map(([r, c]) => `r${r + 1}c${c + 1}`)],
    ["Below the minimum score", stats.below_min],
    ["Not in the word list", stats.not_in_list],
    ["Clues set aside", flags.map((flag) => `${flag.key}: "${flag.text}" ${flag.message}`)],
  ];
  const table = el("table", { class: "stat-table" }, el("tbody", {},
    row("Words", stats.words), row("Blocks", `${stats.blocks} (${(100 * stats.block_share).toFixed(1)}%)`),
    row("Average word length", stats.average_length.toFixed(2)),
    row("Open regions", stats.regions === 1 ? "1 (connected)" : `${stats.regions}: the grid is split`),
    ...checks.map(([label, items]) => row(label, items.length ? items.join(", ") : "none", items.length > 0))));
  ui.stats.replaceChildren(table, el("h3", { text: "Entry lengths" }), histogram);
}

function row(label, value, warn = false) {
  return el("tr", { class: warn ? "warn" : "" }, el("th", { scope: "row", text: label }), el("td", { text: String(value) }));
}

export function syncControls(S, ui) {
  ui.symmetry.value = S.symmetry;
  ui.newSymmetry.value = S.symmetry;
  for (const name of Object.keys(ui.meta)) ui.meta[name].value = S.doc[name] || "";
  ui.banned.value = S.doc.banned.join("\n");
  ui.minScore.value = S.words.min_score ?? "";
  ui.wordSource.replaceChildren(...S.wordlists.map((w) => el("option", { value: w.source, text: w.name })));
  // the lists in use: the page's choice, else the server's default (its --words lists)
  const sources = S.words.sources || S.defaultWords || [];
  const chosen = sources[sources.length - 1] || "";
  ui.layer.checked = sources.length > 1 && sources[0] === "builtin";
  ui.wordFile.value = chosen.startsWith("file:") ? chosen.slice(5) : "";
  if (chosen && !chosen.startsWith("file:")) ui.wordSource.value = chosen;
  ui.encoding.value = S.words.encoding || "utf-8-sig";
  wordControls = wordControlState(ui);
}

// What the Words tab's list controls say; Apply changes only what differs from this.
let wordControls = "";
const wordControlState = (ui) => JSON.stringify([ui.wordSource.value, ui.wordFile.value.trim(), ui.layer.checked, ui.encoding.value]);

export function refreshActiveLists(ui) {
  showActiveLists(ui.activeLists, E.wordsPayload()).catch((err) => { ui.activeLists.textContent = err.message; });
}

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

export function wire(ui, { S, SYMMETRIES }) {
  for (const [value, label] of SYMMETRIES) {
    ui.symmetry.append(el("option", { value, text: label }));
    ui.newSymmetry.append(el("option", { value, text: label }));
  }
  ui.symmetry.addEventListener("change", () => E.setSymmetry(ui.symmetry.value));
  for (const [name, tab] of Object.entries(ui.tabs)) {
    tab.addEventListener("click", () => { selectTab(ui, name); if (name === "words") refreshActiveLists(ui); });
  }
  selectTab(ui, "clues");
  ui.undoButton.addEventListener("click", () => { E.undo(); E.focusGrid(); });
  ui.redoButton.addEventListener("click", () => { E.redo(); E.focusGrid(); });
  ui.blockButton.addEventListener("click", () => { E.toggleBlock(); E.focusGrid(); });
  ui.circleButton.addEventListener("click", () => { E.toggleCircle(); E.focusGrid(); });
  ui.shadeButton.addEventListener("click", () => { E.toggleShade(); E.focusGrid(); });
  ui.rebusButton.addEventListener("click", () => { E.startRebus(); E.focusGrid(); });
  ui.heatButton.addEventListener("click", () => {
    const on = ui.heatButton.getAttribute("aria-pressed") !== "true";
    ui.heatButton.setAttribute("aria-pressed", on ? "true" : "false");
    E.setHeat(on);
  });
  ui.lockButton.addEventListener("click", () => { E.toggleLock(); E.focusGrid(); });
  ui.banButton.addEventListener("click", () => {
    const item = S.candidates && S.candidates.words[S.candidateIndex];
    if (item) E.banWord(item.word);
  });
  ui.banner.title = "Click to dismiss";
  ui.banner.addEventListener("click", () => { if (!ui.banner.dataset.dead) banner(ui, "", ""); });
  ui.scope.addEventListener("change", () => {
    ui.fillEntries.hidden = ui.scope.value !== "entries";
    if (!ui.fillEntries.hidden && !ui.fillEntries.value && E.currentSlot()) ui.fillEntries.value = E.currentSlot().key;
  });
  ui.autofillButton.addEventListener("click", () => E.autofill(false));
  ui.refillButton.addEventListener("click", () => E.autofill(true));
  ui.cancelFillButton.addEventListener("click", () => E.cancelFill());
  let filterTimer = 0;
  const onFilter = () => { clearTimeout(filterTimer); filterTimer = setTimeout(() => E.setFilter(ui.filter.value, ui.regex.checked), 120); };
  ui.filter.addEventListener("input", onFilter);
  ui.regex.addEventListener("change", onFilter);
  ui.candidates.addEventListener("keydown", (event) => {
    const list = S.candidates;
    if (!list || !list.words.length) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      S.candidateIndex = Math.max(0, Math.min(list.words.length - 1, S.candidateIndex + (event.key === "ArrowDown" ? 1 : -1)));
      renderCandidates(S, ui);
      const node = document.getElementById(`cand-${S.candidateIndex}`);
      if (node) scrollWithin(ui.candidates, node);
    } else if (event.key === "Enter") {
      event.preventDefault();
      E.placeWord(list.words[S.candidateIndex].word);
      E.focusGrid();
    }
  });
  ui.candidates.addEventListener("keydown", (event) => {  // back to the grid, where it was
    if (event.key === "Escape") { event.preventDefault(); E.focusGrid(); }
  });
  ui.themeButton.addEventListener("click", () => { E.toggleTheme(); E.focusGrid(); });
  for (const [name, input] of Object.entries(ui.meta)) {
    input.addEventListener("input", () => E.edit((doc) => { doc[name] = input.value; }, `meta:${name}`));
  }
  ui.applyWordsButton.addEventListener("click", async () => {
    // only what was changed: untouched list controls keep the lists in use (the --words
    // lists of the server, say), an untouched minimum keeps the minimum
    const banned = ui.banned.value.split(/\s+/).map((w) => w.trim().toUpperCase()).filter(Boolean);
    const minScore = ui.minScore.value === "" ? null : Number(ui.minScore.value);
    let sources = S.words.sources, encoding = S.words.encoding;
    const changed = [];
    if (wordControlState(ui) !== wordControls) {
      const chosen = ui.wordFile.value.trim() ? `file:${ui.wordFile.value.trim()}` : ui.wordSource.value || "builtin";
      sources = ui.layer.checked && chosen !== "builtin" ? ["builtin", chosen] : [chosen];
      encoding = ui.encoding.value;
      changed.push("word list");
    }
    if (minScore !== (S.words.min_score ?? null)) changed.push("minimum score");
    if (banned.join(" ") !== (S.doc.banned || []).join(" ")) changed.push("banned words");
    if (!changed.length) { ui.wordInfo.textContent = "Nothing changed."; return; }
    try {
      ui.wordInfo.textContent = "Loading…";
      if (changed.includes("word list")) await call("/api/wordlists/load", { words: sources, encoding });
      if (changed.includes("banned words")) E.edit((doc) => { doc.banned = banned; });
      E.setWords(sources, minScore, encoding);
      wordControls = wordControlState(ui);
      ui.wordInfo.textContent = `Applied: ${changed.join(", ")}.`;
      refreshActiveLists(ui);
    } catch (err) {
      ui.wordInfo.textContent = err.message;
    }
  });
  const personal = personalEditor(ui.personal, () => {
    S.verdicts.clear();
    E.scheduleAnalysis();
    refreshActiveLists(ui);
  });
  ui.banForGoodButton.addEventListener("click", async () => {
    const item = S.candidates && S.candidates.words[S.candidateIndex];
    if (!item) return;
    try {
      await setPersonal(item.word, 0);
      setStatus(`${item.word} banned for good (personal.dict)`);
      personal.refresh();
      S.verdicts.clear();
      E.scheduleAnalysis();
      refreshActiveLists(ui);
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
  wireDialogs(ui, S);
}

function wireDialogs(ui, S) {
  ui.newButton.addEventListener("click", () => { ui.newSymmetry.value = S.symmetry; ui.newDialog.error.textContent = ""; ui.newDialog.node.showModal(); });
  ui.newDialog.form.addEventListener("submit", (event) => {
    event.preventDefault();
    guarded(ui, ui.newDialog, async () => {
      const w = Number(ui.newWidth.value), h = Number(ui.newHeight.value);
      if (!(w >= 3 && w <= 25 && h >= 3 && h <= 25)) throw new Error("width and height must be 3 to 25");
      await E.newPuzzle(w, h, ui.newStart.value, ui.newSymmetry.value, true, ui.newTheme.value);
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
    guarded(ui, ui.openDialog, async () => { await E.openFile(ui.openPath.value.trim()); syncControls(S, ui); });
  });
  const saveAs = async () => {
    ui.savePath.value = S.fileName || await E.freeName().catch(() => "puzzle.ipuz");
    ui.saveDialog.error.textContent = "";
    ui.saveDialog.node.showModal();
  };
  ui.saveButton.addEventListener("click", async () => {
    // the first Save of a new document (or of one opened from another format) asks for a name
    if (!S.fileName || !S.mine.includes(S.fileName)) { await saveAs(); return; }
    try { await E.saveFile(S.fileName); } catch (err) { setStatus(`save failed: ${err.message}`); }
  });
  ui.saveAsButton.addEventListener("click", saveAs);
  let confirmPath = "";
  ui.saveDialog.form.addEventListener("submit", (event) => {
    event.preventDefault();
    const path = ui.savePath.value.trim();
    guarded(ui, ui.saveDialog, async () => {
      try {
        await E.saveFile(path, confirmPath === path);
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
  ui.exportDialog.form.addEventListener("submit", (event) => {
    event.preventDefault();
    guarded(ui, ui.exportDialog, () => E.exportFile(ui.exportPath.value.trim(), ui.exportFormat.value, ui.exportKey.checked));
  });
}

export { height, width };
