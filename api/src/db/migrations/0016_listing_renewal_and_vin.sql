ALTER TABLE "listings" ADD COLUMN "renewed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Listings so far count from when they were made.
UPDATE "listings" SET "renewed_at" = "created_at";--> statement-breakpoint
-- Search leaves out listings not renewed for 60 days and filters "Verified" listings by their VIN:
-- a renewal or a VIN edit must reach every process's search index like any searched column (0007).
DROP TRIGGER "listings_touch_updated_at" ON "listings";--> statement-breakpoint
CREATE TRIGGER "listings_touch_updated_at" BEFORE INSERT OR UPDATE OF
  "status", "title", "description", "price_amount", "make", "model", "year", "trim", "mileage",
  "body_type", "fuel_type", "transmission", "exterior_color", "interior_color", "doors", "condition",
  "title_status", "features", "city_mpg", "highway_mpg", "combined_mpg", "has_warranty",
  "accepts_trade_in", "financing_available", "latitude", "longitude", "seller_id", "hidden_at",
  "vin", "renewed_at"
  ON "listings" FOR EACH ROW EXECUTE FUNCTION "touch_listing_updated_at"();
