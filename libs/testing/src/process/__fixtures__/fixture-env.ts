/** Configuration of the fixture processes (the one place they read the environment). */
export const loadFixtureEnv = (): { port: number } => ({ port: Number(process.env.PORT) });
