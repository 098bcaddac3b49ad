// Shared by the studio rooms (acrostic, cryptarithm): the word-list picker fed by the server.

import { call } from "./api.js";
import { add } from "./dom.js";

// the word lists the server offers (built-in, --words lists, uploads)
export async function offerWordLists(select, onChange) {
  try {
    const info = await call("/api/files");
    select.replaceChildren();
    for (const list of info.wordlists) add(select, "option", { value: list.source, text: list.name });
    const preferred = (info.default_words || [])[0];
    if (preferred) select.value = preferred;
  } catch (err) {
    /* keep the server's default */
  }
  select.addEventListener("change", onChange);
}
