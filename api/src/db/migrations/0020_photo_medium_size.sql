-- A photo's 800 px size, between the 1600 px display file and the 400 px thumbnail: what a phone's
-- listing page and a card on a sharp screen pick from their srcset. Photos made before it have none.
ALTER TABLE "listing_images" ADD COLUMN "medium" text;
