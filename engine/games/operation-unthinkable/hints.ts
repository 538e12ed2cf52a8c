/**
 * What the play page shows beyond legal(), computed on the server for one viewer (Ruleset.hints): the odds of the
 * pending combat as resolve() will use them, and for the viewer's own attacks, each target's defense and terrain
 * shifts with the factor each eligible attacker would count (so a client adds up the attackers it picks without
 * knowing any rule). Reach with costs travels inside legal() (the move action's destinations carry mp and path).
 * Only what the viewer may know goes in: face-down defenders (3.5.1) give no defense figure.
 */
import type { Viewer } from '../../core/ruleset';
import { board, onMap, other } from './board';
import { attackCombat, attackPreview, type AttackPreview, crtRow, shifts, strengths } from './combat';
import { isArtillery, unitDef } from './data';
import type { OuMap } from './map';
import { phaseKind } from './movement';
import type { Side, State } from './types';
import { faceDown, seesSoviet } from './view';

export interface TargetHint {
  target: string;
  /** defense total as counted (supply, already attacked), or null while the defenders are face down */
  defense: number | null;
  hiddenDefenders: number;
  /** CRT row for an attack by these attackers (11.2 step 5) */
  row: 'upper' | 'lower';
  /** shifts of the target's terrain and the defenders (concentric and airborne depend on the attackers: see `all`) */
  terrain: Record<string, number>;
  /** per adjacent friendly unit: the attack factor it would count here (halved out of supply, across a river) */
  attackers: { id: string; attack: number }[];
  /** the shifts with every listed attacker together */
  all: Record<string, number>;
}

export interface OuHints {
  combat: AttackPreview | null;
  targets: TargetHint[];
}

export function hints(map: OuMap, s: State, viewer: Viewer): OuHints {
  const hidden = faceDown(s) && !seesSoviet(viewer);
  const b = board(map, s);
  const hiddenAt = (hex: string) =>
    hidden ? Object.keys(s.u).filter((id) => s.u[id].at === hex && unitDef(id).side === 'soviet').length : 0;
  const combat = s.combat ? attackPreview(map, s, s.combat, hiddenAt(s.combat.target)) : null;
  const targets: TargetHint[] = [];
  if (viewer.kind === 'side' && !s.combat && !s.result) {
    const side = viewer.side as Side;
    const mine = Object.keys(s.u).filter((id) => {
      const d = unitDef(id);
      return d.side === side && onMap(s.u[id].at) && phaseKind(s, side, d.ag) === 'combat' && !s.ph.attacked.includes(id);
    });
    const seen = new Set<number>();
    for (const id of mine) for (const n of map.nb[b.idx(s.u[id].at)]) if (b.occupant(n) === other(side)) seen.add(n);
    for (const t of [...seen].sort((x, y) => x - y)) {
      const target = map.ids[t];
      const adj = mine.filter(
        (id) => map.nb[b.idx(s.u[id].at)].includes(t) && !(side === 'soviet' && isArtillery(unitDef(id)) && !b.inSupply(id)),
      );
      if (!adj.length) continue;
      const c = attackCombat(s, side, target, adj, [], null);
      const st = strengths(b, s, hidden ? { ...c, def: [], dart: [] } : c);
      const all = shifts(b, s, c);
      const terrain: Record<string, number> = {};
      for (const k of ['city', 'forest']) if (all[k]) terrain[k] = all[k];
      targets.push({
        target,
        defense: hidden ? null : st.defense,
        hiddenDefenders: hiddenAt(target),
        row: crtRow(c),
        terrain,
        attackers: st.parts.filter((p) => p.role === 'att').map((p) => ({ id: p.id, attack: p.counted })),
        all,
      });
    }
  }
  return { combat, targets };
}
