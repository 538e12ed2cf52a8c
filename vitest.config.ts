import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': import.meta.dirname } },
  test: {
    include: ['engine/**/*.test.ts', 'server/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'app/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    setupFiles: ['engine/testing/setup.ts'],
  },
});
