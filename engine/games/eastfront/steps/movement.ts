/**
 * Movement Phase and Blitz Movement Phase (6.x, 9.x, 5.41, 6.41-6.42): moves, rail moves, rearguards, HQ
 * mobilization, paradrops, and the end of movement with pursuit fire.
 */
import type { Actor, ChoiceOption, DiceSource, LegalAction } from '../../../core';
import { rollMany } from '../../../core/dice';
import { countAtLeast } from '../../../mechanics/graph';
import { type Fp, FP_TARGET, isHq, other } from '../data';
import { doubleDefence, liveUnits, onMap, overstacks, speed, unitsAt } from '../rules';
import type { Command, State, Unit } from '../state';
import {
  activeWaiting,
  commandOfHq,
  enemiesAt,
  fixedPart,
  holdsHq,
  ownAt,
  req,
  requireHolds,
  requireSupreme,
  supremeCommand,
  type EfHandler,
  type EfStep,
  type Em,
  type Game,
} from './game';
import { checkParadrop, paradropLegal } from './paradrop';
import { authorizedCost, checkLandPath, commands, landMoves, movable, railMoves, railPathCheck } from './paths';
import { orderUnits } from './round';
import { checkStacking, stackSafe } from './stacking';
import { hqDeactivate, phaseEvent } from './turn';

export const endMovement: EfHandler<'endMovement'> = (em, g, _c, actor, dice) => {
  requireSupreme(g, actor, em.s.active, 'Ending the movement phase');
  checkStacking(em.s, g);
  // 6.41-6.42: pursuit fire after all other movement, then the rearguards complete their moves
  for (const r of [...em.s.rearguards]) {
    const u = em.s.units[r.unit];
    if (u.at !== r.hex) continue;
    // units that were in the battle at the start of the phase (not moved in) other than the rearguard
    const stayers = ownAt(em.s, r.hex, u.side, u.id).filter((x) => !x.moved);
    const newcomers = ownAt(em.s, r.hex, u.side, u.id).filter((x) => x.moved);
    const retreat = stayers.length === 0 && enemiesAt(em.s, r.hex, u.side);
    if (retreat) pursuit(em, g, r.unit, r.hex, dice);
    else em.emit({ type: 'pursuit', unit: r.unit, hex: r.hex, fire: [] });
    if (em.s.units[r.unit].at === r.hex)
      em.emit({ type: 'moved', unit: r.unit, path: r.path, mode: 'land', by: r.by, cost: 0, side: [], disengage: true });
    // 6.41 NOTE: retreating while new units engaged is also an attack by them; they may become the OA
    if (retreat && newcomers.length && em.s.battles[r.hex]) em.emit({ type: 'battleRenewed', hex: r.hex, oa: u.side });
  }
  const next = em.s.phase === 'movement' ? 'combat' : 'blitzCombat';
  phaseEvent(em, g, next, em.s.active);
};

export const moveHandler: EfHandler<'move'> = (em, g, c, actor) => {
  const s = em.s;
  const u = s.units[c.unit];
  req(u && u.side === s.active, '6.1', `no unit ${c.unit} of the active side`);
  movable(s, u);
  const cost = authorizedCost(s, g, actor, u, c.by);
  const pc = checkLandPath(s, g, u, c.path);
  em.emit({
    type: 'moved',
    unit: u.id,
    path: c.path,
    mode: 'land',
    by: c.by,
    cost,
    side: pc.sides,
    ...(pc.attack ? { attack: true } : {}),
    ...(pc.engage ? { engage: true } : {}),
    ...(pc.river ? { river: true } : {}),
    ...(pc.disengage ? { disengage: true } : {}),
  });
};

/** The Movement and Blitz Movement phases (6.x, 9.x rail, 5.41 mobilize, 14.3 paradrops, 6.41 rearguards). */
export const movementStep = (name: string): EfStep => ({
  name,
  rule: '4.4',
  waiting: activeWaiting(name === 'Movement Phase' ? 'movement' : 'blitzMovement'),
  legal: (s, g, actor) => movementLegal(s, g, actor),
  on: {
    move: moveHandler,
    rail: (em, g, c, actor) => {
      const s = em.s;
      req(s.phase === 'movement', '6.53', 'no strategic movement in the Blitz Movement Phase');
      const u = s.units[c.unit];
      req(u && u.side === s.active, '9.2', `no unit ${c.unit} of the active side`);
      requireHolds(g, actor, u.side, commandOfHq(g, u.side, c.by), `Rail move of ${u.name}`, '9.2');
      movable(s, u);
      const h = s.units[c.by];
      req(h?.type === 'shq' && h.hq, '9.2', 'rail moves need an active Supreme HQ');
      const cost = Math.ceil(c.path.length / 10); // 9.21: each rail move is up to 10 hexes
      req((h.hq!.supreme ?? 0) >= cost, '5.61', `needs ${cost} supreme moves, ${h.hq!.supreme} left`);
      const rc = railPathCheck(s, g, u, c.path);
      em.emit({
        type: 'moved',
        unit: u.id,
        path: c.path,
        mode: 'rail',
        by: c.by,
        cost,
        side: rc.sides,
        ...(rc.disengage ? { disengage: true } : {}),
      });
    },
    retreat: (em, g, c, actor) => {
      const s = em.s;
      const u = s.units[c.unit];
      req(u && u.side === s.active, '6.41', `no unit ${c.unit} of the active side`);
      movable(s, u);
      req(enemiesAt(s, u.at!, u.side), '6.41', 'only a unit in a battle can be a rearguard');
      req(!s.rearguards.some((r) => r.hex === u.at), '6.41', 'one rearguard per battle');
      const cost = authorizedCost(s, g, actor, u, c.by);
      const pc = checkLandPath(s, g, u, c.path, { retreat: true });
      req(!pc.engage, '6.32', 'a retreating unit may not engage');
      // the hexside is used now; the unit leaves after pursuit fire
      em.emit({ type: 'rearguard', unit: u.id, hex: u.at!, path: c.path, by: c.by, cost, side: pc.sides });
    },
    mobilize: (em, g, c, actor) => {
      const s = em.s;
      const h = s.units[c.hq];
      req(h && h.side === s.active && h.hq, '5.41', `${c.hq} is not an active HQ of the active side`);
      requireHolds(g, actor, h.side, commandOfHq(g, h.side, c.hq), `Mobilizing ${h.name}`, '5.41');
      if (s.phase === 'movement') req(h.hq!.mode === 'normal', '5.7', 'a Blitz HQ may not mobilize before the Blitz Movement Phase');
      else req(h.hq!.mode === 'blitzed', '5.7', 'only Blitz HQs are active now');
      req(!h.moved, '5.41', 'this HQ already moved');
      req(!h.hq!.para, '14.2', 'a paradrop HQ spends its whole command on the paradrop');
      let cost = 0;
      let mode: 'land' | 'rail' = 'land';
      /** 6.33: leaving a battle uses the hexside limit like any other disengagement. */
      let sides: string[] = [];
      if (c.path.length) {
        if (c.rail) {
          req(h.type === 'shq', '5.62', 'only a Supreme HQ mobilizes by rail');
          sides = railPathCheck(s, g, h, c.path).sides;
          cost = Math.max(0, Math.ceil(c.path.length / 10) - 1); // 5.62: first rail move free
          req((h.hq!.supreme ?? 0) >= cost, '5.62', 'not enough supreme moves reserved');
          mode = 'rail';
        } else {
          const pc = checkLandPath(s, g, h, c.path, { noEngage: true });
          req(!pc.engage, '5.1', 'HQs never voluntarily engage');
          sides = pc.sides;
        }
      }
      em.emit({ type: 'mobilized', hq: h.id, path: c.path, mode, cost, ...(sides.length ? { side: sides } : {}) });
      hqDeactivate(em, em.s.units[h.id]);
    },
    paradrop: (em, g, c, actor) => {
      const s = em.s;
      req(s.phase === 'movement', '14.3', 'paradrops are made in the Movement Phase, not in Blitz Movement');
      const u = s.units[c.unit];
      req(u && u.side === s.active && u.type === 'para', '14.1', `${c.unit} is not a paratroop unit of the active side`);
      const h = s.units[c.by];
      req(h && h.side === u.side && h.hq?.para, '14.2', `${c.by} is not an active paradrop HQ of this side`);
      requireHolds(g, actor, u.side, commandOfHq(g, u.side, c.by), `A paradrop under ${h.name}`, '14.2');
      const pc = checkParadrop(s, g, u, h, c.to);
      em.emit({
        type: 'moved',
        unit: u.id,
        path: [c.to],
        mode: 'air',
        by: h.id,
        cost: 0,
        side: [],
        ...(pc.attack ? { attack: true } : {}),
        ...(pc.engage ? { engage: true } : {}),
      });
    },
    endMovement,
  },
});

type Mover = Extract<Command, { type: 'move' | 'rail' | 'retreat' }>['type'];

/** Destinations of a set of paths, each with the paths reaching it (one per entry hexside when engaging). */
function byDest(paths: string[][]): Map<string, string[][]> {
  const m = new Map<string, string[][]>();
  for (const p of paths) {
    const d = p[p.length - 1];
    (m.get(d) ?? m.set(d, []).get(d)!).push(p);
  }
  return m;
}

/** The hex a path enters its destination from. */
const entryOf = (start: string, p: string[]) => (p.length > 1 ? p[p.length - 2] : start);

/**
 * Movement Phase offers, a block then its destinations: per unit and kind of move one action whose choices are
 * the commanding HQ (`by`, field HQs first; the SHQ costs a supreme move, 5.61) and then the destination hex
 * (`to`), each with the route the engine takes (`hint.path`). Engaging destinations also have a second action
 * whose `via` names the hex the unit enters from (the hexside decides a river assault, 7.5, and which hexside
 * limit is used, 6.33).
 */
export function movementLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const out: LegalAction<Command>[] = [];
  const side = s.active;
  const b = g.board;
  const hqs = liveUnits(s, side).filter((h) => h.hq && holdsHq(g, actor, side, h.id));
  /** per unit, HQ and destination, shared by the plain and the choose-the-hexside offers. */
  const safeMemo = new Map<string, boolean>();
  const fieldFirst = (x: Unit, y: Unit) => Number(x.type === 'shq') - Number(y.type === 'shq') || (x.id < y.id ? -1 : 1);
  /** One action per kind: `by` options, each opening the destinations that stay stack-safe under that HQ. */
  const offer = (u: Unit, type: Mover, by: Unit[], dests: Map<string, string[][]>, label: string, rule: string, entries: boolean) => {
    const byOpts: ChoiceOption[] = [];
    for (const h of by) {
      const to: ChoiceOption[] = [];
      for (const [dest, paths] of dests) {
        if (entries && !enemiesAt(s, dest, side)) continue;
        /** depends on the path: the hexside it uses may be the one others need to get out. */
        const safeBy = (path: string[]) => {
          const key = `${type}|${u.id}|${h.id}|${path.join('>')}`;
          let safe = safeMemo.get(key);
          if (safe === undefined) {
            const cmd: Command = { type, unit: u.id, path, by: h.id };
            safeMemo.set(key, (safe = stackSafe(s, g, actor, cmd, dest)));
          }
          return safe;
        };
        const usable = entries ? paths.filter(safeBy) : safeBy(paths[0]) ? [paths[0]] : [];
        if (!usable.length) continue;
        const opt: ChoiceOption = { value: dest, label: b.label(dest), hex: dest, hint: { path: usable[0] } };
        if (entries)
          opt.next = [
            {
              field: 'via',
              label: 'Entering from',
              pick: 'one',
              options: usable.map((p) => {
                const e = entryOf(u.at!, p);
                return { value: [e], label: `from ${b.label(e)}`, hex: e, hint: { path: p } };
              }),
            },
          ];
        to.push(opt);
      }
      if (to.length)
        byOpts.push({
          value: h.id,
          label: h.type === 'shq' && type !== 'rail' ? `${h.name} (a supreme move)` : h.name,
          next: [{ field: 'to', label: 'To', pick: 'one', options: to }],
        });
    }
    if (byOpts.length)
      out.push({
        command: fixedPart({ type, unit: u.id, path: [] }),
        label,
        rule,
        choices: [{ field: 'by', label: 'Commanded by', pick: 'one', options: byOpts }],
      });
  };
  for (const u of liveUnits(s, side)) {
    if (!onMap(u) || u.moved || u.strat || u.hq || u.dispersed) continue; // 14.6: dispersed paras cannot move
    const cmdrs = hqs.filter((h) => commands(s, g, u, h.id)).sort(fieldFirst);
    if (!cmdrs.length) continue;
    const land = byDest(landMoves(s, g, u, {}, true));
    offer(u, 'move', cmdrs, land, `Move ${u.name}`, '6.1', false);
    offer(u, 'move', cmdrs, land, `Move ${u.name} into battle across a chosen hexside`, '6.33', true);
    if (enemiesAt(s, u.at!, side) && !s.rearguards.some((r) => r.hex === u.at)) {
      const away = landMoves(s, g, u, { retreat: true }).filter((p) => !enemiesAt(s, p[p.length - 1], side));
      offer(u, 'retreat', cmdrs, byDest(away), `Retreat ${u.name} (rearguard)`, '6.41', false);
    }
    const shqs = cmdrs.filter((h) => h.type === 'shq');
    // 9.21: a rail move of up to 10 hexes per supreme move the SHQ has left
    for (const h of s.phase === 'movement' ? shqs : [])
      offer(u, 'rail', [h], byDest(railMoves(s, g, u, 10 * (h.hq!.supreme ?? 0))), `Rail ${u.name}`, '9.21', false);
  }
  out.push(...paradropLegal(s, g, actor));
  for (const h of hqs) {
    if (h.moved || h.hq!.para) continue;
    const ok = s.phase === 'movement' ? h.hq!.mode === 'normal' : h.hq!.mode === 'blitzed';
    if (!ok) continue;
    const still: Command = { type: 'mobilize', hq: h.id, path: [] };
    if (stackSafe(s, g, actor, still, undefined))
      out.push({ command: still, label: `Mobilize ${h.name} in place and deactivate`, rule: '5.41' });
    if (!onMap(h)) continue;
    const mob = (paths: string[][], rail: boolean) => {
      const to: ChoiceOption[] = [];
      for (const [dest, ps] of byDest(paths)) {
        const cmd: Command = { type: 'mobilize', hq: h.id, path: ps[0], ...(rail ? { rail: true } : {}) };
        if (stackSafe(s, g, actor, cmd, dest)) to.push({ value: dest, label: b.label(dest), hex: dest, hint: { path: ps[0] } });
      }
      if (to.length)
        out.push({
          command: { type: 'mobilize', hq: h.id, path: [], ...(rail ? { rail: true } : {}) },
          label: rail ? `Mobilize ${h.name} by rail and deactivate` : `Mobilize ${h.name} and deactivate`,
          rule: rail ? '5.62' : '5.41',
          choices: [{ field: 'to', label: 'To', pick: 'one', options: to }],
        });
    };
    mob(
      landMoves(s, g, h, { noEngage: true }).filter((p) => !enemiesAt(s, p[p.length - 1], side)),
      false,
    );
    // 5.62: the first rail move of a mobilizing SHQ is free; a rail move is up to 10 hexes
    if (h.type === 'shq' && s.phase === 'movement') mob(railMoves(s, g, h, 10 * ((h.hq!.supreme ?? 0) + 1)), true);
  }
  if (actor.commands.includes(supremeCommand(g, side)) && !overstacks(s, g.board, side, true).length)
    out.push({ command: { type: 'endMovement' }, label: 'End movement (pursuit fire, then combat)', rule: '4.42' });
  return out;
}

// ---------------------------------------------------------------- pursuit fire (6.42)

export function pursuit(em: Em, g: Game, unitId: string, hex: string, dice: DiceSource) {
  const rg = em.s.units[unitId];
  const fire: { unit: string; dice: number[]; fp: Fp; hits: number }[] = [];
  let hits = 0;
  for (const p of orderUnits(unitsAt(em.s, hex, other(rg.side)), undefined)) {
    if (isHq(p.type) || p.cv <= 0) continue; // HQs never fire (5.1)
    const ps = speed(em.s, p);
    const rs = speed(em.s, rg);
    if (ps < rs) continue;
    const fp: Fp = ps > rs ? 'DF' : 'SF';
    const d = rollMany(dice, p.cv);
    const h = countAtLeast(d, FP_TARGET[fp]);
    hits += h;
    fire.push({ unit: p.id, dice: d, fp, hits: h });
  }
  em.emit({ type: 'pursuit', unit: unitId, hex, fire });
  const den = doubleDefence(g.board, em.s.weather, hex) ? 2 : 1;
  const steps = Math.floor(hits / den);
  if (steps > 0) {
    const dead = isHq(rg.type) ? rg.cv - steps < 0 : rg.cv - steps < 1;
    em.emit({ type: 'loss', unit: unitId, cv: dead ? 0 : rg.cv - steps, part: 0, ...(dead ? { eliminated: true } : {}) });
  }
}
