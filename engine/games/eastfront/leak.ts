/**
 * Leak checker (ARCHITECTURE "Hidden information"): walks an event log and, for every viewer, fails on any
 * trace of a block the viewer may not know - its id, type, name or strength - in redacted events and views,
 * and on the opponent's production orders and fire orders.
 */
import type { Viewer } from '../../core';
import type { EastfrontRuleset } from './ruleset';
import type { Event, State } from './state';
import { sees } from './view';

const VIEWERS: Viewer[] = [{ kind: 'side', side: 'german' }, { kind: 'side', side: 'soviet' }, { kind: 'spectator' }];

function hiddenSet(s: State, v: Viewer): Map<string, string> {
  const m = new Map<string, string>(); // id -> token
  for (const u of Object.values(s.units)) if (!sees(v, u, s, u.id)) m.set(u.id, u.token);
  return m;
}

function scan(x: unknown, hidden: Map<string, string>, tokens: Set<string>, where: string, out: string[]) {
  if (typeof x === 'string') {
    if (hidden.has(x)) out.push(`${where}: hidden id ${x}`);
    return;
  }
  if (Array.isArray(x)) {
    for (const [i, y] of x.entries()) scan(y, hidden, tokens, `${where}[${i}]`, out);
    return;
  }
  if (x && typeof x === 'object') {
    const o = x as Record<string, unknown>;
    if (typeof o.token === 'string' && tokens.has(o.token))
      for (const k of ['id', 'type', 'name', 'cv', 'max'])
        if (k in o && !(k === 'cv' && (o.cv as number) < 0) && !(k === 'type' && typeof o.type === 'string' && ['cadre'].includes(o.type)))
          out.push(`${where}: ${k} of hidden block ${o.token}`);
    for (const [k, v] of Object.entries(o)) scan(v, hidden, tokens, `${where}.${k}`, out);
  }
}

export function leaks(rs: EastfrontRuleset, events: Event[]): string[] {
  const out: string[] = [];
  let s = rs.initial();
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const after = rs.evolve(s, e);
    for (const v of VIEWERS) {
      const red = rs.redact(e, v, s);
      if (red) {
        // hidden both before and after the event (an event may itself reveal, e.g. 'revealed', 'activated')
        const hb = hiddenSet(s, v);
        const ha = hiddenSet(after, v);
        const hidden = new Map([...hb].filter(([id]) => ha.has(id) || !after.units[id]));
        if (i === 0) for (const [id, t] of ha) hidden.set(id, t);
        const tokens = new Set(hidden.values());
        scan(red, hidden, tokens, `event ${i} ${e.type} for ${JSON.stringify(v)}`, out);
        if (red.type === 'ordersSealed' && !(v.kind === 'side' && v.side === red.side))
          out.push(`event ${i}: orders shown to ${JSON.stringify(v)}`);
        if (red.type === 'roundStarted') {
          // 7.31: a side's fire order shows only as its units fire
          const seat = v.kind === 'side' ? v.side : null;
          if (red.offOrder.length && seat !== s.active) out.push(`event ${i}: attacker's fire order shown to ${JSON.stringify(v)}`);
          if (red.defOrder.length && (!seat || seat === s.active))
            out.push(`event ${i}: defender's fire order shown to ${JSON.stringify(v)}`);
        }
      }
      const view = rs.view(after, v);
      const hv = hiddenSet(after, v);
      scan(view, hv, new Set(hv.values()), `view after ${i} for ${JSON.stringify(v)}`, out);
      if (v.kind !== 'side' && view.myOrder) out.push('orders in a spectator view');
      if (v.kind === 'side' && view.myOrder && after.orders[v.side as 'german'] !== view.myOrder) out.push('foreign orders in view');
    }
    s = after;
    if (out.length > 20) break;
  }
  return out;
}
