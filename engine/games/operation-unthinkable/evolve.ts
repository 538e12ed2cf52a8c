/** The fold: one case per event type. Copies only what an event touches; never rolls, never fails. */
import { Board, onMap } from './board';
import { isAirborne, unitDef, UNITS } from './data';
import type { OuMap } from './map';
import type { Event, PhaseSt, Side, State, StepId, UnitSt } from './types';

export const emptyPhase = (): PhaseSt => ({
  used: {},
  mf: {},
  start: {},
  done: [],
  active: null,
  attacked: [],
  defended: [],
  artDef: [],
  bombers: [],
  ready: [],
});

export function initialState(): State {
  const u: Record<string, UnitSt> = {};
  for (const d of UNITS) u[d.id] = { at: d.r ? 'pool' : isAirborne(d) ? 'aside' : 'setup', s: d.f.length };
  return {
    v: 1,
    scenario: '',
    opt: { hidden: false, prepared: false, tenTurns: false, splitOrder: false },
    turn: 0,
    lastTurn: 8,
    step: 'boundary0',
    line: null,
    lineDie: 0,
    bnd: null,
    wrong: {},
    ctl: '',
    u,
    revealed: false,
    mask: null,
    order: {},
    ph: emptyPhase(),
    dropped: {},
    recyc: [],
    exits: [],
    combat: null,
    result: null,
  };
}

function setCtl(ctl: string, map: OuMap, hexes: string[], side: Side): string {
  const c = side === 'allied' ? 'a' : 's';
  let out = ctl;
  for (const h of hexes) {
    const i = map.index.get(h);
    if (i === undefined || out[i] === c) continue;
    out = out.slice(0, i) + c + out.slice(i + 1);
  }
  return out;
}

function moveUnits(s: State, map: OuMap, moves: [string, string][]): Pick<State, 'u' | 'wrong'> {
  const u = { ...s.u };
  for (const [id, hex] of moves) u[id] = { ...u[id], at: hex };
  let wrong = s.wrong;
  if (Object.keys(wrong).length) {
    const b = new Board(map, s);
    for (const [id, hex] of moves)
      if (wrong[id] && b.regionOk(unitDef(id), hex)) {
        wrong = { ...wrong };
        delete wrong[id];
      }
  }
  return { u, wrong };
}

function lose(s: State, id: string, oos: boolean, all: boolean): State {
  const cur = s.u[id];
  const left = all ? 0 : cur.s - 1;
  if (left > 0) return { ...s, u: { ...s.u, [id]: { ...cur, s: left } } };
  const d = unitDef(id);
  // 6.2.1: no recycling for Soviet units, units eliminated out of supply, the 1AAA or the Polish 2nd Corps
  const recyclable = d.side === 'allied' && !oos && !isAirborne(d) && d.nat !== 'PL2';
  return { ...s, u: { ...s.u, [id]: { at: 'dead', s: 0 } }, recyc: recyclable ? [...s.recyc, id] : s.recyc };
}

const PHASE_STEPS: StepId[] = ['allied-1', 'allied-2', 'soviet-1', 'soviet-2'];

export function evolve(map: OuMap, s: State, e: Event): State {
  switch (e.type) {
    case 'created':
      return { ...s, scenario: e.scenario, opt: e.options, lastTurn: e.options.tenTurns ? 10 : 8 };
    case 'frontline': {
      const fl = map.frontline[e.line];
      let ctl = '';
      for (let i = 0; i < map.ids.length; i++) ctl += fl[i] ? 'a' : 's';
      return { ...s, line: e.line, lineDie: e.die, ctl };
    }
    case 'boundary':
      return { ...s, bnd: { kind: e.kind, hex: e.hex }, wrong: e.wrong };
    case 'step': {
      let u = s.u;
      // leaving a placement step: unplaceable units wait (ruling A26)
      if (s.step === 'reinforce' || s.step === 'prepared') {
        for (const [id, st] of Object.entries(u)) if (st.at === 'drawn') u = { ...u, [id]: { ...st, at: 'pool' } };
      }
      if (s.step === 'recycle') {
        const box = `box:${s.turn}`;
        for (const [id, st] of Object.entries(u))
          if (st.at === box) u = { ...u, [id]: { ...st, at: s.turn + 1 >= 7 ? 'out' : `box:${s.turn + 1}` } };
      }
      // 5.4: each player declares anew every turn
      const order =
        e.step === 'order-allied' ? { soviet: s.order.soviet } : e.step === 'order-soviet' ? { ...s.order, soviet: undefined } : s.order;
      return { ...s, u, step: e.step, turn: e.turn, ph: emptyPhase(), combat: null, order };
    }
    case 'placed': {
      const moves = e.units;
      const u = { ...s.u };
      for (const [id, hex] of moves) u[id] = { at: hex, s: e.why === 'recycle' ? 1 : u[id].s }; // 6.2.1: recycled at one step
      let next: State = {
        ...s,
        u,
        ctl: setCtl(
          s.ctl,
          map,
          moves.map((m) => m[1]),
          moves.length ? unitDef(moves[0][0]).side : 'allied',
        ),
      };
      if (e.why === 'mask' && s.mask)
        next = { ...next, mask: { ...s.mask, moved: [...new Set([...s.mask.moved, ...moves.map((m) => m[0])])] } };
      if (e.why === 'drop') {
        const dropped = { ...s.dropped };
        for (const [id] of moves) dropped[id] = s.turn;
        next = { ...next, dropped };
      }
      return next;
    }
    case 'revealed':
      return { ...s, revealed: true };
    case 'mask-rolled':
      return { ...s, mask: { n: e.n, moved: [] } };
    case 'order':
      return { ...s, order: { ...s.order, [e.group ?? e.side]: e.order } };
    case 'moved': {
      const ph = { ...s.ph, used: { ...s.ph.used }, mf: { ...s.ph.mf, ...e.mf }, start: { ...s.ph.start } };
      const origin = s.ph.start[e.units[0]] ?? s.u[e.units[0]].at;
      let done = s.ph.done;
      if (s.ph.active !== null && s.ph.active !== origin) {
        // 10.1: once another parent stack moves, units of the earlier one that have moved may not resume
        const prev = s.ph.active;
        done = [...done, ...Object.keys(ph.start).filter((id) => ph.start[id] === prev && (ph.used[id] ?? 0) > 0 && !done.includes(id))];
      }
      e.units.forEach((id, j) => {
        if (ph.start[id] === undefined) ph.start[id] = s.u[id].at;
        ph.used[id] = (ph.used[id] ?? 0) + e.cost[j];
      });
      if (e.stop) done = [...done, ...e.units.filter((id) => !done.includes(id))];
      ph.done = done;
      ph.active = origin;
      const last = e.path.length ? e.path[e.path.length - 1] : null;
      const moved = last
        ? moveUnits(
            s,
            map,
            e.units.map((id) => [id, last]),
          )
        : { u: s.u, wrong: s.wrong };
      const side = unitDef(e.units[0]).side;
      return { ...s, ...moved, ph, ctl: setCtl(s.ctl, map, e.path, side) };
    }
    case 'exited': {
      const u = { ...s.u };
      for (const id of e.units) u[id] = { ...u[id], at: 'exit' };
      return { ...s, u, exits: [...s.exits, ...e.units.map((unit) => ({ side: e.side, unit, hex: e.hex, turn: s.turn, sup: e.sup }))] };
    }
    case 'declared': {
      const ph = { ...s.ph, attacked: [...s.ph.attacked, ...e.attackers], defended: [...s.ph.defended, ...e.defenders] };
      return { ...s, ph };
    }
    case 'support-used':
      return { ...s, ph: { ...s.ph, artDef: [...s.ph.artDef, ...e.artillery] } };
    case 'combat':
      return { ...s, combat: e.combat };
    case 'bomber':
      return { ...s, ph: { ...s.ph, bombers: [...s.ph.bombers, e.marker] } };
    case 'resolved':
      return s;
    case 'loss':
      return lose(s, e.unit, e.oos, false);
    case 'eliminated':
      return lose(s, e.unit, e.oos, true);
    case 'retreated': {
      const side = unitDef(e.moves[0][0]).side;
      return {
        ...s,
        ...moveUnits(s, map, e.moves),
        ctl: setCtl(
          s.ctl,
          map,
          e.moves.map((m) => m[1]),
          side,
        ),
      };
    }
    case 'advanced': {
      const side = unitDef(e.units[0]).side;
      return {
        ...s,
        ...moveUnits(
          s,
          map,
          e.units.map((id) => [id, e.hex]),
        ),
        ctl: setCtl(s.ctl, map, [e.hex], side),
      };
    }
    case 'drawn': {
      const u = { ...s.u };
      for (const id of e.units) u[id] = { ...u[id], at: 'drawn' };
      return { ...s, u };
    }
    case 'recycle-roll': {
      const u = { ...s.u, [e.unit]: { at: e.box === null ? 'out' : `box:${e.box}`, s: 0 } };
      return { ...s, u, recyc: s.recyc.filter((x) => x !== e.unit) };
    }
    case 'ready':
      return { ...s, ph: { ...s.ph, ready: [...new Set([...s.ph.ready, ...e.commands])] } };
    case 'ended':
      return { ...s, result: { winner: e.winner, reason: e.reason }, step: 'over' };
  }
}

export { onMap, PHASE_STEPS };
