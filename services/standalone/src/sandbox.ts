import { ConfigError, loadConfig, port } from '@app/common';
import { listenFailure } from '@app/host';
import { DEFAULT_APP, DEFAULT_OAUTH_CLIENT, DEFAULT_USERS, startSimulator } from '@app/simulator';
import type { Simulator } from '@app/simulator';
import { z } from 'zod';

const sandboxVars = z.object({
  TRADOVATE_SANDBOX: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
  TRADOVATE_DEMO_URL: z.string().optional(),
  TRADOVATE_LIVE_URL: z.string().optional(),
  /** 0 = a random free port. */
  SIMULATOR_PORT: port(0),
});

/**
 * Sandbox mode (standalone's default): the bundled Tradovate simulator runs in this process and
 * every TRADOVATE_* variable points at it, so a new user can connect and trade with nothing real.
 * Runs before the config is loaded; a malformed or taken SIMULATOR_PORT is a ConfigError. Unset
 * TRADOVATE_SANDBOX means "on" unless broker URLs are set (then they are meant); TRADOVATE_SANDBOX=true
 * overrides them, false keeps the configured broker.
 */
export async function startSandbox(env: NodeJS.ProcessEnv): Promise<Simulator | undefined> {
  const vars = loadConfig(sandboxVars, env);
  const configured = vars.TRADOVATE_DEMO_URL !== undefined || vars.TRADOVATE_LIVE_URL !== undefined;
  const mode = vars.TRADOVATE_SANDBOX ?? (configured ? 'false' : 'true');
  env.TRADOVATE_SANDBOX = mode;
  if (!['true', '1', 'yes'].includes(mode)) {
    return undefined;
  }
  const simulator = await startSimulator({ port: vars.SIMULATOR_PORT }).catch((err: unknown) => {
    // A SIMULATOR_PORT already taken is refused as a setting to change, like a malformed one.
    const words = listenFailure(err, { host: '127.0.0.1', port: vars.SIMULATOR_PORT, variable: 'SIMULATOR_PORT' });
    throw words === undefined ? err : new ConfigError([`SIMULATOR_PORT: ${words}`]);
  });
  Object.assign(env, brokerEnvOf(simulator));
  return simulator;
}

/** Every TRADOVATE_* variable pointing at a simulator, with its seeded OAuth client. */
export const brokerEnvOf = (simulator: Simulator): Record<string, string> => ({
  TRADOVATE_DEMO_URL: simulator.demoUrl,
  TRADOVATE_LIVE_URL: simulator.liveUrl,
  TRADOVATE_OAUTH_URL: simulator.oauthUrl,
  TRADOVATE_OAUTH_TOKEN_URL: simulator.oauthTokenUrl,
  TRADOVATE_CLIENT_ID: DEFAULT_OAUTH_CLIENT.clientId,
  TRADOVATE_CLIENT_SECRET: DEFAULT_OAUTH_CLIENT.clientSecret,
});

/** What a new user types into "Add connection" (or the consent page) to try the sandbox. */
export function sandboxBanner(simulator: Simulator): string {
  const user = DEFAULT_USERS[0];
  return [
    `  Sandbox broker (Tradovate simulator): ${simulator.url}`,
    `    sign in as ${user.name} / ${user.password}`,
    `    API credentials: App ID ${DEFAULT_APP.appId}, cid ${DEFAULT_APP.cid}, sec ${DEFAULT_APP.sec}`,
    '    (set TRADOVATE_SANDBOX=false to use the real Tradovate)',
  ].join('\n');
}
