/**
 * Seats: who commands what. A seat belongs to one side and holds some of that side's commands (for EastFront:
 * OKH, an army group, STAVKA, a front, production). One browser may hold several seats (a solo side, or both
 * sides for hot-seat play).
 *
 * Who may change a side's seats (docs/decisions.md, "Seats belong to their side"):
 *   - the game's creator (owner token), as long as nobody has claimed a seat of that side with an invite link
 *     (setting the game up);
 *   - once a seat of a side is claimed, only that side's holders (the creator too, through a seat it holds there): the holder of the side's supreme command (its
 *     first listed command) reorganises the whole side; any other holder hands off only what they hold (moves
 *     their own commands, adds a seat with them, reissues or gives up their own seat).
 * Every change is recorded in seat_changes (listed to everyone with the seats) and announced on SEATS_CHANNEL,
 * so live streams and websocket rooms of a seat that lost its token close at once (server/live.ts, server/yjs).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { seatChanges, seats, type SeatRow } from '../db/schema';
import { AppError } from './errors';
import { hashToken, newToken, type GameService } from './games';

/** NOTIFY channel: payload `<gameId>` whenever a game's seats change (tokens, commands, removals). */
export const SEATS_CHANNEL = 'hexfront_seats';

export interface PublicSeat {
  id: string;
  side: string;
  commands: string[];
  label: string;
  holder: string | null;
  /** Whether an invite link was used to take this seat. */
  claimed: boolean;
}

export interface SeatChange {
  id: number;
  kind: string;
  by: string;
  seatId: string;
  side: string;
  label: string;
  commands: string[];
  at: string;
}

/** What a caller may do to one side's seats. */
interface SideRight {
  /** Reorganise the whole side (creator before any claim, or the holder of the supreme command). */
  full: boolean;
  /** Commands the caller holds on this side (what a non-supreme holder may hand off). */
  held: Set<string>;
  /** The caller's own seats on this side. */
  own: Set<string>;
  /** How the change is signed in the record. */
  by: string;
}

type Tx = Parameters<Parameters<GameService['database']['db']['transaction']>[0]>[0];

export class SeatService {
  constructor(private readonly games: GameService) {}

  private get db() {
    return this.games.database.db;
  }

  async isOwner(gameId: string, tokens: string[]): Promise<boolean> {
    const row = await this.games.game(gameId);
    return Boolean(row.ownerTokenHash) && tokens.some((t) => hashToken(t) === row.ownerTokenHash);
  }

  private async sideDef(gameId: string, side: string) {
    const row = await this.games.game(gameId);
    const roles = this.games.rulesetOf(row).roles(row.scenario);
    const sd = roles.sides.find((s) => s.id === side);
    if (!sd) throw new AppError('BAD_REQUEST', `This game has no side ${side}`);
    return sd;
  }

  private async active(gameId: string, tx?: Tx): Promise<SeatRow[]> {
    return (tx ?? this.db)
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, gameId), isNull(seats.revokedAt)));
  }

  /** The caller's rights over `side`, from its tokens and the side's current seats. */
  private async rightOver(gameId: string, tokens: string[], side: string, all: SeatRow[]): Promise<SideRight> {
    const sd = await this.sideDef(gameId, side);
    const hashes = new Set(tokens.map(hashToken));
    const mine = all.filter((s) => s.side === side && hashes.has(s.tokenHash));
    const held = new Set(mine.flatMap((s) => s.commands));
    const own = new Set(mine.map((s) => s.id));
    const claimed = all.some((s) => s.side === side && s.claimedAt);
    const supreme = sd.commands[0]?.id;
    const label = `${sd.name} (${mine.map((s) => s.label).join(', ')})`;
    if (!claimed) {
      if (await this.isOwner(gameId, tokens)) return { full: true, held, own, by: 'creator' };
    } else if (mine.length) {
      return { full: Boolean(supreme && held.has(supreme)), held, own, by: label };
    }
    throw new AppError(
      'FORBIDDEN',
      claimed
        ? `A seat of side ${sd.name} has been taken: only its own commanders may change its seats`
        : "Only the game's creator or the side's own commanders may change its seats",
    );
  }

  /** Sides whose seats the caller may change (fully or by handing off its own commands). */
  async manageable(gameId: string, tokens: string[]): Promise<string[]> {
    const row = await this.games.game(gameId);
    const all = await this.active(gameId);
    const out: string[] = [];
    for (const sd of this.games.rulesetOf(row).roles(row.scenario).sides) {
      try {
        await this.rightOver(gameId, tokens, sd.id, all);
        out.push(sd.id);
      } catch {
        /* no right over this side */
      }
    }
    return out;
  }

  private async record(
    tx: Tx,
    gameId: string,
    by: string,
    kind: string,
    seat: { id: string; side: string; label: string; commands: string[] },
  ) {
    await tx.insert(seatChanges).values({ gameId, kind, by, seatId: seat.id, side: seat.side, label: seat.label, commands: seat.commands });
  }

  /** Announce a seat change to every instance when the transaction commits. */
  private async announce(tx: Tx, gameId: string) {
    await tx.execute(sql`SELECT pg_notify(${SEATS_CHANNEL}, ${gameId})`);
    // This instance's seat cache is dropped here and again once the change has committed (other instances drop
    // theirs on the notification).
    this.games.forgetSeats(gameId);
  }

  /** Give `commands` to seat `seatId`, taking them from the side's other seats (a command has one holder). */
  async assign(gameId: string, tokens: string[], seatId: string, commands: string[], label?: string): Promise<PublicSeat[]> {
    const all = await this.active(gameId);
    const seat = all.find((s) => s.id === seatId);
    if (!seat) throw new AppError('NOT_FOUND', 'No such seat in this game');
    const right = await this.rightOver(gameId, tokens, seat.side, all);
    const sd = await this.sideDef(gameId, seat.side);
    const bad = commands.filter((c) => !sd.commands.some((x) => x.id === c));
    if (bad.length) throw new AppError('BAD_REQUEST', `Not a command of side ${seat.side}: ${bad.join(', ')}`);
    const next = [...new Set(commands)];
    if (!right.full) {
      const touched = [...next.filter((c) => !seat.commands.includes(c)), ...seat.commands.filter((c) => !next.includes(c))];
      const notMine = touched.filter((c) => !right.held.has(c));
      if (notMine.length)
        throw new AppError(
          'FORBIDDEN',
          `Only the holder of the side's supreme command may move commands you do not hold: ${notMine.join(', ')}`,
        );
      if (label && label !== seat.label && !right.own.has(seat.id))
        throw new AppError('FORBIDDEN', "Only the holder of the side's supreme command may rename another commander's seat");
    }
    await this.db.transaction(async (tx) => {
      for (const other of all) {
        if (other.id === seatId || other.side !== seat.side) continue;
        const kept = other.commands.filter((c) => !next.includes(c));
        if (kept.length !== other.commands.length) {
          await tx.update(seats).set({ commands: kept }).where(eq(seats.id, other.id));
          await this.record(tx, gameId, right.by, 'assign', { ...other, commands: kept });
        }
      }
      await tx
        .update(seats)
        .set({ commands: next, ...(label ? { label } : {}) })
        .where(eq(seats.id, seatId));
      await this.record(tx, gameId, right.by, 'assign', { ...seat, label: label ?? seat.label, commands: next });
      await this.announce(tx, gameId);
    });
    this.games.forgetSeats(gameId);
    return this.list(gameId);
  }

  /** A new seat on `side` holding `commands` (taken from the side's other seats). Returns its invite token. */
  async add(gameId: string, tokens: string[], side: string, commands: string[], label: string) {
    const all = await this.active(gameId);
    const right = await this.rightOver(gameId, tokens, side, all);
    const sd = await this.sideDef(gameId, side);
    const bad = commands.filter((c) => !sd.commands.some((x) => x.id === c));
    if (bad.length) throw new AppError('BAD_REQUEST', `Not a command of side ${side}: ${bad.join(', ')}`);
    const next = [...new Set(commands)];
    if (!right.full && next.some((c) => !right.held.has(c)))
      throw new AppError('FORBIDDEN', "A new seat may only take commands you hold (or ask the side's supreme command)");
    const token = newToken();
    const id = randomUUID();
    await this.db.transaction(async (tx) => {
      await tx.insert(seats).values({ id, gameId, side, commands: next, label, tokenHash: hashToken(token) });
      await this.record(tx, gameId, right.by, 'add', { id, side, label, commands: next });
      for (const other of all) {
        if (other.side !== side) continue;
        const kept = other.commands.filter((c) => !next.includes(c));
        if (kept.length !== other.commands.length) {
          await tx.update(seats).set({ commands: kept }).where(eq(seats.id, other.id));
          await this.record(tx, gameId, right.by, 'assign', { ...other, commands: kept });
        }
      }
      await this.announce(tx, gameId);
    });
    this.games.forgetSeats(gameId);
    const list = await this.list(gameId);
    const seat = list.find((s) => s.id === id);
    if (!seat) throw new AppError('CONFLICT', 'The new seat was removed meanwhile');
    return { seat, token, seats: list };
  }

  /**
   * Invalidate a seat's token and issue a new one (a hand-off, or the answer to a leaked link). Whoever held
   * the old token loses the seat at once: their live streams and rooms are closed.
   */
  async reissue(gameId: string, tokens: string[], seatId: string) {
    const all = await this.active(gameId);
    const seat = all.find((s) => s.id === seatId);
    if (!seat) throw new AppError('NOT_FOUND', 'No such seat in this game');
    const right = await this.rightOver(gameId, tokens, seat.side, all);
    if (!right.full && !right.own.has(seat.id))
      throw new AppError('FORBIDDEN', "Only the side's supreme command may issue a new link for another commander's seat");
    const token = newToken();
    await this.db.transaction(async (tx) => {
      const r = await tx
        .update(seats)
        .set({ tokenHash: hashToken(token), holder: null })
        .where(and(eq(seats.gameId, gameId), eq(seats.id, seatId), isNull(seats.revokedAt)))
        .returning({ id: seats.id });
      if (!r.length) throw new AppError('NOT_FOUND', 'No such seat in this game');
      await this.record(tx, gameId, right.by, 'reissue', seat);
      await this.announce(tx, gameId);
    });
    this.games.forgetSeats(gameId);
    return { token };
  }

  /**
   * Take a seat with its invite token, exactly once: the token is swapped for a fresh one in one conditional
   * update, so of two browsers racing with one link, one gets the seat and the other a CONFLICT (and no token).
   */
  async join(gameId: string, token: string, name?: string) {
    const oldHash = hashToken(token);
    const [seat] = await this.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, gameId), eq(seats.tokenHash, oldHash), isNull(seats.revokedAt)));
    if (!seat) throw new AppError('FORBIDDEN', 'That invite link is not valid for this game (unknown or already used)');
    const fresh = newToken();
    const taken = await this.db.transaction(async (tx) => {
      const r = await tx
        .update(seats)
        .set({ tokenHash: hashToken(fresh), claimedAt: new Date(), ...(name ? { holder: name } : {}) })
        .where(and(eq(seats.id, seat.id), eq(seats.tokenHash, oldHash), isNull(seats.revokedAt)))
        .returning();
      if (!r.length) return null;
      await this.record(tx, gameId, name ? `${name} (invite link)` : 'invite link', 'join', r[0]);
      await this.announce(tx, gameId);
      return r[0];
    });
    this.games.forgetSeats(gameId);
    if (!taken) throw new AppError('CONFLICT', 'Someone else has just used this invite link: ask for a new one');
    return { seat: taken, token: fresh };
  }

  /** Remove a seat: its token stops working; its commands go to another seat of the side, if any. */
  async remove(gameId: string, tokens: string[], seatId: string): Promise<PublicSeat[]> {
    const all = await this.active(gameId);
    const seat = all.find((s) => s.id === seatId);
    if (!seat) throw new AppError('NOT_FOUND', 'No such seat in this game');
    const right = await this.rightOver(gameId, tokens, seat.side, all);
    const heir = all.find((s) => s.side === seat.side && s.id !== seat.id);
    if (!right.full && !(right.own.has(seat.id) && heir))
      throw new AppError('FORBIDDEN', "Only the side's supreme command may remove another commander's seat");
    await this.db.transaction(async (tx) => {
      await tx.update(seats).set({ revokedAt: new Date(), commands: [] }).where(eq(seats.id, seatId));
      await this.record(tx, gameId, right.by, 'remove', { ...seat, commands: [] });
      if (heir) {
        const commands = [...new Set([...heir.commands, ...seat.commands])];
        await tx.update(seats).set({ commands }).where(eq(seats.id, heir.id));
        await this.record(tx, gameId, right.by, 'assign', { ...heir, commands });
      }
      await this.announce(tx, gameId);
    });
    this.games.forgetSeats(gameId);
    return this.list(gameId);
  }

  async list(gameId: string): Promise<PublicSeat[]> {
    const rows = await this.active(gameId);
    return rows
      .map((s) => ({ id: s.id, side: s.side, commands: s.commands, label: s.label, holder: s.holder, claimed: Boolean(s.claimedAt) }))
      .sort((a, b) => a.side.localeCompare(b.side) || a.label.localeCompare(b.label));
  }

  /** The latest seat changes, newest first (public: both sides see the same list). */
  async changes(gameId: string, limit = 100): Promise<SeatChange[]> {
    const rows = await this.db.select().from(seatChanges).where(eq(seatChanges.gameId, gameId)).orderBy(desc(seatChanges.id)).limit(limit);
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      by: r.by,
      seatId: r.seatId,
      side: r.side,
      label: r.label,
      commands: r.commands,
      at: r.at.toISOString(),
    }));
  }
}
