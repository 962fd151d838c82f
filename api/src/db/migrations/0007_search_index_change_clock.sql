-- The search index reads listings changed since its last look, less an allowance for late commits.
-- now() is the transaction's start, which can be long before the write (a transaction waiting on the
-- listing's lock); clock_timestamp() is the moment of the write. New rows get it too.
CREATE OR REPLACE FUNCTION "touch_listing_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" := clock_timestamp();
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "listings_touch_updated_at" ON "listings";--> statement-breakpoint
CREATE TRIGGER "listings_touch_updated_at" BEFORE INSERT OR UPDATE OF
  "status", "title", "description", "price_amount", "make", "model", "year", "trim", "mileage",
  "body_type", "fuel_type", "transmission", "exterior_color", "interior_color", "doors", "condition",
  "title_status", "features", "city_mpg", "highway_mpg", "combined_mpg", "has_warranty",
  "accepts_trade_in", "financing_available", "latitude", "longitude", "seller_id"
  ON "listings" FOR EACH ROW EXECUTE FUNCTION "touch_listing_updated_at"();
