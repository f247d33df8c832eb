// A tiny service for spawn-node.integration-spec.ts: serves HTTP on PORT and says so.
import { createServer } from 'node:http';
import { loadFixtureEnv } from './fixture-env';

const { port } = loadFixtureEnv();
createServer((_req, res) => res.end('ok')).listen(port, '127.0.0.1', () => {
  console.error('warming up');
  console.log(`READY on ${port}`);
});
