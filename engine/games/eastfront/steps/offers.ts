/**
 * What the Movement and Blitz Movement phases offer (6.x, 9.2x, 5.41, 6.41), per block: its commanding HQ (`by`,
 * field HQs first; the SHQ costs a supreme move, 5.61), then either a destination (`to`, with the engine's route as
 * `hint.path` and, into a battle, the hex entered from), a destination reached by way of chosen hexes (`via`), or
 * the whole route (`path`). Routes are offered as data (routes.ts), so any route decide() accepts is offered, and
 * `movementOffers` checks one command against its own block's offers only.
 */
import type { Actor, ChoiceOption, LegalAction } from '../../../core';
import type { Route } from '../../../core/routes';
import { routeEnds, routePaths, routeThrough } from '../../../core/routes';
import { liveUnits, onMap, overstacks } from '../rules';
import type { Command, State, Unit } from '../state';
import { enemiesAt, fixedPart, type Game, holdsHq, supremeCommand } from './game';
import { paradropLegal } from './paradrop';
import { commands } from './paths';
import { keepEnds, landRoute, railRoute } from './routes';
import { stackSafe } from './stacking';

type Mover = Extract<Command, { type: 'move' | 'rail' | 'retreat' | 'mobilize' }>['type'];

/** Shared by the offers of one legal() call: HQs the actor holds and the answers per destination. */
interface Ctx {
  s: State;
  g: Game;
  actor: Actor;
  hqs: Unit[];
  safe: Map<string, boolean>;
}

function context(s: State, g: Game, actor: Actor): Ctx {
  const hqs = liveUnits(s, s.active).filter((h) => h.hq && holdsHq(g, actor, s.active, h.id));
  return { s, g, actor, hqs, safe: new Map() };
}

const fieldFirst = (x: Unit, y: Unit) => Number(x.type === 'shq') - Number(y.type === 'shq') || (x.id < y.id ? -1 : 1);

/** for a move of `id` to `dest` (memoised per kind, unit, HQ and destination). */
function safeTo(c: Ctx, type: Mover, id: string, by: string | undefined, dest: string, path: string[], rail: boolean): boolean {
  const key = `${type}|${id}|${by ?? ''}|${dest}|${rail}`;
  let ok = c.safe.get(key);
  if (ok === undefined) {
    const cmd = (type === 'mobilize' ? { type, hq: id, path, ...(rail ? { rail } : {}) } : { type, unit: id, path, by }) as Command;
    c.safe.set(key, (ok = stackSafe(c.s, c.g, c.actor, cmd, dest)));
  }
  return ok;
}

/** The destinations of a route as options, each with the engine's route; into a battle also the hex entered from. */
function destinations(c: Ctx, r: Route, paths: Map<string, string[]>, entries: boolean): ChoiceOption[] {
  const b = c.g.board;
  const out: ChoiceOption[] = [];
  for (const dest of routeEnds(r)) {
    const path = paths.get(dest);
    if (!path) continue;
    const opt: ChoiceOption = { value: dest, label: b.label(dest), hex: dest, hint: { path } };
    const from = r.ends[dest];
    if (entries) {
      if (!from || !enemiesAt(c.s, dest, c.s.active)) continue;
      opt.next = [
        {
          field: 'via',
          label: 'Entering from',
          pick: 'one',
          options: from.flatMap((e) => {
            const p = routeThrough(r, dest, [e]);
            return p ? [{ value: [e], label: `from ${b.label(e)}`, hex: e, hint: { path: p } }] : [];
          }),
        },
      ];
    }
    out.push(opt);
  }
  return out;
}

/**
 * The three forms of one kind of move for one block or HQ: to a destination (plus, into a battle, across a chosen
 * hexside), by way of waypoints, and along a whole route. `byOpts` are the HQs that may command it (none for an HQ
 * mobilizing, which moves itself).
 */
function forms(
  c: Ctx,
  type: Mover,
  fixed: Record<string, string | boolean>,
  name: string,
  rule: string,
  route: Route | null,
  by: Unit[] | null,
): LegalAction<Command>[] {
  if (!route) return [];
  const id = String(fixed.unit ?? fixed.hq);
  const rail = !!fixed.rail || type === 'rail';
  const out: LegalAction<Command>[] = [];
  const paths = routePaths(route);
  const per = (h: Unit | null) => {
    const r = keepEnds(route, (dest) => {
      const p = paths.get(dest);
      return (
        !!p &&
        (type === 'retreat' || type === 'mobilize' ? !enemiesAt(c.s, dest, c.s.active) : true) &&
        safeTo(c, type, id, h?.id, dest, p, rail)
      );
    });
    return { r, to: destinations(c, r, paths, false), into: destinations(c, r, paths, true) };
  };
  const variants: {
    label: string;
    rule: string;
    choice: (r: Route, to: ChoiceOption[], into: ChoiceOption[]) => LegalAction<Command>['choices'] | null;
    fixedPath: boolean;
  }[] = [
    {
      label: name,
      rule,
      fixedPath: true,
      choice: (_r, to) => (to.length ? [{ field: 'to', label: 'To', pick: 'one', options: to }] : null),
    },
    {
      label: `${name} into battle across a chosen hexside`,
      rule: '6.33',
      fixedPath: true,
      choice: (_r, _to, into) => (into.length ? [{ field: 'to', label: 'To', pick: 'one', options: into }] : null),
    },
    {
      label: `${name} by way of chosen hexes`,
      rule: '6.1',
      fixedPath: true,
      choice: (r, to) =>
        to.length
          ? [
              {
                field: 'to',
                label: 'To',
                pick: 'one',
                options: to.map((o) => ({
                  ...o,
                  next: [{ field: 'via', label: 'By way of', pick: 'waypoints', after: 'to', route: r, options: [] }],
                })),
              },
            ]
          : null,
    },
    {
      label: `${name} along a chosen route`,
      rule: '6.1',
      fixedPath: false,
      choice: (r, to) => (to.length ? [{ field: 'path', label: 'Route', pick: 'route', route: r, options: [] }] : null),
    },
  ];
  const built = (by ?? [null]).map((h) => ({ h, ...per(h) }));
  for (const v of variants) {
    const command = fixedPart({ type, ...fixed, ...(v.fixedPath ? { path: [] } : {}) });
    if (!by) {
      const { r, to, into } = built[0];
      const choices = v.choice(r, to, into);
      if (choices) out.push({ command, label: v.label, rule: v.rule, choices });
      continue;
    }
    const byOpts: ChoiceOption[] = [];
    for (const { h, r, to, into } of built) {
      const next = v.choice(r, to, into);
      if (h && next) byOpts.push({ value: h.id, label: h.type === 'shq' && type !== 'rail' ? `${h.name} (a supreme move)` : h.name, next });
    }
    if (byOpts.length)
      out.push({ command, label: v.label, rule: v.rule, choices: [{ field: 'by', label: 'Commanded by', pick: 'one', options: byOpts }] });
  }
  return out;
}

/** Offers for one block that is not an HQ: land moves, a rearguard retreat, rail moves (6.1, 6.41, 9.21). */
function blockOffers(c: Ctx, u: Unit): LegalAction<Command>[] {
  const { s, g } = c;
  if (!onMap(u) || u.moved || u.strat || u.hq || u.dispersed) return []; // 14.6: dispersed paras cannot move
  const cmdrs = c.hqs.filter((h) => commands(s, g, u, h.id)).sort(fieldFirst);
  if (!cmdrs.length) return [];
  const out = forms(c, 'move', { unit: u.id }, `Move ${u.name}`, '6.1', landRoute(s, g, u), cmdrs);
  if (enemiesAt(s, u.at!, u.side) && !s.rearguards.some((r) => r.hex === u.at))
    out.push(...forms(c, 'retreat', { unit: u.id }, `Retreat ${u.name} (rearguard)`, '6.41', landRoute(s, g, u, { retreat: true }), cmdrs));
  // 9.21: a rail move of up to 10 hexes per supreme move the SHQ has left
  if (s.phase === 'movement')
    for (const h of cmdrs.filter((x) => x.type === 'shq'))
      out.push(...forms(c, 'rail', { unit: u.id }, `Rail ${u.name}`, '9.21', railRoute(s, g, u, 10 * (h.hq!.supreme ?? 0)), [h]));
  return out;
}

/** Offers for one active HQ: mobilizing in place, by land or (an SHQ in the Movement Phase) by rail (5.41, 5.62). */
function hqOffers(c: Ctx, h: Unit): LegalAction<Command>[] {
  const { s, g } = c;
  if (h.moved || h.hq!.para) return [];
  if (s.phase === 'movement' ? h.hq!.mode !== 'normal' : h.hq!.mode !== 'blitzed') return [];
  const out: LegalAction<Command>[] = [];
  const still: Command = { type: 'mobilize', hq: h.id, path: [] };
  if (stackSafe(s, g, c.actor, still, undefined))
    out.push({ command: still, label: `Mobilize ${h.name} in place and deactivate`, rule: '5.41' });
  if (!onMap(h)) return out;
  out.push(
    ...forms(c, 'mobilize', { hq: h.id }, `Mobilize ${h.name} and deactivate`, '5.41', landRoute(s, g, h, { noEngage: true }), null),
  );
  // 5.62: the first rail move of a mobilizing SHQ is free; a rail move is up to 10 hexes
  if (h.type === 'shq' && s.phase === 'movement')
    out.push(
      ...forms(
        c,
        'mobilize',
        { hq: h.id, rail: true },
        `Mobilize ${h.name} by rail and deactivate`,
        '5.62',
        railRoute(s, g, h, 10 * ((h.hq!.supreme ?? 0) + 1)),
        null,
      ),
    );
  return out;
}

const endOffer = (c: Ctx): LegalAction<Command>[] =>
  c.actor.commands.includes(supremeCommand(c.g, c.s.active)) && !overstacks(c.s, c.g.board, c.s.active, true).length
    ? [{ command: { type: 'endMovement' }, label: 'End movement (pursuit fire, then combat)', rule: '4.42' }]
    : [];

/** Everything the Movement or Blitz Movement Phase offers the actor. */
export function movementLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const c = context(s, g, actor);
  const out: LegalAction<Command>[] = [];
  for (const u of liveUnits(s, s.active)) out.push(...blockOffers(c, u));
  out.push(...paradropLegal(s, g, actor));
  for (const h of c.hqs) out.push(...hqOffers(c, h));
  out.push(...endOffer(c));
  return out;
}

/** The offers `cmd` could match: only those of the block or HQ it names (the step's exact, cheap check). */
export function movementOffers(s: State, g: Game, actor: Actor, cmd: Command): LegalAction<Command>[] {
  const c = context(s, g, actor);
  switch (cmd.type) {
    case 'move':
    case 'rail':
    case 'retreat': {
      const u = s.units[cmd.unit];
      return u && u.side === s.active ? blockOffers(c, u) : [];
    }
    case 'mobilize': {
      const h = c.hqs.find((x) => x.id === cmd.hq);
      return h ? hqOffers(c, h) : [];
    }
    case 'endMovement':
      return endOffer(c);
    default:
      return movementLegal(s, g, actor);
  }
}
