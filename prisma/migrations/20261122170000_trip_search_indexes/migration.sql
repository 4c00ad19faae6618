-- Trip search indexes (issue 4). Written by hand: the Prisma schema language cannot express
-- expression indexes, so these live only here (`prisma migrate diff` neither sees nor drops them).
--
-- The origin and destination fall in cells of a 0.1° grid (about 11 km × 9 km in Argentina):
--   cell = CAST((lat + 90) * 10 AS INTEGER) * 3600 + CAST((lng + 180) * 10 AS INTEGER)
-- A search turns each searched circle into the few cells its bounding box touches and asks for
-- `cell IN (...)` plus the date range, so SQLite seeks straight to the matching trips: the work
-- depends on the trips near the searched places and dates, not on the size of the table.
-- repositories/trip-repository.ts writes the same expressions (SQLite only uses an expression
-- index for the identical expression), and a test checks the plan uses these indexes.
-- If a later migration rebuilds the "trips" table (the RedefineTables step of Prisma), copy these back.

-- Origin and destination given (the most common search).
CREATE INDEX "trips_route_cells_idx" ON "trips" (
  (CAST(("origin_lat" + 90) * 10 AS INTEGER) * 3600 + CAST(("origin_lng" + 180) * 10 AS INTEGER)),
  (CAST(("destination_lat" + 90) * 10 AS INTEGER) * 3600 + CAST(("destination_lng" + 180) * 10 AS INTEGER)),
  "trip_date"
);

-- Only the origin given.
CREATE INDEX "trips_origin_cells_idx" ON "trips" (
  (CAST(("origin_lat" + 90) * 10 AS INTEGER) * 3600 + CAST(("origin_lng" + 180) * 10 AS INTEGER)),
  "trip_date"
);

-- Only the destination given.
CREATE INDEX "trips_destination_cells_idx" ON "trips" (
  (CAST(("destination_lat" + 90) * 10 AS INTEGER) * 3600 + CAST(("destination_lng" + 180) * 10 AS INTEGER)),
  "trip_date"
);

-- The search without places (the home list, newest trips first): declared in schema.prisma, it
-- covers every column the listing filters on, so counting the matches reads the index alone.
CREATE INDEX "trips_listing_idx" ON "trips"("is_passenger", "trip_date", "hidden", "friendship_type_id", "state", "deleted_at", "user_id");
