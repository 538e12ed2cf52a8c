/**
 * The pure fold: one case per event type; copies only the units and battles an event touches.
 * Never rolls dice, never fails on a well-formed log.
 */
import type { Battle, Event, State, Unit } from './state';

export function initialState(): State {
  return {
    v: 1,
    scenario: '',
    map: '',
    options: { autoResolve: false },
    turn: { year: 0, month: 0, fortnight: 1, first: 'german' },
    active: 'german',
    phase: 'command',
    weather: 'dry',
    units: {},
    battles: {},
    control: '',
    sideUse: {},
    rearguards: [],
    prompt: null,
    pl: { german: 0, soviet: 0 },
    basic: { german: 0, soviet: 0 },
    air: { german: 'SF', soviet: 'SF' },
    nextToken: 1,
    orders: {},
  };
}

function setUnit(s: State, id: string, patch: Partial<Unit>): State {
  return { ...s, units: { ...s.units, [id]: { ...s.units[id], ...patch } } };
}
function setBattle(s: State, hex: string, b: Battle | null): State {
  const battles = { ...s.battles };
  if (b) battles[hex] = b;
  else delete battles[hex];
  return { ...s, battles };
}

/** Strip per-phase movement marks (6.1, 6.32). */
function clearPhaseMarks(units: Record<string, Unit>, turnEnd: boolean): Record<string, Unit> {
  const out: Record<string, Unit> = {};
  for (const [id, u] of Object.entries(units)) {
    if (u.moved || u.diseng || u.part || (turnEnd && u.strat)) {
      const n = { ...u };
      delete n.moved;
      delete n.diseng;
      delete n.part;
      if (turnEnd) delete n.strat;
      out[id] = n;
    } else out[id] = u;
  }
  return out;
}

export function evolve(s: State, e: Event): State {
  switch (e.type) {
    case 'setup': {
      const units: Record<string, Unit> = {};
      for (const u of e.units) units[u.id] = u;
      const battles: Record<string, Battle> = {};
      for (const b of e.battles) battles[b.hex] = b;
      return {
        ...s,
        scenario: e.scenario,
        map: e.map,
        options: e.options,
        turn: e.turn,
        active: e.turn.first,
        phase: 'command',
        weather: e.weather,
        units,
        battles,
        control: e.control,
        pl: e.pl,
        basic: e.basic,
        air: e.air,
        nextToken: e.nextToken,
      };
    }
    case 'phase': {
      const newTurn = e.phase === 'command' || e.phase === 'production' || e.phase === 'over';
      let battles = s.battles;
      if (e.phase === 'command' || e.phase === 'combat' || e.phase === 'blitzCombat' || e.phase === 'blitzMovement') {
        battles = {};
        for (const [h, b] of Object.entries(s.battles)) {
          const n = { ...b };
          delete n.air;
          delete n.fought;
          delete n.sel;
          if (e.phase === 'command' || e.phase === 'blitzMovement') {
            delete n.fresh;
            delete n.from;
            delete n.river;
          }
          battles[h] = n;
        }
      }
      let units = clearPhaseMarks(s.units, newTurn);
      if (e.phase === 'combat' || e.phase === 'blitzCombat') {
        // 13.12: one airstrike per active HQ per combat phase
        const u2: Record<string, Unit> = {};
        for (const [id, u] of Object.entries(units)) u2[id] = u.hq?.struck ? { ...u, hq: { ...u.hq, struck: false } } : u;
        units = u2;
      }
      if (e.phase === 'production') {
        const u2: Record<string, Unit> = {};
        for (const [id, u] of Object.entries(units)) {
          if (u.fresh) {
            const n = { ...u };
            delete n.fresh;
            u2[id] = n;
          } else u2[id] = u;
        }
        units = u2;
      }
      const base = { ...s };
      delete base.chosen; // 7.14: the selection is per combat phase
      return {
        ...base,
        phase: e.phase,
        active: e.active,
        control: e.control,
        turn: e.turn ?? s.turn,
        weather: e.weather ?? s.weather,
        sideUse: e.phase === 'movement' || e.phase === 'blitzMovement' || e.phase === 'command' ? {} : s.sideUse,
        rearguards: [],
        battles,
        units,
        orders: e.phase === 'production' ? {} : s.orders,
      };
    }
    case 'activated': {
      const u = s.units[e.hq];
      const n = setUnit(s, e.hq, {
        face: true,
        at: e.deploy ?? u.at,
        hq: {
          mode: e.blitz ? 'blitz' : 'normal',
          ...(e.supreme !== undefined ? { supreme: e.supreme } : {}),
          ...(e.paradrop ? { para: true } : {}),
        },
      });
      return e.deploy ? dropEmptyBattles(n, u.at) : n;
    }
    case 'moved': {
      const u = s.units[e.unit];
      const from = u.at!;
      const to = e.path[e.path.length - 1];
      const sideUse = { ...s.sideUse };
      for (const k of e.side) sideUse[k] = (sideUse[k] ?? 0) + 1;
      const patch: Partial<Unit> = { at: to, moved: true };
      if (e.mode === 'rail') patch.strat = true;
      if (e.mode === 'air') patch.dispersed = true; // 14.6
      if (e.disengage) {
        patch.diseng = true;
        if (!u.hq) patch.face = false; // a unit leaving a battle stands upright again
      }
      // 6.31/7.15: attackers stay hidden until combat; the OA's units joining its battle are revealed
      if (e.engage && s.battles[to]?.oa === u.side) patch.face = true;
      let n: State = setUnit({ ...s, sideUse }, e.unit, patch);
      n = clearRepulsed(n, e.unit);
      if (e.disengage) n = dropEmptyBattles(n, from);
      if (e.cost) n = spendSupreme(n, e.by, e.cost);
      if (e.mode === 'air') {
        const h = n.units[e.by];
        if (h?.hq) n = setUnit(n, e.by, { hq: { ...h.hq, dropped: true } });
      }
      if (e.attack) {
        const prev = n.battles[to];
        const joining = prev?.fresh && prev.oa === u.side;
        // 7.51: a repulsed unit goes back to the hex it engaged from (the last hex before the battle); a para
        // to the hex it dropped from (14.4)
        const engagedFrom = e.mode === 'land' && e.path.length > 1 ? e.path[e.path.length - 2] : from;
        const fromMap = { ...(joining ? prev.from : {}), [e.unit]: engagedFrom };
        // an assault while every attacker crossed a river or came by air (7.5, 14.4, 7.53)
        const river = (joining ? !!prev.river : true) && (!!e.river || e.mode === 'air');
        const para = (joining && !!prev.para) || e.mode === 'air';
        n = setBattle(n, to, { hex: to, oa: u.side, fresh: true, from: fromMap, river, ...(para ? { para: true } : {}) });
      }
      return n;
    }
    case 'rearguard': {
      const sideUse = { ...s.sideUse };
      for (const k of e.side) sideUse[k] = (sideUse[k] ?? 0) + 1;
      let n = setUnit({ ...s, sideUse }, e.unit, { moved: true });
      n = { ...n, rearguards: [...n.rearguards, { unit: e.unit, hex: e.hex, path: e.path, by: e.by }] };
      if (e.cost) n = spendSupreme(n, e.by, e.cost);
      return n;
    }
    case 'pursuit':
      return { ...s, rearguards: s.rearguards.filter((r) => r.unit !== e.unit) };
    case 'mobilized': {
      const sideUse = { ...s.sideUse };
      for (const k of e.side ?? []) sideUse[k] = (sideUse[k] ?? 0) + 1;
      let n = clearRepulsed(
        setUnit({ ...s, sideUse }, e.hq, { at: e.path.length ? e.path[e.path.length - 1] : s.units[e.hq].at, moved: true }),
        e.hq,
      );
      if (e.cost) n = spendSupreme(n, e.hq, e.cost);
      return n;
    }
    case 'hqStep': {
      if (e.eliminated) return eliminate(s, e.hq);
      const u = { ...s.units[e.hq], cv: e.cv, face: e.active };
      if (e.active) u.hq = { ...(u.hq ?? { mode: 'normal' }), mode: e.mode ?? u.hq?.mode ?? 'normal' };
      else delete u.hq;
      return { ...s, units: { ...s.units, [e.hq]: u } };
    }
    case 'airstrikeAssigned': {
      let n = setBattle(s, e.hex, { ...s.battles[e.hex], air: { hq: e.hq, cv: e.cv } });
      const h = n.units[e.hq];
      n = setUnit(n, e.hq, { hq: { ...(h.hq ?? { mode: 'normal' }), struck: true } });
      return n;
    }
    case 'battlesSelected': {
      let n: State = { ...s, chosen: true };
      for (const b of e.battles) {
        n = setBattle(n, b.hex, { ...n.battles[b.hex], sel: true });
        for (const u of b.units) n = setUnit(n, u.id, { face: true });
      }
      return n;
    }
    case 'revealed': {
      let n = setBattle(s, e.hex, { ...s.battles[e.hex], fought: true });
      for (const u of e.units) n = setUnit(n, u.id, { face: true });
      return n;
    }
    case 'roundStarted': {
      const { type: _t, hex, ...r } = e;
      return { ...s, round: { hex, ...r, stage: 'air', fired: [], repulsed: [], hits: 0, repulses: 0 } };
    }
    case 'fire': {
      const r = s.round;
      if (!r || r.hex !== e.hex) return s;
      return { ...s, round: { ...r, stage: e.kind, fired: [...r.fired, e.unit], hits: e.hits, repulses: e.repulses } };
    }
    case 'repulseMarked': {
      const r = s.round;
      if (!r) return s;
      return { ...s, round: { ...r, repulsed: [...r.repulsed, e.unit], repulses: Math.max(0, r.repulses - 1) } };
    }
    case 'loss': {
      const u = s.units[e.unit];
      // one loss event per hit allocated in a combat round
      const r = s.round;
      const counted: State = r && r.hits > 0 && u.at === r.hex ? { ...s, round: { ...r, hits: r.hits - 1 } } : s;
      if (e.eliminated) return eliminate(counted, e.unit);
      const n = { ...u, cv: e.cv };
      if (e.part) n.part = e.part;
      else delete n.part;
      return { ...counted, units: { ...s.units, [e.unit]: n } };
    }
    case 'repulsed': {
      // 14.4: a para repulsed at 1cv is eliminated
      if (e.eliminated) return eliminate(s, e.unit);
      // 6.22: a unit pushed back may overstack the hex it goes back to (marked until it moves or the
      // enemy supply phase settles the excess, ruling)
      const moved: Unit = { ...s.units[e.unit], at: e.to, face: false, repulsed: true };
      if (e.cv !== undefined) moved.cv = e.cv;
      delete moved.part;
      return dropEmptyBattles({ ...s, units: { ...s.units, [e.unit]: moved } }, e.hex);
    }
    case 'overstackExcused': {
      const units = { ...s.units };
      for (const id of e.units) if (units[id]) units[id] = { ...units[id], repulsed: true };
      return { ...s, units };
    }
    case 'awaiting':
      return { ...s, prompt: e.prompt };
    case 'roundEnded': {
      let n = s;
      const units = { ...n.units };
      // partial hits are forfeit at the end of the round (7.34); copy before changing, never mutate
      for (const u of Object.values(units))
        if ('part' in u) {
          const n = { ...u };
          delete n.part;
          units[u.id] = n;
        }
      for (const id of e.hide) units[id] = { ...units[id], face: false };
      n = { ...n, units };
      const b = n.battles[e.hex];
      if (b) {
        const { para: _p, ...rest } = b;
        n = setBattle(n, e.hex, e.ended ? null : { ...rest, river: false });
      }
      return s.round ? { ...n, round: null } : n;
    }
    case 'supplyChecked': {
      const units = { ...s.units };
      for (const id of e.unsupplied) units[id] = { ...units[id], unsupplied: true };
      for (const id of e.supplied)
        if (units[id].unsupplied) {
          const n = { ...units[id] };
          delete n.unsupplied;
          units[id] = n;
        }
      // 6.22 (ruling ): this check settled any repulse overstack of the side, so it is no longer excused
      for (const u of Object.values(s.units))
        if (u.side === e.side && u.repulsed) {
          const n = { ...units[u.id] };
          delete n.repulsed;
          units[u.id] = n;
        }
      return { ...s, units };
    }
    case 'attrition': {
      const _u = s.units[e.unit];
      if (e.eliminated) return eliminate(s, e.unit);
      return setUnit(s, e.unit, { cv: e.cv });
    }
    case 'linkup': {
      return e.ok ? clearMarks(s, e.unit, ['dispersed']) : eliminate(s, e.unit);
    }
    case 'productionLevel':
      return { ...s, pl: e.pl };
    case 'ordersSealed':
      return { ...s, orders: { ...s.orders, [e.side]: e.order } };
    case 'replaced':
      return setUnit(s, e.unit, { cv: e.cv });
    case 'replacements':
      return e.units.reduce((x, r) => setUnit(x, r.unit, { cv: r.cv }), s);
    case 'cadre': {
      // a rebuilt unit starts clean (a para is not dispersed any more, 14.6)
      const n = clearMarks(setUnit(s, e.unit, { at: e.hex, cv: e.cv, token: e.token, fresh: true, face: false }), e.unit, [
        'repulsed',
        'dispersed',
      ]);
      return { ...n, nextToken: Math.max(n.nextToken, Number(e.token.replace(/\D/g, '')) + 1) };
    }
    case 'battleRenewed':
      return setBattle(s, e.hex, { hex: e.hex, oa: e.oa, fresh: true });
    case 'gameEnded':
      return { ...s, phase: 'over', prompt: null, result: { winner: e.winner, level: e.level, vp: e.vp } };
  }
}

type Mark = 'part' | 'hq' | 'unsupplied' | 'dispersed' | 'repulsed';

function clearMarks(s: State, id: string, marks: Mark[]): State {
  if (!marks.some((k) => k in s.units[id])) return s;
  const u = { ...s.units[id] };
  for (const k of marks) delete u[k];
  return { ...s, units: { ...s.units, [id]: u } };
}
const clearRepulsed = (s: State, id: string) => clearMarks(s, id, ['repulsed']);

/** Every way a unit leaves play (loss, attrition, repulse, failed linkup, HQ step): off the map, no marks. */
function eliminate(s: State, id: string): State {
  const at = s.units[id].at;
  const n = clearMarks(setUnit(s, id, { at: null, cv: 0, face: false }), id, ['part', 'hq', 'unsupplied', 'dispersed', 'repulsed']);
  return dropEmptyBattles(n, at);
}

function spendSupreme(s: State, by: string, cost: number): State {
  const h = s.units[by];
  if (!h?.hq || h.hq.supreme === undefined) return s;
  return setUnit(s, by, { hq: { ...h.hq, supreme: h.hq.supreme - cost } });
}

/** A battle ends when one side has no units left in its hex. */
function dropEmptyBattles(s: State, hex: string | null): State {
  if (!hex || !s.battles[hex]) return s;
  const sides = new Set(
    Object.values(s.units)
      .filter((u) => u.at === hex)
      .map((u) => u.side),
  );
  if (sides.size === 2) return s;
  // the survivors stand upright again (hidden), except active HQs
  const units = { ...s.units };
  for (const u of Object.values(units)) if (u.at === hex && u.face && !u.hq) units[u.id] = { ...u, face: false };
  return setBattle({ ...s, units }, hex, null);
}
