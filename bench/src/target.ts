// A system under test: the baseline relay, the standalone product or the distributed product. The bench
// only needs each fan-out's webhook URL and alert id, the pids whose CPU and memory count, and where it stores data.
import type { StallLog } from './stalls';

export interface Route {
  fanOut: number;
  webhookUrl: string;
  alertId: string;
}

export interface Target {
  name: 'baseline' | 'standalone' | 'distributed';
  routes: Route[];
  pids(): number[];
  /** Where the target keeps its data on disk, when it is a directory of its own (standalone's DATA_DIR). */
  dataDir?: string;
  /** Its collections and checkpoints as they happen, when it reports them (standalone). */
  stalls?: StallLog;
  close(): Promise<void>;
}
