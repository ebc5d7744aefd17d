// Info hotspots written by hand often carry fields of their own instead of (or beside) title and text, e.g.
// `{ yaw, pitch, manzana: 'A', lote: 12, estado: 'Vendido' }`. They are kept, bounded, as plain text label/value
// pairs (shown as a labelled list, never as HTML), and name a hotspot that has no title.
import { z } from 'zod';
import type { InfoField } from '../../../contract/api.ts';
import { storableName } from '../../../contract/storableName.ts';

export const INFO_FIELD_LIMITS = { fields: 50, labelChars: 100, valueChars: 1000, titleChars: 500 } as const;
const L = INFO_FIELD_LIMITS;

/** The value of a field of its own: text, a number or a boolean, kept as text. */
export const infoFieldValue = z
  .union([z.string(), z.number().finite(), z.boolean()], { message: 'expected text, a number or true/false' })
  .transform((v) => storableName(String(v)))
  .refine((v) => v.length <= L.valueChars, `may have at most ${L.valueChars} characters`);

/** Checks the fields of its own of a parsed hotspot (`known`: the Tool's keys), for an object schema's superRefine. */
export const checkOwnFields =
  (known: readonly string[]) => (hotspot: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const own = Object.keys(hotspot).filter((k) => !known.includes(k));
    if (own.length > L.fields)
      ctx.addIssue({ code: 'custom', message: `has ${own.length} fields of its own; at most ${L.fields} are kept` });
    for (const k of own)
      if (k.length > L.labelChars)
        ctx.addIssue({ code: 'custom', path: [k], message: `is a field name of more than ${L.labelChars} characters` });
  };

/** A hotspot without a title is named by its first field ("manzana: A"). */
export const fallbackTitle = (fields: readonly InfoField[]) =>
  fields.length ? `${fields[0].label}: ${fields[0].value}`.slice(0, L.titleChars) : '';

/** The hotspot with its own fields gathered, in data.js order, and a title it can be named by. */
export function withOwnFields<T extends { yaw: number; pitch: number; title: string; text: string }>(
  hotspot: T & Record<string, unknown>,
): Pick<T, 'yaw' | 'pitch' | 'title' | 'text'> & { fields: InfoField[] } {
  const { yaw, pitch, title, text, ...own } = hotspot;
  const fields = Object.entries(own).map(([label, value]) => ({ label: storableName(label), value: String(value) }));
  return { yaw, pitch, text, title: title || fallbackTitle(fields), fields };
}
