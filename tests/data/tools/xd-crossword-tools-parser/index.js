"use strict";
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// src/index.ts
var index_exports = {};
__export(index_exports, {
  EditorError: () => EditorError,
  clueInfosForPosition: () => clueInfosForPosition,
  getCluePositionsForBoard: () => getCluePositionsForBoard,
  getSortedTilesForCursor: () => getSortedTilesForCursor,
  getTile: () => getTile,
  getWordTilesForCursor: () => getWordTilesForCursor,
  letterToTile: () => letterToTile,
  replaceWordWithSymbol: () => replaceWordWithSymbol,
  stringGridToTiles: () => stringGridToTiles,
  tilePositionsForClue: () => tilePositionsForClue,
  xdMarkupProcessor: () => xdMarkupProcessor,
  xdToJSON: () => xdToJSON
});
module.exports = __toCommonJS(index_exports);

// src/utils/postProcess/processCluesForBoardsWithBars.ts
function getBarredCluePositions(tiles, rawClues, metadata, crosswordJSON) {
  const acrossClues = [];
  const downClues = [];
  for (const clue of rawClues.values()) {
    if (clue.dir === "A") {
      acrossClues.push(clue);
    } else if (clue.dir === "D") {
      downClues.push(clue);
    }
  }
  acrossClues.sort((a, b) => a.num - b.num);
  downClues.sort((a, b) => a.num - b.num);
  if (crosswordJSON?.design) {
    return getBarredCluePositionsFromDesign(tiles, acrossClues, downClues, metadata.splitcharacter, crosswordJSON.design);
  }
  throw new Error("Barred grids require explicit design information with bar positions. Cannot infer bar positions from grid structure.");
}
function getBarredCluePositionsFromDesign(tiles, acrossClues, downClues, splitCharacter, design) {
  const gridHeight = tiles.length;
  const gridWidth = tiles[0]?.length || 0;
  const barMap = /* @__PURE__ */ new Map();
  for (let row = 0; row < design.positions.length && row < gridHeight; row++) {
    for (let col = 0; col < design.positions[row].length && col < gridWidth; col++) {
      const styleKey = design.positions[row][col];
      if (styleKey && design.styles[styleKey]) {
        const style = design.styles[styleKey];
        const cellKey = `${row},${col}`;
        barMap.set(cellKey, {
          left: style["bar-left"] === "true",
          top: style["bar-top"] === "true"
        });
      }
    }
  }
  for (const [cellKey, bars] of barMap) {
    const [row, col] = cellKey.split(",").map(Number);
    const tile = tiles[row][col];
    if (!tile.design) tile.design = [];
    if (bars.left && !tile.design.includes("bar-left")) {
      tile.design.push("bar-left");
    }
    if (bars.top && !tile.design.includes("bar-top")) {
      tile.design.push("bar-top");
    }
  }
  const acrossPositions = findWordsFromBars(tiles, acrossClues, splitCharacter, barMap, "across");
  const downPositions = findWordsFromBars(tiles, downClues, splitCharacter, barMap, "down");
  const allPositions = /* @__PURE__ */ new Map();
  for (const pos of acrossPositions) {
    const key = `${pos.position.index},${pos.position.col}`;
    if (!allPositions.has(key)) {
      allPositions.set(key, { position: pos.position, tiles: {} });
    }
    allPositions.get(key).tiles.across = pos.tiles.across;
  }
  for (const pos of downPositions) {
    const key = `${pos.position.index},${pos.position.col}`;
    if (!allPositions.has(key)) {
      allPositions.set(key, { position: pos.position, tiles: {} });
    }
    allPositions.get(key).tiles.down = pos.tiles.down;
  }
  return Array.from(allPositions.values());
}
function findWordsFromBars(tiles, clues, splitCharacter, barMap, direction) {
  const gridHeight = tiles.length;
  const gridWidth = tiles[0]?.length || 0;
  const positions = [];
  const usedPositions = /* @__PURE__ */ new Set();
  for (const clue of clues) {
    const words = splitCharacter ? clue.answer.split(splitCharacter) : [clue.answer];
    for (const word of words) {
      const answer = word.toUpperCase();
      if (answer.length === 0) continue;
      let foundPosition = false;
      if (direction === "across") {
        for (let row = 0; row < gridHeight && !foundPosition; row++) {
          for (let col = 0; col <= gridWidth - answer.length && !foundPosition; col++) {
            const posKey = `${row},${col}`;
            if (usedPositions.has(posKey)) continue;
            if (isValidWordPosition(tiles, answer, row, col, direction, barMap)) {
              const relatedTiles = [];
              for (let i = 0; i < answer.length; i++) {
                relatedTiles.push(tiles[row][col + i]);
              }
              positions.push({
                position: { col, index: row },
                tiles: { across: relatedTiles }
              });
              usedPositions.add(posKey);
              foundPosition = true;
            }
          }
        }
      } else {
        for (let col = 0; col < gridWidth && !foundPosition; col++) {
          for (let row = 0; row <= gridHeight - answer.length && !foundPosition; row++) {
            const posKey = `${row},${col}`;
            if (usedPositions.has(posKey)) continue;
            if (isValidWordPosition(tiles, answer, row, col, direction, barMap)) {
              const relatedTiles = [];
              for (let i = 0; i < answer.length; i++) {
                relatedTiles.push(tiles[row + i][col]);
              }
              positions.push({
                position: { col, index: row },
                tiles: { down: relatedTiles }
              });
              usedPositions.add(posKey);
              foundPosition = true;
            }
          }
        }
      }
    }
  }
  return positions;
}
function isValidWordPosition(tiles, answer, startRow, startCol, direction, barMap) {
  const gridHeight = tiles.length;
  const gridWidth = tiles[0]?.length || 0;
  for (let i = 0; i < answer.length; i++) {
    const row = direction === "across" ? startRow : startRow + i;
    const col = direction === "across" ? startCol + i : startCol;
    if (row >= gridHeight || col >= gridWidth) return false;
    const tile = tiles[row][col];
    if (tile.type !== "letter") return false;
    if (tile.letter.toUpperCase() !== answer[i]) return false;
  }
  const wordEndRow = direction === "across" ? startRow : startRow + answer.length - 1;
  const wordEndCol = direction === "across" ? startCol + answer.length - 1 : startCol;
  if (direction === "across") {
    if (startCol > 0) {
      const bars = barMap.get(`${startRow},${startCol}`);
      const leftTile = tiles[startRow][startCol - 1];
      if (!bars?.left && leftTile.type === "letter") {
        return false;
      }
    }
  } else {
    if (startRow > 0) {
      const bars = barMap.get(`${startRow},${startCol}`);
      const topTile = tiles[startRow - 1][startCol];
      if (!bars?.top && topTile.type === "letter") {
        return false;
      }
    }
  }
  if (direction === "across") {
    if (wordEndCol < gridWidth - 1) {
      const bars = barMap.get(`${wordEndRow},${wordEndCol + 1}`);
      const rightTile = tiles[wordEndRow][wordEndCol + 1];
      if (!bars?.left && rightTile.type === "letter") {
        return false;
      }
    }
  } else {
    if (wordEndRow < gridHeight - 1) {
      const bars = barMap.get(`${wordEndRow + 1},${wordEndCol}`);
      const bottomTile = tiles[wordEndRow + 1][wordEndCol];
      if (!bars?.top && bottomTile.type === "letter") {
        return false;
      }
    }
  }
  for (let i = 1; i < answer.length; i++) {
    const row = direction === "across" ? startRow : startRow + i;
    const col = direction === "across" ? startCol + i : startCol;
    const bars = barMap.get(`${row},${col}`);
    if (direction === "across" && bars?.left) {
      return false;
    }
    if (direction === "down" && bars?.top) {
      return false;
    }
  }
  return true;
}

// src/utils/postProcess/processCluesForBoardsWithBlanks.ts
var getBlankCluePositions = (tiles) => {
  const spots = getPossibleTiles(tiles);
  const down = downCluePositions(spots, tiles);
  const across = acrossCluePositions(spots, tiles);
  return getOrderedPositionsForSpots(spots, across, down);
};
function getPossibleTiles(tiles) {
  return tiles.map((row) => row.map((tile) => tile.type !== "blank"));
}
function acrossCluePositions(spots, tiles) {
  const positions = [];
  spots.forEach((row, y) => {
    row.forEach((spot, x) => {
      if (!spot) return;
      const behind = spots[y][x - 1];
      if (!behind) {
        const hasNextHorizontalLetter = Boolean(spots[y][x + 1]);
        if (hasNextHorizontalLetter) {
          let i = x;
          const relatedTiles = [];
          while (spots[y][i]) {
            relatedTiles.push(tiles[y][i]);
            i++;
          }
          positions.push({ position: { col: x, index: y }, tiles: { across: relatedTiles } });
        }
      }
    });
  });
  return positions;
}
function downCluePositions(spots, tiles) {
  const positions = [];
  spots.forEach((row, y) => {
    row.forEach((spot, x) => {
      if (!spot) return;
      const above = spots[y - 1]?.[x];
      if (!above) {
        const hasNextVerticalLetter = spots[y + 1]?.[x];
        if (hasNextVerticalLetter) {
          let i = y;
          const relatedTiles = [];
          while (spots[i]?.[x]) {
            relatedTiles.push(tiles[i][x]);
            i++;
          }
          positions.push({ position: { col: x, index: y }, tiles: { down: relatedTiles } });
        }
      }
    });
  });
  return positions;
}
function getOrderedPositionsForSpots(spots, acrossPos, downPos) {
  const positions = [{ position: { col: -1, index: -1 }, tiles: {} }];
  spots.forEach((row, y) => {
    row.forEach((_, x) => {
      const thisSpot = { col: x, index: y };
      const foundAcross = acrossPos.find((p) => positionSame(p.position, thisSpot));
      const foundDown = downPos.find((p) => positionSame(p.position, thisSpot));
      if (foundAcross || foundDown) {
        positions.push({
          position: thisSpot,
          tiles: {
            across: foundAcross?.tiles?.across,
            down: foundDown?.tiles?.down
          }
        });
      }
    });
  });
  return positions;
}
var positionSame = (pos1, pos2) => {
  if (!pos1) return;
  if (!pos2) return;
  return pos1.col === pos2.col && pos1.index === pos2.index;
};

// src/utils/clueNumbersFromBoard.ts
var getCluePositionsForBoard = (tiles, meta, rawClues, crosswordJSON) => {
  if (meta?.form === "barred" && rawClues) {
    return getBarredCluePositions(tiles, rawClues, meta, crosswordJSON);
  }
  return getBlankCluePositions(tiles);
};

// src/utils/EditorError.ts
var EditorError = class extends Error {
  constructor(message, line) {
    super(message + "on line: " + line);
    this.message = message;
    this.line = line;
    this.rawMessage = message;
    this.name = "XDError";
  }
};

// src/parser/xdparser2.compat.ts
var shouldConvertToExplicitHeaders = (xd) => !xd.toLowerCase().includes("## ");
var convertImplicitOrderedXDToExplicitHeaders = (xd) => {
  const parts = xd.split(/^$^$/gm).filter((s) => s !== "\n");
  if (parts.length < 4)
    throw new EditorError(
      `Too few un-titled sections - expected 4 or more sections, got ${parts.length}. Sections are separated by two lines.`,
      0
    );
  let notes = "";
  for (let index = 4; index < parts.length - 3; index++) {
    notes += parts[index];
  }
  let noteSection = "";
  if (notes.length)
    noteSection = `
    
## Notes
    
${notes.trim()}`;
  return `## Metadata

${parts[0].trim()}

## Grid

${parts[1].trim()}

## Clues

${parts[2].trim()}

${parts[3].trim()}${noteSection}
`;
};

// src/parser/xdparser2.ts
var mustHave = ["grid", "clues", "metadata"];
function xdToJSON(xd, strict = false, editorInfo = false) {
  let seenSections = [];
  let preCommentState = "unknown";
  let styleTagContent = void 0;
  let currentUnknownSectionTitle = void 0;
  if (xd && shouldConvertToExplicitHeaders(xd)) {
    if (editorInfo) throw new Error("xd-crossword-tools: This file is using v1 implicit headers, you can't use an editor with this file");
    xd = convertImplicitOrderedXDToExplicitHeaders(xd);
  }
  let rawInput = {
    tiles: [],
    clues: /* @__PURE__ */ new Map()
  };
  let lines = xd.split("\n");
  const json = {
    meta: {
      title: "Not set",
      author: "Not set",
      date: "Not set",
      editor: "Not set"
    },
    tiles: [],
    clues: {
      across: [],
      down: []
    },
    rebuses: {},
    notes: "",
    unknownSections: {},
    report: {
      success: false,
      errors: [],
      warnings: []
    },
    editorInfo: editorInfo ? { sections: [], lines } : void 0
  };
  const addSyntaxError = (msg, line) => {
    json.report.errors.push({
      type: "syntax",
      position: { col: 0, index: line },
      length: -1,
      message: msg
    });
  };
  if (!xd) {
    addSyntaxError("xd is an empty file", 0);
    return json;
  }
  let mode = "unknown";
  for (let line = 0; line < lines.length; line++) {
    const content = lines[line];
    const trimmed = content.trim();
    if (trimmed.startsWith("<!--")) {
      if (trimmed.endsWith("-->")) continue;
      preCommentState = mode;
      mode = "comment";
      continue;
    }
    if (mode === "comment") {
      if (trimmed.endsWith("-->")) {
        mode = preCommentState;
      }
      continue;
    }
    if (content.startsWith("## ")) {
      mode = parseModeForString(content, line);
      if (mode === "unknown") {
        const sectionTitle = content.split("## ").pop();
        if (sectionTitle) {
          currentUnknownSectionTitle = sectionTitle.trim();
          const slugifiedTitle = slugify(currentUnknownSectionTitle);
          json.unknownSections[slugifiedTitle] = {
            title: currentUnknownSectionTitle,
            content: ""
          };
        }
      } else {
        currentUnknownSectionTitle = void 0;
      }
      if (json.editorInfo) {
        const sections = json.editorInfo.sections;
        if (sections.length) sections[sections.length - 1].endLine = line - 1;
        json.editorInfo.sections.push({
          startLine: line,
          // Start with it as the last index, then refine when we know it is not
          endLine: lines.length,
          type: mode
        });
      }
      seenSections.push(mode);
      continue;
    }
    if (strict && trimmed.startsWith("## "))
      addSyntaxError("This header has spaces before it, this is likely an accidental indentation", line);
    if (mode === "unknown") {
      if (currentUnknownSectionTitle) {
        const slugifiedTitle = slugify(currentUnknownSectionTitle);
        if (json.unknownSections[slugifiedTitle]) {
          json.unknownSections[slugifiedTitle].content += content + "\n";
        }
      }
      continue;
    }
    switch (mode) {
      // NOOP
      case "notes":
        json.notes += content;
        continue;
      // Store it for later parsing once we have rebuses
      case "grid": {
        if (trimmed === "") continue;
        rawInput.tiles.push(trimmed.split(""));
        continue;
      }
      // Same also, because we'll need to do post-processing at the end
      case "clues": {
        if (trimmed === "") continue;
        const clue = clueFromLine(trimmed, line);
        if ("errorMessage" in clue) {
          json.report.errors.push({
            type: "clue_msg",
            clueType: clue.dir,
            clueNum: clue.num,
            position: { col: 0, index: line },
            length: -1,
            // lineText.length,
            message: clue.errorMessage
          });
          continue;
        }
        const key = `${clue.dir}${clue.num}`;
        const existing = rawInput.clues.get(key);
        if ("answer" in clue) {
          if (existing && strict) {
            const hintVersion = `${clue.dir}${clue.num}~Hint. ${clue.question} ~ ${clue.answer}`;
            addSyntaxError(`Duplicate clue detected, if this is for a hint, please convert it to: '${hintVersion}'`, line);
          } else if (existing) {
            if (!existing.metadata) existing.metadata = {};
            existing.metadata["hint"] = clue.question.split(" ~ ")[0];
          } else {
            if (editorInfo) clue.metadata = { "body:line": line.toString() };
            rawInput.clues.set(key, clue);
          }
        } else {
          if (!existing) {
            addSyntaxError(`Could not find the clue which this hint refers to above in the file`, line);
          } else {
            if (!existing.metadata) existing.metadata = {};
            existing.metadata[clue.metaKey.toLowerCase()] = clue.metaValue;
            if (editorInfo) existing.metadata[clue.metaKey.toLowerCase() + ":line"] = line.toString();
          }
        }
        continue;
      }
      // Trivial key map
      // @ts-ignore backwards compat
      case "metadata": {
        if (trimmed === "") continue;
        if (!trimmed.includes(":")) {
          addSyntaxError(`Could not find a ':' separating the meta item's name from its value`, line);
        }
        const lineParts = trimmed.split(": ");
        const key = lineParts.shift();
        const value = lineParts.join(": ");
        json.meta[key.toLowerCase()] = value;
        if (editorInfo) {
          json.meta[key.toLowerCase() + ":line"] = line.toString();
        }
        continue;
      }
      // This will keep mutating that metapuzzle object as each line comes though,
      // note that it does not have the trimmed and return check, because whitespace
      // could be kinda important here
      case "metapuzzle": {
        json.metapuzzle = updateMetaPuzzleForLine(trimmed, json.metapuzzle);
        continue;
      }
      // Create a sparse array of letters to add by default to the crossword
      case "start": {
        if (trimmed === "") continue;
        if (!json.start) json.start = [];
        const newLine = [];
        trimmed.split("").forEach((f, i) => {
          if (f === " ") return;
          if (f === ".") return;
          if (f === "#") return;
          newLine[i] = f;
        });
        json.start.push(newLine);
        continue;
      }
      // A lil CSS parser for the design section
      case "design": {
        if (trimmed === "") continue;
        if (trimmed.startsWith("<style>")) {
          if (trimmed.endsWith("</style>")) {
            styleTagContent = trimmed.split("<style>")[1].split("</style>")[0];
            continue;
          }
          styleTagContent = trimmed.split("<style>")[1] || "";
          mode = "design-style";
          continue;
        }
        if (!json.design) json.design = { styles: {}, positions: [] };
        const newLine = [];
        trimmed.split("").forEach((f, i) => {
          if (f === " ") return;
          if (f === ".") return;
          if (f === "#") return;
          newLine[i] = f;
        });
        json.design.positions.push(newLine);
        continue;
      }
      case "design-style": {
        if (trimmed === "") continue;
        if (styleTagContent) {
          styleTagContent += content.split("</style>")[0];
        } else {
          styleTagContent = content;
        }
        if (content.includes("</style>")) {
          mode = "design";
        }
        continue;
      }
    }
  }
  json.rebuses = getRebuses(json.meta.rebus || "");
  json.tiles = stringGridToTiles(json.rebuses, rawInput.tiles);
  if (json.design) {
    if (!styleTagContent) {
      const lineOfGrid = getLine(xd.toLowerCase(), "## design");
      addSyntaxError(`The style tag is missing from this design section`, lineOfGrid);
    } else {
      json.design.styles = parseStyleCSSLike(styleTagContent, xd, addSyntaxError);
    }
  }
  if (json.metapuzzle) json.metapuzzle.answer = json.metapuzzle.answer.trim();
  const useBarredLogic = json.meta.form === "barred";
  if (useBarredLogic) {
    const hasUnsupportedTiles = json.tiles.some(
      (row) => row.some((tile) => tile.type === "rebus" || tile.type === "schrodinger")
    );
    if (hasUnsupportedTiles) {
      const rebusLine = getLine(xd.toLowerCase(), "rebus:");
      addSyntaxError(
        `Barred crosswords do not support rebuses or Schr\xF6dinger squares. Please remove the 'rebus:' metadata and use only letters and blank tiles in your grid.`,
        rebusLine || 0
      );
      return json;
    }
    if (!json.design) {
      const formLine = getLine(xd.toLowerCase(), "form:");
      addSyntaxError(
        `Barred crosswords require a '## Design' section with bar positions. Add a design section with <style> tags defining bar-left and bar-top properties.`,
        formLine || 0
      );
      return json;
    }
  }
  let positions;
  try {
    positions = getCluePositionsForBoard(json.tiles, json.meta, rawInput.clues, json);
  } catch (error) {
    const errorMessage = error instanceof Error ? error.message : String(error);
    addSyntaxError(`Error processing barred crossword: ${errorMessage}`, 0);
    return json;
  }
  let positionsByClueNumber = {};
  if (useBarredLogic && Array.isArray(positions)) {
    const usedPositions = /* @__PURE__ */ new Set();
    for (const keyClue of rawInput.clues) {
      const [_, clue] = keyClue;
      const dirKey = clue.dir === "A" ? "across" : "down";
      const matchingPositionIndex = positions.findIndex((p, index) => {
        if (usedPositions.has(index)) return false;
        const relevantTiles = dirKey === "across" ? p.tiles.across : p.tiles.down;
        if (!relevantTiles) return false;
        const posAnswer = relevantTiles.map((t) => t.type === "letter" ? t.letter : "").join("").toUpperCase();
        return posAnswer === clue.answer.toUpperCase();
      });
      if (matchingPositionIndex !== -1) {
        positionsByClueNumber[clue.num] = positions[matchingPositionIndex];
        usedPositions.add(matchingPositionIndex);
      }
    }
  } else {
    positionsByClueNumber = positions;
  }
  for (const keyClue of rawInput.clues) {
    const [_, clue] = keyClue;
    const dirKey = clue.dir === "A" ? "across" : "down";
    const arr = json.clues[dirKey];
    const bail = (reason) => {
      const lineOfClue = getLine(xd, clue.question);
      addSyntaxError(`The clue ${dirKey}${clue.num} is malformed: ${reason}`, lineOfClue || -1);
    };
    const positionData = positionsByClueNumber[clue.num];
    if (!positionData) {
      if (useBarredLogic) {
        bail(
          `Could not find positioning data. In barred crosswords, clue answers must exactly match letter sequences in the grid separated by bars. Check that: (1) your answer "${clue.answer}" appears in the grid, (2) bars correctly separate this word from adjacent letters, and (3) the grid doesn't contain rebuses.`
        );
      } else {
        bail("Could not find positioning data");
      }
      continue;
    }
    const tiles = positionData.tiles[dirKey];
    if (!tiles) {
      bail("Could not find tiles");
      continue;
    }
    const splitResult = parseSplitsFromAnswer(clue.answer, json.meta.splitcharacter, tiles);
    if (editorInfo && clue.metadata) clue.metadata["answer:unprocessed"] = clue.answer;
    const processedMetadata = clue.metadata ? { ...clue.metadata } : {};
    if (clue.metadata) {
      if (clue.metadata.hint) {
        processedMetadata["hint:display"] = xdMarkupProcessor(clue.metadata.hint);
      }
      if (clue.metadata.revealer) {
        processedMetadata["revealer:display"] = xdMarkupProcessor(clue.metadata.revealer);
      }
    }
    const hasFields = Object.keys(processedMetadata).length > 0;
    arr.push({
      body: clue.question,
      answer: clue.answer.split(json.meta.splitcharacter).join(""),
      number: clue.num,
      position: positionData.position,
      tiles,
      metadata: hasFields ? processedMetadata : void 0,
      display: clue.display,
      direction: dirKey,
      ...splitResult.splits ? { splits: splitResult.splits } : {},
      ...splitResult.rebusInternalSplits ? { rebusInternalSplits: splitResult.rebusInternalSplits } : {}
    });
  }
  const allClues = [...json.clues.across, ...json.clues.down];
  for (const clue of allClues) {
    if (clue.metadata) {
      const altAnswers = [];
      for (const [key, value] of Object.entries(clue.metadata)) {
        if ((key === "alt" || key.startsWith("alt")) && typeof value === "string") {
          altAnswers.push(value);
        }
      }
      if (altAnswers.length > 0) {
        const primaryAnswer = clue.answer;
        const allAnswers = [primaryAnswer, ...altAnswers];
        const processedAnswers = allAnswers.map((answer) => replaceWordWithSymbol(answer, clue.tiles, json.meta.splitcharacter || "-"));
        for (let tileIdx = 0; tileIdx < clue.tiles.length; tileIdx++) {
          const tile = clue.tiles[tileIdx];
          if (tile.type === "schrodinger") {
            const validLettersAtPosition = /* @__PURE__ */ new Set();
            const validRebusesAtPosition = /* @__PURE__ */ new Map();
            for (const processedAnswer of processedAnswers) {
              if (tileIdx < processedAnswer.length) {
                const char = processedAnswer[tileIdx];
                if (json.rebuses[char]) {
                  validRebusesAtPosition.set(char, json.rebuses[char]);
                } else {
                  validLettersAtPosition.add(char);
                }
              }
            }
            for (const letter of validLettersAtPosition) {
              if (!tile.validLetters.includes(letter)) {
                tile.validLetters.push(letter);
              }
            }
            if (validRebusesAtPosition.size > 0) {
              for (const [symbol, letters] of validRebusesAtPosition) {
                const rebusEntry = { letters, symbol };
                const exists = tile.validRebuses.some((r) => r.symbol === symbol && r.letters === letters);
                if (!exists) {
                  tile.validRebuses.push(rebusEntry);
                }
              }
            }
          }
        }
      }
    }
  }
  if (strict) {
    const needed = mustHave.filter((needs) => !seenSections.includes(needs));
    if (xd && needed.length) {
      const seen = seenSections.length === 0 ? "no section" : toTitleSentence(seenSections);
      addSyntaxError(`This crossword has missing sections: '${toTitleSentence(needed)}' - saw ${seen}`, lines.length);
    }
    if (json.tiles.length === 0) {
      const lineOfGrid = getLine(xd.toLowerCase(), "## grid");
      if (lineOfGrid === false) {
        true;
      } else addSyntaxError(`This crossword does not have a working grid`, lineOfGrid);
    }
  }
  for (const [key, section] of Object.entries(json.unknownSections)) {
    json.unknownSections[key].content = section.content.trimEnd();
  }
  json.report.success = json.report.errors.length === 0;
  return json;
  function parseModeForString(lineText, num) {
    const content = lineText.split("## ").pop();
    if (!content) {
      addSyntaxError("This header needs a title", num);
      return "unknown";
    }
    const title = content.toLowerCase();
    if (title.startsWith("grid")) {
      return "grid";
    } else if (title.startsWith("clues")) {
      return "clues";
    } else if (title.startsWith("notes")) {
      return "notes";
    } else if (title.startsWith("start")) {
      return "start";
    } else if (title.startsWith("metapuzzle")) {
      return "metapuzzle";
    } else if (title.startsWith("metadata")) {
      return "metadata";
    } else if (title.trim() === "meta") {
      if (!("vitest" in globalThis))
        console.log("xd-crossword-tools: Shimmed '### meta' to '### metadata' - this will be removed in the future");
      return "metadata";
    } else if (title.startsWith("design")) {
      return "design";
    }
    return "unknown";
  }
}
function replaceWordWithSymbol(word, tiles, splitChar) {
  let newWord = "";
  let tileIdx = 0;
  let i = 0;
  while (i < word.length && tileIdx < tiles.length) {
    const cur = word[i];
    const tile = tiles[tileIdx];
    const rebusAndNotSplitChar = tile.type === "rebus" && cur !== splitChar;
    if (rebusAndNotSplitChar) {
      newWord += tile.symbol;
    } else {
      newWord += cur;
    }
    if (cur !== splitChar) {
      tileIdx++;
    }
    if (rebusAndNotSplitChar) {
      const numSplitChars = word.slice(i, i + tile.word.length).split("").filter((c) => c === splitChar).length;
      i += tile.word.length + numSplitChars;
    } else {
      i++;
    }
  }
  return newWord;
}
function getLine(body, substr) {
  if (!body) return false;
  if (!substr) return false;
  const char = typeof substr === "string" ? body.indexOf(substr) : substr;
  const subBody = body.substring(0, char);
  if (subBody === "") return false;
  const match = subBody.match(/\n/gi);
  if (match) return match.length;
  return 1;
}
var clueRegex = /(^.\d*)\.\s(.*)\s\~\s(.*)/;
var clueMetaRegex = /(^.\d*)\s\^(.*):\s(.*?)/;
var clueFromLine = (line, num) => {
  const expectedPrefix = line.slice(0, 1).toUpperCase();
  if (!["A", "D"].includes(expectedPrefix)) {
    return { dir: void 0, num: void 0, errorMessage: `This clue doesn't start with A or D: '${line}'` };
  }
  const parts = line.match(clueRegex);
  if (parts) {
    const num2 = isLegitNumber(parts[1]);
    if (num2 === false) {
      const message2 = `This clue is not properly formatted, expected ${expectedPrefix}[num]. [clue] ~ [answer] but could not parse the number: ${parts[1]}`;
      return { dir: expectedPrefix, num: void 0, errorMessage: message2 };
    }
    if (parts.length !== 4) {
      const message2 = `This clue is not properly formatted, expected ${expectedPrefix}[num]. [clue] ~ [answer] but only found ${parts.length} parts: ${parts}`;
      return { dir: expectedPrefix, num: num2, errorMessage: message2 };
    }
    const res = {
      dir: expectedPrefix,
      num: num2,
      question: parts[2],
      answer: parts[3],
      display: xdMarkupProcessor(parts[2])
    };
    return res;
  }
  const metaParts = line.match(clueMetaRegex);
  if (metaParts) {
    const num2 = isLegitNumber(metaParts[1]);
    if (num2 === false) {
      const message2 = `This clue is not properly formatted, expected ${expectedPrefix}[num]. [clue] ~ [answer] but could not parse the number from '${metaParts[1]}'`;
      return { dir: expectedPrefix, num: void 0, errorMessage: message2 };
    }
    if (metaParts.length !== 4) {
      const message2 = `Could not get the right amount of parts from this clue, expected  ${expectedPrefix}[num] ^[hint]: [clue] but got ${metaParts.length} - ${metaParts}`;
      return { dir: expectedPrefix, num: num2, errorMessage: message2 };
    }
    return {
      dir: expectedPrefix,
      num: num2,
      metaKey: line.split("^")[1].split(":")[0].toLowerCase(),
      metaValue: line.split(":").slice(1).join(":").trimStart()
    };
  }
  const message = `This clue does not match either the '${expectedPrefix}[num]. [clue] ~ [answer]' for a clue, or '${expectedPrefix}[num] ^[hint]: [clue]' for a clue's metadata.`;
  return { dir: expectedPrefix, num, errorMessage: message };
  function isLegitNumber(str) {
    const legitNumber = parseInt(str.slice(1).split("~")[0]);
    if (isNaN(legitNumber)) {
      return false;
    }
    return legitNumber;
  }
};
var stringGridToTiles = (rebuses, strArr) => {
  const rebusKeys = Object.keys(rebuses);
  const tiles = strArr.map((_) => []);
  strArr.forEach((row, rowI) => {
    row.forEach((char) => {
      if (rebusKeys.includes(char)) {
        tiles[rowI].push({ type: "rebus", symbol: char, word: rebuses[char] });
      } else {
        tiles[rowI].push(letterToTile(char));
      }
    });
  });
  return tiles;
};
var letterToTile = (letter) => {
  if (letter === "#") return { type: "blank" };
  if (letter === ".") return { type: "blank" };
  if (letter === "*") return { type: "schrodinger", validLetters: [], validRebuses: [] };
  return { type: "letter", letter };
};
var getRebuses = (str) => {
  if (!str.includes("=")) return {};
  const rebuses = {};
  str.split(" ").forEach((substr) => {
    const [start, ...rest] = substr.split("=");
    rebuses[start] = rest.join("=");
  });
  return rebuses;
};
var toTitleSentence = (strs) => {
  if (strs.length === 0) throw new Error("Somehow showing an empty sentence");
  if (strs.length == 1) return strs[0][0].toUpperCase() + strs[0].slice(1);
  const capNeeded = strs.map((h) => h[0].toUpperCase() + h.slice(1));
  return capNeeded.slice(0, -1).join(", ") + " & " + capNeeded[capNeeded.length - 1];
};
var slugify = (text) => {
  return text.toLowerCase().trim().replace(/[^a-z0-9\s-]/g, "").replace(/\s+/g, "-").replace(/-+/g, "-").replace(/^-|-$/g, "");
};
function updateMetaPuzzleForLine(input, metapuzzle) {
  if (!metapuzzle) {
    metapuzzle = { clue: "", answer: "" };
  }
  if (input.startsWith(">")) {
    metapuzzle.clue = input.slice(1).trim();
  } else {
    metapuzzle.answer += input.trim() + "\n";
  }
  return metapuzzle;
}
function parseStyleCSSLike(str, xd, errorReporter) {
  const lineOfGrid = getLine(xd.toLowerCase(), "## design");
  const styleSheet = {};
  const parseMode = ["outer", "inner"];
  let mode = "outer";
  let token = "";
  let currentRuleName = void 0;
  let currentKeyName = void 0;
  for (let index = 0; index < str.length; index++) {
    const letter = str.slice(index, index + 1);
    if (mode === "outer") {
      if (letter === ",") {
        errorReporter(
          `Comma-separated selectors are not supported in the Design section. Each grid cell can only reference one style rule.`,
          lineOfGrid
        );
        continue;
      }
      if (letter === "{") {
        mode = "inner";
        currentRuleName = token.trim();
        token = "";
        currentKeyName = void 0;
        if (currentRuleName.length > 1) {
          errorReporter(
            `Cannot have a style rule which is longer than one character: got '${currentRuleName}' - it needs to fit in a grid cell`,
            lineOfGrid
          );
        }
        continue;
      }
    } else if (mode === "inner") {
      if (letter === "}") {
        mode = "outer";
        if (!styleSheet[currentRuleName]) styleSheet[currentRuleName] = {};
        if (!styleSheet[currentRuleName][currentKeyName]) styleSheet[currentRuleName][currentKeyName.trim()] = token.trim();
        token = "";
        continue;
      } else if (letter === ":") {
        currentKeyName = token.trim();
        token = "";
        continue;
      } else if (letter === ";") {
        if (!styleSheet[currentRuleName]) styleSheet[currentRuleName] = {};
        styleSheet[currentRuleName][currentKeyName.trim()] = token.trim();
        token = "";
        continue;
      } else if (letter === ",") {
        errorReporter(`Commas are not allowed inside style rules. Use semicolons (;) to separate properties instead of commas.`, lineOfGrid);
        continue;
      }
    }
    token += letter;
  }
  if (mode === "inner") {
    errorReporter(`A style tag above likely does not have a closing '}'`, lineOfGrid);
  }
  return styleSheet;
}
function parseSplitsFromAnswer(answerWithSplits, splitCharacter, tiles) {
  if (!splitCharacter) return {};
  const characters = [...answerWithSplits];
  const splitPositions = [];
  let charIndex = 0;
  for (let i = 0; i < characters.length; i++) {
    if (characters[i] === splitCharacter) {
      splitPositions.push(charIndex - 1);
    } else {
      charIndex++;
    }
  }
  if (splitPositions.length === 0) return {};
  if (!tiles) {
    const dedup = Array.from(new Set(splitPositions)).sort((a, b) => a - b);
    return { splits: dedup };
  }
  let currentCharIndex = 0;
  let currentTileIndex = 0;
  const charToTileMap = /* @__PURE__ */ new Map();
  for (const tile of tiles) {
    if (tile.type === "rebus") {
      let internal = 0;
      for (const _ch of [...tile.word]) {
        charToTileMap.set(currentCharIndex, { tileIndex: currentTileIndex, internalIndex: internal });
        currentCharIndex++;
        internal++;
      }
    } else {
      charToTileMap.set(currentCharIndex, { tileIndex: currentTileIndex, internalIndex: 0 });
      currentCharIndex++;
    }
    currentTileIndex++;
  }
  const tileBoundarySplits = [];
  const rebusInternalSplits = {};
  for (const splitPos of splitPositions) {
    const mapping = charToTileMap.get(splitPos);
    if (!mapping) continue;
    const { tileIndex, internalIndex } = mapping;
    const tile = tiles[tileIndex];
    if (tile.type === "rebus") {
      const cpLen = [...tile.word].length;
      if (internalIndex < cpLen - 1) {
        if (!rebusInternalSplits[tileIndex]) rebusInternalSplits[tileIndex] = [];
        rebusInternalSplits[tileIndex].push(internalIndex);
        continue;
      }
    }
    tileBoundarySplits.push(tileIndex);
  }
  const result = {};
  if (tileBoundarySplits.length > 0) {
    result.splits = Array.from(new Set(tileBoundarySplits)).sort((a, b) => a - b);
  }
  if (Object.keys(rebusInternalSplits).length > 0) {
    for (const tileIndex in rebusInternalSplits) {
      const dedup = Array.from(new Set(rebusInternalSplits[tileIndex]));
      dedup.sort((a, b) => a - b);
      rebusInternalSplits[tileIndex] = dedup;
    }
    result.rebusInternalSplits = rebusInternalSplits;
  }
  return result;
}
function xdMarkupProcessor(input) {
  if (!input) return [["text", ""]];
  if (!input.includes("{")) return [["text", input]];
  const components = [];
  const regex = /\{([\/\*\_\-\@\~\^!#])(.*?)\1\}/g;
  let lastIndex = 0;
  let match;
  while ((match = regex.exec(input)) !== null) {
    if (match.index > lastIndex) {
      components.push(["text", input.slice(lastIndex, match.index)]);
    }
    const typeChar = match[1];
    const content = match[2];
    switch (typeChar) {
      case "/":
        components.push(["italics", content]);
        break;
      case "*":
        components.push(["bold", content]);
        break;
      case "_":
        components.push(["underscore", content]);
        break;
      case "-":
        components.push(["strike", content]);
        break;
      case "~":
        components.push(["subscript", content]);
        break;
      case "^":
        components.push(["superscript", content]);
        break;
      case "@":
        components.push(["link", content.split("|")[0], content.split("|")[1]]);
        break;
      case "!":
        {
          const isBlock = content.startsWith("!");
          const contentWithoutBlock = isBlock ? content.slice(1) : content;
          const contentWithSquareBrackets = contentWithoutBlock.slice(1, -1);
          const parts = contentWithSquareBrackets.split("|");
          if (parts.length === 1) {
            components.push(["img", parts[0], "", isBlock]);
          } else if (parts.length === 2) {
            components.push(["img", parts[0], parts[1], isBlock]);
          } else if (parts.length === 3) {
            components.push(["img", parts[0], parts[1], isBlock, parts[2]]);
          } else if (parts.length >= 4) {
            components.push(["img", parts[0], parts[1], isBlock, parts[2], parts[3]]);
          }
        }
        break;
      case "#":
        {
          const parts = content.split("|");
          if (parts.length === 3) {
            const [text, lightColor, darkColor] = parts;
            components.push(["color", text, lightColor, darkColor]);
          } else {
            components.push(["text", `{#${content}#}`]);
          }
        }
        break;
    }
    lastIndex = regex.lastIndex;
  }
  if (lastIndex < input.length) {
    components.push(["text", input.slice(lastIndex)]);
  }
  return components;
}

// src/utils/getTile.ts
var getTile = (tiles, position) => tiles[position.index] && tiles[position.index][position.col];

// src/utils/clueFromPosition.ts
var clueInfosForPosition = (tiles, clues, position) => {
  const tile = getTile(tiles, position);
  if (!tile) throw new Error("No tile at position");
  if (tile.type === "blank") return { down: void 0, across: void 0 };
  const downClue = clues.down.find((c) => {
    const sameColumn = c.position.col === position.col;
    if (!sameColumn) return;
    return c.position.index <= position.index && c.position.index + c.tiles.length > position.index;
  });
  const acrossClue = clues.across.find((clue) => {
    const sameIndex = clue.position.index === position.index;
    if (!sameIndex) return;
    return clue.position.col <= position.col && clue.position.col + clue.tiles.length > position.col;
  });
  return {
    down: !downClue ? void 0 : { clue: downClue, index: clues.down.indexOf(downClue) },
    across: !acrossClue ? void 0 : { clue: acrossClue, index: clues.across.indexOf(acrossClue) }
  };
};
var tilePositionsForClue = (clue, direction) => {
  const start = clue.position;
  return Array.from({ length: clue.tiles.length }).map((_, i) => {
    const isAcross = direction === "across";
    return {
      col: isAcross ? start.col + i : start.col,
      index: !isAcross ? start.index + i : start.index
    };
  });
};

// src/utils/getWordTilesForCursor.ts
var getWordTilesForCursor = (tiles, cursor) => {
  if (!cursor) return [];
  const positions = [cursor.position];
  const start = cursor.position;
  if (cursor.direction === "down") {
    const max = tiles.length;
    for (let y = start.index + 1; y < max; y++) {
      const tile = getTile(tiles, { index: y, col: start.col });
      if (tile.type === "blank") break;
      positions.push({ index: y, col: start.col });
    }
    for (let x = start.index - 1; x >= 0; x--) {
      const tile = getTile(tiles, { index: x, col: start.col });
      if (tile.type === "blank") break;
      positions.push({ index: x, col: start.col });
    }
  } else {
    const max = tiles[start.index].length;
    for (let x = start.col + 1; x < max; x++) {
      const nextTile = getTile(tiles, { index: start.index, col: x });
      if (nextTile.type === "blank") break;
      positions.push({ index: start.index, col: x });
    }
    for (let x = start.col - 1; x >= 0; x--) {
      const nextTile = getTile(tiles, { index: start.index, col: x });
      if (nextTile.type === "blank") break;
      positions.push({ index: start.index, col: x });
    }
  }
  return positions;
};
var getSortedTilesForCursor = (tiles, cursor) => {
  const unOrderedTiles = getWordTilesForCursor(tiles, cursor);
  const sort = cursor.direction === "across" ? (l, r) => l.col - r.col : (l, r) => l.index - r.index;
  const newTiles = unOrderedTiles.sort(sort);
  return { first: newTiles[0], last: newTiles[tiles.length - 1], tiles: newTiles };
};
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  EditorError,
  clueInfosForPosition,
  getCluePositionsForBoard,
  getSortedTilesForCursor,
  getTile,
  getWordTilesForCursor,
  letterToTile,
  replaceWordWithSymbol,
  stringGridToTiles,
  tilePositionsForClue,
  xdMarkupProcessor,
  xdToJSON
});
