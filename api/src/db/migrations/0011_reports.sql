CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"listing_id" uuid,
	"message_id" uuid,
	"target_type" text NOT NULL,
	"excerpt" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "reports_status_valid" CHECK ("reports"."status" in ('open', 'upheld', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_listing_key" ON "reports" USING btree ("reporter_id","listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_message_key" ON "reports" USING btree ("reporter_id","message_id");--> statement-breakpoint
CREATE INDEX "reports_listing_idx" ON "reports" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
-- Hiding or restoring a listing is a change the search index must see: updated_at follows hidden_at.
DROP TRIGGER "listings_touch_updated_at" ON "listings";--> statement-breakpoint
CREATE TRIGGER "listings_touch_updated_at" BEFORE INSERT OR UPDATE OF
  "status", "title", "description", "price_amount", "make", "model", "year", "trim", "mileage",
  "body_type", "fuel_type", "transmission", "exterior_color", "interior_color", "doors", "condition",
  "title_status", "features", "city_mpg", "highway_mpg", "combined_mpg", "has_warranty",
  "accepts_trade_in", "financing_available", "latitude", "longitude", "seller_id", "hidden_at"
  ON "listings" FOR EACH ROW EXECUTE FUNCTION "touch_listing_updated_at"();
