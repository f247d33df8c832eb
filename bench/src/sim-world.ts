// The simulator the bench drives (in this process, zero added latency, no rate limits) and one simulator
// user per fan-out holding exactly that many demo accounts.
import { startSimulator } from '@app/simulator';
import type { Simulator } from '@app/simulator';
import { TradovateClient } from '@app/tradovate';

export const SIM_APP = { appId: 'TVTradovate', appVersion: '1.0', deviceId: 'bench', cid: 8, sec: 'sim-secret' };

export interface SimAccountSet {
  fanOut: number;
  user: string;
  password: string;
  accountIds: number[];
  token: string;
  contractName: string;
}

export async function startBenchSimulator(): Promise<Simulator> {
  const sim = await startSimulator({ port: 0 });
  sim.control.setLatency(0);
  return sim;
}

/** Adds `bench-<fanOut>` with `fanOut` demo accounts and signs it in (the baseline uses the token). */
export async function seedAccounts(sim: Simulator, fanOut: number): Promise<SimAccountSet> {
  const user = `bench-${fanOut}`;
  const password = `bench-${fanOut}-password`;
  const summary = sim.control.addUser({ name: user, password, demoAccounts: fanOut });
  const client = new TradovateClient({ demoUrl: sim.demoUrl, liveUrl: sim.liveUrl, oauthTokenUrl: sim.oauthTokenUrl });
  try {
    const token = await client.requestAccessToken('demo', { name: user, password, ...SIM_APP });
    const [contract] = await client.suggestContracts('demo', token.accessToken, 'MNQ', 1);
    return {
      fanOut,
      user,
      password,
      accountIds: summary.accounts.demo.map((a) => a.id),
      token: token.accessToken,
      contractName: contract.name,
    };
  } finally {
    await client.close();
  }
}
