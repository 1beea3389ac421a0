import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Property tests run hundreds of cases; on a busy 2-core machine one may take several seconds.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'browser-runtime',
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://shop.test/shop/p/item' } },
          include: [
            'runtime/**/*.test.{ts,tsx}',
            'analytics/**/*.test.{ts,tsx}',
            'widgets/**/*.test.{ts,tsx}',
            'storefront/**/*.test.ts',
          ],
          setupFiles: ['./testing/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'template',
          environment: 'node',
          include: ['template/**/*.test.ts'],
          globalSetup: ['./testing/shared-vectors.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          environment: 'node',
          include: ['contract/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['build/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server-mock/**/*.test.ts'],
        },
      },
    ],
  },
});
