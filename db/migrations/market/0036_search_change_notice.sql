-- Tells every instance that what search shows has changed (a listing or its photos), on the
-- PostgreSQL channel roost_changes, so each drops its signed-out search page cache
-- (server/changes/change-feed.ts). A view being counted is no such change.
CREATE OR REPLACE FUNCTION market.announce_search_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'listings'
     AND (to_jsonb(OLD) - 'view_count') = (to_jsonb(NEW) - 'view_count') THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('roost_changes', '{"kind":"search"}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listings_search_change
AFTER INSERT OR UPDATE OR DELETE ON market.listings
FOR EACH ROW EXECUTE FUNCTION market.announce_search_change();
--> statement-breakpoint
CREATE TRIGGER listing_media_search_change
AFTER INSERT OR UPDATE OR DELETE ON market.listing_media
FOR EACH ROW EXECUTE FUNCTION market.announce_search_change();
