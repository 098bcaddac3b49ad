// Independent readers for the corpus test: xword-parser (puz, ipuz, jpz, xd) and Puzzmo's
// xd parser. Prints one JSON line per file given on the command line.
import fs from 'fs';
import { createRequire } from 'module';
import { parse } from './xword-parser/xword-parser.browser.min.mjs';

const require = createRequire(import.meta.url);
const puzzmo = require('./xd-crossword-tools-parser/index.js');

function unified(data) {
  const p = parse(data);
  const rows = p.grid.cells.map((row) =>
    row.map((c) => (c.isBlack ? '#' : c.rebus || c.solution || '.')));
  const circles = [];
  p.grid.cells.forEach((row, r) => row.forEach((c, col) => { if (c.isCircled) circles.push([r, col]); }));
  const clues = (list) => Object.fromEntries((list || []).map((c) => [String(c.number), c.text]));
  return { title: p.title || '', author: p.author || '', width: p.grid.width,
           height: p.grid.height, rows, circles, across: clues(p.clues.across),
           down: clues(p.clues.down) };
}

function puzzmoXd(text) {
  const j = puzzmo.xdToJSON(text, false);
  const rows = j.tiles.map((row) => row.map((t) => (t.type === 'blank' ? '#' : t.word || t.letter || '.')));
  const clues = (list) => Object.fromEntries(list.map((c) => [String(c.number), [c.body, c.answer]]));
  return { rows, across: clues(j.clues.across), down: clues(j.clues.down),
           errors: j.report.errors.map((e) => e.message) };
}

for (const path of process.argv.slice(2)) {
  const out = { path };
  const data = fs.readFileSync(path);
  try { out.unified = unified(path.endsWith('.puz') ? data : data.toString('utf8')); }
  catch (e) { out.unified_error = String(e && e.message || e); }
  if (path.endsWith('.xd')) {
    try { out.puzzmo = puzzmoXd(data.toString('utf8')); }
    catch (e) { out.puzzmo_error = String(e && e.message || e); }
  }
  console.log(JSON.stringify(out));
}
