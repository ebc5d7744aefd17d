// Entry point: unregister any service worker left by an older deployment, then render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startPageFirstView } from './pageFirstView';
import './styles/app.css';

if ('serviceWorker' in navigator) {
  void navigator.serviceWorker
    .getRegistrations()
    .then((regs) => regs.forEach((r) => void r.unregister()))
    .catch(() => undefined);
}

// What the page announced is taken before anything asks for a tile (see takePageFirstView), and its first view
// started here if the page's first script has not yet (it is async: the app may run before it).
startPageFirstView(document);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
