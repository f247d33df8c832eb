// typescript-eslint with type information and the rules of STYLE.md; `npm run lint` fails on any warning.
// One rule set for the whole repo: the server (services/, libs/, …) and the React client (web/) share the
// TypeScript rules below; web/ adds the React ones. Type information comes from the nearest tsconfig.json
// (projectService), so web/ files are checked against web/tsconfig.json (DOM lib, bundler resolution).
import eslint from '@eslint/js';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'node_modules/**',
      'coverage/**',
      '.cache/**',
      'artifacts/**',
      '**/*.mjs',
      '**/*.js',
      '**/*.cjs',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
    },
  },
  {
    // Tests and their helpers, server (jest) and web (vitest + Testing Library).
    files: [
      '**/*.spec.ts',
      '**/*.integration-spec.ts',
      '**/*.e2e-spec.ts',
      'libs/testing/**/*.ts',
      'web/src/**/*.test.{ts,tsx}',
      'web/src/test/**/*.ts',
      'web/src/test-utils.tsx',
    ],
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    // The web client (React 18, new JSX transform). react-hooks' recommended set includes the React Compiler
    // rules (purity, refs, set-state-in-effect, …): they flag real render-time bugs even without the compiler.
    files: ['web/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: 'detect' } },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...reactHooks.configs.flat.recommended.rules,
      // Props are typed by TypeScript; runtime prop-types would duplicate them.
      'react/prop-types': 'off',
      'react-hooks/rules-of-hooks': 'error',
      // recommended has it as a warning; `--max-warnings 0` fails on warnings anyway, so say what it is.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
