// The cryptarithm studio: live solve, encode, find (streamed), a sheet of chosen puzzles.

import { call, cancelJob, follow, setStatus } from "../api.js";
import { el, offerWordLists } from "../studio.js";

const STORE = "puzzlewright.cryptarithm.v1";
const room = document.getElementById("room");

function field(parent, label, attrs = {}) {
  const box = el("label", { class: "field" }, parent);
  el("span", { text: label }, box);
  return el(attrs.tag || "input", { ...attrs, tag: null, "aria-label": label }, box);
}

const saved = JSON.parse(localStorage.getItem(STORE) || "{}");
const state = { chosen: Array.isArray(saved.chosen) ? saved.chosen.slice(0, 40) : [], job: null, stop: null };
function keep() {
  localStorage.setItem(STORE, JSON.stringify({ chosen: state.chosen, puzzle: puzzle.value }));
}

const page = el("div", { class: "studio" }, room);

// -- solve --------------------------------------------------------------------------------
const solveBox = el("section", { class: "card", "aria-labelledby": "solve-h" }, page);
el("h2", { id: "solve-h", text: "Solve" }, solveBox);
const puzzle = field(solveBox, "Puzzle", { class: "wide mono", value: saved.puzzle || "SEND + MORE = MONEY",
  spellcheck: "false", autocomplete: "off" });
const opts = el("div", { class: "row" }, solveBox);
const base = field(opts, "Base", { type: "number", min: 2, max: 36, value: 10 });
const zeros = field(opts, "Leading zeros", { type: "checkbox" });
const assign = field(opts, "Fixed digits", { placeholder: "S=9,M=1", class: "mono" });
const forbid = field(opts, "Forbidden digits", { placeholder: "S=0,1; E=5-9", class: "mono" });
const digits = field(opts, "Only digits", { placeholder: "1-9", class: "mono" });
const verdict = el("p", { class: "verdict", role: "status", "aria-live": "polite" }, solveBox);
const solutions = el("ol", { class: "solutions", "aria-label": "Solutions" }, solveBox);
el("button", { type: "button", text: "Add to sheet", onclick: () => choose(puzzle.value) }, solveBox);

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
      const li = el("li", {}, solutions);
      el("span", { class: "mono", text: line }, li);
      const pairs = Object.entries(result.solutions[i]).map(([k, v]) => `${k}=${v}`).join(" ");
      el("span", { class: "pairs", text: pairs }, li);
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
const encodeBox = el("section", { class: "card", "aria-labelledby": "encode-h" }, page);
el("h2", { id: "encode-h", text: "Encode a true equation" }, encodeBox);
const encodeRow = el("div", { class: "row" }, encodeBox);
const equation = field(encodeRow, "Equation", { class: "mono", value: "1234 + 5678 = 6912" });
const encodeBtn = el("button", { type: "button", class: "primary", text: "Encode", onclick: runEncode }, encodeRow);
const encodeInfo = el("p", { class: "info", role: "status" }, encodeBox);
const encodings = el("ol", { class: "results", "aria-label": "Encodings" }, encodeBox);

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
  const li = el("li", {}, list);
  el("span", { class: "mono", text }, li);
  el("span", { class: unique ? "badge ok" : "badge", text: unique ? "unique" : "not unique" }, li);
  el("span", { class: "pairs", text: extra }, li);
  el("button", { type: "button", text: "Solve", "aria-label": `Solve ${text}`,
    onclick: () => { puzzle.value = text; solveNow(); puzzle.focus(); } }, li);
  el("button", { type: "button", text: "Add", "aria-label": `Add ${text} to the sheet`,
    onclick: () => choose(text) }, li);
}

// -- find ---------------------------------------------------------------------------------
const findBox = el("section", { class: "card", "aria-labelledby": "find-h" }, page);
el("h2", { id: "find-h", text: "Find unique puzzles" }, findBox);
const findRow = el("div", { class: "row" }, findBox);
const wordList = field(findRow, "Word list", { tag: "select" });
offerWordLists(wordList, () => {});
const form = field(findRow, "Form", { tag: "select" });
for (const f of ["A + B = C", "A + B + C = D", "A - B = C", "A * B = C"]) el("option", { text: f }, form);
const result = field(findRow, "Result word", { class: "mono", placeholder: "optional" });
const limit = field(findRow, "Stop after", { type: "number", min: 1, max: 500, value: 20 });
const theme = field(findBox, "Theme words", { tag: "textarea", rows: 2, class: "wide mono",
  placeholder: "planets, colours, countries, or your own words (empty: the word list)" });
const findActions = el("div", { class: "row" }, findBox);
const findBtn = el("button", { type: "button", class: "primary", text: "Find", onclick: runFind }, findActions);
const cancelBtn = el("button", { type: "button", text: "Cancel", disabled: true, onclick: stopFind }, findActions);
const findInfo = el("p", { class: "info", role: "status" }, findBox);
const found = el("ol", { class: "results", "aria-label": "Found puzzles" }, findBox);

async function runFind() {
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
    state.stop = follow(job.job, onFindEvent);
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

async function stopFind() {
  if (state.job) await cancelJob(state.job);
}

// -- the sheet ----------------------------------------------------------------------------
const sheetBox = el("section", { class: "card", "aria-labelledby": "sheet-h" }, page);
el("h2", { id: "sheet-h", text: "Puzzle sheet" }, sheetBox);
const chosenList = el("ol", { class: "results", "aria-label": "Chosen puzzles" }, sheetBox);
const sheetRow = el("div", { class: "row" }, sheetBox);
const title = field(sheetRow, "Sheet title", { value: "Cryptarithms" });
const fileName = field(sheetRow, "File name", { value: "cryptarithms", class: "mono" });
const sheetActions = el("div", { class: "row" }, sheetBox);
el("button", { type: "button", text: "Save puzzles (.json)", onclick: () => saveSheet(".json") }, sheetActions);
el("button", { type: "button", class: "primary", text: "Print sheet with key (.html)",
  onclick: () => saveSheet(".html") }, sheetActions);
const sheetInfo = el("p", { class: "info", role: "status" }, sheetBox);

function drawChosen() {
  chosenList.replaceChildren();
  if (!state.chosen.length) el("li", { class: "empty", text: "No puzzles yet: add them from Solve, Encode or Find." }, chosenList);
  state.chosen.forEach((text, i) => {
    const li = el("li", {}, chosenList);
    el("span", { class: "mono", text }, li);
    el("button", { type: "button", text: "Remove", "aria-label": `Remove ${text}`,
      onclick: () => { state.chosen.splice(i, 1); drawChosen(); keep(); } }, li);
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
