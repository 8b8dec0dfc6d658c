import { defineConfig } from 'vitest/config';

/** npm run test:package: the packed package, installed and started as a user would (see npm-package.test.ts). Not in npm run test:unit: it packs, which builds the app. */
export default defineConfig({
  test: {
    include: ['tests/package/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
