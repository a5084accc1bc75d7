import { readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * CPU time (µs) of the server processes serving one database, read from /proc: a figure that
 * holds on a shared, loaded machine, where rates move by ±50 % between identical runs. Null when
 * the server is not on this machine (or /proc is not readable). Clock ticks are taken as 100 Hz
 * (Linux's USER_HZ), so a figure is good to ±10 ms over the measured span.
 */
export async function backendCpu(pool: pg.Pool): Promise<Map<number, number> | null> {
  const { rows } = await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const times = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      // utime and stime are the 14th and 15th fields; the command name before them may hold spaces.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * 10_000);
    } catch {
      return null;
    }
  }
  return times;
}

/** The CPU the database's server processes used between two readings (a process that started meanwhile counts whole). */
export const backendCpuSince = (before: Map<number, number> | null, after: Map<number, number> | null): number | null =>
  before && after ? [...after].reduce((sum, [pid, micros]) => sum + micros - (before.get(pid) ?? 0), 0) : null;
