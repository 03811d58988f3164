import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const source = (pkg: string) => fileURLToPath(new URL(`./${pkg}/src/index.ts`, import.meta.url))

export default defineConfig({
  resolve: {
    alias: {
      // Tests exercise the sources; the e2e suite type-checks generated code against the built packages.
      '@toolsmith/runtime': source('runtime'),
      '@toolsmith/providers': source('providers'),
      '@toolsmith/mcp': source('mcp'),
      '@toolsmith/ai-sdk': source('ai-sdk'),
      '@toolsmith/code-mode': source('code-mode'),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    typecheck: {
      enabled: false,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './test/tsconfig.json',
    },
  },
})
