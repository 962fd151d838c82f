-- Search keeps guests' answers while its index's version holds (search.service.ts), and the version
-- moves with listings.updated_at. A search card also shows the listing's photos (and whether each is
-- still processing) and its seller's name, type and verified e-mail: a change to those touches the
-- listing too, so it reaches every process's index like a change of the listing itself. Sold
-- listings are left alone: their updated_at is when they sold (the deal rating's window).
CREATE FUNCTION "touch_listings_of_changed_photos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "listings" SET "updated_at" = clock_timestamp()
  WHERE "id" IN (SELECT "listing_id" FROM "changed_photos") AND "status" <> 'sold';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listing_images_touch_listing_on_insert" AFTER INSERT ON "listing_images"
  REFERENCING NEW TABLE AS "changed_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_listings_of_changed_photos"();
--> statement-breakpoint
CREATE TRIGGER "listing_images_touch_listing_on_update" AFTER UPDATE ON "listing_images"
  REFERENCING NEW TABLE AS "changed_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_listings_of_changed_photos"();
--> statement-breakpoint
CREATE TRIGGER "listing_images_touch_listing_on_delete" AFTER DELETE ON "listing_images"
  REFERENCING OLD TABLE AS "changed_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_listings_of_changed_photos"();
--> statement-breakpoint
CREATE FUNCTION "touch_listings_of_changed_seller"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "listings" SET "updated_at" = clock_timestamp()
  WHERE "seller_id" = NEW."id" AND "status" <> 'sold';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_touch_listings" AFTER UPDATE OF "name", "email", "role", "verified_at" ON "users"
  FOR EACH ROW WHEN (
    OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email"
    OR OLD."role" IS DISTINCT FROM NEW."role"
    OR (OLD."verified_at" IS NULL) <> (NEW."verified_at" IS NULL)
  )
  EXECUTE FUNCTION "touch_listings_of_changed_seller"();
