// Shared zod pieces for route params and queries.
import { z } from 'zod';

export const siteParam = z.object({ site: z.string().min(1).max(100) });
export const intString = (name: string) => z.coerce.number({ message: `${name} must be a whole number` }).int(`${name} must be a whole number`);
export const siteFloorParams = z.object({ site: z.string().min(1).max(100), floor: intString('floor') });
export const idParam = z.object({ id: z.string().min(1).max(200) });
/** A floor as sent by clients: -1 (no floors yet) maps to 0, as the spec says. */
export const floorValue = (n: number) => (n < 0 ? 0 : n);
