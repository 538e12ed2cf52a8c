/**
 * Combat Phase and Blitz Combat Phase (7.1-7.22, 13.1): airstrikes, fights (revealing the battle, 7.14),
 * the opening of a combat round and the end of the phase.
 */
import type { Actor, DiceSource, LegalAction } from '../../../core';
import { notSupported } from '../../../core/errors';
import { type Side, other } from '../data';
import { airRange, commandRange, doubleDefence, effectiveCv, hitsPerStep, liveUnits, onMap, unitsAt } from '../rules';
import type { Battle, Command, State } from '../state';
import {
  activeWaiting,
  commandOfHq,
  fixedPart,
  holdsHq,
  req,
  requireHolds,
  requireSupreme,
  supremeCommand,
  type EfStep,
  type Em,
  type Game,
} from './game';
import { checkFireLists, continueRound, fireOrders } from './round';
import { endCombatPhase } from './turn';

// ---------------------------------------------------------------- combat (7.x)

export function isSupported(s: State, g: Game, hex: string, side: Side): boolean {
  for (const h of liveUnits(s, side)) {
    if (!h.hq || h.type !== 'hq' || h.hq.para) continue; // 14.5: no support from a paradrop HQ
    if (commandRange(s, g.board, h).has(hex)) return true;
  }
  return false;
}

/**
 * 7.22: open a combat round, then resolve it. Preference and order lists keep only the units in the battle
 * (all revealed by now), so the event names no hidden block.
 */
export function startRound(
  em: Em,
  g: Game,
  hex: string,
  offOrder: string[],
  activePrefs: string[],
  defOrder: string[],
  passivePrefs: string[],
  dice: DiceSource,
) {
  const s = em.s;
  const active = s.active;
  const battle = s.battles[hex];
  if (g.board.city(hex)?.fortress) notSupported('7.35', 'Fortress battles (Sevastopol, Leningrad)');
  const supported = isSupported(s, g, hex, active);
  const dbl = doubleDefence(g.board, s.weather, hex);
  const den = hitsPerStep(supported, dbl); // 7.34, 7.35, 7.4
  // 7.51 river assaults repulse on 1-2; an air assault, alone or combined, on 1 only (14.4, 7.53)
  const assault = !!battle.river && !!battle.fresh && (!!battle.para || s.weather !== 'snow');
  const repulseOn = !assault ? 0 : battle.para ? 1 : 2;
  const here = new Set(unitsAt(s, hex).map((u) => u.id));
  const keep = (l: string[]) => l.filter((id) => here.has(id));
  em.emit({
    type: 'roundStarted',
    hex,
    offOrder: keep(offOrder),
    activePrefs: keep(activePrefs),
    defOrder: keep(defOrder),
    passivePrefs: keep(passivePrefs),
    den,
    repulseOn,
  });
  continueRound(em, g, dice, {});
}

/** The Combat and Blitz Combat phases (7.1 airstrikes first, 7.14 one round per battle, 4.43 end). */
export const combatStep = (name: string): EfStep => ({
  name,
  rule: '4.4',
  waiting: activeWaiting(name === 'Combat Phase' ? 'combat' : 'blitzCombat'),
  legal: (s, g, actor) => combatLegal(s, g, actor),
  on: {
    airstrike: (em, g, c, actor) => {
      const s = em.s;
      const h = s.units[c.hq];
      req(h && h.side === s.active && h.hq, '13.1', `${c.hq} is not an active HQ of the active side`);
      requireHolds(g, actor, h.side, commandOfHq(g, h.side, c.hq), `Airstrike by ${h.name}`, '13.1');
      req(!h.hq!.struck, '13.12', 'one airstrike per HQ per combat phase');
      req(!h.hq!.para, '14.2', 'a paradrop HQ has spent its airpower on the paradrop');
      const b = s.battles[c.hex];
      req(b, '13.13', 'airstrikes go into battles');
      req(!b.air, '7.13', 'one airstrike per battle per combat phase');
      req(unitsAt(s, c.hex, s.active).length > 0, '7.15', 'friendly ground units must be in the battle');
      req(!s.chosen && !Object.values(s.battles).some((x) => x.fought), '7.13', 'airstrikes are assigned before the battles are selected');
      const cv = effectiveCv(s, h);
      req(cv >= 1, '13.12', 'an HQ at Ø has no airpower');
      const range = airRange(s, h); // 5.63 strategic airstrike
      req(onMap(h) && g.board.dist(h.at!, c.hex) <= range, '13.11', `${g.board.label(c.hex)} is beyond air range ${range}`);
      em.emit({ type: 'airstrikeAssigned', hq: h.id, hex: c.hex, cv });
    },
    selectBattles: (em, g, c, actor) => {
      const s = em.s;
      req(
        g.commands[s.active].some((x) => x.hq && actor.commands.includes(x.id)),
        '7.14',
        'needs an HQ command',
      );
      req(!s.chosen, '7.14', 'the active battles of this combat phase have already been selected');
      req(new Set(c.hexes).size === c.hexes.length, '7.14', 'a battle is listed twice');
      for (const h of c.hexes) req(selectable(s, h), '7.14', `${g.board.label(h)} is not a battle with your units in it`);
      selectBattles(em, c.hexes);
    },
    fight: (em, g, c, actor, dice) => {
      const s = em.s;
      const b = s.battles[c.hex];
      req(b, '7.14', 'no battle there');
      req(!b.fought, '7.21', 'one combat round per battle per combat phase');
      req(
        g.commands[s.active].some((x) => x.hq && actor.commands.includes(x.id)),
        '7.14',
        'needs an HQ command',
      );
      checkFireLists(s, c.hex, s.active, c);
      // 4.43, 7.14: all active battles are selected before any is fought; a fight with no selection made
      // selects this battle with the compulsory ones (7.15), and no other battle can be added later
      if (!s.chosen) {
        req(selectable(s, c.hex), '7.14', 'your units must be in the battle');
        selectBattles(em, [c.hex]);
      } else req(!!s.battles[c.hex].sel, '7.14', `${g.board.label(c.hex)} was not selected as an active battle this phase`);
      const units = Object.values(s.units).filter((u) => u.at === c.hex);
      em.emit({ type: 'revealed', hex: c.hex, units: units.map((u) => ({ id: u.id, token: u.token, type: u.type, cv: u.cv })) });
      const passive = other(s.active);
      if (em.s.options.autoResolve) startRound(em, g, c.hex, c.order ?? [], c.prefs ?? [], [], [], dice);
      else
        em.emit({
          type: 'awaiting',
          prompt: { kind: 'defend', side: passive, hex: c.hex, offOrder: c.order ?? [], activePrefs: c.prefs ?? [] },
        });
    },
    endCombat: (em, g, _c, actor, dice) => {
      requireSupreme(g, actor, em.s.active, 'Ending the combat phase');
      const pending = Object.values(em.s.battles).filter((b) => !b.fought && (b.sel || compulsory(em.s, b)));
      req(!pending.length, '7.15', `compulsory battles not fought yet: ${pending.map((b) => g.board.label(b.hex)).join(', ')}`);
      endCombatPhase(em, g, dice);
    },
  },
});

/** 7.15: a new battle of the active side or one with an airstrike must be fought this phase. */
export const compulsory = (s: State, b: Battle) => !!b.air || (!!b.fresh && b.oa === s.active);

/** A battle the active side may activate: its units are in it (7.14). */
const selectable = (s: State, hex: string) => !!s.battles[hex] && unitsAt(s, hex, s.active).length > 0;

/** 7.14: the chosen battles plus every compulsory one are activated at once; their blocks are tipped face up. */
function selectBattles(em: Em, hexes: string[]) {
  const s = em.s;
  const all = new Set(hexes);
  for (const b of Object.values(s.battles)) if (compulsory(s, b) && !b.fought) all.add(b.hex);
  const battles = [...all].sort().map((hex) => ({
    hex,
    units: Object.values(s.units)
      .filter((u) => u.at === hex)
      .sort((a, b) => (a.token < b.token ? -1 : 1))
      .map((u) => ({ id: u.id, token: u.token, type: u.type, cv: u.cv })),
  }));
  em.emit({ type: 'battlesSelected', battles });
}

export function combatLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const out: LegalAction<Command>[] = [];
  const side = s.active;
  const anyFought = s.chosen || Object.values(s.battles).some((b) => b.fought);
  for (const h of liveUnits(s, side)) {
    if (!h.hq || h.hq.struck || h.hq.para || anyFought || !holdsHq(g, actor, side, h.id) || !onMap(h)) continue;
    const cv = effectiveCv(s, h);
    if (cv < 1) continue;
    const range = airRange(s, h);
    for (const b of Object.values(s.battles))
      if (!b.air && g.board.dist(h.at!, b.hex) <= range && unitsAt(s, b.hex, side).length)
        out.push({
          command: { type: 'airstrike', hq: h.id, hex: b.hex },
          label: `Airstrike by ${h.name} on ${g.board.label(b.hex)}`,
          rule: '7.13',
        });
  }
  const canFight = g.commands[side].some((x) => x.hq && actor.commands.includes(x.id));
  // 7.14: select the active battles (the compulsory ones always are), or fight one at once, which selects it
  // with the compulsory ones; after the selection only the selected battles are fought
  const open = Object.values(s.battles).filter((b) => !b.fought && (s.chosen ? b.sel : selectable(s, b.hex)));
  if (canFight && !s.chosen && open.length) {
    const optional = open.filter((b) => !compulsory(s, b));
    out.push({
      command: optional.length ? fixedPart({ type: 'selectBattles' }) : { type: 'selectBattles', hexes: [] },
      label: optional.length ? 'Select the battles to fight this phase' : 'Activate the compulsory battles',
      rule: '7.14',
      ...(optional.length
        ? {
            choices: [
              {
                field: 'hexes',
                label: 'Battles to fight besides the compulsory ones',
                pick: 'some' as const,
                min: 0,
                options: optional.map((b) => ({ value: b.hex, label: g.board.label(b.hex), hex: b.hex })),
              },
            ],
          }
        : {}),
    });
  }
  for (const b of open)
    if (canFight) out.push(...fireOrders(s, b.hex, side, { type: 'fight', hex: b.hex }, `Fight at ${g.board.label(b.hex)}`, '7.14'));
  const pending = Object.values(s.battles).some((b) => !b.fought && (b.sel || compulsory(s, b)));
  if (!pending && actor.commands.includes(supremeCommand(g, side)))
    out.push({ command: { type: 'endCombat' }, label: 'End the combat phase', rule: '4.43' });
  return out;
}
