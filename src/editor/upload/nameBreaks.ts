// Where a scene or file name may wrap: after each separator a camera or an export puts between its words (_ - . /),
// so "prism_uat_newfield1" wraps as "prism_uat_" + "newfield1", not in the middle of a word.
const AFTER_SEPARATOR = /(?<=[_\-./])(?=[^_\-./])/;

/** The name cut after its separators; joined, the parts are the name again. */
export function nameParts(name: string): string[] {
  return name === '' ? [] : name.split(AFTER_SEPARATOR);
}
