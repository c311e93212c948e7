// Lint: recommended rules of ESLint and typescript-eslint over the sources and tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // engine/kernels/wasm/ is AssemblyScript (decorators on functions, its own types): its compiler checks it.
  { ignores: ['node_modules/', 'dist/', 'out/', '.vscode-test/', 'test-results/', '.scratch/', '**/*.js', '**/*.mjs', 'engine/kernels/wasm/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
);
