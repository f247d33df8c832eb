// The project's one SWC configuration is .swcrc (also what editors and nest-cli's swc builder read).
// The server build, jest and the TypeScript preload of spawned test processes take it from here,
// each adding only its own source-map and path settings.
'use strict';
const { readFileSync } = require('node:fs');
const path = require('node:path');

const { $schema: _schema, ...swcOptions } = JSON.parse(readFileSync(path.join(__dirname, '..', '.swcrc'), 'utf8'));

module.exports = { swcOptions };
