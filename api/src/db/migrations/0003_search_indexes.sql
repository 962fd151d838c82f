CREATE INDEX "listings_active_make_model_trim_idx" ON "listings" USING btree (lower("make"),lower("model"),lower("trim")) WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_features_idx" ON "listings" USING gin ("features" jsonb_path_ops) WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_exterior_color_idx" ON "listings" USING btree (lower("exterior_color")) WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_interior_color_idx" ON "listings" USING btree (lower("interior_color")) WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_city_mpg_idx" ON "listings" USING btree ("city_mpg") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_highway_mpg_idx" ON "listings" USING btree ("highway_mpg") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_combined_mpg_idx" ON "listings" USING btree ("combined_mpg") WHERE "listings"."status" = 'active';