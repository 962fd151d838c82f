-- The photos made before the medium size, which the server's backfill reads page by page
-- (api/src/modules/uploads/medium-backfill.ts); empty once it is done.
CREATE INDEX "listing_images_without_medium_idx" ON "listing_images" USING btree ("url") WHERE "listing_images"."medium" is null;