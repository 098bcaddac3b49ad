// The acrostic studio: quotation and source, one row per source letter, live checks,
// Complete / Another in a worker job, bans, clues, preview, save and export.

import { call, cancelJob, follow, setStatus } from "../api.js";
import { el, offerWordLists } from "../studio.js";

const STORE = "puzzlewright.acrostic.v1";
const room = document.getElementById("room");

function field(parent, label, attrs = {}) {
  const box = el("label", { class: "field" }, parent);
  el("span", { text: label }, box);
  const tag = attrs.tag || "input";
  return el(tag, { ...attrs, tag: null, "aria-label": label }, box);
}

const saved = (() => {
  try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch (err) { return {}; }
})();
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

const page = el("div", { class: "studio" }, room);

// -- text ---------------------------------------------------------------------------------
const textBox = el("section", { class: "card", "aria-labelledby": "text-h" }, page);
el("h2", { id: "text-h", text: "Quotation and source" }, textBox);
const quote = field(textBox, "Quotation", { tag: "textarea", rows: 3, class: "wide" });
quote.value = saved.quote ?? "";  // nothing prefilled: the constructor's own quotation
quote.placeholder = "e.g. It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.";
const metaRow = el("div", { class: "row" }, textBox);
const source = field(metaRow, "Source", { value: saved.source ?? "", placeholder: "e.g. Austen Pride" });
const title = field(metaRow, "Title", { value: saved.title ?? "" });
const author = field(metaRow, "Author", { value: saved.author ?? "" });
const minLength = field(metaRow, "Shortest answer", { type: "number", min: 1, max: 20, value: saved.minLength || 4 });
const wordList = field(metaRow, "Word list", { tag: "select" });
const avoidFunction = field(metaRow, "Avoid function words", { type: "checkbox", title: "never THAT, NEXT, NOPE ... as answers" });
avoidFunction.checked = Boolean(saved.avoidFunction);
offerWordLists(wordList, () => scheduleCheck());
const problems = el("ul", { class: "problems", role: "status", "aria-live": "polite", "aria-label": "Problems" }, textBox);
el("h3", { class: "field", text: "Letters left" }, textBox);
const pool = el("div", { class: "pool", "aria-label": "Letters left", role: "group" }, textBox);

// -- rows ---------------------------------------------------------------------------------
const rowsBox = el("section", { class: "card", "aria-labelledby": "rows-h" }, page);
el("h2", { id: "rows-h", text: "Answers" }, rowsBox);
const actions = el("div", { class: "row" }, rowsBox);
const completeBtn = el("button", { type: "button", class: "primary", text: "Complete", onclick: () => runComplete(false) }, actions);
const anotherBtn = el("button", { type: "button", text: "Another", onclick: () => runComplete(true) }, actions);
const cancelBtn = el("button", { type: "button", text: "Cancel", disabled: true, onclick: () => S.job && cancelJob(S.job) }, actions);
el("button", { type: "button", text: "Clear unlocked", onclick: clearUnlocked }, actions);
const jobInfo = el("span", { class: "info", role: "status", "aria-live": "polite" }, actions);
const summary = el("p", { class: "summary", "aria-live": "polite" }, rowsBox);
const table = el("table", { class: "rows" }, rowsBox);
const head = el("tr", {}, el("thead", {}, table));
for (const h of ["", "Answer", "Lock", "Score", "Clue", ""]) el("th", { text: h }, head);
const body = el("tbody", {}, table);
const bans = el("p", { class: "bans" }, rowsBox);

// -- preview and files --------------------------------------------------------------------
const outBox = el("section", { class: "card", "aria-labelledby": "out-h" }, page);
el("h2", { id: "out-h", text: "Preview and save" }, outBox);
const outRow = el("div", { class: "row" }, outBox);
el("button", { type: "button", text: "Preview grid", onclick: runPreview }, outRow);
const fileName = field(outRow, "File name", { value: saved.fileName || "acrostic", class: "mono" });
el("button", { type: "button", class: "primary", text: "Save .ipuz", onclick: () => saveAs(".ipuz") }, outRow);
el("button", { type: "button", text: "Export PDF", onclick: () => saveAs(".pdf") }, outRow);
el("button", { type: "button", text: "Export HTML", onclick: () => saveAs(".html") }, outRow);
el("button", { type: "button", text: "Export playable page", onclick: () => saveAs("-play.html", false, "play") }, outRow);
const withKey = field(outRow, "With answer key", { type: "checkbox" });
const outInfo = el("p", { class: "info", role: "status" }, outBox);
const preview = el("div", { class: "preview" }, outBox);

function keep() {
  localStorage.setItem(STORE, JSON.stringify({
    quote: quote.value, source: source.value, title: title.value, author: author.value,
    minLength: Number(minLength.value) || 4, answers: S.answers, locked: S.locked, clues: S.clues,
    banned: S.banned, seed: S.seed, fileName: fileName.value, avoidFunction: avoidFunction.checked,
  }));
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
    el("b", { text: mean }, summary);
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
    el("span", { class: cls, text: `${letter} ${n}`, title: n < 0 ? `${-n} too many` : `${n} left` }, pool);
  }
  el("span", { class: "total", text: `${state.left} left` }, pool);
}

function drawRows(rows) {
  const focused = document.activeElement && document.activeElement.dataset.row;
  const focusedKind = document.activeElement && document.activeElement.dataset.kind;
  body.replaceChildren();
  rows.forEach((row, i) => {
    const tr = el("tr", { class: (row.problem ? "bad " : "") + (S.locked[i] ? "locked" : "") }, body);
    el("td", { class: "label", text: row.label }, tr);
    const cell = el("td", {}, tr);
    const input = el("input", {
      class: "answer", value: S.answers[i], "data-row": i, "data-kind": "answer",
      "aria-label": `Answer ${row.label} (starts with ${row.initial})`, autocomplete: "off", spellcheck: "false",
      placeholder: `${row.initial}…`,
    }, cell);
    input.addEventListener("input", () => {
      S.answers[i] = input.value.toUpperCase();
      S.locked[i] = Boolean(input.value.trim());  // your own answer is kept by Complete
      scheduleCheck();
    });
    if (row.problem) el("div", { class: "problem", text: row.problem }, cell);
    const lockCell = el("td", {}, tr);
    const lock = el("input", { type: "checkbox", "aria-label": `Lock ${row.label}`, "data-row": i,
      "data-kind": "lock" }, lockCell);
    lock.checked = S.locked[i];
    lock.addEventListener("change", () => { S.locked[i] = lock.checked; scheduleCheck(); });
    el("td", { text: row.score === null ? "" : (row.score / 10).toFixed(1) }, tr);
    const clueCell = el("td", {}, tr);
    const clue = el("input", { class: "clue", value: S.clues[row.label] || "", "data-row": i, "data-kind": "clue",
      "aria-label": `Clue ${row.label}` }, clueCell);
    clue.addEventListener("input", () => { S.clues[row.label] = clue.value; keep(); });
    const banCell = el("td", {}, tr);
    el("button", { type: "button", text: "Ban", "aria-label": `Ban answer ${row.label}`, disabled: !row.word,
      onclick: () => ban(i) }, banCell);
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
      el("span", { text: word }, bans);
      el("button", { type: "button", text: "unban", "aria-label": `Unban ${word}`,
        onclick: () => { S.banned.splice(j, 1); scheduleCheck(); } }, bans);
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
  try {
    const job = await call("/api/acrostic/complete", draft({
      answers: locked, banned: S.banned, avoid, seed: S.seed, avoid_function_words: avoidFunction.checked,
    }));
    S.job = job.job;
    setBusy(true);
    const started = Date.now();
    const tick = setInterval(() => {
      jobInfo.textContent = `Completing ${S.answers.length - locked.filter(Boolean).length} open rows… ${Math.round((Date.now() - started) / 1000)} s`;
    }, 500);
    S.stop = follow(job.job, (event) => onEvent(event, tick));
  } catch (err) {
    jobInfo.textContent = err.message;
  }
}

function onEvent(event, tick) {
  if (event.type === "result") {
    S.bound = event.mean_zipf_bound;
    if (event.status === "built") {
      event.words.forEach((word, i) => { if (!S.locked[i]) S.answers[i] = word; });
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
    const list = el("ol", { "aria-label": "Clues as printed" }, preview);
    for (const clue of out.clues) {
      el("li", { text: `${clue.label}. ${clue.clue || "(no clue yet)"} — ${clue.numbers.join(" ")}` }, list);
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
