import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: {
      // Tests exercise the sources; the e2e suite type-checks generated code against the built package.
      '@toolsmith/runtime': fileURLToPath(new URL('./runtime/src/index.ts', import.meta.url)),
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
