// The keyboard and mouse on the grid, with the conventions constructors know.

import {
  S, announce, clearCell, commitRebus, jumpEntry, moveTo, redo, requestFocus, startRebus, toggleBar,
  toggleBlock, toggleCircle, toggleLock, toggleShade, toggleTheme, typeLetter, undo,
} from "./editor.js";
import { BAR_BELOW, BAR_RIGHT, height, width } from "./model.js";

// -- keyboard --------------------------------------------------------------------------------
const focusCandidates = () => { const list = document.querySelector('[role="listbox"][aria-label="Candidates"]'); if (list) list.focus(); };
// Alt shortcuts by physical key (looked up when pressed: the editor's functions are not
// bound yet while the modules load)
const altAction = (code) => ({
  KeyC: toggleCircle, KeyS: toggleShade, KeyL: toggleLock, KeyT: toggleTheme, KeyK: focusCandidates,
})[code];
const ARROWS = { ArrowLeft: [0, -1, "across"], ArrowRight: [0, 1, "across"], ArrowUp: [-1, 0, "down"], ArrowDown: [1, 0, "down"] };

export function onKey(event) {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key;
  if (mod && (key === "z" || key === "Z")) { event.preventDefault(); event.shiftKey ? redo() : undo(); return; }
  if (mod && (key === "y" || key === "Y")) { event.preventDefault(); redo(); return; }
  if (mod || event.altKey) {
    // event.code, not event.key: on a Mac, Option-C types "ç"
    const action = event.altKey && !mod && altAction(event.code);
    if (action) { event.preventDefault(); action(); }
    return;
  }
  if (S.rebus !== null) {
    event.preventDefault();
    if (isLetter(key) && S.rebus.length < 8) { S.rebus += key.toUpperCase(); announce("view"); }
    else if (key === "Backspace") { S.rebus = S.rebus.slice(0, -1); announce("view"); }
    else if (key === "Enter" || key === "Escape" || key === "Tab") commitRebus();
    return;
  }
  if (isLetter(key)) { event.preventDefault(); typeLetter(key.toUpperCase()); return; }
  if (key in ARROWS) {
    event.preventDefault();
    const [dr, dc, dir] = ARROWS[key];
    if (event.shiftKey) {
      S.anchor = S.anchor || { ...S.cursor };
      S.cursor = { r: clamp(S.cursor.r + dr, height(S.doc)), c: clamp(S.cursor.c + dc, width(S.doc)) };
      announce("view");
      return;
    }
    S.anchor = null;
    if (S.dir !== dir) { S.dir = dir; announce("cursor"); return; }
    moveTo(S.cursor.r + dr, S.cursor.c + dc);
    return;
  }
  switch (key) {
    case " ":
    case "Enter":
      event.preventDefault();
      S.dir = S.dir === "across" ? "down" : "across";
      announce("cursor");
      break;
    case "Tab":
      // next/previous entry; past the last (or before the first) Tab leaves the grid as
      // anywhere else on the page (no keyboard trap), and Shift-Tab comes back to it
      if (jumpEntry(event.shiftKey ? -1 : 1)) event.preventDefault();
      break;
    case "Backspace":
      event.preventDefault();
      clearCell(true);
      break;
    case "Delete":
      event.preventDefault();
      clearCell(false);
      break;
    case ".":
      event.preventDefault();
      toggleBlock();
      break;
    case "|":
      event.preventDefault();
      toggleBar(BAR_RIGHT);
      break;
    case "_":
      event.preventDefault();
      toggleBar(BAR_BELOW);
      break;
    case "Escape":
      event.preventDefault();
      startRebus();
      break;
    default:
  }
}

// Any single letter of any script (word lists may be Cyrillic, Greek, ...).
const isLetter = (key) => key.length === 1 && /\p{L}/u.test(key);

const clamp = (x, n) => Math.max(0, Math.min(n - 1, x));

export function onCell(r, c, event) {
  if (event.shiftKey) {
    S.anchor = S.anchor || { ...S.cursor };
    S.cursor = { r, c };
    announce("view");
    requestFocus();
    return;
  }
  S.anchor = null;
  if (r === S.cursor.r && c === S.cursor.c) S.dir = S.dir === "across" ? "down" : "across";
  moveTo(r, c);
  requestFocus();
}

