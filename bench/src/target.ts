// A system under test: the baseline relay, the standalone product or the distributed product. The bench
// only needs each fan-out's webhook URL and alert id, and the pids whose CPU and memory count.
export interface Route {
  fanOut: number;
  webhookUrl: string;
  alertId: string;
}

export interface Target {
  name: 'baseline' | 'standalone' | 'distributed';
  routes: Route[];
  pids(): number[];
  close(): Promise<void>;
}
