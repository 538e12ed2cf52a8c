/**
 * Seats: who commands what. A seat belongs to one side and holds some of that side's commands (for EastFront:
 * OKH, an army group, STAVKA, a front, production). One browser may hold several seats (a solo side, or both
 * sides for hot-seat play). The game's owner (its creator) assigns, reassigns and revokes seats.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { seats } from '../db/schema';
import { AppError } from './errors';
import { hashToken, newToken, type GameService } from './games';

export interface PublicSeat {
  id: string;
  side: string;
  commands: string[];
  label: string;
  holder: string | null;
}

export class SeatService {
  constructor(private readonly games: GameService) {}

  private get db() {
    return this.games.database.db;
  }

  async isOwner(gameId: string, tokens: string[]): Promise<boolean> {
    const row = await this.games.game(gameId);
    return Boolean(row.ownerTokenHash) && tokens.some((t) => hashToken(t) === row.ownerTokenHash);
  }

  async requireOwner(gameId: string, tokens: string[]) {
    if (!(await this.isOwner(gameId, tokens))) {
      throw new AppError('FORBIDDEN', "Only the game's creator may change seats");
    }
  }

  private async sideCommands(gameId: string, side: string): Promise<string[]> {
    const row = await this.games.game(gameId);
    const roles = this.games.rulesetOf(row).roles(row.scenario);
    const sd = roles.sides.find((s) => s.id === side);
    if (!sd) throw new AppError('BAD_REQUEST', `This game has no side ${side}`);
    return sd.commands.map((c) => c.id);
  }

  private async active(gameId: string) {
    return this.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, gameId), isNull(seats.revokedAt)));
  }

  /** Give `commands` to seat `seatId`, taking them from the side's other seats (a command has one holder). */
  async assign(gameId: string, seatId: string, commands: string[], label?: string): Promise<PublicSeat[]> {
    const all = await this.active(gameId);
    const seat = all.find((s) => s.id === seatId);
    if (!seat) throw new AppError('NOT_FOUND', 'No such seat in this game');
    const valid = await this.sideCommands(gameId, seat.side);
    const bad = commands.filter((c) => !valid.includes(c));
    if (bad.length) throw new AppError('BAD_REQUEST', `Not a command of side ${seat.side}: ${bad.join(', ')}`);
    await this.db.transaction(async (tx) => {
      for (const other of all) {
        if (other.id === seatId || other.side !== seat.side) continue;
        const kept = other.commands.filter((c) => !commands.includes(c));
        if (kept.length !== other.commands.length) await tx.update(seats).set({ commands: kept }).where(eq(seats.id, other.id));
      }
      await tx
        .update(seats)
        .set({ commands: [...new Set(commands)], ...(label ? { label } : {}) })
        .where(eq(seats.id, seatId));
    });
    return this.list(gameId);
  }

  /** A new seat on `side` holding `commands` (taken from the side's other seats). Returns its invite token. */
  async add(gameId: string, side: string, commands: string[], label: string) {
    await this.sideCommands(gameId, side);
    const token = newToken();
    const id = randomUUID();
    await this.db.insert(seats).values({ id, gameId, side, commands: [], label, tokenHash: hashToken(token) });
    const list = await this.assign(gameId, id, commands, label);
    return { seat: list.find((s) => s.id === id)!, token, seats: list };
  }

  /**
   * Invalidate a seat's token and issue a new one: the owner's hand-off or answer to a leaked link, and every
   * join (an invite link is claimed once). Whoever held the old token loses the seat at once.
   */
  async reissue(gameId: string, seatId: string) {
    const token = newToken();
    const r = await this.db
      .update(seats)
      .set({ tokenHash: hashToken(token), holder: null })
      .where(and(eq(seats.gameId, gameId), eq(seats.id, seatId), isNull(seats.revokedAt)))
      .returning({ id: seats.id });
    if (!r.length) throw new AppError('NOT_FOUND', 'No such seat in this game');
    return { token };
  }

  /** Remove a seat: its token stops working; its commands go to another seat of the side, if any. */
  async remove(gameId: string, seatId: string): Promise<PublicSeat[]> {
    const all = await this.active(gameId);
    const seat = all.find((s) => s.id === seatId);
    if (!seat) throw new AppError('NOT_FOUND', 'No such seat in this game');
    const heir = all.find((s) => s.side === seat.side && s.id !== seat.id);
    await this.db.transaction(async (tx) => {
      await tx.update(seats).set({ revokedAt: new Date(), commands: [] }).where(eq(seats.id, seatId));
      if (heir)
        await tx
          .update(seats)
          .set({ commands: [...new Set([...heir.commands, ...seat.commands])] })
          .where(eq(seats.id, heir.id));
    });
    return this.list(gameId);
  }

  /** Record the display name of whoever took a seat. */
  async setHolder(gameId: string, seatIds: string[], name: string) {
    for (const id of seatIds)
      await this.db
        .update(seats)
        .set({ holder: name })
        .where(and(eq(seats.gameId, gameId), eq(seats.id, id)));
  }

  async list(gameId: string): Promise<PublicSeat[]> {
    const rows = await this.active(gameId);
    return rows
      .map((s) => ({ id: s.id, side: s.side, commands: s.commands, label: s.label, holder: s.holder }))
      .sort((a, b) => a.side.localeCompare(b.side) || a.label.localeCompare(b.label));
  }
}
