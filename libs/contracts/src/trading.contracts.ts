// Contracts owned by the trading service: request payload schemas, reply schemas and the events it emits.
// Each entry: [Topic.X]: request({ owner: 'trading', version: 1, request: ..., reply: ... }) or event({...}).
export const tradingContracts = {} as const;
