-- Admin charts (issue 13): driver trips per month with their seats are read from this index alone,
-- without visiting the trip rows.
CREATE INDEX "trips_admin_chart_idx" ON "trips"("is_passenger", "trip_date", "total_seats");
