// Contracts owned by the execution service: request payload schemas, reply schemas and the events it emits.
// Each entry: [Topic.X]: request({ owner: 'execution', version: 1, request: ..., reply: ... }) or event({...}).
export const executionContracts = {} as const;
