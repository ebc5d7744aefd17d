// The administrator's minimap and node editor: loaded only for administrators (its Konva canvas after the first view).
// Not through Suspense: it is on screen with the first view (see useLoadedModule). One loader for the viewer, the
// server's render of the page's shell and the app's start, which loads it first when the shell shows it.
export const loadAdminMinimap = () => import('../../editor/minimap/AdminMinimap');
