// Letters written as their base letter, so ids made from names read as the names do ("Lotización" -> "Lotizacion",
// not "Lotizacio-n"): canonical decomposition splits accented letters and the marks are dropped; the letters it does
// not split (ß, ø, æ, ł, ...) are spelt as they are usually transliterated.
const UNSPLIT: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŧ: 't',
  Ŧ: 'T',
  ŋ: 'n',
  Ŋ: 'N',
  ĸ: 'k',
  ſ: 's',
  ƒ: 'f',
};
const UNSPLIT_RE = new RegExp(`[${Object.keys(UNSPLIT).join('')}]`, 'g');

/** The text with every letter as its base letter; compatibility forms (ligatures, full-width letters) spelt out. */
export const baseLetters = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(UNSPLIT_RE, (c) => UNSPLIT[c]);
