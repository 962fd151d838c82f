DROP INDEX "listings_status_year_idx";--> statement-breakpoint
DROP INDEX "listings_status_mileage_idx";--> statement-breakpoint
DROP INDEX "listings_earth_idx";--> statement-breakpoint
DROP INDEX "listings_active_make_model_trim_idx";--> statement-breakpoint
DROP INDEX "listings_active_features_idx";--> statement-breakpoint
DROP INDEX "listings_active_exterior_color_idx";--> statement-breakpoint
DROP INDEX "listings_active_interior_color_idx";--> statement-breakpoint
DROP INDEX "listings_active_city_mpg_idx";--> statement-breakpoint
DROP INDEX "listings_active_highway_mpg_idx";--> statement-breakpoint
DROP INDEX "listings_active_combined_mpg_idx";