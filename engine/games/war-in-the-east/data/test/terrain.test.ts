import { describe, expect, it } from 'vitest';
import { terrain } from '../index';

const HEX = terrain.hex as Record<string, { mp: { nonMech: number; mech: number } | null; defence?: number; mechZoc?: boolean }>;
const LAND = ['clear', 'rough', 'woods', 'swamp'];

describe('Terrain Effects Chart (substitute) against the printed facts', () => {
  it('costs 1 MP to enter clear terrain (5.12) and 3 to enter an enemy-controlled clear hex (5.13)', () => {
    expect(HEX.clear.mp).toEqual({ nonMech: 1, mech: 1 });
    expect(HEX.clear.mp!.nonMech + terrain.movementExtras.enterEnemyZoc.mp).toBe(3);
    expect(terrain.movementExtras.leaveEnemyZoc.mp).toBe(2);
  });

  it('keeps mechanized ZOC out of rough, swamp and woods but not clear (8.13), cavalry ZOC everywhere', () => {
    expect([...terrain.zoc.mechNotInto].sort()).toEqual(['rough', 'swamp', 'woods']);
    for (const t of LAND) expect(HEX[t].mechZoc, t).toBe(!terrain.zoc.mechNotInto.includes(t));
    expect(terrain.zoc.cavalryInto).toBe('all land terrain');
  });

  it('lets a force-marcher stop in rough next to an armoured unit (5.64): no mech ZOC reaches it', () => {
    expect(HEX.rough.mechZoc).toBe(false);
  });

  it('freezes swamp and lake to clear and frees rivers in Snow (14.25), and north of the line in Mud too (14.47)', () => {
    expect([...terrain.snow.asClear].sort()).toEqual(['lake', 'swamp']);
    expect(terrain.snow.riverMpExtra).toBe(0);
    expect(terrain.snow.riverAttackerHalved).toBe(false);
    expect(terrain.northOfWeatherline.frozenIn).toEqual(['mud', 'snow']);
  });

  it('halves attackers across a river except artillery (10.46) and charges extra MP to cross (14.25)', () => {
    const r = terrain.hexside.river;
    expect(r.attackerHalved).toBe(true);
    expect(r.artilleryHalved).toBe(false);
    expect(r.mpExtra.nonMech).toBeGreaterThan(0);
    expect(r.mpExtra.mech).toBeGreaterThan(0);
  });

  it('forbids sea hexes and hexsides (5.27) and gives swamp a combat effect that Snow can take away (14.25)', () => {
    expect(HEX.sea.mp).toBeNull();
    expect(terrain.hexside.sea.prohibited).toBe(true);
    expect(HEX.swamp.defence).toBeGreaterThan(HEX.clear.defence!);
  });

  it('does not double defenders in a city (25.27 doubles only Sevastopol, and only the Russians)', () => {
    expect(terrain.city.defence).toBe(1);
  });

  it('never makes off-road ground cheaper for mechanized units than for the rest', () => {
    for (const t of LAND) expect(HEX[t].mp!.mech, t).toBeGreaterThanOrEqual(HEX[t].mp!.nonMech);
    expect(terrain.hexside.river.mpExtra.mech).toBeGreaterThanOrEqual(terrain.hexside.river.mpExtra.nonMech);
  });
});
