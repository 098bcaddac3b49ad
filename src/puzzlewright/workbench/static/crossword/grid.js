// The grid on the page: cells as focusable gridcells with data-row/data-col and their
// letter as text; numbers, ghost letters and heat as attributes and styles.

import { height, width } from "./model.js";

export function buildGrid(container, doc, onCell) {
  container.replaceChildren();
  const h = height(doc), w = width(doc);
  // at most 600 px, and on a narrow (tablet) window the grid keeps to its width
  const room = Math.min(600, window.innerWidth < 820 ? window.innerWidth - 40 : 600);
  const size = Math.max(20, Math.min(40, Math.floor(room / Math.max(w, h))));
  container.style.setProperty("--cell", `${size}px`);
  container.style.gridTemplateColumns = `repeat(${w}, var(--cell))`;
  const cells = [];
  for (let r = 0; r < h; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "row";
    const line = [];
    for (let c = 0; c < w; c++) {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.setAttribute("role", "gridcell");
      cell.tabIndex = -1;
      cell.dataset.row = String(r);
      cell.dataset.col = String(c);
      cell.addEventListener("mousedown", (event) => {
        event.preventDefault();
        onCell(r, c, event);
      });
      row.append(cell);
      line.push(cell);
    }
    container.append(row);
    cells.push(line);
  }
  return cells;
}

function heatColour(count) {
  // few letters left: warm; many: none. 0 is drawn as dead by a class.
  if (count >= 12) return "";
  const t = (12 - count) / 11; // 1 letter -> 1.0
  return `hsl(${48 - 20 * t}, 95%, ${93 - 14 * t}%)`;
}

// Paint every cell from the view model `v` (see main.js: viewModel()).
export function paintGrid(cells, v) {
  for (let r = 0; r < cells.length; r++) {
    for (let c = 0; c < cells[r].length; c++) {
      const node = cells[r][c];
      const value = v.doc.cells[r][c];
      const pos = `${r},${c}`;
      const block = value === null;
      const classes = ["cell"];
      if (block) classes.push("block");
      if (v.entry.has(pos)) classes.push("entry");
      if (v.crossing.has(pos)) classes.push("crossing");
      if (r === v.cursor.r && c === v.cursor.c) classes.push("cursor");
      if (v.selected(r, c)) classes.push("selected");
      if (v.circles.has(pos)) classes.push("circle");
      if (v.shaded.has(pos)) classes.push("shaded");
      if (v.locked.has(pos)) classes.push("locked");
      if (v.theme && v.theme.has(pos)) classes.push("theme");
      if (v.dead.has(pos)) classes.push("dead");
      if (v.failed.has(pos)) classes.push("failed");
      if (value && value.length > 1) classes.push("rebus");
      const sides = v.bars.get(pos) || 0;
      if (sides & 1) classes.push("bar-right");
      if (sides & 2) classes.push("bar-below");
      let ghost = "";
      let viable = "";
      let background = "";
      const letters = v.letters ? v.letters[r][c] : null;
      if (!block && !value) {
        const preview = v.preview ? v.preview[r][c] : "";
        if (preview) {
          ghost = preview;
          classes.push("preview");
        } else if (letters !== null && letters !== undefined) {
          viable = letters;
          if (letters.length === 1) {
            ghost = letters;
            classes.push("forced");
          }
          if (letters.length === 0) classes.push("dead");
          if (v.heat && letters.length > 0) background = heatColour(letters.length);
        }
      }
      if (v.rebus !== null && r === v.cursor.r && c === v.cursor.c) {
        classes.push("editing");
        ghost = v.rebus || "…";
      }
      const className = classes.join(" ");
      if (node.className !== className) node.className = className;
      const text = block ? "" : value || "";
      if (node.textContent !== text) node.textContent = text;
      const number = v.numbers.get(pos);
      setData(node, "number", number ? String(number) : "");
      setData(node, "ghost", ghost);
      setData(node, "viable", block || value ? "" : viable);
      if (node.style.backgroundColor !== background) node.style.backgroundColor = background;
      const here = r === v.cursor.r && c === v.cursor.c;
      node.tabIndex = here ? 0 : -1;
      const label = block ? "block" : value ? value : ghost ? `empty, ${ghost} likely` : "empty";
      node.setAttribute("aria-label", `${number ? number + ", " : ""}row ${r + 1}, column ${c + 1}, ${label}`);
      node.setAttribute("aria-selected", here ? "true" : "false");
    }
  }
}

function setData(node, name, value) {
  if (value) {
    if (node.dataset[name] !== value) node.dataset[name] = value;
  } else if (name in node.dataset) {
    delete node.dataset[name];
  }
}
