-- The change log of the trip answers kept in memory (issue 15, services/trip-service.ts).
-- A trip's answer (GET /api/trips, GET /api/trips/{id}) is built from its row, its points, its
-- requests and passengers, its owner's and passengers' public fields, its car and its return trip.
-- Triggers append the id of every trip whose answer one of those writes changes, whoever writes
-- (Prisma, a seed, a test control, another process); the server drops only those trips from its
-- kept answers when the database's data version moves, instead of all of them on every write.
-- The log keeps its last 100,000 changes (a reader further behind reads everything again).
-- Written by hand: Prisma's schema language has no triggers (the table itself is the model
-- TripAnswerChange). If a later migration rebuilds one of these tables (Prisma's RedefineTables
-- step), copy its triggers back.

CREATE TABLE "trip_answer_changes" (
    "seq" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "trip_id" INTEGER NOT NULL
);

CREATE TRIGGER "trip_answer_changes_pruned" AFTER INSERT ON "trip_answer_changes"
WHEN NEW."seq" % 10000 = 0
BEGIN
  DELETE FROM "trip_answer_changes" WHERE "seq" <= NEW."seq" - 100000;
END;

-- The trip itself, and the trip it is the return of (whose answer shows its return_trip).
CREATE TRIGGER "trips_answer_inserted" AFTER INSERT ON "trips"
BEGIN
  INSERT INTO "trip_answer_changes" ("trip_id") VALUES (NEW."id");
  INSERT INTO "trip_answer_changes" ("trip_id") SELECT NEW."parent_trip_id" WHERE NEW."parent_trip_id" IS NOT NULL;
END;

CREATE TRIGGER "trips_answer_updated" AFTER UPDATE ON "trips"
BEGIN
  INSERT INTO "trip_answer_changes" ("trip_id") VALUES (OLD."id");
  INSERT INTO "trip_answer_changes" ("trip_id") SELECT NEW."id" WHERE NEW."id" <> OLD."id";
  INSERT INTO "trip_answer_changes" ("trip_id") SELECT OLD."parent_trip_id" WHERE OLD."parent_trip_id" IS NOT NULL;
  INSERT INTO "trip_answer_changes" ("trip_id")
    SELECT NEW."parent_trip_id" WHERE NEW."parent_trip_id" IS NOT NULL AND NEW."parent_trip_id" IS NOT OLD."parent_trip_id";
END;

CREATE TRIGGER "trips_answer_deleted" AFTER DELETE ON "trips"
BEGIN
  INSERT INTO "trip_answer_changes" ("trip_id") VALUES (OLD."id");
  INSERT INTO "trip_answer_changes" ("trip_id") SELECT OLD."parent_trip_id" WHERE OLD."parent_trip_id" IS NOT NULL;
END;

-- Its points.
CREATE TRIGGER "trips_points_answer_inserted" AFTER INSERT ON "trips_points"
BEGIN
  INSERT INTO "trip_answer_changes" ("trip_id") VALUES (NEW."trip_id");
END;

CREATE TRIGGER "trips_points_answer_updated" AFTER UPDATE ON "trips_points"
BEGIN
  INSERT INTO "trip_answer_changes" ("trip_id") VALUES (OLD."trip_id");
  INSERT INTO "trip_answer_changes" ("trip_id") SELECT NEW."trip_id" WHERE NEW."trip_id" <> OLD."trip_id";
END;

CREATE TRIGGER "trips_points_answer_deleted" AFTER DELETE ON "trips_points"
BEGIN
  INSERT INTO "trip_answer_changes" ("trip_id") VALUES (OLD."trip_id");
END;

-- Its requests (counts, passengers, allPassengerRequest, request).
CREATE TRIGGER "trip_passengers_answer_inserted" AFTER INSERT ON "trip_passengers"
BEGIN
  INSERT INTO "trip_answer_changes" ("trip_id") VALUES (NEW."trip_id");
END;

CREATE TRIGGER "trip_passengers_answer_updated" AFTER UPDATE ON "trip_passengers"
BEGIN
  INSERT INTO "trip_answer_changes" ("trip_id") VALUES (OLD."trip_id");
  INSERT INTO "trip_answer_changes" ("trip_id") SELECT NEW."trip_id" WHERE NEW."trip_id" <> OLD."trip_id";
END;

CREATE TRIGGER "trip_passengers_answer_deleted" AFTER DELETE ON "trip_passengers"
BEGIN
  INSERT INTO "trip_answer_changes" ("trip_id") VALUES (OLD."trip_id");
END;

-- A user's fields that trip answers show (the owner's user, the passengers, the requests' e-mail,
-- data_visibility for the car): every trip they own or asked to travel on.
CREATE TRIGGER "users_answer_updated" AFTER UPDATE OF
  "id", "name", "image", "positive_ratings", "negative_ratings", "autoaccept_requests", "driver_is_verified",
  "last_connection", "data_visibility", "email"
ON "users"
BEGIN
  INSERT INTO "trip_answer_changes" ("trip_id")
    SELECT "id" FROM "trips" WHERE "user_id" = OLD."id"
    UNION SELECT "trip_id" FROM "trip_passengers" WHERE "user_id" = OLD."id";
END;

-- The car a trip shows (a deleted car sets the trips' car_id to null: their own trigger logs them).
CREATE TRIGGER "cars_answer_updated" AFTER UPDATE OF "id", "patente", "description" ON "cars"
BEGIN
  INSERT INTO "trip_answer_changes" ("trip_id") SELECT "id" FROM "trips" WHERE "car_id" = OLD."id";
END;
