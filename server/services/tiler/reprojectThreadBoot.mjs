// Entry of a reprojection thread (reprojectThread.ts): a worker starts without the parent's TypeScript loader, so it
// registers tsx before loading the TypeScript side.
import { register } from 'tsx/esm/api';

register();
await import('./reprojectThreadMain.ts');
