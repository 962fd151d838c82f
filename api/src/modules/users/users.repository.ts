import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { noListingChanges, type ListingChanges } from '../listings/listing-page-cache.js';

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
  constructor(
    private readonly db: Db,
    private readonly changes: ListingChanges = noListingChanges,
  ) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  /** Creates the account on first verification, or marks an existing one verified. */
  /** The account of a verified code, made on its first sign-in; every call counts one sign-in. */
  async upsertVerified(email: string): Promise<UserRow> {
    const [row] = await this.db
      .insert(users)
      .values({ email, verifiedAt: sql`now()`, signIns: 1 })
      .onConflictDoUpdate({
        target: users.email,
        set: { verifiedAt: sql`coalesce(${users.verifiedAt}, now())`, signIns: sql`${users.signIns} + 1` },
      })
      .returning();
    // Their listings are marked verified once the seller's address is.
    this.changes.sellerChanged(row!.id);
    return row!;
  }

  async updateProfile(id: string, profile: ProfileUpdate): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...profile, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    // The seller's name is on their listings' pages.
    this.changes.sellerChanged(id);
    return row;
  }

  async updateName(id: string, name: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ name, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    this.changes.sellerChanged(id);
    return row;
  }

  /** Sets the operator flag; false when no account has that address. */
  async setAdmin(email: string, isAdmin: boolean): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ isAdmin, updatedAt: sql`now()` })
      .where(eq(users.email, email.toLowerCase()))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  async listAdmins(): Promise<string[]> {
    const rows = await this.db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));
    return rows.map((row) => row.email);
  }
}
