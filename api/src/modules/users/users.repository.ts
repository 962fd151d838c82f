import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export interface ProfileUpdate {
  name: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  emailNewListings: boolean;
  emailSavedSearches: boolean;
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  /** Creates the account on first verification, or marks an existing one verified. */
  async upsertVerified(email: string): Promise<UserRow> {
    const [row] = await this.db
      .insert(users)
      .values({ email, verifiedAt: sql`now()` })
      .onConflictDoUpdate({
        target: users.email,
        set: { verifiedAt: sql`coalesce(${users.verifiedAt}, now())` },
      })
      .returning();
    return row!;
  }

  async updateProfile(id: string, profile: ProfileUpdate): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...profile, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row;
  }
}
