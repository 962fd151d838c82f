-- drizzle-kit cannot express extensions, so they come first in their own migration.
-- pg_trgm: fuzzy title/make/model matching; cube + earthdistance: radius search from ZIP coordinates.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
