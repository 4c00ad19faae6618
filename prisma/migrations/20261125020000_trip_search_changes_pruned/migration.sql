-- The trip search index's change log (migration 20261124200000_trip_search_changes) keeps its last
-- 100,000 changes, as the trip answers' log does (20261125000000_trip_answer_changes): it grew by a
-- row per change until a wipe. An index further behind than that reads the whole table again
-- (repositories/trip-search-index.ts: the log's first change is past the last one it read).

CREATE TRIGGER "trip_search_changes_pruned" AFTER INSERT ON "trip_search_changes"
WHEN NEW."seq" % 10000 = 0
BEGIN
  DELETE FROM "trip_search_changes" WHERE "seq" <= NEW."seq" - 100000;
END;
