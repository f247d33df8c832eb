// Placeholder until the test infrastructure branch lands: nothing to stop.
export default async function globalTeardown(): Promise<void> {}
