// Autofill in a worker process, and browsing its ranked fills.

import { call, cancelJob, follow, setStatus } from "../api.js";
import { S, announce, currentSlot, edit, selection, themeSlots, ui, wordsPayload } from "./editor.js";
import { banner, fillRunning } from "./layout.js";
import { fillLetters, positions } from "./model.js";

// -- autofill ------------------------------------------------------------------------------
export async function autofill(refill = false) {
  if (S.fillJob) return;
  if (refill) {
    const keep = positions(S.doc.locked);
    for (const slot of themeSlots()) for (const [r, c] of slot.cells) keep.add(`${r},${c}`);
    edit((doc) => doc.cells.forEach((row, r) => row.forEach((cell, c) => {
      if (cell && !keep.has(`${r},${c}`)) row[c] = "";
    })));
  }
  const scope = ui.scope.value;
  let region = null;
  if (scope === "selection" && selection()) region = { rect: selection() };
  if (scope === "entry" && currentSlot()) region = { entries: [currentSlot().key] };
  if (scope === "entries") {
    const keys = ui.fillEntries.value.toUpperCase().split(/[\s,;]+/).filter(Boolean);
    if (!keys.length) { banner(ui, "Autofill: name the entries to fill, e.g. 1A 5D", "error"); return; }
    region = { entries: keys };
  }
  const count = Math.max(1, Math.min(20, Number(ui.fillCount.value) || 5));
  S.fills = [];
  S.failed = [];
  S.fillCount = count;
  S.fillTaken = false;
  const seed = Math.floor(Math.random() * 1e6);
  try {
    const job = await call("/api/crossword/fill", {
      cells: S.doc.cells, bars: S.doc.bars, count, region, seed, timeout: 120, ...S.fillOptions, ...wordsPayload(),
    });
    S.fillJob = job.id;
    fillRunning(ui, true, "Autofill running…");
    if (!refill && !region) showPatternFill();
    announce("view");
    S.stopFill = follow(job.id, onFillEvent);
  } catch (err) {
    banner(ui, `Autofill: ${err.message}`, "error");
  }
}

// New...'s trial fill, when the grid and word lists are still those it was made for and no
// option it did not honour is set: a fill to look at while the job searches.
function showPatternFill() {
  const known = S.patternFill;
  if (!known || S.fillOptions.max_shared_substring !== null || S.fillOptions.quality !== null) return;
  if (known.cells !== JSON.stringify(S.doc.cells) || known.words !== JSON.stringify(wordsPayload())) return;
  S.fills = [known.fill];
  S.fillIndex = 0;
  setStatus("the fill found when this pattern was made; looking for more");
  fillRunning(ui, true, `Autofill: 1 shown, ranking ${S.fillCount}…`);
}

function onFillEvent(event) {
  if (event.type === "progress") {
    const shown = S.fills.length ? `${S.fills.length} shown, ranking ${S.fillCount} · ` : "";
    fillRunning(ui, true, `Autofill: ${shown}${event.filled} of ${event.total} entries (best ${event.best}), ${event.backtracks} backtracks, ${event.elapsed}s`);
  } else if (event.type === "first") {
    // the fill `crossword fill` makes, shown at once (after New...'s, when that is shown);
    // the ranked fills replace them (this one ranked with them)
    const same = S.fills.some((fill) => fill.grid.join("") === event.grid.join(""));
    if (!S.fills.length) S.fillIndex = 0;
    if (!same) S.fills = [...S.fills, event];
    banner(ui, "", "");
    setStatus(`a fill in ${event.seconds}s${S.fillCount > 1 ? `; looking for ${S.fillCount - 1} more` : ""}`);
    if (S.fillCount > 1) fillRunning(ui, true, `Autofill: ${S.fills.length} shown, ranking ${S.fillCount}…`);
    announce("view");
  } else if (event.type === "result") {
    if (S.fillTaken) return;
    S.fills = event.fills;
    S.fillIndex = 0;
    if (!event.fills.length) {
      S.failed = event.failed_slots.map((f) => f.key);
      const names = event.failed_slots.map((f) => `${f.key} ${f.pattern}`).join(", ");
      const why = event.status === "unfillable"
        ? `No fill exists (exhaustive search). Entries that failed most: ${names || "none"}`
        : `No fill found before the search stopped (${event.stop_reason || event.status}). Hardest entries: ${names || "none"}`;
      banner(ui, why, "error");
    } else {
      banner(ui, "", "");
      setStatus(`${event.fills.length} fill${event.fills.length > 1 ? "s" : ""} in ${event.seconds}s`);
    }
    announce("view");
  } else if (event.type === "end") {
    S.fillJob = null;
    S.stopFill = null;
    fillRunning(ui, false, event.status === "error" ? `Autofill failed: ${event.error}` : event.status === "cancelled" ? "Autofill cancelled" : "");
    announce("view");
  }
}

export async function cancelFill() {
  if (S.fillJob) await cancelJob(S.fillJob);
}

export function showFill(delta) {
  if (!S.fills.length) return;
  S.fillIndex = (S.fillIndex + delta + S.fills.length) % S.fills.length;
  announce("view");
}

export function acceptFill() {
  const fill = S.fills[S.fillIndex];
  if (!fill) return;
  edit((doc) => fillLetters(fill).forEach((row, r) => row.forEach((cell, c) => {
    if (doc.cells[r][c] === "" && cell) doc.cells[r][c] = cell;
  })));
  S.fills = [];
  if (S.fillJob) { S.fillTaken = true; cancelFill(); } // the first fill was enough
  announce("view");
  setStatus("fill accepted");
}

export function acceptEntry() {
  const fill = S.fills[S.fillIndex];
  const slot = currentSlot();
  if (!fill || !slot) return;
  const letters = fillLetters(fill);
  edit((doc) => slot.cells.forEach(([a, b]) => { if (!doc.cells[a][b] && letters[a][b]) doc.cells[a][b] = letters[a][b]; }));
  setStatus(`${slot.key} taken from fill ${S.fillIndex + 1}`);
}

export function closeFills() {
  S.fills = [];
  announce("view");
}

