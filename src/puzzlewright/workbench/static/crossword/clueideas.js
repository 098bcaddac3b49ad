// The clue box's ideas for the current entry: your earlier clues (from the puzzles in the
// workbench's folder), WordNet drafts, and a warning when the clue being written repeats
// one you used recently. Asks POST /api/crossword/clue-ideas a moment after the entry or its clue
// changes; a click on "Use" puts that clue in the entry (one undoable edit).

import { call } from "../api.js";
import { el } from "../dom.js";
import { wordOf } from "./model.js";

const WAIT_MS = 250;
let asked = "";
let timer = null;

// `editor`: { currentSlot, edit } of the editor (passed in: this module imports no page state).
export function renderClueIdeas(S, ui, editor) {
  const slot = editor.currentSlot();
  const answer = slot ? wordOf(S.doc, slot) : "";
  if (!slot || answer.includes("?")) {
    if (asked !== "" || !ui.clueIdeas.childElementCount) {
      asked = "";
      ui.clueIdeas.replaceChildren(el("p", { class: "muted", text: "Select a filled entry for earlier clues and drafts." }));
    }
    return;
  }
  const clue = S.doc.clues[slot.key] || "";
  const key = JSON.stringify([slot.key, answer, clue, S.fileName]);
  if (key === asked) return;
  asked = key;
  clearTimeout(timer);
  timer = setTimeout(() => ask(S, ui, editor, slot, answer, clue, key), WAIT_MS);
}

async function ask(S, ui, editor, slot, answer, clue, key) {
  let found;
  try {
    found = await call("/api/crossword/clue-ideas", { answer, clue, puzzle: S.fileName });
  } catch (err) {
    if (asked === key) ui.clueIdeas.replaceChildren(el("p", { class: "error", text: `Clue ideas: ${err.message}` }));
    return;
  }
  if (asked !== key) return; // the entry or its clue changed meanwhile
  const parts = [el("h3", { text: `Clue ideas for ${slot.key} ${answer}` })];
  if (found.repeat) {
    const r = found.repeat;
    parts.push(el("p", { class: "repeat-warning", role: "alert",
      text: `You used this clue for ${r.answer} recently: ${r.path} ${r.key}.` }));
  }
  parts.push(list("Your earlier clues", found.history.map((u) => [u.clue, `${u.path} ${u.key}`]), slot, editor,
    `none in ${found.index.puzzles} puzzles of this folder`));
  parts.push(list("Drafts (WordNet)", found.drafts.map((d) => [d.clue, `${d.kind}, sense ${d.sense + 1}`]), slot, editor,
    "none: WordNet does not know this entry"));
  ui.clueIdeas.replaceChildren(...parts);
}

function list(title, items, slot, editor, empty) {
  const section = el("div", { class: "idea-list" }, el("h4", { text: title }));
  if (!items.length) {
    section.append(el("p", { class: "muted", text: empty }));
    return section;
  }
  const ul = el("ul", { "aria-label": title });
  for (const [text, where] of items.slice(0, 8)) {
    const use = el("button", { type: "button", text: "Use", "aria-label": `Use “${text}”` });
    use.addEventListener("click", () => {
      editor.edit((doc) => { doc.clues = { ...doc.clues, [slot.key]: text }; }, `clue:${slot.key}`);
    });
    ul.append(el("li", {}, use, el("span", { class: "idea", text }), el("span", { class: "where", text: where })));
  }
  section.append(ul);
  return section;
}
