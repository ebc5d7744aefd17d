// The server's render of a viewer page's shell (sidebar, title card, toolbar, floor control, minimap, the
// panorama's box): the HTML the page's first picture is drawn into before React has loaded (docs/first-view.md).
// Built by `vite build --ssr` into dist-ssr/ and used by server/bootstrap/shellRenderer.ts. It renders the app's own
// tree from the same answers the page carries in its data block, so the app's first render draws the same frame.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { DESKTOP_SCREEN, type ShellScreen } from '../../contract/pageState';
import { App } from '../App';
import { renderingFor } from '../screen';
import { preloadModule } from '../overlay/common/useLoadedModule';
import { loadAdminMinimap } from '../overlay/viewer/adminMinimapPart';

/** Parts the viewer shows with its first view that are lazy in the browser: loaded once here, before any render. */
export function prepareShell(): Promise<unknown> {
  return preloadModule(loadAdminMinimap);
}

/** The HTML of `#root` for the page at `url` (path and query), with `queries` as its query cache, as the app's
 *  first render makes it on `screen`. */
export function renderShell(
  url: string,
  queries: ReadonlyArray<readonly [QueryKey, unknown]>,
  screen: ShellScreen = DESKTOP_SCREEN,
): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, data] of queries) client.setQueryData(key, data);
  return renderingFor(screen, () =>
    renderToString(
      <StrictMode>
        <App client={client} location={url} />
      </StrictMode>,
    ),
  );
}
