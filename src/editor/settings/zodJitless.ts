// zod without its `new Function` probe and compiled parsers, which the page's CSP forbids (and reports). Evaluated
// before any schema is built: schemas.ts imports it first.
import { z } from 'zod';

z.config({ jitless: true });
