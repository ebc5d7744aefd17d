// Text as we store and compare it: one Unicode spelling, and no bidirectional controls. "café" typed on one machine
// (NFC, é as one character) and unzipped from a Mac (NFD, e + a combining accent) is one name, so a CSV row finds
// its scene folder; and U+202E (right-to-left override) cannot make "\u202Etxt.exe" show as "exe.txt". Applied
// where text enters storage (requests, CSV cells, zip entry and folder names, data.js names) and where names meet.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Anything beyond ASCII: plain ASCII text is already in its one spelling (most text, skipped at no cost). */
const NON_ASCII = /[\u0080-\uffff]/;

export const storableName = (s: string): string =>
  NON_ASCII.test(s) ? s.normalize('NFC').replace(BIDI_CONTROLS, '') : s;
