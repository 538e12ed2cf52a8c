/**
 * The EastFront ruleset factory: binds the rules to a board (map + play area) and a scenario's static
 * context. engine/games/eastfront/index.ts builds the real one over map.json; tests build small ones.
 */
import type { Actor, DiceSource, GameStatus, LegalAction, Roles, Ruleset, Viewer } from '../../core';
import { RuleError } from '../../core/errors';
import type { MapData } from '../../maps/model';
import { Board } from './board';
import { EDELWEISS, EDELWEISS_UNITS, isHq, other, rollWeather, weatherOf, type Side, type SetupUnit, type Weather } from './data';
import { evolve, initialState } from './evolve';
import { cityValue, computeControl, type ScenarioCtx } from './rules';
import { parseEastfrontCommand } from './commands';
import type { Battle, Command, Event, State, Unit } from './state';
import { decideByTable, legalByTable, waitingByTable } from '../../core/steps';
import type { Game } from './steps/game';
import { TABLE } from './steps/table';
import { statusLine } from './steps/turn';
import { type HintsData, hintsData } from './hints';
import { redactEvent, viewOf, type View } from './view';

export interface EastfrontConfig {
  /** Which map hexes are in play (Edelweiss play area, R-EDW-2); all when omitted. */
  inPlay?: (id: string) => boolean;
  /** Explicit ultimate supply sources by hex id or rulebook name; otherwise rails leaving the play area. */
  sources?: Partial<Record<Side, string[]>>;
  /** Extra sources added to the automatic ones (e.g. home-edge rail entry hexes). */
  extraSources?: Partial<Record<Side, string[]>>;
  /** Home-edge rail entry hexes where one new unit may arrive (11.6); `extraSources` when omitted. */
  entries?: Partial<Record<Side, string[]>>;
  /** Set-up override (tests): units with rulebook names or hex ids. */
  units?: SetupUnit[];
  battles?: { hex: string; oa: Side }[];
  /** Initial control override per hex id or name; others by nearest unit (R-EDW-2). */
  control?: Record<string, Side>;
  production?: Record<Side, number>;
  end?: { year: number; month: number };
  start?: { year: number; month: number; fortnight: 1 | 2 };
  mapId?: string;
}

export type EastfrontRuleset = Ruleset<State, Command, Event, View> & { board: Board; game: Game };

export function createEastfront(map: MapData, cfg: EastfrontConfig = {}): EastfrontRuleset {
  const board = new Board(map, cfg.inPlay);
  const resolve = (name: string): string => {
    if (board.has(name)) return name;
    const id = board.named(name);
    if (!id) throw new Error(`EastFront: the map has no hex named "${name}"`);
    if (!board.has(id)) throw new Error(`EastFront: "${name}" (${id}) is outside the play area`);
    return id;
  };
  const setupUnits = cfg.units ?? EDELWEISS_UNITS;
  const resolvedAt = (u: SetupUnit) => (u.at === null ? null : EDELWEISS.boxes.includes(u.at) ? `box:${u.at}` : resolve(u.at));

  // initial control: nearest unit's side, ties Soviet (ruling R-EDW-2), then overrides
  const placed = setupUnits.map((u) => ({ side: u.side, at: resolvedAt(u) })).filter((u) => u.at && !u.at.startsWith('box:')) as {
    side: Side;
    at: string;
  }[];
  const ctlChars = board.ids.map(() => '.');
  for (const hex of board.playable) {
    let best = Infinity;
    let side: Side = 'soviet';
    for (const p of placed) {
      const d = board.dist(hex, p.at);
      if (d < best || (d === best && p.side === 'soviet')) {
        best = d;
        side = p.side;
      }
    }
    ctlChars[board.index.get(hex)!] = side === 'german' ? 'G' : 'S';
  }
  for (const [name, side] of Object.entries(cfg.control ?? {})) ctlChars[board.index.get(resolve(name))!] = side === 'german' ? 'G' : 'S';
  const priorControl = ctlChars.join('');

  // ultimate supply sources: rails that leave the play area (R-EDW-2), by initial control
  const sources: Record<Side, string[]> = { german: [], soviet: [] };
  if (cfg.sources) {
    for (const side of ['german', 'soviet'] as Side[]) sources[side] = (cfg.sources[side] ?? []).map(resolve);
  } else {
    const seen = new Set<string>();
    for (const r of map.rails) {
      const ina = board.has(r.a);
      const inb = board.has(r.b);
      if (ina === inb) continue;
      const h = ina ? r.a : r.b;
      if (seen.has(h)) continue;
      seen.add(h);
      const c = priorControl[board.index.get(h)!];
      sources[c === 'G' ? 'german' : 'soviet'].push(h);
    }
    for (const side of ['german', 'soviet'] as Side[])
      for (const h of cfg.extraSources?.[side] ?? []) if (!sources[side].includes(h)) sources[side].push(resolve(h));
  }
  // 11.6 arrivals: Soviet home cities in the area (2 per major, 1 per minor; towns have no function, 1.43) and
  // one unit in each Soviet home-edge rail entry hex; German: its sources (R-EDW-6)
  const soviet = [...board.cities].filter(([, c]) => !c.town).map(([hex, c]) => ({ hex, cap: c.major ? 2 : 1 }));
  for (const h of (cfg.entries ?? cfg.extraSources)?.soviet ?? []) {
    const hex = resolve(h);
    const city = soviet.find((a) => a.hex === hex);
    if (city) city.cap += 1;
    else soviet.push({ hex, cap: 1 });
  }
  const arrivals: ScenarioCtx['arrivals'] = { german: sources.german.map((hex) => ({ hex, cap: 1 })), soviet };
  const ctx: ScenarioCtx = { sources, arrivals, boxes: new Set(EDELWEISS.boxes.map((b) => `box:${b}`)) };
  const game: Game = {
    board,
    ctx,
    commands: {
      german: [...EDELWEISS.commands.german.map((c) => ({ id: c.id, hq: c.hq })), { id: 'production', hq: null }],
      soviet: [...EDELWEISS.commands.soviet.map((c) => ({ id: c.id, hq: c.hq })), { id: 'production', hq: null }],
    },
    end: cfg.end ?? EDELWEISS.end,
  };

  const roles = (): Roles => ({
    sides: (['german', 'soviet'] as Side[]).map((side) => ({
      id: side,
      name: side === 'german' ? 'German' : 'Soviet',
      commands: [
        ...EDELWEISS.commands[side].map((c) => ({ id: c.id, name: c.name, description: `Moves units under HQ ${c.hq}` })),
        { id: 'production', name: 'Production', description: 'Spends production points (11.x)' },
      ],
    })),
  });

  const rs: EastfrontRuleset = {
    id: 'eastfront',
    name: 'EastFront',
    version: '0.6.0',
    board,
    game,
    scenarios: [
      {
        id: 'edelweiss',
        name: 'Operation Edelweiss (introductory)',
        description: 'July II 1942 to September 1942: Army Group A drives into the Caucasus.',
        options: [
          {
            id: 'autoResolve',
            name: 'Auto-resolve passive choices',
            description:
              'Defensive fire, loss and overstack choices use the stated defaults (strongest fires first; among equal units the cheapest step takes the loss; beyond a stacking limit the strongest units go unsupplied).',
            default: false,
          },
        ],
      },
    ],
    roles,
    initial: initialState,
    setup(scenario: string, options: Record<string, boolean>, dice: DiceSource): Event[] {
      if (scenario !== 'edelweiss') throw new RuleError('NOT_SUPPORTED', '3.1', `scenario ${scenario} is not yet supported (rule 3.1)`);
      // opaque tokens: a dice-driven shuffle so that tokens say nothing about ids or set-up order
      const n = setupUnits.length;
      const perm = Array.from({ length: n }, (_, i) => i + 1);
      for (let i = n - 1; i > 0; i--) {
        const j = dice.roll(i + 1) - 1;
        [perm[i], perm[j]] = [perm[j], perm[i]];
      }
      const units: Unit[] = setupUnits.map((u, i) => {
        const at = resolvedAt(u);
        const unit: Unit = { id: u.id, side: u.side, type: u.type, name: u.name, max: u.max, cv: u.cv, at, token: `b${perm[i]}` };
        if (u.guards) unit.guards = true;
        return unit;
      });
      const battles: Battle[] = (cfg.battles ?? EDELWEISS.battles).map((b) => ({ hex: resolve(b.hex), oa: b.oa }));
      const start = cfg.start ?? EDELWEISS.start;
      const fixed = weatherOf(start.month);
      // 12.1: a variable month's first fortnight is rolled at set-up (after the token shuffle)
      const weather: Weather = fixed === 'variable' ? rollWeather(start.month, dice.roll(6) + dice.roll(6)) : fixed;
      const turn = {
        year: start.year,
        month: start.month,
        fortnight: start.fortnight,
        first: (weather === 'snow' ? 'soviet' : 'german') as Side,
      };
      const s0: State = {
        ...initialState(),
        units: Object.fromEntries(units.map((u) => [u.id, u])),
        battles: Object.fromEntries(battles.map((b) => [b.hex, b])),
        control: priorControl,
      };
      // OA units in the pre-set battle are face-up (7.12)
      for (const b of battles) for (const u of units) if (u.at === b.hex && u.side === b.oa) u.face = true;
      const control = computeControl(s0, board, priorControl);
      const s1 = { ...s0, control };
      const card = cfg.production ?? EDELWEISS.production;
      // R-EDW-3: basic PPs are what makes the card's starting level come out from the cities held
      const basic = {
        german: card.german - cityValue(s1, board, ctx, 'german'),
        soviet: card.soviet - cityValue(s1, board, ctx, 'soviet'),
      };
      return [
        {
          type: 'setup',
          scenario,
          map: cfg.mapId ?? map.game,
          options: { autoResolve: !!options.autoResolve },
          units,
          battles,
          control,
          turn,
          pl: { ...card },
          basic,
          air: { ...EDELWEISS.air },
          weather,
          nextToken: n + 1,
        },
      ];
    },
    evolve,
    decide(state: State, command: Command, actor: Actor, dice: DiceSource): Event[] {
      if (actor.side !== 'german' && actor.side !== 'soviet') throw new RuleError('FORBIDDEN', null, 'not a side of this game');
      return decideByTable(TABLE, game, state, command, actor, dice);
    },
    legal: (state: State, actor: Actor): LegalAction<Command>[] => legalByTable(TABLE, game, state, actor),
    view: (state: State, viewer: Viewer) => viewOf(state, viewer),
    /** Firepower and command ranges for the viewer's own blocks, from the viewer's own view (hints.ts). */
    hints: (state: State, viewer: Viewer): HintsData =>
      hintsData(
        board,
        viewOf(state, viewer),
        viewer.kind === 'side' && (viewer.side === 'german' || viewer.side === 'soviet') ? viewer.side : null,
      ),
    redact: (e: Event, viewer: Viewer, before: State) => redactEvent(e, viewer, before),
    status(state: State): GameStatus {
      const waitingFor: GameStatus['waitingFor'] = [];
      if (state.phase === 'over')
        return {
          turn: statusLine(state),
          phase: 'over',
          waitingFor,
          finished: true,
          result: state.result
            ? `${state.result.level}${state.result.winner ? ` ${state.result.winner} victory` : ''} (VP ${state.result.vp.german}-${state.result.vp.soviet})`
            : undefined,
        };
      waitingFor.push(...waitingByTable(TABLE, game, state).waitingFor);
      return { turn: statusLine(state), phase: state.phase, waitingFor, finished: false };
    },
    parseCommand(input: unknown): Command {
      // hexes may be given by id or by rulebook name ("Rostov E1"); names are resolved here
      const c = parseEastfrontCommand(input);
      const h = (x: string) => (board.has(x) ? x : (board.named(x) ?? x));
      switch (c.type) {
        case 'activate':
          return c.deploy ? { ...c, deploy: h(c.deploy) } : c;
        case 'move':
        case 'rail':
        case 'retreat':
        case 'mobilize':
          return { ...c, path: c.path.map(h), ...(c.to ? { to: h(c.to) } : {}), ...(c.via ? { via: c.via.map(h) } : {}) };
        case 'airstrike':
        case 'fight':
        case 'defend':
        case 'allocate':
          return { ...c, hex: h(c.hex) };
        case 'paradrop':
          return { ...c, to: h(c.to) };
        case 'selectBattles':
          return { ...c, hexes: c.hexes.map(h) };
        case 'produce':
          return { ...c, cadres: c.cadres.map((x) => ({ ...x, hex: h(x.hex) })) };
        default:
          return c;
      }
    },
  };
  return rs;
}

export { other, isHq };
