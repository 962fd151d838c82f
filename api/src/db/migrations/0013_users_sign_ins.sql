ALTER TABLE "users" ADD COLUMN "sign_ins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Accounts that exist already have signed in at least once: they are greeted as returning users.
UPDATE "users" SET "sign_ins" = 1 WHERE "verified_at" IS NOT NULL;
