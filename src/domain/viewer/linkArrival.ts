// Where walking through a link hotspot goes: its target scene, at the view the link names (turned by the site's
// rotation offset, as a scene's own start view is) or, when it names none, at the target's own start view. The view
// goes into the deep link, so back, forward and a shared link reopen exactly that arrival.
import type { LinkHotspot } from '../../../contract/api';
import { initialView } from '../../../contract/initialView';
import type { ViewerMove } from './deepLink';

export function linkArrival(link: Pick<LinkHotspot, 'target' | 'view'>, rotationOffset = 0): ViewerMove {
  return link.view ? { node: link.target, view: initialView(link.view, rotationOffset) } : { node: link.target };
}
