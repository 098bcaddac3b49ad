// Entry point of the crossword room (the shell loads it; main.js starts the editor).
import "./main.js";
