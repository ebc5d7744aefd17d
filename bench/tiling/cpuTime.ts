// CPU time for the tiling bench: unlike wall time on a machine shared with other work, it does not depend on how
// busy the cores are, so a ratio of CPU times compares the work itself.
import fs from 'node:fs';

/** process.cpuUsage() (microseconds, every thread of the process) in seconds. */
export const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

/** Linux's clock ticks a second for /proc/<pid>/stat (USER_HZ, 100 on every architecture Linux builds for). */
const TICKS = 100;

/** CPU seconds of a live process from /proc: its own, and that of its children it has waited for (a tiling child,
 *  once ended, counts there). */
export function procCpuSeconds(pid: number): { own: number; children: number } {
  // The fields after the command's closing parenthesis: utime, stime, cutime, cstime are the 12th to 15th there.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return { own: (f[11] + f[12]) / TICKS, children: (f[13] + f[14]) / TICKS };
}
