/**
 * npm run bots -- <game> <scenario> --games N [--vs random] [--bot-side S] [--budget MS] [--seed K]
 *
 * Plays N headless games at engine level (engine/bots/match.ts) and prints one JSON object last: games, wins per
 * side, draws, average events, the bot's decision time (p50/p95 ms) and per-side statistics. Every player sees
 * only its seat's view, legal actions and hints; the match loop alone holds the state and the dice.
 */
import { playMatch, type PlayerKind } from '../engine/bots/match';
import { summaryFor } from '../engine/bots/policies';
import { getRuleset } from '../engine/games';
import { registerTestRulesets } from '../engine/testing/rulesets';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function pct(xs: number[], p: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10;
}

export function main(argv = process.argv.slice(2)) {
  const [game, scenarioArg] = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  if (!game) throw new Error('usage: npm run bots -- <game> <scenario> --games N [--vs random] [--bot-side S]');
  registerTestRulesets();
  const rs = getRuleset(game);
  const scenario = scenarioArg ?? rs.scenarios[0].id;
  const n = Number(arg('games') ?? 10);
  const vs = arg('vs') ?? 'bot';
  const budgetMs = Number(arg('budget') ?? 1000);
  const firstSeed = Number(arg('seed') ?? 1);
  const sides = rs.roles(scenario).sides.map((s) => s.id);
  const botSide = arg('bot-side');
  if (botSide && !sides.includes(botSide)) throw new Error(`${rs.name} has no side ${botSide} (sides: ${sides.join(', ')})`);
  const options: Record<string, boolean> = {};
  for (const o of rs.scenarios.find((s) => s.id === scenario)?.options ?? []) options[o.id] = o.default;
  if (game === 'eastfront') options.autoResolve = true;
  const wins: Record<string, number> = Object.fromEntries(sides.map((s) => [s, 0]));
  const stats: Record<string, Record<string, number>> = Object.fromEntries(sides.map((s) => [s, {}]));
  let draws = 0;
  let unfinished = 0;
  let events = 0;
  let fallbacks = 0;
  const refused: string[] = [];
  const stuck: string[] = [];
  const ms: number[] = [];
  const t0 = Date.now();
  for (let k = 0; k < n; k++) {
    // --vs random: the bot takes --bot-side, or alternates sides game by game
    const me = botSide ?? sides[k % sides.length];
    const players: Record<string, PlayerKind> = Object.fromEntries(sides.map((s) => [s, vs === 'random' && s !== me ? 'random' : 'bot']));
    const r = playMatch(rs, { scenario, options, seed: firstSeed + k, players, bot: { budgetMs } });
    if (!r.finished) unfinished++;
    else if (r.winner && r.winner in wins) wins[r.winner]++;
    else draws++;
    events += r.events;
    fallbacks += r.fallbacks;
    refused.push(...r.refused.slice(0, 3));
    if (r.stuck) stuck.push(`seed ${r.seed}: ${r.stuck}`);
    ms.push(...r.botMs);
    const sum = summaryFor(rs, r.finalView);
    for (const [side, o] of Object.entries(sum))
      for (const [key, val] of Object.entries(o)) stats[side][key] = (stats[side][key] ?? 0) + val / n;
    // a running tally on stderr, so a long run that is stopped still leaves figures
    if ((k + 1) % 5 === 0) console.error(JSON.stringify({ played: k + 1, wins, draws, unfinished }));
    if (process.env.BOTS_VERBOSE)
      console.error(JSON.stringify({ seed: r.seed, winner: r.winner, result: r.result, events: r.events, players }));
  }
  for (const o of Object.values(stats)) for (const k of Object.keys(o)) o[k] = Math.round(o[k] * 100) / 100;
  const out = {
    game: rs.id,
    scenario,
    games: n,
    vs,
    botSide: botSide ?? (vs === 'random' ? 'alternating' : 'all'),
    budgetMs,
    wins,
    draws,
    unfinished,
    avg_events: Math.round(events / Math.max(1, n)),
    bot_decision_ms: { p50: pct(ms, 50), p95: pct(ms, 95), max: pct(ms, 100), decisions: ms.length },
    fallbacks,
    refused: refused.slice(0, 10),
    stuck: stuck.slice(0, 10),
    sides: stats,
    seconds: Math.round((Date.now() - t0) / 100) / 10,
  };
  console.log(JSON.stringify(out));
  return out;
}

main();
