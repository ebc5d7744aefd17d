// Entry point: unregister any service worker left behind (only a kiosk kept offline has one), then render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startPageFirstView } from './pageFirstView';
import { dropStrayWorkers } from './offline/workerMark';
import './styles/app.css';

dropStrayWorkers();

// What the page announced is taken before anything asks for a tile (see takePageFirstView), and its first view
// started here if the page's first script has not yet (it is async: the app may run before it).
startPageFirstView(document);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
