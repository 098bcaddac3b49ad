// The Words tab's truth: the lists a request really uses (names, size, score histogram,
// the minimum score) and the folder's personal list (word;score edits over every list).
// No editor state here: callers pass what the page asks with and get told of edits.

import { call } from "../api.js";
import { el } from "../dom.js";

// The active lists for `request` ({words, encoding, min_score}) drawn into `node`.
export async function showActiveLists(node, request) {
  const info = await call("/api/wordlists/active", request);
  const names = info.layers.map((layer) => layer.name).join(" + ");
  const top = Math.max(1, ...info.histogram.map(([, count]) => count));
  const bars = info.histogram.map(([bucket, count]) => {
    const below = info.min_score !== null && bucket + 10 <= info.min_score;
    const bar = el("span", { class: "bar" });
    bar.style.width = `${Math.max(1, Math.round((100 * count) / top))}%`;  // CSSOM: the CSP allows it
    return el("li", { class: below ? "below" : "", title: `${count} words scoring ${bucket}-${bucket + 9}` },
      el("span", { class: "bucket", text: String(bucket) }), bar,
      el("span", { class: "count", text: count.toLocaleString("en") }));
  });
  const minimum = info.min_score === null ? "no minimum score" : `minimum score ${info.min_score}`;
  const personal = info.personal.entries
    ? `, with your ${info.personal.entries} edit${info.personal.entries === 1 ? "" : "s"} from ${info.personal.file}`
    : "";
  node.replaceChildren(
    el("p", { class: "active-list", "data-words": String(info.words) },
      el("strong", { text: names }), ` (${info.default ? "as started" : "chosen here"})${personal}: `,
      `${info.words.toLocaleString("en")} words, ${info.usable.toLocaleString("en")} at or above the ${minimum}`),
    el("ol", { class: "score-histogram", "aria-label": "Words by score" }, ...bars),
  );
  return info;
}

// Set a word's score in the personal list (0: banned for good; null: forget the edit).
export async function setPersonal(word, score) {
  return call("/api/wordlists/personal", { word, score });
}

// The personal list editor in `node`: a word, a score, Set; each edit listed with Forget.
// `onChanged()` runs after every edit (the page re-analyses with the new list).
export function personalEditor(node, onChanged) {
  const word = el("input", { type: "text", "aria-label": "Personal word", placeholder: "word" });
  const score = el("input", { type: "number", min: "0", max: "100", value: "50", "aria-label": "Personal score" });
  const set = el("button", { type: "button", text: "Set score" });
  const list = el("ul", { class: "personal-list", "aria-label": "Personal list" });
  const note = el("p", { class: "muted", role: "status" });
  const draw = (doc) => {
    list.replaceChildren(...doc.entries.map(([text, value]) => {
      const forget = el("button", { type: "button", text: "Forget", "aria-label": `Forget ${text}` });
      forget.addEventListener("click", () => edit(text, null));
      return el("li", { "data-word": text }, `${text} `, el("span", { class: value ? "score" : "score banned", text: value ? String(value) : "banned" }), " ", forget);
    }));
  };
  const edit = async (text, value) => {
    try {
      draw(await setPersonal(text, value));
      note.textContent = value === null ? `${text}: back to the list's own score` : value === 0 ? `${text} banned for good` : `${text} scores ${value}`;
      onChanged();
    } catch (err) {
      note.textContent = err.message;
    }
  };
  set.addEventListener("click", () => edit(word.value.trim().toUpperCase(), Number(score.value)));
  node.replaceChildren(
    el("h3", { text: "My word list" }),
    el("p", { class: "muted", text: "Saved as personal.dict in the folder and layered over every list; 0 bans a word for good." }),
    el("div", { class: "fill-row" }, word, score, set), note, list);
  call("/api/wordlists/personal").then(draw, (err) => { note.textContent = err.message; });
  return { refresh: () => call("/api/wordlists/personal").then(draw) };
}
