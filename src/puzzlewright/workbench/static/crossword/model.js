// The puzzle being edited: cells, numbering, symmetry and undo history. No DOM here.

export const SYMMETRIES = [
  ["rotational", "Rotational"],
  ["mirror", "Mirror left-right"],
  ["mirror-tb", "Mirror top-bottom"],
  ["diagonal", "Diagonal"],
  ["none", "None"],
];

export function blankDoc(width, height) {
  const cells = [];
  for (let r = 0; r < height; r++) cells.push(new Array(width).fill(""));
  return {
    cells, bars: [], circles: [], shaded: [], title: "", author: "", copyright: "", notes: "",
    clues: {}, locked: [], banned: [],
  };
}

// Whether `cells` can be a grid: rows of equal, non-zero length (a saved session is
// checked before it is loaded: another version or a damaged entry may have written it).
export function isGrid(cells) {
  return Array.isArray(cells) && cells.length > 0 && cells.every((row) => Array.isArray(row)
    && row.length === cells[0].length && row.length > 0
    && row.every((cell) => cell === null || typeof cell === "string"));
}

export function docFromPuzzle(puzzle) {
  const doc = blankDoc(1, 1);
  Object.assign(doc, puzzle);
  doc.cells = puzzle.cells.map((row) => row.map((cell) => (cell === null ? null : cell || "")));
  doc.locked = puzzle.locked || [];
  doc.bars = puzzle.bars || [];
  doc.banned = puzzle.banned || [];
  return doc;
}

export const height = (doc) => doc.cells.length;
export const width = (doc) => doc.cells[0].length;
export const isOpen = (doc, r, c) =>
  r >= 0 && c >= 0 && r < height(doc) && c < width(doc) && doc.cells[r][c] !== null;

export const BAR_RIGHT = 1;
export const BAR_BELOW = 2;

// The bar sides of every cell: "r,c" -> BAR_RIGHT | BAR_BELOW.
export function barMap(doc) {
  const bars = new Map();
  for (const [r, c, sides] of doc.bars || []) bars.set(`${r},${c}`, (bars.get(`${r},${c}`) || 0) | sides);
  return bars;
}

// Is there a bar between (r, c) and the next cell in direction (dr, dc)?
function barAfter(bars, r, c, dr) {
  return ((bars.get(`${r},${c}`) || 0) & (dr ? BAR_BELOW : BAR_RIGHT)) !== 0;
}

// Entries: maximal runs of 2+ open cells not crossing a bar, numbered like a published crossword.
export function slotsOf(doc) {
  const bars = barMap(doc);
  const slots = [];
  let number = 0;
  for (let r = 0; r < height(doc); r++) {
    for (let c = 0; c < width(doc); c++) {
      if (!isOpen(doc, r, c)) continue;
      let started = false;
      for (const [direction, dr, dc] of [["across", 0, 1], ["down", 1, 0]]) {
        if (isOpen(doc, r - dr, c - dc) && !barAfter(bars, r - dr, c - dc, dr)) continue;
        const cells = [[r, c]];
        let rr = r, cc = c;
        while (isOpen(doc, rr + dr, cc + dc) && !barAfter(bars, rr, cc, dr)) { rr += dr; cc += dc; cells.push([rr, cc]); }
        if (cells.length < 2) continue;
        if (!started) { number += 1; started = true; }
        slots.push({ key: `${number}${direction[0].toUpperCase()}`, number, direction, cells, length: cells.length });
      }
    }
  }
  return slots;
}

export function wordOf(doc, slot) {
  return slot.cells.map(([r, c]) => doc.cells[r][c] || "?").join("");
}

// The cell and its images under the symmetry.
export function orbit(doc, r, c, symmetry) {
  const h = height(doc), w = width(doc);
  const out = [[r, c]];
  if (symmetry === "rotational") out.push([h - 1 - r, w - 1 - c]);
  else if (symmetry === "mirror") out.push([r, w - 1 - c]);
  else if (symmetry === "mirror-tb") out.push([h - 1 - r, c]);
  else if (symmetry === "diagonal" && r < w && c < h) out.push([c, r]);
  const seen = new Set();
  return out.filter(([a, b]) => {
    const k = `${a},${b}`;
    if (seen.has(k) || a < 0 || b < 0 || a >= h || b >= w) return false;
    seen.add(k);
    return true;
  });
}

// The bar after (r, c) on `side` and its images under the symmetry, as [r, c, side].
export function barOrbit(doc, r, c, side, symmetry) {
  const h = height(doc), w = width(doc);
  const right = side === BAR_RIGHT;
  const out = [[r, c, side]];
  if (symmetry === "rotational") out.push(right ? [h - 1 - r, w - 2 - c, side] : [h - 2 - r, w - 1 - c, side]);
  else if (symmetry === "mirror") out.push(right ? [r, w - 2 - c, side] : [r, w - 1 - c, side]);
  else if (symmetry === "mirror-tb") out.push(right ? [h - 1 - r, c, side] : [h - 2 - r, c, side]);
  else if (symmetry === "diagonal") out.push([c, r, right ? BAR_BELOW : BAR_RIGHT]);
  return out.filter(([a, b, s]) => a >= 0 && b >= 0 && a < h && b < w && !(s === BAR_RIGHT && b === w - 1) && !(s === BAR_BELOW && a === h - 1));
}

// Undo history of whole-document snapshots (a 25x25 puzzle is a few kB).
export class History {
  constructor(limit = 500) {
    this.limit = limit;
    this.undoStack = [];
    this.redoStack = [];
    this.lastTag = null;
  }
  // Record `before` (a snapshot string) unless `tag` continues the previous edit.
  record(before, tag = null) {
    if (tag !== null && tag === this.lastTag) return;
    this.undoStack.push(before);
    if (this.undoStack.length > this.limit) this.undoStack.shift();
    this.redoStack = [];
    this.lastTag = tag;
  }
  undo(current) {
    if (!this.undoStack.length) return null;
    this.redoStack.push(current);
    this.lastTag = null;
    return this.undoStack.pop();
  }
  redo(current) {
    if (!this.redoStack.length) return null;
    this.undoStack.push(current);
    this.lastTag = null;
    return this.redoStack.pop();
  }
}

// "(5)", "(3,4)", "(2-3)" at the end of a clue: the lengths it promises, else null.
export function enumeration(clue) {
  const match = /\(([\d\s,\-–]+)\)\s*$/.exec(clue || "");
  if (!match) return null;
  return match[1].split(/[\s,\-–]+/).filter(Boolean).reduce((a, b) => a + Number(b), 0);
}

export function wire(doc) {
  const { cells, circles, shaded, title, author, copyright, notes, clues } = doc;
  return { cells, bars: doc.bars || [], circles, shaded, title, author, copyright, notes, clues, kind: doc.kind || "crossword" };
}

// The symmetry a grid's blocks have (rotational first), "none" when they have none.
export function symmetryOf(doc) {
  for (const [name] of SYMMETRIES) {
    if (name === "none") continue;
    const ok = doc.cells.every((row, r) => row.every((cell, c) =>
      orbit(doc, r, c, name).every(([a, b]) => (doc.cells[a][b] === null) === (cell === null))));
    if (ok && (name !== "diagonal" || height(doc) === width(doc))) return name;
  }
  return "none";
}

// A fill as the engine reports it (FillResult.to_json): `grid` is one string a row, "#" a
// block, "." an empty cell. Its letters as the page's cell rows ("" where no letter).
export function fillLetters(fill) {
  return fill.grid.map((row) => [...row].map((ch) => (ch === "#" || ch === "." ? "" : ch)));
}

// An engine entry (number, direction) as the page names it: "12A", "3D".
export const entryKey = (entry) => `${entry.number}${entry.direction === "across" ? "A" : "D"}`;

// A list of [row, col] as a set of "row,col" keys.
export function positions(list) {
  return new Set(list.map(([a, b]) => `${a},${b}`));
}

// The key of a fill check's verdict: the grid it was asked on, the entry, the word.
export const verdictKey = (cellsKey, key, word) => `${cellsKey}|${key}|${word}`;
