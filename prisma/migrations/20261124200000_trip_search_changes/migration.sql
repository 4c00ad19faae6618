-- The change log of the trip search index in memory (issue 15, repositories/trip-search-index.ts).
-- Triggers append the id of every trip whose searchable columns change, whoever writes (Prisma, a
-- seed, a test control, another process): the index reads the ids appended since it last looked and
-- reloads those trips, instead of trusting the app to tell it. Written by hand: Prisma's schema
-- language has no triggers (the table itself is the model TripSearchChange).
-- If a later migration rebuilds the "trips" table (the RedefineTables step of Prisma), copy these back.

CREATE TABLE "trip_search_changes" (
    "seq" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "trip_id" INTEGER NOT NULL
);

CREATE TRIGGER "trips_search_inserted" AFTER INSERT ON "trips"
BEGIN
  INSERT INTO "trip_search_changes" ("trip_id") VALUES (NEW."id");
END;

-- Only the columns the search reads: seat counts, texts and prices leave the log alone.
CREATE TRIGGER "trips_search_updated" AFTER UPDATE OF
  "id", "trip_date", "user_id", "is_passenger", "hidden", "friendship_type_id", "state",
  "origin_lat", "origin_lng", "destination_lat", "destination_lng", "deleted_at"
ON "trips"
BEGIN
  INSERT INTO "trip_search_changes" ("trip_id") VALUES (OLD."id");
  INSERT INTO "trip_search_changes" ("trip_id") SELECT NEW."id" WHERE NEW."id" <> OLD."id";
END;

CREATE TRIGGER "trips_search_deleted" AFTER DELETE ON "trips"
BEGIN
  INSERT INTO "trip_search_changes" ("trip_id") VALUES (OLD."id");
END;
