/**
 * `npm run bench`: runs every bench and prints ONE JSON object as the last thing on stdout. Progress and anything
 * else the benches (or the code they drive) print goes to stderr, so `npm run bench | tail -1` is the result.
 *
 * Each bench is a named function returning a flat object of figures; the objects are merged into one. The
 * platform bench is listed here; any other bench/<name>.ts exporting bench<Name>() is picked up by itself (see
 * discovered()). BENCH_ONLY=platform,map runs a subset.
 * BENCH_LONG_GAME, BENCH_LIVE_GAMES, BENCH_COMMANDS shrink the platform bench for a quick check.
 * A bench that fails records its error under `errors` and the run exits non-zero after printing the JSON.
 */
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchPlatform } from './platform';

type Figures = Record<string, unknown>;
const num = (v: string | undefined) => (v ? Number(v) : undefined);
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

/**
 * Every other bench/<name>.ts that exports `bench<Name>()` (bench/map.ts -> benchMap, bench/ui.ts -> benchUi) is
 * found and run after the platform bench, in name order, so a later bench adds its keys by adding its file.
 * Files starting with `_` and test files are ignored; a file without that export is skipped with a note.
 */
function discovered(): { name: string; run: () => Promise<Figures | null> }[] {
  const dir = import.meta.dirname;
  return readdirSync(dir)
    .filter((f) => /^[a-z][\w-]*\.ts$/.test(f) && !f.endsWith('.test.ts') && !['run.ts', 'platform.ts'].includes(f))
    .sort()
    .map((f) => {
      const name = f.replace(/\.ts$/, '');
      const fn = `bench${name.replace(/(^|[-_])(\w)/g, (_, _s, c: string) => c.toUpperCase())}`;
      return {
        name,
        run: async () => {
          const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as Record<string, unknown>;
          if (typeof mod[fn] !== 'function') {
            log(`${f} exports no ${fn}(): skipped`);
            return null;
          }
          return ((await (mod[fn] as () => Promise<Figures>)()) ?? {}) as Figures;
        },
      };
    });
}

const BENCHES: { name: string; run: () => Promise<Figures | null> }[] = [
  {
    name: 'platform',
    run: () =>
      benchPlatform({
        log,
        // Smaller runs for a quick check; the defaults are what the figures in docs/scaling.md mean.
        longGame: num(process.env.BENCH_LONG_GAME),
        liveGames: num(process.env.BENCH_LIVE_GAMES),
        commands: num(process.env.BENCH_COMMANDS),
      }),
  },
  ...discovered(),
];

async function main() {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // Keep stdout for the result alone: whatever else writes there during the run is sent to stderr.
  const realWrite = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) =>
    (process.stderr.write as (...a: unknown[]) => boolean)(chunk, ...rest)) as typeof process.stdout.write;

  const result: Figures = {
    bench_started_at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, load_avg_at_start: os.loadavg().map((x) => Math.round(x * 100) / 100) },
  };
  const errors: Record<string, string> = {};
  const seconds: Record<string, number> = {};
  for (const b of BENCHES) {
    if (only && !only.includes(b.name)) continue;
    log(`--- ${b.name}`);
    const t0 = performance.now();
    try {
      const figures = await b.run();
      if (figures) Object.assign(result, figures);
    } catch (err) {
      errors[b.name] = err instanceof Error ? err.message : String(err);
      log(`${b.name} failed: ${err instanceof Error ? err.stack : String(err)}`);
    }
    seconds[b.name] = Math.round((performance.now() - t0) / 100) / 10;
  }
  (result.machine as Figures).load_avg_at_end = os.loadavg().map((x) => Math.round(x * 100) / 100);
  result.bench_seconds = seconds;
  if (Object.keys(errors).length) result.errors = errors;

  process.stdout.write = realWrite;
  process.stdout.write(`${JSON.stringify(result)}\n`);
  // Let stdout drain, then leave even if a library kept a handle open.
  process.stdout.once('drain', () => process.exit(Object.keys(errors).length ? 1 : 0));
  if (!process.stdout.writableNeedDrain) process.exit(Object.keys(errors).length ? 1 : 0);
}

main().catch((err) => {
  process.stderr.write(`[bench] ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
