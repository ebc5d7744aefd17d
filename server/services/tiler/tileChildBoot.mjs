// Entry of a tiling process (tileApart.ts): a child starts without the parent's TypeScript loader, so it registers
// tsx before loading the TypeScript side.
import { register } from 'tsx/esm/api';

register();
await import('./tileChildMain.ts');
