-- Trip search without reading every match (issue 15). Written by hand, like
-- 20261122170000_trip_search_indexes: Prisma's schema language cannot express expression indexes.
--
-- Every search index now holds every column the search filters on (both ends' coordinates, kind,
-- hidden, deleted, privacy, payment state, owner), so SQLite answers from the index alone and never
-- reads a trip's row to reject it. Two ways through them (repositories/trip-repository.ts):
--   * few matches: the grid-cell indexes collect at most a bounded number of candidates, which are
--     sorted (the total is then exact);
--   * many matches: trips_search_date_idx is walked in date order and the walk stops at the page's
--     LIMIT, whatever the number of matches.
-- repositories/trip-repository.ts writes the same cell expressions (SQLite only uses an expression
-- index for the identical expression), and a test checks the plans use these indexes.
-- If a later migration rebuilds the "trips" table (the RedefineTables step of Prisma), copy these back.

DROP INDEX IF EXISTS "trips_route_cells_idx";
DROP INDEX IF EXISTS "trips_origin_cells_idx";
DROP INDEX IF EXISTS "trips_destination_cells_idx";

-- 0.1° cells (about 11 km × 9 km): origin and destination given, small circles.
CREATE INDEX "trips_route_cells_idx" ON "trips" (
  (CAST(("origin_lat" + 90) * 10 AS INTEGER) * 3600 + CAST(("origin_lng" + 180) * 10 AS INTEGER)),
  (CAST(("destination_lat" + 90) * 10 AS INTEGER) * 3600 + CAST(("destination_lng" + 180) * 10 AS INTEGER)),
  "trip_date", "origin_lat", "origin_lng", "destination_lat", "destination_lng",
  "is_passenger", "hidden", "deleted_at", "friendship_type_id", "state", "user_id"
);

-- 0.5° areas (about 55 km × 45 km): origin and destination given, wide circles (25 km), where the
-- pairs of small cells would be hundreds of index seeks.
CREATE INDEX "trips_route_areas_idx" ON "trips" (
  (CAST(("origin_lat" + 90) * 2 AS INTEGER) * 720 + CAST(("origin_lng" + 180) * 2 AS INTEGER)),
  (CAST(("destination_lat" + 90) * 2 AS INTEGER) * 720 + CAST(("destination_lng" + 180) * 2 AS INTEGER)),
  "trip_date", "origin_lat", "origin_lng", "destination_lat", "destination_lng",
  "is_passenger", "hidden", "deleted_at", "friendship_type_id", "state", "user_id"
);

-- Only the origin given.
CREATE INDEX "trips_origin_cells_idx" ON "trips" (
  (CAST(("origin_lat" + 90) * 10 AS INTEGER) * 3600 + CAST(("origin_lng" + 180) * 10 AS INTEGER)),
  "trip_date", "origin_lat", "origin_lng", "destination_lat", "destination_lng",
  "is_passenger", "hidden", "deleted_at", "friendship_type_id", "state", "user_id"
);

-- Only the destination given.
CREATE INDEX "trips_destination_cells_idx" ON "trips" (
  (CAST(("destination_lat" + 90) * 10 AS INTEGER) * 3600 + CAST(("destination_lng" + 180) * 10 AS INTEGER)),
  "trip_date", "origin_lat", "origin_lng", "destination_lat", "destination_lng",
  "is_passenger", "hidden", "deleted_at", "friendship_type_id", "state", "user_id"
);

-- Date order first: the walk of a search with many matches (and of the listings without places).
CREATE INDEX "trips_search_date_idx" ON "trips" (
  "trip_date", "is_passenger", "hidden", "deleted_at", "friendship_type_id", "state", "user_id",
  "origin_lat", "origin_lng", "destination_lat", "destination_lng"
);
