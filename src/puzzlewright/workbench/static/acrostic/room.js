// The acrostic studio: quotation and source, one row per source letter, live checks,
// Complete / Another in a worker job, bans, clues, preview, save and export.

import { call, cancelJob, follow, setStatus } from "../api.js";
import { add, addField, el, readSaved, writeSaved } from "../dom.js";
import { offerWordLists } from "../studio.js";

const STORE = "puzzlewright.acrostic.v1";
const room = document.getElementById("room");

const saved = readSaved(STORE);
const S = {
  answers: Array.isArray(saved.answers) ? saved.answers : [],
  locked: Array.isArray(saved.locked) ? saved.locked : [],
  clues: saved.clues && typeof saved.clues === "object" ? saved.clues : {},
  banned: Array.isArray(saved.banned) ? saved.banned : [],
  seed: Number.isInteger(saved.seed) ? saved.seed : 0,
  rows: [],
  bound: null,
  job: null,
  stop: null,
};

const page = add(room, "div", { class: "studio" });

// -- text ---------------------------------------------------------------------------------
const textBox = add(page, "section", { class: "card", "aria-labelledby": "text-h" });
add(textBox, "h2", { id: "text-h", text: "Quotation and source" });
const quote = addField(textBox, "Quotation", { tag: "textarea", rows: 3, class: "wide" });
quote.value = saved.quote ?? ""; // nothing prefilled: the constructor's own quotation
quote.placeholder = "e.g. It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.";
const metaRow = add(textBox, "div", { class: "row" });
const source = addField(metaRow, "Source", { value: saved.source ?? "", placeholder: "e.g. Austen Pride" });
const title = addField(metaRow, "Title", { value: saved.title ?? "" });
const author = addField(metaRow, "Author", { value: saved.author ?? "" });
const minLength = addField(metaRow, "Shortest answer", { type: "number", min: 1, max: 20, value: saved.minLength || 4 });
const wordList = addField(metaRow, "Word list", { tag: "select" });
const avoidFunction = addField(metaRow, "Avoid function words", { type: "checkbox", title: "never THAT, NEXT, NOPE ... as answers" });
avoidFunction.checked = Boolean(saved.avoidFunction);
offerWordLists(wordList, () => scheduleCheck());
const problems = add(textBox, "ul", { class: "problems", role: "status", "aria-live": "polite", "aria-label": "Problems" });
add(textBox, "h3", { class: "field", text: "Letters left" });
const pool = add(textBox, "div", { class: "pool", "aria-label": "Letters left", role: "group" });

// -- rows ---------------------------------------------------------------------------------
const rowsBox = add(page, "section", { class: "card", "aria-labelledby": "rows-h" });
add(rowsBox, "h2", { id: "rows-h", text: "Answers" });
const actions = add(rowsBox, "div", { class: "row" });
const completeBtn = add(actions, "button", { type: "button", class: "primary", text: "Complete", onclick: () => runComplete(false) });
const anotherBtn = add(actions, "button", { type: "button", text: "Another", onclick: () => runComplete(true) });
const cancelBtn = add(actions, "button", { type: "button", text: "Cancel", disabled: true, onclick: () => S.job && cancelJob(S.job) });
add(actions, "button", { type: "button", text: "Clear unlocked", onclick: clearUnlocked });
const jobInfo = add(actions, "span", { class: "info", role: "status", "aria-live": "polite" });
// the best set so far while Complete improves it, against the bound no set can beat
const bestInfo = add(rowsBox, "p", { class: "best", role: "status", "aria-label": "Best so far", hidden: true });
const bestMeter = add(bestInfo, "meter", { "aria-label": "Mean score against the bound", min: 0, max: 1, value: 0 });
const bestText = add(bestInfo, "span", {});
const summary = add(rowsBox, "p", { class: "summary", "aria-live": "polite" });
const table = add(rowsBox, "table", { class: "rows" });
const head = add(add(table, "thead", {}), "tr", {});
for (const h of ["", "Answer", "Lock", "Score", "Clue", ""]) add(head, "th", { text: h });
const body = add(table, "tbody", {});
const bans = add(rowsBox, "p", { class: "bans" });

// -- preview and files --------------------------------------------------------------------
const outBox = add(page, "section", { class: "card", "aria-labelledby": "out-h" });
add(outBox, "h2", { id: "out-h", text: "Preview and save" });
const outRow = add(outBox, "div", { class: "row" });
add(outRow, "button", { type: "button", text: "Preview grid", onclick: runPreview });
const fileName = addField(outRow, "File name", { value: saved.fileName || "acrostic", class: "mono" });
add(outRow, "button", { type: "button", class: "primary", text: "Save .ipuz", onclick: () => saveAs(".ipuz") });
add(outRow, "button", { type: "button", text: "Export PDF", onclick: () => saveAs(".pdf") });
add(outRow, "button", { type: "button", text: "Export HTML", onclick: () => saveAs(".html") });
add(outRow, "button", { type: "button", text: "Export playable page", onclick: () => saveAs("-play.html", false, "play") });
const withKey = addField(outRow, "With answer key", { type: "checkbox" });
const outInfo = add(outBox, "p", { class: "info", role: "status" });
const preview = add(outBox, "div", { class: "preview" });

function keep() {
  writeSaved(STORE, {
    quote: quote.value, source: source.value, title: title.value, author: author.value,
    minLength: Number(minLength.value) || 4, answers: S.answers, locked: S.locked, clues: S.clues,
    banned: S.banned, seed: S.seed, fileName: fileName.value, avoidFunction: avoidFunction.checked,
  });
}

function draft(extra = {}) {
  return {
    quote: quote.value, source: source.value, answers: S.answers.map((a) => a || ""),
    clues: S.clues, min_length: Number(minLength.value) || 4, title: title.value, author: author.value,
    words: [wordList.value].filter(Boolean),
    ...extra,
  };
}

// -- live checks --------------------------------------------------------------------------
let asked = 0;
let timer = null;
function scheduleCheck() { clearTimeout(timer); timer = setTimeout(check, 150); keep(); }

async function check() {
  const ticket = ++asked;
  try {
    const state = await call("/api/acrostic/check", draft());
    if (ticket !== asked) return;
    S.rows = state.rows;
    S.answers.length = state.rows.length;
    S.locked.length = state.rows.length;
    for (let i = 0; i < state.rows.length; i++) {
      S.answers[i] = S.answers[i] || "";
      S.locked[i] = Boolean(S.locked[i]);
    }
    drawRows(state.rows);
    drawPool(state);
    problems.replaceChildren(...state.problems.map((p) => el("li", { text: p })));
    const mean = state.mean_zipf === null ? "–" : state.mean_zipf.toFixed(2);
    const bound = S.bound === null ? "" : ` · best possible mean ${S.bound.toFixed(2)}`;
    summary.replaceChildren();
    summary.append(`${state.filled} of ${state.rows.length} rows filled · mean score `);
    add(summary, "b", { text: mean });
    summary.append(bound + (state.complete ? " · complete" : ""));
  } catch (err) {
    if (ticket !== asked) return;
    problems.replaceChildren(el("li", { text: err.message }));
  }
}

function drawPool(state) {
  pool.replaceChildren();
  for (const [letter, n] of Object.entries(state.pool)) {
    const cls = n < 0 ? "over" : n === 0 ? "zero" : "";
    add(pool, "span", { class: cls, text: `${letter} ${n}`, title: n < 0 ? `${-n} too many` : `${n} left` });
  }
  add(pool, "span", { class: "total", text: `${state.left} left` });
}

function drawRows(rows) {
  const focused = document.activeElement && document.activeElement.dataset.row;
  const focusedKind = document.activeElement && document.activeElement.dataset.kind;
  body.replaceChildren();
  rows.forEach((row, i) => {
    const tr = add(body, "tr", { class: (row.problem ? "bad " : "") + (S.locked[i] ? "locked" : "") });
    add(tr, "td", { class: "label", text: row.label });
    const cell = add(tr, "td", {});
    const input = add(cell, "input", {
      class: "answer", value: S.answers[i], "data-row": i, "data-kind": "answer",
      "aria-label": `Answer ${row.label} (starts with ${row.initial})`, autocomplete: "off", spellcheck: "false",
      placeholder: `${row.initial}…`,
    });
    input.addEventListener("input", () => {
      S.answers[i] = input.value.toUpperCase();
      S.locked[i] = Boolean(input.value.trim());  // your own answer is kept by Complete
      scheduleCheck();
    });
    if (row.problem) add(cell, "div", { class: "problem", text: row.problem });
    const lockCell = add(tr, "td", {});
    const lock = add(lockCell, "input", { type: "checkbox", "aria-label": `Lock ${row.label}`, "data-row": i,
      "data-kind": "lock" });
    lock.checked = S.locked[i];
    lock.addEventListener("change", () => { S.locked[i] = lock.checked; scheduleCheck(); });
    add(tr, "td", { text: row.score === null ? "" : (row.score / 10).toFixed(1) });
    const clueCell = add(tr, "td", {});
    const clue = add(clueCell, "input", { class: "clue", value: S.clues[row.label] || "", "data-row": i, "data-kind": "clue",
      "aria-label": `Clue ${row.label}` });
    clue.addEventListener("input", () => { S.clues[row.label] = clue.value; keep(); });
    const banCell = add(tr, "td", {});
    add(banCell, "button", { type: "button", text: "Ban", "aria-label": `Ban answer ${row.label}`, disabled: !row.word,
      onclick: () => ban(i) });
  });
  if (focused !== undefined && focusedKind) {
    const again = body.querySelector(`[data-row="${focused}"][data-kind="${focusedKind}"]`);
    if (again) {
      again.focus();
      if (again.setSelectionRange && again.value) again.setSelectionRange(again.value.length, again.value.length);
    }
  }
  bans.replaceChildren();
  if (S.banned.length) {
    bans.append("Banned: ");
    S.banned.forEach((word, j) => {
      add(bans, "span", { text: word });
      add(bans, "button", { type: "button", text: "unban", "aria-label": `Unban ${word}`,
        onclick: () => { S.banned.splice(j, 1); scheduleCheck(); } });
      bans.append(" ");
    });
  }
}

function ban(i) {
  const word = (S.answers[i] || "").trim().toUpperCase();
  if (!word) return;
  if (!S.banned.includes(word)) S.banned.push(word);
  S.answers[i] = "";
  S.locked[i] = false;
  scheduleCheck();
}

function clearUnlocked() {
  S.answers = S.answers.map((a, i) => (S.locked[i] ? a : ""));
  scheduleCheck();
}

// -- complete / another -------------------------------------------------------------------
async function runComplete(another) {
  const locked = S.answers.map((a, i) => (S.locked[i] ? a : ""));
  const avoid = another ? S.answers.filter((a, i) => a && !S.locked[i]) : [];
  S.seed = another ? S.seed + 1 : S.seed;
  keep();
  jobInfo.textContent = "Starting…";
  bestInfo.hidden = true;
  try {
    const job = await call("/api/acrostic/complete", draft({
      answers: locked, banned: S.banned, avoid, seed: S.seed, avoid_function_words: avoidFunction.checked,
    }));
    S.job = job.job;
    setBusy(true);
    const started = Date.now();
    const open = S.answers.length - locked.filter(Boolean).length;
    const tick = setInterval(() => {
      const doing = bestInfo.hidden ? `Completing ${open} open rows…` : "Improving…";
      jobInfo.textContent = `${doing} ${Math.round((Date.now() - started) / 1000)} s`;
    }, 500);
    S.stop = follow(job.job, (event) => onEvent(event, tick));
  } catch (err) {
    jobInfo.textContent = err.message;
  }
}

// The open rows take `words` at once (the checks that score them follow from the server).
function showAnswers(words) {
  words.forEach((word, i) => {
    if (S.locked[i]) return;
    S.answers[i] = word;
    const input = body.querySelector(`[data-row="${i}"][data-kind="answer"]`);
    if (input) input.value = word;
  });
}

function showBest(event, final = false) {
  const mean = event.mean_zipf;
  const bound = event.mean_zipf_bound;
  if (mean === null || mean === undefined) return;
  bestInfo.hidden = false;
  const lead = final ? "Best set" : "Best so far";
  const gap = bound ? ` · bound ${bound.toFixed(2)}, ${Math.max(0, bound - mean).toFixed(2)} below it` : "";
  bestText.textContent = ` ${lead}: mean ${mean.toFixed(2)}${gap}` + (final ? "" : ` (after ${event.seconds.toFixed(1)} s; still improving)`);
  // the meter spans the last two points below the bound, where the sets differ
  bestMeter.min = bound ? Math.max(0, bound - 2) : 0;
  bestMeter.max = bound || Math.max(mean, 1);
  bestMeter.value = mean;
}

function onEvent(event, tick) {
  if (event.type === "best") {
    S.bound = event.mean_zipf_bound;
    showAnswers(event.words);
    showBest(event);
    check();
  } else if (event.type === "result") {
    S.bound = event.mean_zipf_bound;
    if (event.status === "built") {
      showAnswers(event.words);
      showBest(event, true);
      jobInfo.textContent = `Completed in ${event.seconds.toFixed(1)} s: mean ${event.mean_zipf.toFixed(2)}` +
        (event.mean_zipf_bound ? ` (best possible ${event.mean_zipf_bound.toFixed(2)})` : "");
    } else if (event.status === "timeout") {
      const extra = event.leftover ? `; letters left over: ${event.leftover}` : "";
      jobInfo.textContent = `Not completed (${event.reason})${extra}`;
    } else {
      jobInfo.textContent = `Cannot complete: ${event.reason}`;
    }
    check();
  } else if (event.type === "end") {
    clearInterval(tick);
    setBusy(false);
    if (event.status === "error") jobInfo.textContent = event.error;
    S.job = null;
  }
}

function setBusy(busy) {
  completeBtn.disabled = busy;
  anotherBtn.disabled = busy;
  cancelBtn.disabled = !busy;
}

// -- preview and files --------------------------------------------------------------------
async function runPreview() {
  try {
    const out = await call("/api/acrostic/preview", draft());
    preview.innerHTML = out.svg;  // the render layer's SVG: every text escaped
    const list = add(preview, "ol", { "aria-label": "Clues as printed" });
    for (const clue of out.clues) {
      add(list, "li", { text: `${clue.label}. ${clue.clue || "(no clue yet)"} — ${clue.numbers.join(" ")}` });
    }
    outInfo.textContent = "Preview of the grid as it will print.";
  } catch (err) {
    outInfo.textContent = err.message;
  }
}

async function saveAs(suffix, overwrite = false, format = null) {
  const name = fileName.value.trim().replace(/\.(ipuz|pdf|html)$/i, "") + suffix;
  keep();
  try {
    const done = await call("/api/acrostic/save", draft({ path: name, key: withKey.checked, overwrite, ...(format ? { format } : {}) }));
    outInfo.textContent = `Saved ${done.saved}.`;
    setStatus(`saved ${done.saved}`);
  } catch (err) {
    if (err.status === 409 && !overwrite && confirm(`${name} exists. Replace it?`)) return saveAs(suffix, true, format);
    outInfo.textContent = err.message;
  }
}

for (const input of [quote, source, minLength]) input.addEventListener("input", scheduleCheck);
for (const input of [title, author, fileName]) input.addEventListener("input", keep);
check();
