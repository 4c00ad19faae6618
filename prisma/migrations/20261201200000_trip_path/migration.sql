-- The provider's trips.path (issue 38): the node ids of a trip's points in order, '.12.45.78.'
-- (TripRepository::generateTripPath), which a search by place ids matches (origin before
-- destination at any stop). Written by the app with the points (repositories/trip-repository.ts)
-- and by the seed; filled here from the points of the trips already stored.

ALTER TABLE "trips" ADD COLUMN "path" TEXT;

UPDATE "trips" SET "path" = (
  SELECT '.' || group_concat("node_id", '.') || '.' FROM (
    SELECT "node_id" FROM "trips_points" p
    WHERE p."trip_id" = "trips"."id" AND p."node_id" GLOB '[1-9]*' AND NOT p."node_id" GLOB '*[^0-9]*'
    ORDER BY p."position", p."id"
  )
);

-- The search index in memory reads path: its change log (20261124200000_trip_search_changes) now
-- takes writes of it too.
DROP TRIGGER "trips_search_updated";
CREATE TRIGGER "trips_search_updated" AFTER UPDATE OF
  "id", "trip_date", "user_id", "is_passenger", "hidden", "friendship_type_id", "state",
  "origin_lat", "origin_lng", "destination_lat", "destination_lng", "deleted_at", "path"
ON "trips"
BEGIN
  INSERT INTO "trip_search_changes" ("trip_id") VALUES (OLD."id");
  INSERT INTO "trip_search_changes" ("trip_id") SELECT NEW."id" WHERE NEW."id" <> OLD."id";
END;
