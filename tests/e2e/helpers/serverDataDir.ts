// Where the suite's server keeps its data: one folder per port, so a spec can prepare rows the API cannot write
// (a scene without a position) in the server's own SQLite file, and runs on other ports do not share it.
import os from 'node:os';
import path from 'node:path';

export const e2eDataDir = (port: number | string) => path.join(os.tmpdir(), `survey-e2e-${port}`);
