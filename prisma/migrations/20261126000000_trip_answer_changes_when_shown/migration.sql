-- The users' and cars' answer triggers (migration 20261125000000_trip_answer_changes) log a
-- user's or car's trips only when a field the trip answers show really changed. Before, every
-- UPDATE naming one of those columns logged all of them even when it wrote the same values (a
-- profile saved unchanged, the ratings job's recount of a user whose counts stayed the same): for
-- a driver with many trips, that dropped all of their kept answers for nothing.

DROP TRIGGER "users_answer_updated";

CREATE TRIGGER "users_answer_updated" AFTER UPDATE OF
  "id", "name", "image", "positive_ratings", "negative_ratings", "autoaccept_requests", "driver_is_verified",
  "last_connection", "data_visibility", "email"
ON "users"
WHEN OLD."id" IS NOT NEW."id" OR OLD."name" IS NOT NEW."name" OR OLD."image" IS NOT NEW."image"
  OR OLD."positive_ratings" IS NOT NEW."positive_ratings" OR OLD."negative_ratings" IS NOT NEW."negative_ratings"
  OR OLD."autoaccept_requests" IS NOT NEW."autoaccept_requests" OR OLD."driver_is_verified" IS NOT NEW."driver_is_verified"
  OR OLD."last_connection" IS NOT NEW."last_connection" OR OLD."data_visibility" IS NOT NEW."data_visibility"
  OR OLD."email" IS NOT NEW."email"
BEGIN
  INSERT INTO "trip_answer_changes" ("trip_id")
    SELECT "id" FROM "trips" WHERE "user_id" = OLD."id"
    UNION SELECT "trip_id" FROM "trip_passengers" WHERE "user_id" = OLD."id";
END;

DROP TRIGGER "cars_answer_updated";

CREATE TRIGGER "cars_answer_updated" AFTER UPDATE OF "id", "patente", "description" ON "cars"
WHEN OLD."id" IS NOT NEW."id" OR OLD."patente" IS NOT NEW."patente" OR OLD."description" IS NOT NEW."description"
BEGIN
  INSERT INTO "trip_answer_changes" ("trip_id") SELECT "id" FROM "trips" WHERE "car_id" = OLD."id";
END;
