// Grid repair, offered on the "cannot be filled" banner: a job proposes the fewest
// symmetric block changes that make the grid fill (each verified by a real fill); the
// proposals are shown as grid diffs and one is applied as a single undoable edit.

import { call, cancelJob, follow, setStatus } from "../api.js";
import { el } from "../dom.js";
import { S, announce, edit, themeSlots, ui, wordsPayload } from "./editor.js";

const cellsKey = () => JSON.stringify(S.doc.cells);

function box() {
  if (!ui.repairBox) {
    ui.repairBox = el("section", { class: "repair", "aria-label": "Repair", hidden: "" });
    // at the foot of the board, so the grid never moves when the box comes and goes
    ui.board.append(ui.repairBox);
  }
  return ui.repairBox;
}

// Entries the repair must keep: every locked entry and the theme entries.
function lockedKeys() {
  const locked = new Set(S.doc.locked.map(([a, b]) => `${a},${b}`));
  const keys = S.slots.filter((slot) => slot.cells.every(([a, b]) => locked.has(`${a},${b}`))).map((s) => s.key);
  return [...new Set([...keys, ...themeSlots().map((slot) => slot.key)])];
}

const cannotFill = () => ui.banner.dataset.dead === "true" || (S.failed.length > 0 && !S.fills.length);

export async function startRepair() {
  if (S.repairJob) return;
  S.repair = { status: "running", text: "Repairing: measuring the grid…", cells: cellsKey(), proposals: [] };
  announce("view");
  try {
    const job = await call("/api/crossword/repair", {
      cells: S.doc.cells, locked: lockedKeys(), seed: 0, timeout: 120, ...wordsPayload(),
    });
    S.repairJob = job.id;
    S.stopRepair = follow(job.id, onRepairEvent);
  } catch (err) {
    S.repair = { status: "error", text: `Repair: ${err.message}`, cells: cellsKey(), proposals: [] };
  }
  announce("view");
}

function onRepairEvent(event) {
  if (event.type === "progress") {
    S.repair.text = `Repairing: trying ${event.changes} change(s), ${event.trials} trial fills, ${event.proposals} found`;
  } else if (event.type === "result") {
    S.repair.proposals = event.proposals;
    S.repair.status = event.status;
    S.repair.text = event.proposals.length
      ? `${event.proposals.length} repair(s) found, each verified by a fill (${event.seconds}s)`
      : `No repair found: ${event.reason || event.stop_reason || event.status}`;
  } else if (event.type === "end") {
    S.repairJob = null;
    if (event.status === "cancelled") S.repair.text = "Repair cancelled";
    if (event.status === "error") S.repair.text = `Repair failed: ${event.error}`;
  }
  announce("view");
}

export async function cancelRepair() {
  if (S.repairJob) await cancelJob(S.repairJob);
}

export function applyProposal(index) {
  const proposal = S.repair && S.repair.proposals[index];
  if (!proposal) return;
  edit((doc) => {
    for (const [r, c] of proposal.added) doc.cells[r][c] = null;
    for (const [r, c] of proposal.removed) doc.cells[r][c] = "";
  });
  S.repair = null;
  setStatus(`repair ${index + 1} applied (Undo takes it back)`);
  announce("view");
}

// The proposal's grid: new blocks and opened cells marked, the verifying fill's letters shown.
function diffTable(proposal, index) {
  const added = new Set(proposal.added.map(([a, b]) => `${a},${b}`));
  const opened = new Set(proposal.removed.map(([a, b]) => `${a},${b}`));
  const rows = proposal.fill.grid.map((row, r) => el("tr", {}, ...[...row].map((ch, c) => {
    const key = `${r},${c}`;
    const kind = added.has(key) ? "added" : opened.has(key) ? "opened" : ch === "#" ? "block" : "letter";
    const title = kind === "added" ? "new block" : kind === "opened" ? "opened cell" : null;
    return el("td", { class: kind, title }, ch === "#" ? "" : ch);
  })));
  return el("table", { class: "repair-grid", "aria-label": `Repair ${index + 1} grid` }, el("tbody", {}, ...rows));
}

function proposalView(proposal, index) {
  const where = (cells) => cells.map(([r, c]) => `r${r + 1}c${c + 1}`).join(" ");
  const parts = [`${proposal.changes} change(s)`];
  if (proposal.added.length) parts.push(`block ${where(proposal.added)}`);
  if (proposal.removed.length) parts.push(`open ${where(proposal.removed)}`);
  const average = proposal.average_score === null ? "–" : proposal.average_score.toFixed(1);
  parts.push(`fill average ${average}`, `${proposal.words} words`);
  return el("div", { class: "repair-proposal" },
    el("h3", { text: `Repair ${index + 1}` }),
    el("p", { text: parts.join(" · ") }),
    diffTable(proposal, index),
    el("button", { type: "button", text: `Apply repair ${index + 1}`, onclick: () => applyProposal(index) }));
}

export function renderRepair() {
  const node = box();
  const current = S.repair && S.repair.cells === cellsKey() ? S.repair : null;
  if (!current && !cannotFill()) { node.hidden = true; node.replaceChildren(); return; }
  node.hidden = false;
  const running = Boolean(S.repairJob);
  const head = el("div", { class: "repair-head" },
    el("button", { type: "button", text: "Repair grid", disabled: running, onclick: startRepair,
      title: "Propose the fewest symmetric block changes that make the grid fill" }),
    running ? el("button", { type: "button", text: "Cancel repair", onclick: cancelRepair }) : "",
    el("span", { class: "repair-status", role: "status", text: current ? current.text : "" }));
  const proposals = current ? current.proposals.map(proposalView) : [];
  node.replaceChildren(head, ...proposals);
}
