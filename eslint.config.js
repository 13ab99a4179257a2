import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'coverage/',
      'node_modules/',
      '.tmp/',
      'python/.venv/',
      'python/.venv-*/',
      'python/.build-venv/',
      'python/.try-venv/',
      'src/policy/policy-validator.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['test/**', 'bench/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-confusing-void-expression': 'off',
    },
  },
  {
    // Tests that can fail: every test asserts, no assertion hides behind a condition or a loop's guard, and
    // nothing is skipped or focused by accident.
    files: ['test/**/*.ts'],
    plugins: { vitest },
    rules: {
      ...vitest.configs.recommended.rules,
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assert*'] }],
      'vitest/no-conditional-expect': 'error',
      'vitest/no-conditional-in-test': 'error',
      'vitest/no-disabled-tests': 'error',
      'vitest/no-focused-tests': 'error',
      'vitest/no-duplicate-hooks': 'error',
      'vitest/no-identical-title': 'error',
      // An afterEach may hold a check every test of its file must pass (run-main: only declared inputs are read).
      'vitest/no-standalone-expect': ['error', { additionalTestBlockFunctions: ['afterEach'] }],
      'vitest/no-test-return-statement': 'error',
      'vitest/valid-expect': ['error', { alwaysAwait: true, maxArgs: 2 }],
      'vitest/valid-expect-in-promise': 'error',
      'vitest/require-to-throw-message': 'error',
      'vitest/prefer-called-exactly-once-with': 'off',
    },
  },
  {
    // Functions that read as named steps: none is longer than this, blank lines and comments counted (the
    // generated policy validator is ignored above).
    files: [
      'src/**/*.ts',
      'emulator/**/*.ts',
      'github-emulator/**/*.ts',
      'emulator-kit/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
    ],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 60, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  {
    // One way to log: a reporter writes its lines through its context's `log`, which escapes them once; it neither
    // escapes by hand nor reaches the runner's raw log (its toolkit is the RunnerToolkit, without log methods).
    files: ['src/**/*-reporter.ts', 'src/report/*.ts', 'src/code-scanning/sarif-run.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/text/escape.ts'],
              importNames: ['escapeLogLine', 'escapeAnnotationMessage'],
              message: "A reporter logs through its context's `log`, which escapes each line once.",
            },
            {
              group: ['**/github/toolkit.ts'],
              importNames: ['Toolkit', 'toolkitLogger', 'createActionsToolkit'],
              message: "A reporter gets the RunnerToolkit (no log methods) and its context's `log`.",
            },
          ],
        },
      ],
    },
  },
  { files: ['*.js'], ...tseslint.configs.disableTypeChecked },
);
