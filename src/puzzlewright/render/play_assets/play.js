/* puzzlewright playable page: grid and clues, check and reveal, timer, saved progress.
   Plain script, no dependencies, no network. The puzzle arrives as JSON in #pw-data. */
(function () {
  'use strict';

  const D = JSON.parse(document.getElementById('pw-data').textContent);
  const W = D.width, H = D.height, N = W * H;
  const ACRO = D.kind === 'acrostic';
  const DL = !!D.diagramless;  // every square looks open; the solver marks blocks with '.'
  const BLOCK = '#';
  const STORE = 'puzzlewright:play:' + D.id;
  const LETTER = /^[\p{L}\p{N}]$/u;
  const app = document.getElementById('pw-app');

  /* ---- the solution: base64, XORed with an xorshift32 stream (see playdata.py) ---- */
  function unscramble(text, key) {
    const raw = atob(text);
    const bytes = new Uint8Array(raw.length);
    let x = (key >>> 0) || 1;
    for (let i = 0; i < raw.length; i++) {
      x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
      bytes[i] = raw.charCodeAt(i) ^ (x & 255);
    }
    return new TextDecoder().decode(bytes).split('\x1f');
  }
  const SOL = unscramble(D.solution, D.key);

  /* ---- puzzle model ---- */
  const open = [];  // letter squares in reading order
  for (let i = 0; i < N; i++) if (D.layout[i] === '.') open.push(i);
  const clues = [];  // {label, clue, cells, dir, sec, k}
  const clueOf = { across: new Array(N).fill(-1), down: new Array(N).fill(-1),
                   clue: new Array(N).fill(-1) };
  D.sections.forEach(function (sec, s) {
    sec.clues.forEach(function (c) {
      const k = clues.length;
      clues.push({ label: c.label, clue: c.clue, cells: c.cells, dir: sec.dir, sec: s, k: k });
      c.cells.forEach(function (i) { clueOf[sec.dir][i] = k; });
    });
  });
  const dirWord = { across: D.words.across, down: D.words.down, clue: '' };
  const circles = new Set(D.circles), shaded = new Set(D.shaded);

  const state = { letters: new Array(N).fill(''), marks: new Array(N).fill(''),
                  elapsed: 0, solved: false, paused: false };
  const cur = { cell: open[0], dir: ACRO ? 'clue' : 'across', place: 'grid' };

  /* ---- small DOM helpers ---- */
  function el(tag, attrs, parent) {
    const node = document.createElement(tag);
    for (const name in attrs || {}) {
      const value = attrs[name];
      if (name === 'text') node.textContent = value;
      else if (name === 'html') node.innerHTML = value;  // clue markup, escaped in Python
      else if (name === 'class') node.className = value;
      else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
      else if (value !== null && value !== undefined && value !== false) {
        node.setAttribute(name, value === true ? '' : value);
      }
    }
    if (parent) parent.appendChild(node);
    return node;
  }
  const row = (i) => Math.floor(i / W), col = (i) => i % W;
  function clock(seconds) {
    const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
    const mm = h ? String(m).padStart(2, '0') : String(m);
    return (h ? h + ':' : '') + mm + ':' + String(s).padStart(2, '0');
  }

  /* ---- the page ---- */
  const tools = el('div', { class: 'pw-tools', role: 'group', 'aria-label': 'Puzzle tools' }, app);
  const timerBox = el('div', { class: 'pw-timerbox' }, tools);
  const timer = el('span', { class: 'pw-timer', role: 'timer', 'aria-label': 'Time taken',
                             text: '0:00' }, timerBox);
  const pauseBtn = el('button', { type: 'button', class: 'pw-btn', text: 'Pause',
                                  onclick: function () { setPaused(!state.paused); } }, timerBox);
  const scopes = [['square', 'Square'], ['word', ACRO ? 'Answer' : 'Word'],
                  ['puzzle', 'Puzzle']];
  menu('Check', scopes.map(function (s) {
    return { label: 'Check ' + s[1].toLowerCase(), text: s[1], run: function () { check(s[0]); } };
  }));
  menu('Reveal', scopes.map(function (s) {
    return { label: 'Reveal ' + s[1].toLowerCase(), text: s[1], run: function () { reveal(s[0]); } };
  }));
  if (!ACRO) el('button', { type: 'button', class: 'pw-btn', text: 'Rebus',
                            title: 'Several letters in one square (Esc)', onclick: openRebus }, tools);
  el('button', { type: 'button', class: 'pw-btn', text: 'Clear', 'aria-label': 'Clear puzzle',
                 onclick: clearAll }, tools);
  el('button', { type: 'button', class: 'pw-btn', text: 'Print',
                 'aria-label': 'Print blank puzzle', onclick: function () { window.print(); } }, tools);

  const status = el('div', { class: 'pw-status', role: 'status', 'aria-live': 'polite' }, app);
  const board = el('div', { class: 'pw-board' }, app);
  const play = el('div', { class: 'pw-play', style: '--w:' + W }, board);
  const bar = el('div', { class: 'pw-cluebar', 'aria-live': 'polite' }, play);
  const barLabel = el('span', { class: 'pw-cluebar-label' }, bar);
  const barText = el('span', { class: 'pw-cluebar-text' }, bar);
  const wrap = el('div', { class: 'pw-gridwrap' }, play);
  const grid = el('div', {
    class: 'pw-grid', role: 'grid', style: '--w:' + W + ';--h:' + H,
    'aria-label': (ACRO ? 'Quotation grid, ' : 'Crossword grid, ') + W + ' by ' + H,
  }, wrap);
  const pausedBox = el('div', { class: 'pw-pausedbox', hidden: true }, wrap);
  el('p', { text: 'Paused' }, pausedBox);
  el('button', { type: 'button', class: 'pw-btn pw-primary', text: 'Resume',
                 onclick: function () { setPaused(false); } }, pausedBox);
  const help = el('details', { class: 'pw-help' }, play);
  el('summary', { text: 'How to play' }, help);
  el('p', { text: ACRO
    ? 'Type in the quotation grid or in the answer blanks: each letter appears in both. ' +
      'Arrows move, Space or Enter jumps between a square and its blank, Tab goes to the ' +
      'next clue, Backspace erases. Progress is saved in this browser.'
    : 'Click a square or use the arrow keys. Space or Enter switches Across/Down, Tab and ' +
      'Shift+Tab go to the next and previous clue (Tab on the last clue leaves the grid), ' +
      'Backspace erases, Esc or the Rebus button puts several letters in one square. ' +
      (DL ? 'Diagramless: the grid shows no blocks or numbers; type . to mark a block. ' : '') +
      'Progress is saved in this browser.' }, help);

  const cellEls = new Array(N), letterEls = new Array(N);
  for (let r = 0; r < H; r++) {
    const line = el('div', { role: 'row', class: 'pw-row' }, grid);
    for (let c = 0; c < W; c++) {
      const i = r * W + c, kind = D.layout[i];
      const cell = el('div', { role: 'gridcell', class: 'pw-cell', 'data-row': r, 'data-col': c },
                      line);
      cellEls[i] = cell;
      if (kind === '#' || kind === '_') {
        cell.classList.add(kind === '#' ? 'pw-block' : 'pw-void');
        cell.setAttribute('aria-label', kind === '#' ? 'block' : 'no square');
        continue;
      }
      if (kind === '=') {
        cell.classList.add('pw-given');
        el('span', { class: 'pw-g', 'data-v': D.given[i] || '' }, cell);
        cell.setAttribute('aria-label', 'punctuation ' + (D.given[i] || ''));
        continue;
      }
      cell.tabIndex = -1;
      if (circles.has(i)) cell.classList.add('pw-circle');
      if (shaded.has(i)) cell.classList.add('pw-shaded');
      const bars = (D.bars && D.bars[i]) || '';
      if (bars) {
        el('span', { class: 'pw-bars' + (bars.indexOf('r') >= 0 ? ' pw-bar-r' : '') +
                     (bars.indexOf('b') >= 0 ? ' pw-bar-b' : '') }, cell);
      }
      if (D.numbers[i]) el('span', { class: 'pw-n', 'data-v': D.numbers[i] }, cell);
      if (D.corners[i]) el('span', { class: 'pw-c', 'data-v': D.corners[i] }, cell);
      if (D.punct[i]) el('span', { class: 'pw-p', 'data-v': D.punct[i].join(' ').trim() }, cell);
      letterEls[i] = el('span', { class: 'pw-l' }, cell);
    }
  }

  const lists = el('div', { class: 'pw-clues' }, board);
  const clueEls = [], blankEls = new Array(N), blankLetters = new Array(N);
  D.sections.forEach(function (sec, s) {
    const box = el('section', { class: 'pw-sec' }, lists);
    el('h2', { id: 'pw-sec-' + s, text: sec.heading }, box);
    const list = el('ol', { class: 'pw-list', 'aria-labelledby': 'pw-sec-' + s }, box);
    clues.filter(function (c) { return c.sec === s; }).forEach(function (c) {
      const li = el('li', { class: 'pw-clue', 'data-clue': c.k }, list);
      el('span', { class: 'pw-label', text: c.label }, li);
      const body = el('span', { class: 'pw-text' }, li);
      el('span', { html: c.clue || '&nbsp;' }, body);
      if (ACRO) addBlanks(c, body);
      li.addEventListener('click', function (e) {
        if (e.target.closest('.pw-blank')) return;
        goClue(c.k, cur.place);
      });
      clueEls.push(li);
    });
  });

  function addBlanks(c, body) {
    const group = el('div', { class: 'pw-blanks', role: 'group',
                              'aria-label': 'Answer ' + c.label + ', ' + c.cells.length + ' letters' },
                     body);
    c.cells.forEach(function (i) {
      const b = el('span', { class: 'pw-blank', tabindex: -1, 'data-cell': i }, group);
      el('span', { class: 'pw-bn', 'data-v': D.numbers[i] || '' }, b);
      blankLetters[i] = el('span', { class: 'pw-l' }, b);
      blankEls[i] = b;
    });
  }

  const dlg = el('dialog', { class: 'pw-dialog', 'aria-labelledby': 'pw-dialog-msg' }, document.body);
  const dlgForm = el('form', { method: 'dialog' }, dlg);
  const dlgMsg = el('p', { id: 'pw-dialog-msg' }, dlgForm);
  const dlgRow = el('div', { class: 'pw-dialog-buttons' }, dlgForm);
  el('button', { value: 'cancel', class: 'pw-btn', text: 'Cancel' }, dlgRow);
  const dlgOk = el('button', { value: 'ok', class: 'pw-btn pw-primary', text: 'OK' }, dlgRow);
  const rebusBox = el('input', { class: 'pw-rebus', 'aria-label': 'Rebus letters', hidden: true,
                                 autocomplete: 'off', spellcheck: 'false' }, wrap);
  const proxy = el('input', { class: 'pw-proxy', 'aria-label': 'Type a letter in the selected square',
                              autocomplete: 'off', autocapitalize: 'characters',
                              spellcheck: 'false', value: ' ' }, app);

  /* ---- menus (Check, Reveal) ---- */
  function menu(name, items) {
    const box = el('div', { class: 'pw-menu' }, tools);
    const button = el('button', { type: 'button', class: 'pw-btn pw-menubtn', text: name,
                                  'aria-haspopup': 'menu', 'aria-expanded': 'false' }, box);
    const list = el('div', { role: 'menu', class: 'pw-menulist', 'aria-label': name, hidden: true },
                    box);
    const entries = items.map(function (item) {
      return el('button', {
        type: 'button', role: 'menuitem', tabindex: -1, text: item.text, 'aria-label': item.label,
        onclick: function () { close(false); item.run(); },
      }, list);
    });
    function close(refocus) {
      list.hidden = true;
      button.setAttribute('aria-expanded', 'false');
      if (refocus) button.focus();
    }
    button.addEventListener('click', function () {
      const opening = list.hidden;
      document.querySelectorAll('.pw-menulist').forEach(function (m) {
        m.hidden = true; m.previousSibling.setAttribute('aria-expanded', 'false');
      });
      if (opening) {
        list.hidden = false;
        button.setAttribute('aria-expanded', 'true');
        entries[0].focus();
      }
    });
    list.addEventListener('keydown', function (e) {
      const at = entries.indexOf(document.activeElement);
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        const step = e.key === 'ArrowDown' ? 1 : entries.length - 1;
        entries[(at + step) % entries.length].focus();
        e.preventDefault();
      } else if (e.key === 'Escape') {
        close(true);
        e.preventDefault();
      } else if (e.key === 'Tab') {
        close(false);
      }
    });
    document.addEventListener('click', function (e) { if (!box.contains(e.target)) close(false); });
  }

  /* ---- drawing the state ---- */
  function cellName(i) {
    const parts = [];
    if (ACRO) {
      parts.push('square ' + (D.numbers[i] || ''));
      if (D.corners[i]) parts.push('clue ' + D.corners[i]);
    } else {
      if (D.numbers[i]) parts.push(D.numbers[i]);
      parts.push('row ' + (row(i) + 1) + ', column ' + (col(i) + 1));
      if (circles.has(i)) parts.push('circled');
    }
    const mark = state.marks[i];
    const tail = state.letters[i] === BLOCK ? 'block' : state.letters[i] || 'empty';
    return parts.join(', ') + ': ' + tail + (mark === 'wrong' ? ', wrong' :
      mark === 'revealed' ? ', revealed' : mark === 'ok' ? ', correct' : '');
  }

  function drawCell(i) {
    const letter = state.letters[i], mark = state.marks[i];
    const targets = [[cellEls[i], letterEls[i]], [blankEls[i], blankLetters[i]]];
    targets.forEach(function (t) {
      if (!t[0]) return;
      t[1].textContent = letter === BLOCK ? '' : letter;
      t[0].classList.toggle('pw-marked-block', letter === BLOCK);
      t[0].classList.toggle('pw-rebus-cell', letter.length > 1);
      t[0].classList.toggle('pw-wrong', mark === 'wrong');
      t[0].classList.toggle('pw-ok', mark === 'ok');
      t[0].classList.toggle('pw-revealed', mark === 'revealed');
    });
    if (letter.length > 1) letterEls[i].style.setProperty('--n', Math.min(letter.length, 6));
    cellEls[i].setAttribute('aria-label', cellName(i));
    if (blankEls[i]) blankEls[i].setAttribute('aria-label', cellName(i));
  }

  let lit = [];
  function currentClue() {
    const k = clueOf[cur.dir][cur.cell];
    return k >= 0 ? clues[k] : null;
  }
  function crossClue() {
    if (ACRO) return null;
    const k = clueOf[cur.dir === 'across' ? 'down' : 'across'][cur.cell];
    return k >= 0 ? clues[k] : null;
  }

  function highlight() {
    lit.forEach(function (node) { node.classList.remove('pw-in', 'pw-cur', 'pw-current', 'pw-cross'); });
    lit = [];
    const clue = currentClue(), cross = crossClue();
    function mark(node, name) { if (node) { node.classList.add(name); lit.push(node); } }
    if (clue) clue.cells.forEach(function (i) { mark(cellEls[i], 'pw-in'); mark(blankEls[i], 'pw-in'); });
    mark(cellEls[cur.cell], 'pw-cur');
    mark(blankEls[cur.cell], 'pw-cur');
    clueEls.forEach(function (li) { li.removeAttribute('aria-current'); });
    if (clue) {
      mark(clueEls[clue.k], 'pw-current');
      clueEls[clue.k].setAttribute('aria-current', 'true');
      keepInView(clueEls[clue.k]);
    }
    if (cross) { mark(clueEls[cross.k], 'pw-cross'); keepInView(clueEls[cross.k]); }
    barLabel.textContent = clue ? clue.label + (ACRO ? '' : ' ' + dirWord[clue.dir]) : '';
    barText.innerHTML = clue ? (clue.clue || '&nbsp;') : '&nbsp;';
    if (DL) {  // no entry to name: say which way typing goes and how to mark a block
      barLabel.textContent = dirWord[cur.dir];
      barText.textContent = 'Diagramless: type the letters, . for a block';
    }
    cellEls.forEach(function (node) { if (node.tabIndex === 0) node.tabIndex = -1; });
    cellEls[cur.cell].tabIndex = 0;
  }

  function keepInView(li) {
    const box = li.parentElement;
    if (box.scrollHeight <= box.clientHeight + 1) return;
    const top = li.offsetTop;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + li.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = top + li.offsetHeight - box.clientHeight;
    }
  }

  function focusCursor() {
    const node = cur.place === 'blank' && blankEls[cur.cell] ? blankEls[cur.cell] : cellEls[cur.cell];
    if (document.activeElement !== proxy) node.focus({ preventScroll: cur.place === 'grid' });
  }

  function select(i, dir, place) {
    if (D.layout[i] !== '.') return;
    cur.cell = i;
    if (place) cur.place = place;
    if (dir) cur.dir = dir;
    if (!ACRO && !DL && clueOf[cur.dir][i] < 0) cur.dir = cur.dir === 'across' ? 'down' : 'across';
    if (ACRO && cur.place === 'blank' && !blankEls[i]) cur.place = 'grid';
    highlight();
    focusCursor();
  }

  /* ---- editing ---- */
  const locked = (i) => state.solved || state.marks[i] === 'revealed' || state.marks[i] === 'ok';

  function setLetter(i, letter) {
    if (locked(i) || state.letters[i] === letter) return;
    state.letters[i] = letter;
    if (state.marks[i] === 'wrong') state.marks[i] = '';
    drawCell(i);
    changed();
  }

  function path() {
    if (ACRO && cur.place === 'grid') return open;
    if (DL) return lineOf(cur.cell, cur.dir);
    const clue = currentClue();
    return clue ? clue.cells : [cur.cell];
  }

  // The whole row (across) or column (down) through cell i: a diagramless grid's path.
  function lineOf(i, dir) {
    const cells = [];
    if (dir === 'down') for (let r = 0; r < H; r++) cells.push(r * W + col(i));
    else for (let c = 0; c < W; c++) cells.push(row(i) * W + c);
    return cells.filter(function (j) { return D.layout[j] === '.'; });
  }

  function step(delta) {
    const cells = path(), at = cells.indexOf(cur.cell) + delta;
    if (at >= 0 && at < cells.length) select(cells[at]);
  }

  function type(text) {
    if (state.paused || state.solved) return;
    setLetter(cur.cell, text.toUpperCase());
    step(1);
  }

  function backspace() {
    if (state.paused || state.solved) return;
    if (state.letters[cur.cell] && !locked(cur.cell)) { setLetter(cur.cell, ''); return; }
    step(-1);
    setLetter(cur.cell, '');
  }

  function arrow(dr, dc) {
    if (ACRO && cur.place === 'blank') {
      if (dc) step(dc);
      else goClue(clueOf.clue[cur.cell] + dr, 'blank', true);
      return;
    }
    const dir = dc ? 'across' : 'down';
    if (!ACRO && cur.dir !== dir && (DL || clueOf[dir][cur.cell] >= 0)) { select(cur.cell, dir); return; }
    let r = row(cur.cell) + dr, c = col(cur.cell) + dc;
    while (r >= 0 && r < H && c >= 0 && c < W) {
      if (D.layout[r * W + c] === '.') { select(r * W + c); return; }
      r += dr; c += dc;
    }
  }

  function goClue(k, place, keep) {
    if (k < 0 || k >= clues.length) return false;
    const clue = clues[k];
    const empty = clue.cells.find(function (i) { return !state.letters[i]; });
    select(keep || empty === undefined ? clue.cells[0] : empty, clue.dir, place);
    return true;
  }

  function tab(back) {
    const clue = currentClue();
    const k = clue ? clue.k + (back ? -1 : 1) : 0;
    return goClue(k, cur.place);
  }

  function toggle() {
    if (ACRO) {
      if (blankEls[cur.cell]) select(cur.cell, null, cur.place === 'grid' ? 'blank' : 'grid');
    } else {
      select(cur.cell, cur.dir === 'across' ? 'down' : 'across');
    }
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || state.paused) return;
    const key = e.key;
    let handled = true;
    if (key === 'ArrowLeft') arrow(0, -1);
    else if (key === 'ArrowRight') arrow(0, 1);
    else if (key === 'ArrowUp') arrow(-1, 0);
    else if (key === 'ArrowDown') arrow(1, 0);
    else if (key === ' ' || key === 'Enter') toggle();
    else if (key === 'Tab') handled = !DL && tab(e.shiftKey);  // no entries to go to: leave
    else if (key === 'Backspace') backspace();
    else if (key === 'Delete') setLetter(cur.cell, '');
    else if ((key === 'Escape' || key === 'Insert') && !ACRO) openRebus();
    else if (LETTER.test(key)) type(key);
    else if (DL && key === '.') type(BLOCK);
    else handled = false;
    if (handled) e.preventDefault();
  }

  grid.addEventListener('keydown', onKey);
  lists.addEventListener('keydown', function (e) { if (e.target.closest('.pw-blank')) onKey(e); });
  function pointAt(e, place) {
    const node = e.target.closest(place === 'grid' ? '.pw-cell' : '.pw-blank');
    if (!node) return;
    const i = place === 'grid' ? Number(node.dataset.row) * W + Number(node.dataset.col)
      : Number(node.dataset.cell);
    if (D.layout[i] !== '.') return;
    e.preventDefault();
    if (!ACRO && i === cur.cell && place === cur.place) toggle();
    else select(i, null, place);
    if (e.pointerType === 'touch' || e.pointerType === 'pen') {
      proxy.focus({ preventScroll: true });
    }
  }
  grid.addEventListener('pointerdown', function (e) { pointAt(e, 'grid'); });
  lists.addEventListener('pointerdown', function (e) { pointAt(e, 'blank'); });
  proxy.addEventListener('keydown', function (e) {
    if (e.key !== 'Unidentified' && e.key !== 'Process') onKey(e);
  });
  proxy.addEventListener('input', function () {
    const text = proxy.value.replace(/\s/g, '');
    if (proxy.value.length === 0) backspace();
    else if (text) {
      const last = Array.from(text).pop();
      if (LETTER.test(last)) type(last);
      else if (DL && last === '.') type(BLOCK);
    }
    proxy.value = ' ';
  });

  /* ---- rebus ---- */
  function openRebus() {
    if (state.paused || state.solved || locked(cur.cell)) return;
    const node = cellEls[cur.cell];
    rebusBox.style.left = node.offsetLeft + 'px';
    rebusBox.style.top = node.offsetTop + 'px';
    rebusBox.style.minWidth = node.offsetWidth * 2.5 + 'px';
    rebusBox.style.height = node.offsetHeight + 'px';
    rebusBox.value = state.letters[cur.cell];
    rebusBox.hidden = false;
    rebusBox.focus();
    rebusBox.select();
  }
  function closeRebus(commit) {
    if (rebusBox.hidden) return;
    rebusBox.hidden = true;
    if (commit) {
      const letters = rebusBox.value.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
      setLetter(cur.cell, letters);
      if (letters) step(1);
    }
    focusCursor();
  }
  rebusBox.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' || e.key === 'Tab') { closeRebus(true); e.preventDefault(); }
    else if (e.key === 'Escape') { closeRebus(false); e.preventDefault(); }
  });
  rebusBox.addEventListener('blur', function () { closeRebus(true); });

  /* ---- check, reveal, clear ---- */
  function scopeCells(scope) {
    if (scope === 'square') return [cur.cell];
    if (scope === 'word') { const clue = currentClue(); return clue ? clue.cells : [cur.cell]; }
    return open;
  }

  function say(text, kind) {
    status.textContent = text;
    status.className = 'pw-status' + (kind ? ' pw-' + kind : '');
  }

  function check(scope) {
    let wrong = 0, checked = 0;
    scopeCells(scope).forEach(function (i) {
      if (!state.letters[i] || state.marks[i] === 'revealed') return;
      checked++;
      const right = state.letters[i] === SOL[i];
      if (!right) wrong++;
      state.marks[i] = right ? 'ok' : 'wrong';
      drawCell(i);
    });
    save();
    if (!checked) say('Nothing to check there yet.');
    else say(wrong ? wrong + (wrong === 1 ? ' square is' : ' squares are') + ' wrong (marked in red).'
                   : 'No mistakes in the ' + checked + (checked === 1 ? ' square' : ' squares') + ' checked.');
    focusCursor();
  }

  function confirmThen(message, ok, action) {
    dlgMsg.textContent = message;
    dlgOk.textContent = ok;
    dlg.returnValue = '';
    dlg.onclose = function () {
      if (dlg.returnValue === 'ok') action();
      focusCursor();
    };
    dlg.showModal();
  }

  function reveal(scope) {
    const what = scope === 'square' ? 'this square' : scope === 'word' ? 'this answer' : 'the whole puzzle';
    confirmThen('Reveal ' + what + '? Revealed squares are marked.', 'Reveal', function () {
      scopeCells(scope).forEach(function (i) {
        if (state.letters[i] === SOL[i]) { if (state.marks[i] !== 'revealed') state.marks[i] = 'ok'; }
        else { state.letters[i] = SOL[i]; state.marks[i] = 'revealed'; }
        drawCell(i);
      });
      changed();
    });
  }

  function clearAll() {
    confirmThen('Clear every square and restart the timer?', 'Clear', function () {
      state.letters.fill(''); state.marks.fill('');
      state.elapsed = 0; state.solved = false;
      document.body.classList.remove('pw-done');
      open.forEach(drawCell);
      showTime();
      say('');
      changed();
    });
  }

  /* ---- solved? ---- */
  function changed() {
    judge();
    save();
  }

  function judge() {
    let full = true, right = true, revealed = 0;
    for (const i of open) {
      if (!state.letters[i]) { full = false; break; }
      if (state.letters[i] !== SOL[i]) right = false;
      if (state.marks[i] === 'revealed') revealed++;
    }
    if (full && right) {
      if (!state.solved) {
        state.solved = true;
        save();
      }
      document.body.classList.add('pw-done');
      const extra = revealed ? ' (' + revealed + (revealed === 1 ? ' square' : ' squares') + ' revealed)' : '';
      say('Solved! Your time: ' + clock(state.elapsed) + extra + '.', 'win');
    } else if (full) {
      say('The grid is full, but something is not right yet.', 'warn');
    } else if (status.classList.contains('pw-warn')) {
      say('');
    }
  }

  /* ---- timer and pause ---- */
  function showTime() { timer.textContent = clock(state.elapsed); }
  function setPaused(paused) {
    if (state.solved && paused) return;
    state.paused = paused;
    board.classList.toggle('pw-paused', paused);
    pausedBox.hidden = !paused;
    pauseBtn.textContent = paused ? 'Resume' : 'Pause';
    save();
    if (paused) pausedBox.querySelector('button').focus();
    else focusCursor();
  }
  setInterval(function () {
    if (state.paused || state.solved || document.hidden) return;
    state.elapsed++;
    showTime();
    if (state.elapsed % 5 === 0) save();
  }, 1000);

  /* ---- saving ---- */
  function save() {
    try {
      localStorage.setItem(STORE, JSON.stringify({
        v: 1, letters: state.letters, marks: state.marks, elapsed: state.elapsed,
        solved: state.solved, paused: state.paused, cell: cur.cell, dir: cur.dir,
      }));
    } catch (err) { /* storage full or disabled: play on without saving */ }
  }
  function load() {
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem(STORE) || 'null'); } catch (err) { saved = null; }
    if (!saved || saved.v !== 1 || !Array.isArray(saved.letters) || saved.letters.length !== N) return;
    open.forEach(function (i) {
      const letter = saved.letters[i], mark = saved.marks && saved.marks[i];
      state.letters[i] = typeof letter === 'string' ? letter.slice(0, 12) : '';
      state.marks[i] = ['wrong', 'ok', 'revealed'].indexOf(mark) >= 0 ? mark : '';
    });
    state.elapsed = Number.isFinite(saved.elapsed) ? Math.max(0, Math.floor(saved.elapsed)) : 0;
    if (D.layout[saved.cell] === '.') cur.cell = saved.cell;
    if (saved.dir === 'across' || saved.dir === 'down') cur.dir = ACRO ? 'clue' : saved.dir;
    if (saved.paused) { state.paused = true; }
  }
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', function () { if (document.hidden) save(); });

  /* beside the clues, the whole grid fits the window's height (a 15x15 at 1280x800) */
  function fitGrid() {
    play.style.removeProperty('width');
    if (ACRO || lists.offsetTop >= play.offsetTop + 40) return;  // stacked: the page scrolls
    const top = grid.getBoundingClientRect().top + window.scrollY;
    const room = window.innerHeight - top - 12;
    const wanted = Math.floor(room * W / H);
    if (wanted < play.offsetWidth) play.style.width = Math.max(300, wanted) + 'px';
  }

  /* the clue lists scroll beside the grid, as tall as it, when they stand beside it */
  function fitLists() {
    const beside = lists.offsetTop < play.offsetTop + 40 && !ACRO;
    lists.style.setProperty('--list-h', beside
      ? Math.max(240, play.offsetHeight - lists.querySelector('h2').offsetHeight - 8) + 'px' : 'none');
  }
  window.addEventListener('resize', function () { fitGrid(); fitLists(); });

  /* ---- start ---- */
  load();
  open.forEach(drawCell);
  showTime();
  fitGrid();
  fitLists();
  select(cur.cell, null, 'grid');
  judge();
  if (state.paused) setPaused(true);
  document.body.classList.add('pw-ready');
  document.body.dataset.readyMs = String(Math.round(performance.now()));
})();
