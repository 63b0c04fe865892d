-- Keeps listings.search_vector current: title weighs most, then key features, then description.
-- A trigger rather than a generated column because array_to_string is not immutable.
CREATE OR REPLACE FUNCTION market.listings_search_vector() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', array_to_string(NEW.key_features, ' ')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.description, '')), 'C');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listings_search_vector
BEFORE INSERT OR UPDATE OF title, description, key_features ON market.listings
FOR EACH ROW EXECUTE FUNCTION market.listings_search_vector();
--> statement-breakpoint
UPDATE market.listings SET title = title;
