// Entry point of the crossword room (the shell loads it; the modules import each other).
import "./main.js";
