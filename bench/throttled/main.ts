// The throttled first-view benchmark alone (bench:viewer runs it as its throttled section):
//   node --import tsx bench/throttled/main.ts [--runs=3] [--port=8400] [--build] [--fillers=40] [--parts=first,repeat,switch,detail]
//     [--setups=0,1,2] (which rows of profiles.ts SETUPS: scene, link, device; the waterfall is of the first named)
// The farm and photo rows need the shared fixtures (tests/fixtures.ts); without them only the generated row runs.
// Needs the production build in dist/ (built when missing; --build rebuilds) and Chromium (CHROMIUM_PATH).
import { runThrottled, THROTTLED_DEFAULTS as D, type ThrottledOptions } from './run';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
await runThrottled({
  runs: Number(arg('runs') ?? D.runs),
  port: Number(arg('port') ?? D.port),
  rebuild: process.argv.includes('--build'),
  fillers: Number(arg('fillers') ?? D.fillers),
  parts: (arg('parts')?.split(',') as ThrottledOptions['parts'] | undefined) ?? D.parts,
  setups: arg('setups')?.split(',').map(Number) ?? D.setups,
});
