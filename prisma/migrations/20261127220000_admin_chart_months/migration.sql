-- The admin charts' counts per month (GET /api/data/trips and /api/data/seats,
-- services/admin-data-service.ts), kept up to date by triggers whoever writes (Prisma, a seed, a test
-- control, another process). Grouping every row on asking cost, at 100k trips and ~150,000 seat
-- requests, ~110 ms (trips) and ~500 ms (seats) of SQLite work on our machines: a sort of every row,
-- and for the seats a join of every request to its trip. Each chart now reads a few rows.
-- A month is Argentina's (UTC−3) month of the trip's trip_date, 'YYYY-MM', as the charts show it. Only
-- driver trips count (is_passenger = 0), hidden and deleted ones included, as the provider's raw SQL.
-- Rows whose counts fall to 0 stay; the service reads the rows above 0.
-- Written by hand: Prisma's schema language has no triggers (the tables are the models ChartTripMonth
-- and ChartSeatMonth). If a later migration rebuilds "trips" or "trip_passengers" (Prisma's
-- RedefineTables step), copy these triggers back. A trip's id is never changed (nothing writes it).

-- CreateTable
CREATE TABLE "chart_trip_months" (
    "month" TEXT NOT NULL PRIMARY KEY,
    "trips" INTEGER NOT NULL,
    "seats" INTEGER NOT NULL
);

-- CreateTable
CREATE TABLE "chart_seat_months" (
    "month" TEXT NOT NULL,
    "state" INTEGER NOT NULL,
    "requests" INTEGER NOT NULL,

    PRIMARY KEY ("month", "state")
);

-- The counts of the rows already there.
INSERT INTO "chart_trip_months" ("month", "trips", "seats")
  SELECT substr(datetime("trip_date", '-3 hours'), 1, 7) AS "m", COUNT(*), COALESCE(SUM("total_seats"), 0)
  FROM "trips" WHERE "is_passenger" = 0 GROUP BY "m";

INSERT INTO "chart_seat_months" ("month", "state", "requests")
  SELECT substr(datetime(t."trip_date", '-3 hours'), 1, 7) AS "m", p."request_state", COUNT(*)
  FROM "trip_passengers" p JOIN "trips" t ON t."id" = p."trip_id"
  WHERE t."is_passenger" = 0 GROUP BY "m", p."request_state";

-- A trip: its own count and seats, in its month.
CREATE TRIGGER "trips_chart_inserted" AFTER INSERT ON "trips"
WHEN NEW."is_passenger" = 0
BEGIN
  INSERT INTO "chart_trip_months" ("month", "trips", "seats") VALUES (substr(datetime(NEW."trip_date", '-3 hours'), 1, 7), 1, NEW."total_seats")
    ON CONFLICT ("month") DO UPDATE SET "trips" = "trips" + 1, "seats" = "seats" + excluded."seats";
END;

CREATE TRIGGER "trips_chart_updated" AFTER UPDATE OF "trip_date", "is_passenger", "total_seats" ON "trips"
BEGIN
  UPDATE "chart_trip_months" SET "trips" = "trips" - 1, "seats" = "seats" - OLD."total_seats"
    WHERE OLD."is_passenger" = 0 AND "month" = substr(datetime(OLD."trip_date", '-3 hours'), 1, 7);
  INSERT INTO "chart_trip_months" ("month", "trips", "seats")
    SELECT substr(datetime(NEW."trip_date", '-3 hours'), 1, 7), 1, NEW."total_seats" WHERE NEW."is_passenger" = 0
    ON CONFLICT ("month") DO UPDATE SET "trips" = "trips" + 1, "seats" = "seats" + excluded."seats";
END;

-- Its seat requests move with it when its month or its kind changes.
CREATE TRIGGER "trips_chart_requests_moved" AFTER UPDATE OF "trip_date", "is_passenger" ON "trips"
WHEN OLD."is_passenger" IS NOT NEW."is_passenger" OR substr(datetime(OLD."trip_date", '-3 hours'), 1, 7) IS NOT substr(datetime(NEW."trip_date", '-3 hours'), 1, 7)
BEGIN
  UPDATE "chart_seat_months"
    SET "requests" = "requests" - (SELECT COUNT(*) FROM "trip_passengers" p WHERE p."trip_id" = OLD."id" AND p."request_state" = "chart_seat_months"."state")
    WHERE OLD."is_passenger" = 0 AND "month" = substr(datetime(OLD."trip_date", '-3 hours'), 1, 7);
  INSERT INTO "chart_seat_months" ("month", "state", "requests")
    SELECT substr(datetime(NEW."trip_date", '-3 hours'), 1, 7), p."request_state", COUNT(*) FROM "trip_passengers" p
    WHERE p."trip_id" = NEW."id" AND NEW."is_passenger" = 0 GROUP BY p."request_state"
    ON CONFLICT ("month", "state") DO UPDATE SET "requests" = "requests" + excluded."requests";
END;

-- Before the row goes: its requests are still there (a cascade deletes them once the trip row is gone,
-- when their own trigger no longer finds the trip and leaves the counts alone).
CREATE TRIGGER "trips_chart_deleted" BEFORE DELETE ON "trips"
WHEN OLD."is_passenger" = 0
BEGIN
  UPDATE "chart_trip_months" SET "trips" = "trips" - 1, "seats" = "seats" - OLD."total_seats"
    WHERE "month" = substr(datetime(OLD."trip_date", '-3 hours'), 1, 7);
  UPDATE "chart_seat_months"
    SET "requests" = "requests" - (SELECT COUNT(*) FROM "trip_passengers" p WHERE p."trip_id" = OLD."id" AND p."request_state" = "chart_seat_months"."state")
    WHERE "month" = substr(datetime(OLD."trip_date", '-3 hours'), 1, 7);
END;

-- A seat request: counted in its trip's month and its state, when the trip is a driver's.
CREATE TRIGGER "trip_passengers_chart_inserted" AFTER INSERT ON "trip_passengers"
BEGIN
  INSERT INTO "chart_seat_months" ("month", "state", "requests")
    SELECT substr(datetime(t."trip_date", '-3 hours'), 1, 7), NEW."request_state", 1 FROM "trips" t
    WHERE t."id" = NEW."trip_id" AND t."is_passenger" = 0
    ON CONFLICT ("month", "state") DO UPDATE SET "requests" = "requests" + 1;
END;

CREATE TRIGGER "trip_passengers_chart_updated" AFTER UPDATE OF "trip_id", "request_state" ON "trip_passengers"
BEGIN
  UPDATE "chart_seat_months" SET "requests" = "requests" - 1
    WHERE "state" = OLD."request_state"
      AND "month" = (SELECT substr(datetime(t."trip_date", '-3 hours'), 1, 7) FROM "trips" t WHERE t."id" = OLD."trip_id" AND t."is_passenger" = 0);
  INSERT INTO "chart_seat_months" ("month", "state", "requests")
    SELECT substr(datetime(t."trip_date", '-3 hours'), 1, 7), NEW."request_state", 1 FROM "trips" t
    WHERE t."id" = NEW."trip_id" AND t."is_passenger" = 0
    ON CONFLICT ("month", "state") DO UPDATE SET "requests" = "requests" + 1;
END;

CREATE TRIGGER "trip_passengers_chart_deleted" AFTER DELETE ON "trip_passengers"
BEGIN
  UPDATE "chart_seat_months" SET "requests" = "requests" - 1
    WHERE "state" = OLD."request_state"
      AND "month" = (SELECT substr(datetime(t."trip_date", '-3 hours'), 1, 7) FROM "trips" t WHERE t."id" = OLD."trip_id" AND t."is_passenger" = 0);
END;
