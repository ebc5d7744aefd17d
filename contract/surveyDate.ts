// Survey dates: the field writes dd/mm/yyyy (d/m also accepted), ISO yyyy-mm-dd is accepted too; stored as ISO.

/** Survey years: photographs older than 1900 or after 2200 are typing errors. */
export const SURVEY_YEAR_MIN = 1900;
export const SURVEY_YEAR_MAX = 2200;

/** A date as the API and the viewer's links carry it: ISO yyyy-mm-dd. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `dd/mm/yyyy` or `yyyy-mm-dd` to ISO `yyyy-mm-dd`; null when it is not a real calendar date in the survey years. */
export function parseSurveyDate(value: string): string | null {
  const v = value.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (match) {
    d = +match[1];
    m = +match[2];
    y = +match[3];
  } else {
    match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v); // ISO_DATE, with its parts
    if (!match) return null;
    y = +match[1];
    m = +match[2];
    d = +match[3];
  }
  if (y < SURVEY_YEAR_MIN || y > SURVEY_YEAR_MAX) return null;
  // Date.UTC rolls 31/02 over into March: a date is real only when it reads back unchanged.
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export const isSurveyDate = (value: string) => parseSurveyDate(value) !== null;
