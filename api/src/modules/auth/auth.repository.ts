import { and, eq, gt, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oneTimeCodes, refreshTokens } from '../../db/schema.js';

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

export type NewRefreshToken = Pick<
  typeof refreshTokens.$inferInsert,
  'userId' | 'familyId' | 'tokenHash' | 'expiresAt'
>;

export interface IssuedCode {
  email: string;
  codeHash: string | null;
  purpose: CodePurpose;
  expiresAt: Date;
  sentAt: Date;
  /** A new code may replace this row only when the previous one was sent at or before this time. */
  resendAllowedBefore: Date;
}

export class AuthRepository {
  constructor(private readonly db: Db) {}

  async findCode(email: string) {
    const [row] = await this.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
    return row;
  }

  /**
   * Stores a new code for the email, replacing the previous one, unless the previous one is too
   * recent. Atomic, so two simultaneous requests cannot both send. Returns false when throttled.
   */
  async replaceCode(code: IssuedCode): Promise<boolean> {
    const values = {
      email: code.email,
      codeHash: code.codeHash,
      purpose: code.purpose,
      attempts: 0,
      expiresAt: code.expiresAt,
      lastSentAt: code.sentAt,
      consumedAt: null,
    };
    const rows = await this.db
      .insert(oneTimeCodes)
      .values(values)
      .onConflictDoUpdate({
        target: oneTimeCodes.email,
        set: values,
        setWhere: lte(oneTimeCodes.lastSentAt, code.resendAllowedBefore),
      })
      .returning({ email: oneTimeCodes.email });
    return rows.length > 0;
  }

  async deleteCode(email: string): Promise<void> {
    await this.db.delete(oneTimeCodes).where(eq(oneTimeCodes.email, email));
  }

  /**
   * Spends one attempt on the email's live code and returns it, or nothing when there is no live
   * code (none, consumed, expired or out of attempts). Counting before comparing keeps parallel
   * guesses within the limit.
   */
  async spendAttempt(email: string, now: Date, maxAttempts: number) {
    const [row] = await this.db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(
        and(
          eq(oneTimeCodes.email, email),
          isNotNull(oneTimeCodes.codeHash),
          isNull(oneTimeCodes.consumedAt),
          gt(oneTimeCodes.expiresAt, now),
          lt(oneTimeCodes.attempts, maxAttempts),
        ),
      )
      .returning({ codeHash: oneTimeCodes.codeHash });
    return row;
  }

  /** Marks the code used; false if a parallel request used or replaced it first. */
  async consumeCode(email: string, codeHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oneTimeCodes.email, email),
          eq(oneTimeCodes.codeHash, codeHash),
          isNull(oneTimeCodes.consumedAt),
        ),
      )
      .returning({ email: oneTimeCodes.email });
    return rows.length > 0;
  }

  async insertRefreshToken(token: NewRefreshToken): Promise<void> {
    await this.db.insert(refreshTokens).values(token);
  }

  /** Reads a stored token and locks its row until the surrounding transaction ends. */
  async findRefreshTokenForUpdate(tokenHash: string) {
    const [row] = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update');
    return row;
  }

  /** Stores the next token of the family and retires the presented one. */
  async rotateRefreshToken(presentedId: string, next: NewRefreshToken, now: Date): Promise<void> {
    const [inserted] = await this.db.insert(refreshTokens).values(next).returning({ id: refreshTokens.id });
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: now, replacedBy: inserted!.id })
      .where(eq(refreshTokens.id, presentedId));
  }

  async revokeRefreshTokenFamily(familyId: string, now: Date): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async revokeRefreshToken(tokenHash: string, now: Date): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.revokedAt)));
  }

  /** Runs `work` with a repository bound to one transaction. */
  transaction<T>(work: (repository: AuthRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AuthRepository(tx as unknown as Db)));
  }
}
