// Contracts owned by the connections service: request payload schemas, reply schemas and the events it emits.
// Each entry: [Topic.X]: request({ owner: 'connections', version: 1, request: ..., reply: ... }) or event({...}).
export const connectionsContracts = {} as const;
