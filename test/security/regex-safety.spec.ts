// Every regular expression in the server's code, checked for catastrophic backtracking (ReDoS) by recheck, which
// decides it from the pattern itself (automata theory where it applies, guided fuzzing otherwise). A webhook body
// or a REST field of 64 KB reaches several of these patterns; one that backtracks turns a request into seconds of
// a blocked event loop for every user. A timed run of a few inputs could only sample that; this proves it.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
/**
 * The code that runs in the services; the simulator too, the sandbox broker `npm start` serves. Not `libs/testing`,
 * the tests' own helpers, which read only pages the simulator wrote.
 */
const SOURCE_DIRS = ['services', 'libs', 'simulator'];
const NOT_SERVED = /^libs\/testing\/|\/__fixtures__\/|\/node_modules\//;
const TEST_FILE = /\.(spec|integration-spec|e2e-spec|d)\.ts$/;

interface Pattern {
  where: string;
  source: string;
  flags: string;
}

/** Regex literals and `new RegExp('…')` / `RegExp('…')` with literal arguments, as the TypeScript parser reads them. */
function patternsIn(file: string): Pattern[] {
  const sf = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Pattern[] = [];
  const where = (node: ts.Node): string => `${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const end = node.text.lastIndexOf('/');
      found.push({ where: where(node), source: node.text.slice(1, end), flags: node.text.slice(end + 1) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [source, flags] = node.arguments ?? [];
      if (source && ts.isStringLiteralLike(source) && (!flags || ts.isStringLiteralLike(flags))) {
        found.push({
          where: where(node),
          source: source.text,
          flags: flags && ts.isStringLiteralLike(flags) ? flags.text : '',
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Source files by their path from the repository's root, with `/` between folders. */
const files = SOURCE_DIRS.flatMap((dir) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => `${dir}/${f.split(path.sep).join('/')}`)
    .filter((f) => f.endsWith('.ts') && !TEST_FILE.test(f) && !NOT_SERVED.test(f)),
);
const patterns = files.flatMap(patternsIn);

describe('regular expressions in the server code', () => {
  it('should find the patterns it is meant to check (the webhook parser among them)', () => {
    expect(patterns.length).toBeGreaterThan(20);
    expect(patterns.some((p) => p.where.startsWith('services/execution/src/webhooks/parse-signal.ts:'))).toBe(true);
  });

  it.each(patterns.map((p) => [p.where, p] as const))(
    '%s should match in linear time whatever the input',
    (_where, p) => {
      const sut = checkSync(p.source, p.flags, { timeout: 20_000 });

      expect({ pattern: `/${p.source}/${p.flags}`, status: sut.status }).toEqual({
        pattern: `/${p.source}/${p.flags}`,
        status: 'safe',
      });
    },
  );

  it('should call a pattern that backtracks on long input vulnerable (the one the webhook parser once had)', () => {
    const sut = checkSync(String.raw`\{\{\s*[^{}]*\}\}`, '', { timeout: 20_000 });

    expect(sut.status).toBe('vulnerable');
  });
});
