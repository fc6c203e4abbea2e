import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/tiers.ts', 'tests/dist-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    env: { TZ: 'UTC', SOURCE_DATE_EPOCH: '1767225600' },
  },
});
