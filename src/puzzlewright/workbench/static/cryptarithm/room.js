// The cryptarithm studio: live solve, encode, find (streamed), a sheet of chosen puzzles.

import { call, follow, setStatus } from "../api.js";
import { add, addField, readSaved, writeSaved } from "../dom.js";
import { offerWordLists } from "../studio.js";

const STORE = "puzzlewright.cryptarithm.v1";
const room = document.getElementById("room");

const saved = readSaved(STORE); // a corrupt entry must not stop the page
const state = { chosen: Array.isArray(saved.chosen) ? saved.chosen.slice(0, 40) : [], job: null, stop: null };
function keep() {
  writeSaved(STORE, { chosen: state.chosen, puzzle: puzzle.value });
}

const page = add(room, "div", { class: "studio" });

// -- solve --------------------------------------------------------------------------------
const solveBox = add(page, "section", { class: "card", "aria-labelledby": "solve-h" });
add(solveBox, "h2", { id: "solve-h", text: "Solve" });
const puzzle = addField(solveBox, "Puzzle", { class: "wide mono", value: saved.puzzle || "SEND + MORE = MONEY",
  spellcheck: "false", autocomplete: "off" });
const opts = add(solveBox, "div", { class: "row" });
const base = addField(opts, "Base", { type: "number", min: 2, max: 36, value: 10 });
const zeros = addField(opts, "Leading zeros", { type: "checkbox" });
const assign = addField(opts, "Fixed digits", { placeholder: "S=9,M=1", class: "mono" });
const forbid = addField(opts, "Forbidden digits", { placeholder: "S=0,1; E=5-9", class: "mono" });
const digits = addField(opts, "Only digits", { placeholder: "1-9", class: "mono" });
const verdict = add(solveBox, "p", { class: "verdict", role: "status", "aria-live": "polite" });
const solutions = add(solveBox, "ol", { class: "solutions", "aria-label": "Solutions" });
add(solveBox, "button", { type: "button", text: "Add to sheet", onclick: () => choose(puzzle.value) });

let asked = 0;
let timer = null;
function scheduleSolve() {
  clearTimeout(timer);
  timer = setTimeout(solveNow, 120);
}
async function solveNow() {
  const ticket = ++asked;
  const text = puzzle.value.trim();
  keep();
  if (!text) { verdict.textContent = ""; solutions.replaceChildren(); return; }
  try {
    const result = await call("/api/cryptarithm/solve", {
      puzzle: text,
      base: Number(base.value) || 10,
      leading_zeros: zeros.checked,
      assign: assign.value,
      forbid: forbid.value.split(";").map((s) => s.trim()).filter(Boolean),
      digits: digits.value.trim(),
    });
    if (ticket !== asked) return;
    verdict.className = "verdict " + (result.unique ? "unique" : result.count ? "many" : "none");
    verdict.textContent = result.unique ? "Unique solution"
      : result.verdict.charAt(0).toUpperCase() + result.verdict.slice(1)
        + (result.stop_reason === "timeout" ? " (stopped after 2 s)" : "");
    solutions.replaceChildren();
    result.substituted.forEach((line, i) => {
      const li = add(solutions, "li", {});
      add(li, "span", { class: "mono", text: line });
      const pairs = Object.entries(result.solutions[i]).map(([k, v]) => `${k}=${v}`).join(" ");
      add(li, "span", { class: "pairs", text: pairs });
    });
  } catch (err) {
    if (ticket !== asked) return;
    verdict.className = "verdict error";
    verdict.textContent = err.message;
    solutions.replaceChildren();
  }
}
for (const input of [puzzle, base, zeros, assign, forbid, digits]) input.addEventListener("input", scheduleSolve);

// -- encode -------------------------------------------------------------------------------
const encodeBox = add(page, "section", { class: "card", "aria-labelledby": "encode-h" });
add(encodeBox, "h2", { id: "encode-h", text: "Encode a true equation" });
const encodeRow = add(encodeBox, "div", { class: "row" });
const equation = addField(encodeRow, "Equation", { class: "mono", value: "1234 + 5678 = 6912" });
const encodeBtn = add(encodeRow, "button", { type: "button", class: "primary", text: "Encode", onclick: runEncode });
const encodeInfo = add(encodeBox, "p", { class: "info", role: "status" });
const encodings = add(encodeBox, "ol", { class: "results", "aria-label": "Encodings" });

async function runEncode() {
  encodeBtn.disabled = true;
  encodeInfo.textContent = "Encoding…";
  encodings.replaceChildren();
  try {
    const result = await call("/api/cryptarithm/encode", { equation: equation.value, limit: 20, words: [wordList.value].filter(Boolean) });
    encodeInfo.textContent = `${result.total} encodings of the shape ${result.pattern}; ` +
      (result.solutions === 1 ? "the shape has a unique solution." : "the shape has more than one solution.");
    result.encodings.forEach((e) => resultItem(encodings, e.puzzle, e.unique,
      `words ${e.score}, mean ${e.mean_score}`));
  } catch (err) {
    encodeInfo.textContent = err.message;
  } finally {
    encodeBtn.disabled = false;
  }
}

function resultItem(list, text, unique, extra) {
  const li = add(list, "li", {});
  add(li, "span", { class: "mono", text });
  add(li, "span", { class: unique ? "badge ok" : "badge", text: unique ? "unique" : "not unique" });
  add(li, "span", { class: "pairs", text: extra });
  add(li, "button", { type: "button", text: "Solve", "aria-label": `Solve ${text}`,
    onclick: () => { puzzle.value = text; solveNow(); puzzle.focus(); } });
  add(li, "button", { type: "button", text: "Add", "aria-label": `Add ${text} to the sheet`,
    onclick: () => choose(text) });
}

// -- find ---------------------------------------------------------------------------------
const findBox = add(page, "section", { class: "card", "aria-labelledby": "find-h" });
add(findBox, "h2", { id: "find-h", text: "Find unique puzzles" });
const findRow = add(findBox, "div", { class: "row" });
const wordList = addField(findRow, "Word list", { tag: "select" });
offerWordLists(wordList, () => {});
const form = addField(findRow, "Form", { tag: "select" });
for (const f of ["A + B = C", "A + B + C = D", "A - B = C", "A * B = C"]) add(form, "option", { text: f });
const result = addField(findRow, "Result word", { class: "mono", placeholder: "optional" });
const limit = addField(findRow, "Stop after", { type: "number", min: 1, max: 500, value: 20 });
const theme = addField(findBox, "Theme words", { tag: "textarea", rows: 2, class: "wide mono",
  placeholder: "planets, colours, countries, or your own words (empty: the word list)" });
const findActions = add(findBox, "div", { class: "row" });
const findBtn = add(findActions, "button", { type: "button", class: "primary", text: "Find", onclick: runFind });
const cancelBtn = add(findActions, "button", { type: "button", text: "Cancel", disabled: true, onclick: stopFind });
const findInfo = add(findBox, "p", { class: "info", role: "status" });
const found = add(findBox, "ol", { class: "results", "aria-label": "Found puzzles" });

async function runFind() {
  if (state.stop) state.stop(); // a finished run's last events must not reach the new one
  state.stop = null;
  found.replaceChildren();
  findInfo.textContent = "Starting…";
  try {
    const job = await call("/api/cryptarithm/find", {
      form: form.value, result: result.value, theme: theme.value, limit: Number(limit.value) || 20,
      words: [wordList.value].filter(Boolean),
    });
    state.job = job.job;
    findBtn.disabled = true;
    cancelBtn.disabled = false;
    findInfo.textContent = `Searching ${job.form} over ${job.words} words…`;
    state.stop = follow(job.job, (event) => { if (state.job === job.job) onFindEvent(event); });
  } catch (err) {
    findInfo.textContent = err.message;
  }
}

function onFindEvent(event) {
  if (event.type === "puzzle") {
    resultItem(found, event.puzzle, true, `${event.digits}  ·  score ${event.score ?? "-"}`);
  } else if (event.type === "progress") {
    const of = event.total ? ` of ${event.total}` : "";
    findInfo.textContent = `Searching: ${event.shards}${of} batches, ${event.found} found…`;
  } else if (event.type === "result") {
    findInfo.textContent = `${event.found} unique puzzles from ${event.candidates} candidates in ${event.seconds} s` +
      (event.stop_reason === "interrupted" ? " (cancelled)" : "");
  } else if (event.type === "end") {
    if (event.status === "error") findInfo.textContent = event.error;
    else if (event.status === "cancelled" && !/cancelled/.test(findInfo.textContent)) {
      findInfo.textContent += " (cancelled)";
    }
    findBtn.disabled = false;
    cancelBtn.disabled = true;
    state.job = null;
  }
}

let cancelFailed = false; // the status line says so until a cancel gets through

async function stopFind() {
  if (!state.job) return;
  try {  // a lost cancel must say so: the search would run on while the page looks stopped
    await call(`/api/jobs/${encodeURIComponent(state.job)}/cancel`, {});
    if (cancelFailed) setStatus("");
    cancelFailed = false;
  } catch (err) {
    setStatus(`could not cancel the search: ${err.message}`, "error");
    cancelFailed = true;
  }
}

// -- the sheet ----------------------------------------------------------------------------
const sheetBox = add(page, "section", { class: "card", "aria-labelledby": "sheet-h" });
add(sheetBox, "h2", { id: "sheet-h", text: "Puzzle sheet" });
const chosenList = add(sheetBox, "ol", { class: "results", "aria-label": "Chosen puzzles" });
const sheetRow = add(sheetBox, "div", { class: "row" });
const title = addField(sheetRow, "Sheet title", { value: "Cryptarithms" });
const fileName = addField(sheetRow, "File name", { value: "cryptarithms", class: "mono" });
const sheetActions = add(sheetBox, "div", { class: "row" });
add(sheetActions, "button", { type: "button", text: "Save puzzles (.json)", onclick: () => saveSheet(".json") });
add(sheetActions, "button", { type: "button", class: "primary", text: "Print sheet with key (.html)",
  onclick: () => saveSheet(".html") });
const sheetInfo = add(sheetBox, "p", { class: "info", role: "status" });

function drawChosen() {
  chosenList.replaceChildren();
  if (!state.chosen.length) add(chosenList, "li", { class: "empty", text: "No puzzles yet: add them from Solve, Encode or Find." });
  state.chosen.forEach((text, i) => {
    const li = add(chosenList, "li", {});
    add(li, "span", { class: "mono", text });
    add(li, "button", { type: "button", text: "Remove", "aria-label": `Remove ${text}`,
      onclick: () => { state.chosen.splice(i, 1); drawChosen(); keep(); } });
  });
}

function choose(text) {
  text = text.trim();
  if (!text || state.chosen.includes(text)) return;
  state.chosen.push(text);
  drawChosen();
  keep();
  sheetInfo.textContent = `Added ${text}.`;
}

async function saveSheet(suffix, overwrite = false) {
  const name = fileName.value.trim().replace(/\.(json|html)$/i, "") + suffix;
  try {
    const done = await call("/api/cryptarithm/save", {
      path: name, puzzles: state.chosen, title: title.value, key: true, overwrite,
    });
    sheetInfo.textContent = `Saved ${done.saved}.`;
    setStatus(`saved ${done.saved}`);
  } catch (err) {
    if (err.status === 409 && !overwrite && confirm(`${name} exists. Replace it?`)) {
      return saveSheet(suffix, true);
    }
    sheetInfo.textContent = err.message;
  }
}

drawChosen();
solveNow();
