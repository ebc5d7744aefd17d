// zod rules for one environment setting each: the shapes config.ts and the S3_* and job settings share, each with the
// sentence that names the setting and says what it takes.
import { z } from 'zod';

export const unset = (v: string | undefined): v is undefined | '' => v === undefined || v === '';

/** A whole number of at least `min`; the default when unset or empty. */
export const wholeNumber = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (unset(v)) return fallback;
      const n = Number(v);
      if (Number.isInteger(n) && n >= min && n <= max) return n;
      const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
      ctx.addIssue({ code: 'custom', message: `${name} must be a whole number ${range}, not "${v}".` });
      return z.NEVER;
    });

/** A number above 0; the default when unset or empty. */
export const positiveNumber = (name: string, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (unset(v)) return fallback;
      const n = Number(v);
      if (Number.isFinite(n) && n > 0) return n;
      ctx.addIssue({ code: 'custom', message: `${name} must be a number above 0, not "${v}".` });
      return z.NEVER;
    });

/** true or false; the default when unset or empty. Anything else is refused: "USE_SSO=yes" must not mean no. */
export const flag = <F extends boolean | undefined>(name: string, fallback: F) =>
  z
    .string()
    .optional()
    .transform((v, ctx): boolean | F => {
      if (unset(v)) return fallback;
      if (v === 'true' || v === 'false') return v === 'true';
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false, not "${v}".` });
      return z.NEVER;
    });

/** A trimmed string, undefined when unset or blank. */
export const optionalText = () =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined);
