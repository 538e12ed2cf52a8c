/** State, commands and events of Operation Unthinkable: plain JSON, discriminated unions. */
export type Side = 'allied' | 'soviet';
export type BoundaryKind = 'row' | 'sw-ne' | 'nw-se';
export type Order = 'move-fight' | 'fight-move';
export type StepId =
  | 'boundary0'
  | 'setup-soviet'
  | 'setup-allied'
  | 'maskirovka'
  | 'boundary'
  | 'airborne'
  | 'order-allied'
  | 'allied-1'
  | 'allied-2'
  | 'prepared'
  | 'order-soviet'
  | 'soviet-1'
  | 'soviet-2'
  | 'reinforce'
  | 'recycle'
  | 'over';

export interface Options {
  /** 3.5.1 optional hidden Soviet set-up */
  hidden: boolean;
  /** 3.5.2 optional Soviet preparedness */
  prepared: boolean;
  /** 4.2 optional 10-turn game */
  tenTurns: boolean;
  /** 5.4 optional: each Allied army group picks its own order */
  splitOrder: boolean;
}

/** Where a unit is: a CCRR hex, or 'setup' (to be placed), 'pool' (R pool), 'drawn', 'aside' (1AAA before its drop), 'dead', 'box:N' (recycling), 'out' (never returns), 'exit'. */
export interface UnitSt {
  at: string;
  s: number;
}

export interface PhaseSt {
  /** half-MP spent per unit this phase */
  used: Record<string, number>;
  /** movement allowance in half-MP fixed at the unit's first move (9.4.1) */
  mf: Record<string, number>;
  /** hex each moved unit started the phase in (10.1) */
  start: Record<string, string>;
  /** units that may not move again this phase */
  done: string[];
  /** origin hex of the parent stack being moved (10.1) */
  active: string | null;
  attacked: string[];
  defended: string[];
  /** Soviet artillery already used to support a defense this phase (ruling A18) */
  artDef: string[];
  bombers: string[];
  /** commands that have declared themselves done with this step (team play) */
  ready: string[];
}

export type LossSide = 'att' | 'def';
export type CombatStage = 'support' | 'loss' | 'bb-att' | 'bb-def' | 'retreat' | 'advance';

export interface Combat {
  side: Side;
  target: string;
  att: string[];
  art: string[];
  def: string[];
  dart: string[];
  /** defenders already attacked this phase: they suffer results but add no strength (11.0) */
  weak: string[];
  bomber: 'US' | 'UK' | null;
  stage: CombatStage;
  losses: LossSide[];
  after: 'bb-att' | 'retreat' | 'advance' | 'end';
  /** units out of supply at the start of the combat (9.0; recycling 6.2.1) */
  oos: string[];
  result: string | null;
  /**
   * 11.3 DR 1: hexes the defending stack may still retreat into together, fixed when its retreat starts and narrowed
   * to one hex once a unit has gone there; empty when no hex takes the whole stack, so units go one by one (DR 3).
   */
  rt?: string[];
}

export interface Exit {
  side: Side;
  unit: string;
  hex: string;
  turn: number;
  /** Allied only: supply could be traced to the exit hex at the moment of exit (4.2, ruling A9). */
  sup: boolean;
}

export interface State {
  v: 1;
  scenario: string;
  opt: Options;
  turn: number;
  lastTurn: number;
  step: StepId;
  line: 'elbe' | 'mulde' | null;
  lineDie: number;
  bnd: { kind: BoundaryKind; hex: string } | null;
  /** 3.4 wrong-side units after a boundary change: a = not adjacent to a Soviet unit then, b = adjacent */
  wrong: Record<string, 'a' | 'b'>;
  /** hex control, one character per map index: 'a' Allied, 's' Soviet (2.1.2) */
  ctl: string;
  u: Record<string, UnitSt>;
  revealed: boolean;
  mask: { n: number; moved: string[] } | null;
  order: { allied?: Order; soviet?: Order; US?: Order; UK?: Order };
  ph: PhaseSt;
  dropped: Record<string, number>;
  /** eliminated Allied units waiting for their recycling roll (6.2.2) */
  recyc: string[];
  exits: Exit[];
  combat: Combat | null;
  result: { winner: Side; reason: string } | null;
}

export type Placement = [unit: string, hex: string];

export type { Command } from './commands';

export type Event =
  | { type: 'created'; scenario: string; options: Options; version: string }
  | { type: 'frontline'; die: number; line: 'elbe' | 'mulde' }
  | { type: 'boundary'; kind: BoundaryKind; hex: string; wrong: Record<string, 'a' | 'b'> }
  | { type: 'step'; step: StepId; turn: number }
  | { type: 'placed'; side: Side; why: 'setup' | 'mask' | 'reinf' | 'recycle' | 'drop'; units: Placement[] }
  | { type: 'revealed'; units: Placement[] }
  | { type: 'mask-rolled'; dice: number[]; n: number }
  | { type: 'order'; side: Side; group?: 'US' | 'UK'; order: Order }
  | { type: 'moved'; units: string[]; path: string[]; cost: number[]; mf: Record<string, number>; stop: boolean }
  | { type: 'exited'; units: string[]; hex: string; side: Side; sup: boolean }
  | { type: 'combat'; combat: Combat | null }
  | { type: 'declared'; attackers: string[]; defenders: string[] }
  | { type: 'bomber'; marker: 'US' | 'UK'; die: number; effect: 'AL1' | number }
  | {
      type: 'resolved';
      attack: number;
      defense: number;
      odds: string;
      row: 'upper' | 'lower';
      column: number;
      shifts: Record<string, number>;
      final: number;
      die: number | null;
      result: string;
      raw?: string;
    }
  | { type: 'loss'; unit: string; oos: boolean; why: string }
  | { type: 'eliminated'; unit: string; oos: boolean; why: string }
  | { type: 'retreated'; moves: Placement[] }
  | { type: 'advanced'; units: string[]; hex: string }
  | { type: 'drawn'; die: number; count: number; units: string[] }
  | { type: 'recycle-roll'; unit: string; die: number; mod: number; box: number | null }
  | { type: 'support-used'; artillery: string[] }
  | { type: 'ready'; commands: string[] }
  | { type: 'ended'; winner: Side; reason: string };

export interface UnitView {
  id: string;
  at: string;
  s: number;
}

export interface View {
  turn: number;
  lastTurn: number;
  step: StepId;
  line: State['line'];
  lineDie: number;
  boundary: State['bnd'];
  control: string;
  units: UnitView[];
  /** face-down Soviet counters the viewer may not identify (3.5.1): hex and count only */
  hidden: { hex: string; count: number }[];
  pool: number;
  combat: Combat | null;
  exits: Exit[];
  order: State['order'];
  mask: State['mask'];
  wrong: State['wrong'];
  result: State['result'];
  options: Options;
  /** movement and combat bookkeeping of the current phase (public: every move and attack is announced) */
  ph: PhaseSt;
  /** 1AAA drops by turn (5.3) */
  dropped: State['dropped'];
}
