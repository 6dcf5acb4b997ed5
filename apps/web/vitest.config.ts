import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: { name: 'web', environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'] },
});
