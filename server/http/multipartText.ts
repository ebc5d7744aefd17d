// Text fields and file names of multipart bodies: the JSON body's checks (no NUL, bounded names) never see them, so
// each multipart route passes them through here. A NUL reached PostgreSQL only at the job's row insert, after all
// the tiling, and failed every retry.
import { NAME_MAX } from '../../contract/limits.ts';
import { storableName } from '../../contract/storableName.ts';
import { Invalid } from '../services/errors.ts';

// eslint-disable-next-line no-control-regex -- control characters are exactly what a name may not hold
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why `text` cannot be a name (or a field), or null when it can. */
export function nameProblem(text: string, max = NAME_MAX): string | null {
  if (text.length > max) return `has ${text.length} characters; at most ${max} are taken`;
  if (CONTROL.test(text)) return 'holds a control character (a NUL, a tab or a line break); remove it';
  return null;
}

const shown = (s: string) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** A form field's value in its storable spelling, or a refusal naming the field. */
export function formField(field: string, value: string): string {
  const text = storableName(value);
  const problem = nameProblem(text);
  if (problem) throw new Invalid(`The field ${shown(field)} ${problem}.`);
  return text;
}

/** An uploaded file's name in its storable spelling, or a refusal naming the file. */
export function uploadedFileName(name: string): string {
  const text = storableName(name);
  const problem = nameProblem(text);
  if (problem) throw new Invalid(`The file name ${shown(text)} ${problem}.`);
  return text;
}

/** The site name of an upload: its form field, else its query value (checked alike). */
export function siteNameOf(field: string | undefined, query: string | undefined): string | undefined {
  if (field !== undefined) return field;
  return query === undefined ? undefined : formField('siteName', query);
}
