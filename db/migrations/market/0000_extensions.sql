-- Extensions Roost relies on: cube + earthdistance for radius search, pg_trgm for place
-- autocomplete. All three are trusted, so a database owner may create them.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
