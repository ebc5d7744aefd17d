// The page's first view is complete (or the visitor has started to use the page): what it does not need for
// that view (the admin editors and their canvas code, the minimap and its images) may load from now on, so
// none of it competes with the first tiles on a slow link. Set once per page load; later scenes do not wait.
import { atom } from 'jotai';

export const firstViewDoneAtom = atom(false);
