// The panels beside the grid, drawn from the editor's state: entry line, candidates,
// fills, clues, puzzle info, checks, word list (controls.js wires their controls).

import { el } from "../dom.js";
import { acceptEntry, acceptFill, closeFills, showFill } from "./autofill.js";
import { renderClueIdeas } from "./clueideas.js";
import { currentSlot, edit, placeWord, requestFocus, selectEntry, themeSlots, wordsPayload } from "./editor.js";
import { banner } from "./layout.js";
import { entryKey, enumeration, verdictKey, wordOf } from "./model.js";
import { clueFlags, setClue } from "./clues.js";
import { renderRepair } from "./repair.js";
import { showActiveLists } from "./wordlists.js";

export function renderAll(S, ui) {
  renderEntryLine(S, ui);
  renderDeadBanner(S, ui);
  renderRepair();
  renderFills(S, ui);
  renderClues(S, ui);
  renderClueIdeas(S, ui, { currentSlot, edit });
  renderStats(S, ui);
  renderBanned(S, ui);
  ui.undoButton.disabled = !S.history.undoStack.length;
  ui.redoButton.disabled = !S.history.redoStack.length;
  const slot = currentSlot();
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
  const slot = currentSlot();
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

// The rows are rebuilt only when the list's words change: verdicts, the selection and a
// re-analysis that gives the same list update them in place, since rebuilding the list
// under the pointer could swallow the click on a candidate.
export function renderCandidates(S, ui) {
  const list = S.candidates;
  ui.candidateInfo.textContent = list ? candidateInfo(list) : "";
  const rows = list && !list.error && !list.theme ? list : null;
  const shape = rows ? JSON.stringify([rows.key, rows.cellsKey, rows.current, rows.words]) : "";
  if (list) ui.candidates.dataset.entry = list.key;
  if (shape && shape === ui.shownShape) { updateRows(S, ui, rows); return; }
  ui.shownShape = shape;
  ui.candidates.replaceChildren();
  if (!rows) return;
  rows.words.forEach((item, i) => {
    const option = el("li", { role: "option", id: `cand-${i}`, "data-word": item.word },
      el("span", { class: item.word === rows.current ? "word current-word" : "word", text: item.word }),
      el("span", { class: "score", text: String(item.score) }), el("span", { class: "verdict" }));
    option.addEventListener("click", () => { placeWord(item.word); requestFocus(); });
    ui.candidates.append(option);
  });
  updateRows(S, ui, rows);
}

function candidateInfo(list) {
  if (list.error) return list.error;
  if (list.theme) return `${list.key} ${list.pattern}: a theme entry, kept as you wrote it (Alt-T unmarks it)`;
  const shown = list.words.length;
  const count = `${list.total} word${list.total === 1 ? "" : "s"} keep every crossing (${list.matching} fit the pattern)${shown < list.total ? `, best ${shown} shown` : ""}`;
  if (!list.pattern.includes("?")) return `${list.key} ${list.current || list.pattern}: every letter is held by its crossings`;
  if (list.current) return `${list.key} ${list.current}, alternatives for ${list.pattern}: ${count}`;
  return `${list.key} ${list.pattern}: ${count}`;
}

// The parts of the rows that change without the words changing: selection, staleness, verdicts.
function updateRows(S, ui, list) {
  const fresh = list.cellsKey === JSON.stringify(S.doc.cells);
  [...ui.candidates.children].forEach((option, i) => {
    option.setAttribute("aria-selected", i === S.candidateIndex ? "true" : "false");
    option.classList.toggle("stale", !fresh);
    const verdict = S.verdicts.get(verdictKey(list.cellsKey, list.key, option.dataset.word)) || "";
    if (option.dataset.verdict === verdict) return;
    option.dataset.verdict = verdict;
    const badge = option.querySelector(".verdict");
    badge.className = `verdict v-${verdict.replace(" ", "-")}`;
    badge.textContent = VERDICT_TEXT[verdict] || "";
  });
  if (list.words.length) ui.candidates.setAttribute("aria-activedescendant", `cand-${S.candidateIndex}`);
}

// The fill box is built once and updated in place: fills keep arriving while it shows, and
// rebuilding its buttons on each one could swallow a click pressed during the swap.
function renderFills(S, ui) {
  const fill = S.fills[S.fillIndex];
  ui.fillBox.hidden = !fill;
  if (!fill) return;
  const box = ui.fillParts || (ui.fillParts = buildFillBox(ui.fillBox));
  const weakest = fill.weakest.map((e) => `${entryKey(e)} ${e.answer} (${e.score ?? "–"})`).join(", ");
  box.heading.textContent = `Fill ${S.fillIndex + 1} of ${S.fills.length}`;
  box.summary.textContent = `Average score ${fill.average_score === null ? "–" : fill.average_score.toFixed(1)} · weakest: ${weakest}`;
  box.previous.disabled = box.next.disabled = S.fills.length < 2;
}

function buildFillBox(fillBox) {
  const parts = {
    heading: el("h2"),
    summary: el("p"),
    previous: button("Previous fill", () => showFill(-1)),
    next: button("Next fill", () => showFill(1)),
  };
  fillBox.replaceChildren(parts.heading, parts.summary, el("div", { class: "fill-row" },
    parts.previous, parts.next,
    button("Accept fill", () => acceptFill(), false, "primary"),
    button("Accept entry", () => acceptEntry()),
    button("Close fills", () => closeFills())));
  return parts;
}

export function button(text, action, disabled = false, cls = "") {
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
        edit((doc) => setClue(doc, slot.key, input.value), `clue:${slot.key}`);
      });
      input.addEventListener("focus", () => selectEntry(slot.key));
      const row = el("li", { "data-key": slot.key },
        el("span", { class: "clue-key", text: String(slot.number) }), input, el("span", { class: "answer" }));
      (slot.direction === "across" ? ui.acrossClues : ui.downClues).append(row);
    }
  }
  const current = currentSlot();
  const flags = new Map(clueFlags(S.doc).map((flag) => [flag.key, flag]));
  const theme = new Set(themeSlots().map((slot) => slot.key));
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
export function scrollWithin(list, row) {
  const top = row.offsetParent === list ? row.offsetTop : row.offsetTop - list.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + row.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + row.offsetHeight - list.clientHeight;
}

function renderStats(S, ui) {
  const stats = S.analysis && S.analysis.stats;
  if (!stats) { ui.stats.textContent = "Statistics appear once the grid is analysed."; return; }
  const flags = clueFlags(S.doc);
  const key = JSON.stringify([stats, S.analysis.statistics, flags]);
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
  ui.stats.replaceChildren(table, ...fillStatistics(S.analysis.statistics), el("h3", { text: "Entry lengths" }), histogram);
}

// The finished grid's statistics (crossword.statistics): squares, letters, Scrabble score,
// score bands, repeated stems, breakfast test.
function fillStatistics(stats) {
  if (!stats) return [];
  const letters = Object.entries(stats.letters).map(([ch, n]) => `${ch}${n}`).join(" ");
  const bands = Object.entries(stats.score_bands).filter(([, items]) => items.length)
    .map(([band, items]) => row(`Score ${band}`, `${items.length}: ${items.slice(0, 10).join(", ")}${items.length > 10 ? ", …" : ""}`,
      band === "not in list" || band === "under 20"));
  const dupes = stats.stem_dupes.map((d) => `${d.answers[0]}/${d.answers[1]} (${d.stem})`);
  const table = el("table", { class: "stat-table", "aria-label": "Fill statistics" }, el("tbody", {},
    row("Open squares", stats.open_squares), row("Unchecked squares", stats.unchecked_squares, stats.unchecked_squares > 0),
    row("Letters", letters || "none yet"),
    row("Pangram", stats.pangram ? "yes" : `no (missing ${stats.missing_letters})`),
    row("Scrabble score", `${stats.scrabble_score} (${stats.scrabble_average} per square)`),
    ...bands,
    row("Repeated stems", dupes.length ? dupes.join(", ") : "none", dupes.length > 0),
    row("Breakfast test", stats.breakfast.length ? stats.breakfast.join(", ") : "passes", stats.breakfast.length > 0)));
  return [el("h3", { text: "Fill" }), table];
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
  ui.layer.checked = sources.length > 1 && sources[0] === "crossword";
  ui.wordFile.value = chosen.startsWith("file:") ? chosen.slice(5) : "";
  if (chosen && !chosen.startsWith("file:")) ui.wordSource.value = chosen;
  ui.encoding.value = S.words.encoding || "utf-8-sig";
  const { quality, max_shared_substring: run } = S.fillOptions;
  ui.fillMode.value = quality === null ? "auto" : quality ? "quality" : "fast";
  ui.maxShared.value = run === null ? "" : String(run);
  wordControls = wordControlState(ui);
}

// What the Words tab's list controls say; Apply changes only what differs from this.
let wordControls = "";
const wordControlState = (ui) => JSON.stringify([ui.wordSource.value, ui.wordFile.value.trim(), ui.layer.checked, ui.encoding.value]);
export const wordControlsChanged = (ui) => wordControlState(ui) !== wordControls;
export const wordControlsKept = (ui) => { wordControls = wordControlState(ui); };

export function refreshActiveLists(ui) {
  showActiveLists(ui.activeLists, wordsPayload()).catch((err) => { ui.activeLists.textContent = err.message; });
}

