// What the numbers were measured on: results from another machine are not comparable.
import { cpus, loadavg, totalmem, release } from 'node:os';
import { idleSteal } from './cpu-steal';
import { parallelCapacity } from './parallel-capacity';

export interface MachineInfo {
  nproc: number;
  cpuModel: string;
  memoryMiB: number;
  node: string;
  kernel: string;
  date: string;
  /** 1/5/15-minute load averages when the run started (other work on the machine skews every figure). */
  loadAvgAtStart: number[];
  /** CPU steal over two idle seconds before the run, % (cpu-steal.ts): a shared VM's other tenants at work. */
  stealAtStartPct: number;
  /**
   * Work two busy threads did at once as a multiple of one thread's (parallel-capacity.ts; 2 = two whole CPUs), before
   * the run and after it. Absent in results before the fifty-third session.
   */
  parallelAtStart?: number;
  parallelAtEnd?: number;
}

export const machineInfo = async (): Promise<MachineInfo> => ({
  nproc: cpus().length,
  cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
  memoryMiB: Math.round(totalmem() / 2 ** 20),
  node: process.version,
  kernel: release(),
  date: new Date().toISOString(),
  loadAvgAtStart: loadavg().map((n) => Math.round(n * 100) / 100),
  stealAtStartPct: await idleSteal(2000),
  parallelAtStart: await parallelCapacity(),
});
