import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(`Chromium not found at ${chromium}: install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH`);
}

// End-to-end tests drive Debian's chromium (browsers cannot be downloaded on these machines).
// The web server is started once for the whole run on a throwaway PGlite directory (or DATABASE_URL).
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? `.data/e2e-${process.pid}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${dataDir} && npx tsx server.ts`,
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { HEXFRONT_TEST_GAMES: '1', PORT: String(port), HEXFRONT_DATA_DIR: dataDir, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    stdout: 'pipe',
  },
});
