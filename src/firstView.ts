// The page's first script (an entry of its own, which the server names in the page as an async module): it asks for
// the first view's tiles as soon as it has loaded, while React and the app are still on their way. On a slow link
// that keeps the link busy from the start instead of idle until the app has mounted; the viewer then adopts these
// loads (src/scene/early.ts). The server writes the scene and view in a data block before this script's tag.
import { startPageFirstView } from './pageFirstView';

startPageFirstView(document);
