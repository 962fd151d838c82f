CREATE TABLE "listing_tombstones" (
	"listing_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listing_tombstones_deleted_at_idx" ON "listing_tombstones" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "listings_updated_at_idx" ON "listings" USING btree ("updated_at");--> statement-breakpoint
CREATE FUNCTION "record_listing_tombstones"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "listing_tombstones" ("listing_id") SELECT "id" FROM "deleted_listings";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listings_record_tombstones" AFTER DELETE ON "listings"
  REFERENCING OLD TABLE AS "deleted_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_listing_tombstones"();
--> statement-breakpoint
CREATE FUNCTION "touch_listing_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" := now();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listings_touch_updated_at" BEFORE UPDATE OF
  "status", "title", "description", "price_amount", "make", "model", "year", "trim", "mileage",
  "body_type", "fuel_type", "transmission", "exterior_color", "interior_color", "doors", "condition",
  "title_status", "features", "city_mpg", "highway_mpg", "combined_mpg", "has_warranty",
  "accepts_trade_in", "financing_available", "latitude", "longitude", "seller_id"
  ON "listings" FOR EACH ROW EXECUTE FUNCTION "touch_listing_updated_at"();
