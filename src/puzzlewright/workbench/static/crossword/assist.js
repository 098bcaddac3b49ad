// The engine's help while editing: analysis (viable letters, dead entries, statistics),
// the current entry's candidates, and their fill checks in a worker process.

import { call, cancelJob, follow, setStatus } from "../api.js";
import { S, announce, currentSlot, isTheme, ui, wordsPayload } from "./editor.js";
import { banner } from "./layout.js";
import { verdictKey, wordOf } from "./model.js";
import { renderCandidates } from "./panels.js";

const CHECKS = 16; // candidates sent for fill checks, best first: the list's first screen (340 px)
const CHECK_DELAY = 250; // ms of quiet before the fill checks of an entry start

// -- analysis, candidates and fill checks -----------------------------------------------
let analysisTimer = 0;
let analysisSeq = 0;

export function scheduleAnalysis() {
  clearTimeout(analysisTimer);
  analysisTimer = setTimeout(analyse, 15);
}

async function analyse() {
  const seq = ++analysisSeq;
  const cells = JSON.parse(JSON.stringify(S.doc.cells));
  if (!S.slots.length) { S.analysis = null; announce("view"); return; }
  try {
    const result = await call("/api/crossword/analyse", { cells, bars: S.doc.bars, ...wordsPayload() });
    if (seq !== analysisSeq) return;
    result.cellsKey = JSON.stringify(cells);
    S.analysis = result;
    if (result.status !== "dead") S.failed = S.failed.filter(() => false);
    announce("view");
    scheduleCandidates();
  } catch (err) {
    if (seq !== analysisSeq) return;
    S.analysis = null;
    banner(ui, err.message, "error");
    announce("view");
  }
}

let candidateTimer = 0;
let candidateSeq = 0;
export function scheduleCandidates() {
  clearTimeout(candidateTimer);
  candidateTimer = setTimeout(loadCandidates, 20);
}

export async function loadCandidates() {
  const slot = currentSlot();
  const seq = ++candidateSeq;
  if (!slot) { S.candidates = null; renderCandidates(S, ui); return; }
  if (isTheme(slot) && !wordOf(S.doc, slot).includes("?")) { // kept as written: nothing to spend
    S.candidates = { key: slot.key, pattern: wordOf(S.doc, slot), words: [], total: 0, matching: 0, theme: true };
    renderCandidates(S, ui);
    return;
  }
  const cells = JSON.parse(JSON.stringify(S.doc.cells));
  try {
    const result = await call("/api/crossword/candidates", {
      cells, bars: S.doc.bars, entry: slot.key, filter: S.filter, regex: S.regex, limit: 150, ...wordsPayload(),
    });
    if (seq !== candidateSeq) return;
    // a list of an entry the cursor has left since is dropped, even when it is the latest
    // asked for: the list of the entry the cursor is on now is already on its way (its
    // request waits out the 20 ms debounce), and showing this one meanwhile reset the
    // constructor's choice, so "Ban for good" banned the first word of the other entry
    const now = currentSlot();
    if (!now || now.key !== result.key) return;
    result.cellsKey = JSON.stringify(cells);
    S.candidates = result;
    S.candidateIndex = chosenIndex(result);
    renderCandidates(S, ui);
    scheduleChecks(result, cells);
  } catch (err) {
    if (seq !== candidateSeq) return;
    S.candidates = { key: slot.key, pattern: wordOf(S.doc, slot), words: [], total: 0, matching: 0, error: err.message };
    renderCandidates(S, ui);
  }
}

// The candidate the constructor chose in `list` (S.chosen: its entry and word, set by the
// arrow keys), else the first. By entry and word, not by index or by the list shown before:
// lists come late and out of turn under load (1A's, then 1D's from a click that turned the
// cursor, then 1A's again), and each must still show, and "Ban for good" take, that word.
function chosenIndex(list) {
  if (!S.chosen || S.chosen.key !== list.key) return 0;
  return Math.max(0, list.words.findIndex((item) => item.word === S.chosen.word));
}

// Fill checks start once the typing pauses: a worker process per keystroke would be waste.
let checkTimer = 0;
function scheduleChecks(list, cells) {
  clearTimeout(checkTimer);
  if (S.stopChecks) S.stopChecks();
  S.stopChecks = null;
  if (S.checkJob) cancelJob(S.checkJob);
  S.checkJob = null;
  dropPending();
  checkTimer = setTimeout(() => startChecks(list, cells), CHECK_DELAY);
}

function dropPending() {
  for (const [k, v] of S.verdicts) if (v === "checking") S.verdicts.delete(k);
}

async function startChecks(list, cells) {
  if (S.stopChecks) S.stopChecks();
  S.stopChecks = null;
  if (S.checkJob) cancelJob(S.checkJob);
  S.checkJob = null;
  dropPending();
  const cellsKey = JSON.stringify(cells);
  const todo = list.words.map((w) => w.word).filter((w) => !S.verdicts.has(verdictKey(cellsKey, list.key, w))).slice(0, CHECKS);
  if (!todo.length || list.pattern.indexOf("?") < 0) return;
  for (const word of todo) S.verdicts.set(verdictKey(cellsKey, list.key, word), "checking");
  renderCandidates(S, ui);
  try {
    const job = await call("/api/crossword/check", {
      cells, bars: S.doc.bars, entry: list.key, candidates: todo, budget: 1.5, timeout: 30, ...wordsPayload(),
    });
    S.checkJob = job.id;
    S.stopChecks = follow(job.id, (event) => {
      if (event.type === "grid") {  // the grid itself, asked once before the candidates
        S.gridVerdict = { cellsKey, verdict: event.verdict, responsible: event.responsible };
        if (event.verdict === "dead end") dropPending();
        announce("view");
      } else if (event.type === "verdict") {
        S.verdicts.set(verdictKey(cellsKey, list.key, event.word), event.verdict);
        renderCandidates(S, ui);
      } else if (event.type === "end") {
        if (S.checkJob !== job.id) return;
        dropPending();
        S.checkJob = null;
        renderCandidates(S, ui);
      }
    });
  } catch (err) {
    for (const word of todo) S.verdicts.delete(verdictKey(cellsKey, list.key, word));
    if (err.status !== 429) setStatus(`fill checks: ${err.message}`);
  }
}

