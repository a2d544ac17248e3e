// CPU time of Linux processes and of the whole machine, from /proc (for the benches that say
// where the cores went). Zero or null elsewhere, or once a process is gone.

import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux the benches run on). */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name (state first), or null. */
function statFields(/** @type {number} */ pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU seconds of a process: its own (user + system), and its children's that it has reaped
 * (cutime + cstime: a render child replaced mid-run still counts).
 * @param {number | undefined} pid
 */
export function cpuSeconds(pid) {
  const fields = pid === undefined ? null : statFields(pid);
  if (!fields) return { own: 0, reaped: 0 };
  const ticks = (/** @type {number} */ index) => Number(fields[index] ?? 0);
  return {
    own: (ticks(11) + ticks(12)) / TICKS_PER_SECOND,
    reaped: (ticks(13) + ticks(14)) / TICKS_PER_SECOND,
  };
}

/** Pids of the live processes whose parent is `pid`. */
export function childPids(/** @type {number | undefined} */ pid) {
  if (pid === undefined) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(statFields(Number(entry))?.[1]) === pid)
    .map(Number);
}

/**
 * CPU seconds of a process and, apart, of its children (live ones, and those it reaped).
 * @param {number | undefined} pid
 */
export function familyCpuSeconds(pid) {
  const { own, reaped } = cpuSeconds(pid);
  const live = childPids(pid).reduce(
    (sum, child) => sum + cpuSeconds(child).own + cpuSeconds(child).reaped,
    0,
  );
  return { own, children: reaped + live };
}

/**
 * The machine's CPU counters now; `since(earlier)`: the busy share of all cores between, and the
 * CPU seconds spent (all cores summed, comparable with a process's).
 */
export function machineCpu() {
  const [, ...counters] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
  const values = counters.map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already counted in user).
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return {
    idle,
    total,
    since(/** @type {{ idle: number, total: number }} */ earlier) {
      const spent = total - earlier.total;
      const busyTicks = spent - (idle - earlier.idle);
      return { busy: spent > 0 ? busyTicks / spent : 0, busySeconds: busyTicks / TICKS_PER_SECOND };
    },
  };
}
