ALTER TABLE "market"."listing_search" ADD COLUMN "featured_until" timestamp with time zone;--> statement-breakpoint
-- Featured homes only: small, and covering the filters like the channel earth indexes (0012).
CREATE INDEX "listing_search_featured_earth_idx" ON "market"."listing_search" USING gist ("earth")
  INCLUDE ("listing_id", "channel", "status", "property_type", "monthly_price", "bedrooms",
    "floor_area_sq_ft", "furnished", "let_type", "features", "published_at", "town", "outcode",
    "featured_until")
  WHERE "market"."listing_search"."featured_until" is not null;--> statement-breakpoint
CREATE INDEX "listing_search_featured_idx" ON "market"."listing_search" USING btree ("channel","featured_until")
  INCLUDE ("listing_id", "earth", "status", "property_type", "monthly_price", "bedrooms",
    "floor_area_sq_ft", "furnished", "let_type", "features", "published_at", "town", "outcode")
  WHERE "market"."listing_search"."featured_until" is not null;--> statement-breakpoint
CREATE INDEX "upgrades_bump_listing_idx" ON "market"."upgrades" USING btree ("listing_id","last_used_at") WHERE "market"."upgrades"."kind" = 'bump';--> statement-breakpoint
CREATE INDEX "upgrades_bump_used_idx" ON "market"."upgrades" USING btree ("last_used_at","listing_id") WHERE "market"."upgrades"."kind" = 'bump';--> statement-breakpoint
-- Hand-written: paid upgrades in the search table (docs/search.md, 'Paid upgrades in search').
-- published_at is the date 'Newest first' sorts by: the first publication, or the latest bump
-- when later (the listing's own published_at, on cards and its page, never changes).
-- featured_until is when its Featured placement ends (null: none, or ended early).
-- Kept in step from both sides: whenever an upgrade is written, and after sync_listing_search
-- rewrites the row (this trigger fires after listing_search_sync: same event, name order).
CREATE FUNCTION market.listing_search_placements(listing bigint) RETURNS void
LANGUAGE sql AS $$
  UPDATE market.listing_search AS s SET
    published_at = greatest(s.published_at, coalesce(p.bumped_at, s.published_at)),
    featured_until = p.featured_until
  FROM (SELECT
      (SELECT max(u.last_used_at) FROM market.upgrades AS u
        WHERE u.kind = 'bump' AND u.listing_id = listing) AS bumped_at,
      (SELECT max(u.ends_at) FROM market.upgrades AS u
        WHERE u.kind = 'featured' AND u.listing_id = listing AND u.ended_early_at IS NULL)
        AS featured_until) AS p
  WHERE s.listing_id = listing
    AND (p.bumped_at > s.published_at OR s.featured_until IS DISTINCT FROM p.featured_until)
$$;--> statement-breakpoint
CREATE FUNCTION market.sync_listing_search_placements() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'listings' THEN
    PERFORM market.listing_search_placements(NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.listing_id IS NOT NULL THEN PERFORM market.listing_search_placements(OLD.listing_id); END IF;
  ELSIF NEW.listing_id IS NOT NULL AND NEW.kind IN ('bump', 'featured') THEN
    PERFORM market.listing_search_placements(NEW.listing_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listing_search_sync_placements
AFTER INSERT OR UPDATE ON market.listings
FOR EACH ROW EXECUTE FUNCTION market.sync_listing_search_placements();--> statement-breakpoint
CREATE TRIGGER upgrades_search_placements
AFTER INSERT OR UPDATE OR DELETE ON market.upgrades
FOR EACH ROW EXECUTE FUNCTION market.sync_listing_search_placements();
