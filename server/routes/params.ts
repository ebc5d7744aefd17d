// Shared zod pieces for route params and queries.
import { z } from 'zod';
import { floorText, intText } from '../../contract/limits.ts';
export { floorText };

export const siteParam = z.object({ site: z.string().min(1).max(100) });
/** A whole number sent as text; every one has bounds (see contract/limits.ts). */
export const intString = (name: string, lo: number, hi: number) => intText(name, lo, hi);
export const siteFloorParams = z.object({ site: z.string().min(1).max(100), floor: floorText() });
export const idParam = z.object({ id: z.string().min(1).max(200) });
