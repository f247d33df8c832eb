// Placeholder until the test infrastructure branch lands: nothing to start.
export default async function globalSetup(): Promise<void> {}
