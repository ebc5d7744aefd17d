// Moves of the viewer over its deep link (contract/viewerLink.ts): what a change of scene, floor or date does to it.
import type { ViewParameters } from '../../../contract/api';
import type { ViewerLink } from '../../../contract/viewerLink';

/** True when two links name the same scene (a change of scene pushes a history entry; a view change replaces). */
export const sameScene = (a: ViewerLink, b: ViewerLink) =>
  a.site === b.site && a.floor === b.floor && a.date === b.date && a.node === b.node;

/** A move of the viewer: a new floor or date drops the scene (the new survey's own initial scene applies). */
export interface ViewerMove {
  floor?: number;
  date?: string | null;
  node?: string | null;
  view?: Partial<ViewParameters>;
}

/** The link after `move`, from the current one; the view is kept only when the move names one. */
export function movedLink(cur: ViewerLink, move: ViewerMove): ViewerLink {
  const next: ViewerLink = { site: cur.site, floor: cur.floor, date: cur.date, node: cur.node };
  if (move.floor !== undefined && move.floor !== cur.floor) {
    next.floor = move.floor;
    next.node = undefined;
  }
  if (move.date !== undefined && move.date !== cur.date) {
    next.date = move.date ?? undefined;
    next.node = undefined;
  }
  if (move.node !== undefined) next.node = move.node ?? undefined;
  if (move.view) next.view = move.view;
  return next;
}
