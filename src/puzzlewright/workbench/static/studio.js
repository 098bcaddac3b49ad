// Shared by the studio rooms (acrostic, cryptarithm): building elements, labelled fields,
// and the word-list picker fed by the server.

import { call } from "./api.js";

// a new element with attributes (`text` sets its text, `on...` adds a listener), appended to parent
export function el(tag, attrs = {}, parent = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, "");
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(name, value);
  }
  if (parent) parent.appendChild(node);
  return node;
}

// the word lists the server offers (built-in, --words lists, uploads)
export async function offerWordLists(select, onChange) {
  try {
    const info = await call("/api/files");
    select.replaceChildren();
    for (const list of info.wordlists) el("option", { value: list.source, text: list.name }, select);
    const preferred = (info.default_words || [])[0];
    if (preferred) select.value = preferred;
  } catch (err) {
    /* keep the server's default */
  }
  select.addEventListener("change", onChange);
}
