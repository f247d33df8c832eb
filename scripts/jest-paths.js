// Turns tsconfig "paths" into jest's moduleNameMapper so tests resolve @app/* like the compiler does.
const path = require('node:path');
const ts = require('typescript');

function pathsToModuleNameMapper() {
  const file = path.join(__dirname, '..', 'tsconfig.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  const mapper = {};
  for (const [alias, [target]] of Object.entries(config.compilerOptions.paths)) {
    const from = '^' + alias.replace('/*', '/(.*)') + '$';
    mapper[from] = path.join(__dirname, '..', target.replace('/*', '/$1'));
  }
  return mapper;
}

module.exports = { pathsToModuleNameMapper };
