CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "alerts_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_user_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_unmailed_user_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "listings_alerts_pending_idx" ON "listings" USING btree ("created_at") WHERE "listings"."alerts_checked_at" is null;--> statement-breakpoint
CREATE INDEX "reports_open_first_idx" ON "reports" USING btree (("status" <> 'open'),"created_at" DESC NULLS LAST);--> statement-breakpoint
-- Listings live before alerts existed never alert; drafts still will once they go live.
UPDATE "listings" SET "alerts_checked_at" = now() WHERE "status" <> 'draft';
