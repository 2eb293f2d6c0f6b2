// CPU times from Linux's /proc, for the bench's CPU-per-request figures (run.mjs, paired.mjs).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** CPU seconds a process has spent (user + system), or undefined where /proc is missing. */
export function cpuSeconds(pid) {
  try {
    // the fields after the command's name (which may hold spaces), from the state on: utime and stime are 12th and 13th
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop().split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** CPU seconds the whole machine has spent busy (every core), or undefined where /proc is missing. */
export function machineBusySeconds() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: all but idle and iowait
    return (ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
