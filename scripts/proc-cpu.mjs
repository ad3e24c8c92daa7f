// Reading Linux's /proc for the CPU samplers of the test runs (scripts/e2e-cpu.mjs, scripts/e2e-db-cpu.mjs): a
// process may end between the listing and the read, so each reader answers undefined (or '') for a gone one.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
export const HZ = 100;

/** Every process id now. */
export const pids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** A process's parent and its CPU so far (utime + stime, in ticks) from /proc/<pid>/stat, or undefined. */
export function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // field 3 onwards: the name may hold spaces
    return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** utime + stime in ticks, or undefined. */
export const cpuTicks = (pid) => procStat(pid)?.ticks;

/** The parent's pid, or 0. */
export const parentOf = (pid) => procStat(pid)?.parent ?? 0;

/** The command line, its arguments joined by NUL as the kernel keeps them, or ''. */
export function cmdlineOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
