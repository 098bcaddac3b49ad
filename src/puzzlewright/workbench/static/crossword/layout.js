// The crossword room's DOM: toolbar, grid, panels and dialogs (buildLayout returns the named
// nodes), and the two notices every part may show: the banner and the autofill status.

import { el, field } from "../dom.js";

function dialog(title, body, okLabel) {
  const ok = el("button", { class: "primary", type: "submit", text: okLabel });
  const cancel = el("button", { type: "button", text: "Cancel" });
  const error = el("p", { class: "error-text", role: "alert" });
  const form = el("form", { method: "dialog" }, el("h2", { text: title }), ...body, error, el("div", { class: "actions" }, cancel, ok));
  const node = el("dialog", { "aria-label": title }, form);
  cancel.addEventListener("click", () => node.close());
  document.body.append(node);
  return { node, form, ok, error };
}

export function buildLayout(root) {
  const ui = {};
  const button = (name, text = name, extra = {}) => (ui[name] = el("button", { type: "button", ...extra, text }));
  const toolbar = el("div", { class: "toolbar", role: "toolbar", "aria-label": "Puzzle tools" },
    button("newButton", "New…"), button("openButton", "Open…"), button("saveButton", "Save"),
    button("saveAsButton", "Save as…"), button("exportButton", "Export…"),
    el("span", { class: "sep" }),
    button("undoButton", "Undo", { title: "Ctrl-Z" }), button("redoButton", "Redo", { title: "Ctrl-Shift-Z or Ctrl-Y" }),
    el("span", { class: "sep" }),
    button("blockButton", "Block", { title: "." }), button("circleButton", "Circle", { title: "Alt-C" }),
    button("shadeButton", "Shade", { title: "Alt-S" }), button("rebusButton", "Rebus", { title: "Esc" }),
    (ui.symmetry = el("select", { "aria-label": "Symmetry" })),
    button("heatButton", "Heat map", { "aria-pressed": "true" }),
  );
  ui.banner = el("div", { class: "banner", role: "alert", hidden: "" });
  ui.grid = el("div", { class: "grid", role: "grid", "aria-label": "Crossword grid" });
  ui.entryLine = el("div", { class: "entry-line", "aria-live": "polite" });
  ui.fillBox = el("section", { class: "fills", "aria-label": "Fills", hidden: "" });
  const board = ui.board = el("section", { class: "board", "aria-label": "Grid" }, ui.banner, ui.grid, ui.entryLine, ui.fillBox);

  ui.filter = el("input", { type: "text", "aria-label": "Filter candidates", placeholder: "filter: substring or regex" });
  ui.regex = el("input", { type: "checkbox", id: "regex-toggle" });
  ui.candidateInfo = el("div", { class: "candidate-info" });
  ui.candidates = el("ul", { class: "candidates", role: "listbox", "aria-label": "Candidates", tabindex: "0" });
  ui.scope = el("select", { "aria-label": "Autofill scope" },
    el("option", { value: "all", text: "Whole grid" }), el("option", { value: "selection", text: "Selection" }),
    el("option", { value: "entry", text: "Current entry" }), el("option", { value: "entries", text: "Chosen entries" }));
  ui.fillEntries = el("input", { type: "text", "aria-label": "Entries to fill", placeholder: "e.g. 1A 5D 17A", hidden: "" });
  ui.fillCount = el("input", { type: "number", min: "1", max: "20", value: "5", "aria-label": "Number of fills" });
  ui.fillStatus = el("div", { class: "fill-status", role: "status" });
  // the fill request's options (FillRequest.quality, max_shared_substring), kept per session
  ui.fillMode = el("select", { "aria-label": "Fill mode", title: "Quality: best-scored words first, in score tiers; Fast: every word at once" },
    el("option", { value: "auto", text: "Automatic" }), el("option", { value: "quality", text: "Quality" }), el("option", { value: "fast", text: "Fast" }));
  ui.maxShared = el("input", { type: "number", min: "1", max: "25", placeholder: "any", "aria-label": "Longest shared run",
    title: "No two entries may share a run of more letters than this (STAR and STARE share 4); empty: no limit" });
  const middle = el("section", { class: "middle", "aria-label": "Entry" },
    el("h2", { text: "Candidates" }),
    el("div", { class: "filter-row" }, ui.filter, el("label", { for: "regex-toggle" }, ui.regex, " Regex")),
    ui.candidateInfo, ui.candidates,
    el("div", { class: "candidate-actions" }, button("lockButton", "Lock entry", { title: "Alt-L" }), button("themeButton", "Theme entry", { title: "Alt-T" }), button("banButton", "Ban word", { title: "for this puzzle" }), button("banForGoodButton", "Ban for good", { title: "in your personal list (personal.dict)" })),
    el("h2", { text: "Autofill" }),
    el("div", { class: "fill-row" }, ui.scope, el("label", {}, "Fills ", ui.fillCount)),
    ui.fillEntries,
    el("div", { class: "fill-row fill-options" }, el("label", {}, "Mode ", ui.fillMode), el("label", {}, "Longest shared run ", ui.maxShared)),
    el("div", { class: "fill-row" }, button("autofillButton", "Autofill", { class: "primary" }), button("refillButton", "Refill"),
      button("cancelFillButton", "Cancel fill", { disabled: "" })),
    ui.fillStatus,
  );

  const tabs = [["clues", "Clues"], ["info", "Puzzle"], ["checks", "Checks"], ["words", "Words"], ["keys", "Keys"]];
  const tabList = el("div", { role: "tablist", class: "tabs", "aria-label": "Panels" });
  ui.tabs = {};
  ui.tabPanels = {};
  const side = el("section", { class: "side" }, tabList);
  for (const [name, label] of tabs) {
    const tab = el("button", { role: "tab", type: "button", id: `tab-${name}`, "aria-controls": `panel-${name}`, "aria-selected": "false", text: label });
    const panel = el("div", { role: "tabpanel", id: `panel-${name}`, "aria-labelledby": `tab-${name}`, hidden: "" });
    tabList.append(tab);
    side.append(panel);
    ui.tabs[name] = tab;
    ui.tabPanels[name] = panel;
  }
  ui.acrossClues = el("ol", { class: "clue-list", "aria-label": "Across clues" });
  ui.downClues = el("ol", { class: "clue-list", "aria-label": "Down clues" });
  ui.clueIdeas = el("section", { class: "clue-ideas", "aria-label": "Clue ideas" });
  ui.tabPanels.clues.append(el("h3", { text: "Across" }), ui.acrossClues, el("h3", { text: "Down" }), ui.downClues, ui.clueIdeas);
  ui.meta = {};
  for (const [name, label] of [["title", "Title"], ["author", "Author"], ["copyright", "Copyright"]]) {
    ui.meta[name] = el("input", { type: "text" });
    ui.tabPanels.info.append(field(label, ui.meta[name]));
  }
  ui.meta.notes = el("textarea", { rows: "4" });
  ui.tabPanels.info.append(field("Notes", ui.meta.notes));
  ui.stats = el("div", { class: "stats" });
  ui.tabPanels.checks.append(ui.stats);
  ui.wordSource = el("select", {});
  ui.wordFile = el("input", { type: "text", placeholder: "e.g. lists/mine.txt (instead of the list above)" });
  ui.layer = el("input", { type: "checkbox", id: "layer-toggle" });
  ui.encoding = el("select", {}, ...["utf-8-sig", "auto", "latin-1", "cp1252", "cp1251", "koi8-r"].map((e) => el("option", { value: e, text: e })));
  ui.minScore = el("input", { type: "number", min: "0", placeholder: "none" });
  ui.upload = el("input", { type: "file", accept: ".txt,.dict,.tsv,.gz,.csv" });
  ui.banned = el("textarea", { rows: "5", placeholder: "one word per line" });
  ui.activeLists = el("div", { class: "active-lists", "aria-live": "polite" });
  ui.personal = el("div", { class: "personal" });
  ui.tabPanels.words.append(
    el("h3", { text: "In use" }), ui.activeLists,
    field("Word list", ui.wordSource), field("Or a list file in the folder", ui.wordFile),
    el("div", { class: "fill-row" }, el("label", { for: "layer-toggle" }, ui.layer, " On top of the built-in crossword list")),
    field("Encoding", ui.encoding), field("Minimum score", ui.minScore),
    field("Upload a word list", ui.upload), field("Never use these words", ui.banned),
    el("div", { class: "fill-row" }, button("applyWordsButton", "Apply word list")),
    (ui.wordInfo = el("p", { class: "muted", role: "status" })),
    ui.personal,
  );
  ui.tabPanels.keys.append(keyTable());

  root.append(toolbar, el("div", { class: "workspace" }, board, middle, side));

  ui.newWidth = el("input", { type: "number", min: "3", max: "25", value: "15" });
  ui.newHeight = el("input", { type: "number", min: "3", max: "25", value: "15" });
  ui.newStart = el("select", {}, el("option", { value: "pattern", text: "Generated block pattern" }), el("option", { value: "blank", text: "Blank" }));
  ui.newSymmetry = el("select", {});
  ui.newTheme = el("textarea", { rows: "2", placeholder: "e.g. 8,1,A,CROSSWORDPUZZLE (row, column, A or D, answer), or lengths: 15 11 11" });
  ui.newDialog = dialog("New puzzle", [field("Width", ui.newWidth), field("Height", ui.newHeight), field("Start from", ui.newStart), field("Block symmetry", ui.newSymmetry), field("Theme entries to keep (optional)", ui.newTheme)], "Create");
  ui.openList = el("ul", { class: "file-list", "aria-label": "Puzzle files" });
  ui.openPath = el("input", { type: "text", placeholder: "name.ipuz" });
  ui.openDialog = dialog("Open puzzle", [ui.openList, field("File in the folder", ui.openPath)], "Open");
  ui.savePath = el("input", { type: "text" });
  ui.saveDialog = dialog("Save as", [field("File name (.ipuz, .puz, .xd, .txt)", ui.savePath)], "Save");
  ui.exportFormat = el("select", {}, el("option", { value: "pdf", text: "PDF" }), el("option", { value: "html", text: "HTML" }), el("option", { value: "svg", text: "SVG" }), el("option", { value: "play", text: "Playable page (HTML)" }));
  ui.exportPath = el("input", { type: "text" });
  ui.exportKey = el("input", { type: "checkbox" });
  ui.exportDialog = dialog("Export", [field("Format", ui.exportFormat), field("File name", ui.exportPath), field("With answer key", ui.exportKey)], "Export");
  return ui;
}

const KEYS = [
  ["Letters", "type into the cell, move on"], ["Arrows", "move (a perpendicular arrow first turns)"],
  ["Space / Enter", "switch across / down"], ["Tab / Shift-Tab", "next / previous entry; past the last entry Tab goes on to the candidates and Autofill, Shift-Tab comes back"],
  ["Backspace", "clear and step back"], ["Delete", "clear in place"], [".", "toggle a block (with symmetry)"],
  ["Esc", "rebus: type letters, Enter to finish"], ["| and _", "toggle a bar right of / below the cell (with symmetry)"], ["Alt-C / Alt-S", "circle / shade the cell"],
  ["Alt-L", "lock or unlock the entry"], ["Alt-T", "mark or unmark a theme entry"],
  ["Alt-K", "to the candidate list (↑ ↓ choose, Enter places, Esc back to the grid)"], ["Shift-click, Shift-arrows", "select a rectangle"],
  ["Ctrl-Z", "undo"], ["Ctrl-Shift-Z, Ctrl-Y", "redo"],
];

function keyTable() {
  const body = el("tbody");
  for (const [key, what] of KEYS) body.append(el("tr", {}, el("th", { scope: "row" }, el("kbd", { text: key })), el("td", { text: what })));
  return el("table", { class: "keys", "aria-label": "Keyboard" }, body);
}

// The banner over the grid: `kind` error (click dismisses it), dead (the grid cannot be
// filled), or "" with no text to hide it.
export function banner(ui, text, kind) {
  ui.banner.textContent = text;
  ui.banner.className = `banner ${kind}`;
  ui.banner.hidden = !text;
}

// The autofill buttons and status line while a fill runs (or not).
export function fillRunning(ui, running, text) {
  ui.autofillButton.disabled = running;
  ui.refillButton.disabled = running;
  ui.cancelFillButton.disabled = !running;
  ui.fillStatus.textContent = text;
}
