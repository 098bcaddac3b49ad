// Clues belong to answers, not to slot numbers. No DOM here.
//
// Each clue remembers the answer it was written for and where its entry starts
// (doc.clueFor[key] = {answer, at: "r,c,direction"}). After every edit reconcileClues()
// follows each clue to the entry that starts there; when that entry's complete answer is no
// longer the one the clue was written for, the clue is set aside (doc.aside, not lost) and
// flagged; when an entry's answer becomes one a set-aside clue was written for, the clue
// comes back. A clue written while its entry was incomplete follows the entry until the
// entry is complete, then belongs to that answer. All of it lives in the document, so undo
// and autosave cover it.

import { slotsOf, wordOf } from "./model.js";

export const MAX_ASIDE = 500;

const isComplete = (word) => word !== "" && !word.includes("?");
const startOf = (slot) => `${slot.cells[0][0]},${slot.cells[0][1]},${slot.direction}`;

// A copy of the clue fields of `doc` (the caller assigns them back).
function clueState(doc) {
  return { clues: { ...(doc.clues || {}) }, clueFor: { ...(doc.clueFor || {}) }, aside: [...(doc.aside || [])] };
}

// Write (or clear) the clue of entry `key`: it now belongs to the entry's current answer.
export function setClue(doc, key, text) {
  const slot = slotsOf(doc).find((s) => s.key === key);
  const state = clueState(doc);
  if (!slot || !text.trim()) {
    delete state.clues[key];
    delete state.clueFor[key];
  } else {
    state.clues[key] = text;
    state.clueFor[key] = { answer: wordOf(doc, slot), at: startOf(slot) };
  }
  Object.assign(doc, state);
}

// Follow every clue to its entry after an edit; set aside and bring back by answer.
export function reconcileClues(doc) {
  const slots = slotsOf(doc);
  const byStart = new Map(slots.map((slot) => [startOf(slot), slot]));
  const words = new Map(slots.map((slot) => [slot.key, wordOf(doc, slot)]));
  const old = clueState(doc);
  const clues = {}, clueFor = {}, aside = old.aside;
  for (const [key, text] of Object.entries(old.clues)) {
    if (!text || !text.trim()) continue;
    const bound = old.clueFor[key] || legacyBinding(slots, words, key);
    const slot = bound && byStart.get(bound.at);
    const now = slot ? words.get(slot.key) : "";
    if (!slot || (isComplete(bound.answer) && now !== bound.answer)) {
      aside.push({ answer: bound ? bound.answer : "", text, was: slot ? slot.key : key, at: bound ? bound.at : "" });
      continue;
    }
    clues[slot.key] = text;
    clueFor[slot.key] = { answer: isComplete(bound.answer) ? bound.answer : now, at: bound.at };
  }
  bringBack(slots, words, clues, clueFor, aside);
  doc.clues = clues;
  doc.clueFor = clueFor;
  doc.aside = aside.slice(-MAX_ASIDE);
}

// A clue from a file or an older autosave has no binding yet: it belongs to its entry's answer.
function legacyBinding(slots, words, key) {
  const slot = slots.find((s) => s.key === key);
  return slot ? { answer: words.get(key), at: startOf(slot) } : null;
}

// Entries without a clue whose complete answer has a set-aside clue take it back (the one
// set aside from the same place first, else the most recent).
function bringBack(slots, words, clues, clueFor, aside) {
  for (const slot of slots) {
    const word = words.get(slot.key);
    if (clues[slot.key] || !isComplete(word)) continue;
    let index = aside.findIndex((item) => item.answer === word && item.at === startOf(slot));
    if (index < 0) index = aside.findLastIndex((item) => item.answer === word);
    if (index < 0) continue;
    const [item] = aside.splice(index, 1);
    clues[slot.key] = item.text;
    clueFor[slot.key] = { answer: word, at: startOf(slot) };
  }
}

// The flags to show: entries whose clue was set aside (and that have none now), with the
// answer it was written for and what the entry holds now.
export function clueFlags(doc) {
  const slots = slotsOf(doc);
  const flags = [];
  for (const item of doc.aside || []) {
    const slot = slots.find((s) => startOf(s) === item.at) || slots.find((s) => s.key === item.was);
    if (!slot || (doc.clues || {})[slot.key]) continue;
    if (flags.some((flag) => flag.key === slot.key)) continue;
    const now = wordOf(doc, slot);
    flags.push({
      key: slot.key,
      answer: item.answer,
      now,
      text: item.text,
      message: `written for ${item.answer || "an entry that is gone"}; the entry is now ${now}`,
    });
  }
  return flags;
}
