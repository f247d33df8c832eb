// Contracts owned by the auth service: request payload schemas, reply schemas and the events it emits.
// Each entry: [Topic.X]: request({ owner: 'auth', version: 1, request: ..., reply: ... }) or event({...}).
export const authContracts = {} as const;
