// Shared by every room: building elements, labelled fields, and the work a page keeps in
// the browser's storage (read defensively: an entry another version wrote, or a corrupt
// one, must never stop a page from starting).

// A new element. `attrs`: `text` sets its text, `class` its class, `on<event>` adds a
// listener, `true` sets an empty attribute, false/null/undefined leave it out; every
// other value is set as an attribute. `children` (nodes or strings) are appended.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, "");
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

// `el(tag, attrs, ...children)` appended to `parent`; returns the new element.
export function add(parent, tag, attrs = {}, ...children) {
  const node = el(tag, attrs, ...children);
  parent.append(node);
  return node;
}

// A control with its label: <label class="field"><span>label</span>control</label> (the
// control also takes the label as its accessible name).
export function field(label, control) {
  if (!control.hasAttribute("aria-label")) control.setAttribute("aria-label", label);
  return el("label", { class: "field" }, el("span", { text: label }), control);
}

// A new labelled control (`attrs.tag`: input by default, or select, textarea) added to
// `parent`; returns the control.
export function addField(parent, label, attrs = {}) {
  const { tag = "input", ...rest } = attrs;
  const control = el(tag, rest);
  parent.append(field(label, control));
  return control;
}

// What the page saved under `key`: a plain object, or `fallback` when nothing was saved,
// the entry is not JSON, is not an object, or storage cannot be read at all.
export function readSaved(key, fallback = {}) {
  let value = null;
  try {
    value = JSON.parse(localStorage.getItem(key) || "null");
  } catch (err) {
    return fallback;
  }
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : fallback;
}

// Keep `value` under `key`; false when the browser refused (storage full or disabled).
export function writeSaved(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (err) {
    return false;
  }
}
