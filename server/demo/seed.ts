// Seeds the demo site (filled in once the generators land).
import type { AppContext } from '../context.ts';
export async function seedDemoIfEmpty(_ctx: AppContext): Promise<void> {}
