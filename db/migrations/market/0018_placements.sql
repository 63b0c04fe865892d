CREATE INDEX "upgrades_bump_listing_idx" ON "market"."upgrades" USING btree ("listing_id","last_used_at") WHERE "market"."upgrades"."kind" = 'bump';--> statement-breakpoint
CREATE INDEX "upgrades_bump_used_idx" ON "market"."upgrades" USING btree ("last_used_at","listing_id") WHERE "market"."upgrades"."kind" = 'bump';--> statement-breakpoint
-- Hand-written: a bump puts a listing back at the top of 'Newest first' (docs/search.md, 'Paid
-- upgrades in search'). The search table's published_at is the date 'Newest first' sorts by: the
-- first publication, or the latest bump when later. The listing's own published_at (on cards and
-- the listing page) never changes. Kept in step from both sides: when a bump is spent (trigger on
-- upgrades) and whenever sync_listing_search rewrites the row (this trigger fires after
-- listing_search_sync: triggers on one event fire in name order).
CREATE FUNCTION market.listing_search_bumped(listing bigint) RETURNS void
LANGUAGE sql AS $$
  UPDATE market.listing_search AS s SET published_at = b.bumped_at
  FROM (SELECT max(u.last_used_at) AS bumped_at FROM market.upgrades AS u
        WHERE u.kind = 'bump' AND u.listing_id = listing AND u.last_used_at IS NOT NULL) AS b
  WHERE s.listing_id = listing AND b.bumped_at > s.published_at
$$;--> statement-breakpoint
CREATE FUNCTION market.sync_listing_search_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'upgrades' THEN
    IF NEW.kind = 'bump' AND NEW.listing_id IS NOT NULL AND NEW.last_used_at IS NOT NULL THEN
      PERFORM market.listing_search_bumped(NEW.listing_id);
    END IF;
  ELSE
    PERFORM market.listing_search_bumped(NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listing_search_sync_bump
AFTER INSERT OR UPDATE ON market.listings
FOR EACH ROW EXECUTE FUNCTION market.sync_listing_search_bump();--> statement-breakpoint
CREATE TRIGGER upgrades_bump_search
AFTER INSERT OR UPDATE OF last_used_at ON market.upgrades
FOR EACH ROW EXECUTE FUNCTION market.sync_listing_search_bump();
