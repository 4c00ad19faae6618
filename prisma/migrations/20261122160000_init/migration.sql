-- CreateTable
CREATE TABLE "users" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "email" TEXT NOT NULL,
    "password" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "image" TEXT,
    "birthday" TEXT,
    "gender" TEXT,
    "nro_doc" TEXT,
    "mobile_phone" TEXT,
    "data_visibility" INTEGER NOT NULL DEFAULT 0,
    "emails_notifications" BOOLEAN NOT NULL DEFAULT true,
    "unaswered_messages_limit" INTEGER NOT NULL DEFAULT 0,
    "autoaccept_requests" BOOLEAN NOT NULL DEFAULT false,
    "driver_is_verified" BOOLEAN NOT NULL DEFAULT false,
    "driver_data_docs" TEXT NOT NULL DEFAULT '[]',
    "account_type" TEXT,
    "account_bank" TEXT,
    "account_number" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "activation_token" TEXT,
    "banned" BOOLEAN NOT NULL DEFAULT false,
    "private_note" TEXT,
    "is_admin" BOOLEAN NOT NULL DEFAULT false,
    "has_pin" BOOLEAN NOT NULL DEFAULT false,
    "is_member" BOOLEAN NOT NULL DEFAULT false,
    "monthly_donate" BOOLEAN NOT NULL DEFAULT false,
    "do_not_alert_pending_rates" BOOLEAN NOT NULL DEFAULT false,
    "do_not_alert_pricing" BOOLEAN NOT NULL DEFAULT false,
    "do_not_alert_request_seat" BOOLEAN NOT NULL DEFAULT false,
    "do_not_alert_accept_passenger" BOOLEAN NOT NULL DEFAULT false,
    "on_boarding_view" BOOLEAN NOT NULL DEFAULT false,
    "positive_ratings" INTEGER NOT NULL DEFAULT 0,
    "negative_ratings" INTEGER NOT NULL DEFAULT 0,
    "conversation_answered_count" INTEGER NOT NULL DEFAULT 0,
    "conversation_opened_count" INTEGER NOT NULL DEFAULT 0,
    "answer_delay_sum" INTEGER NOT NULL DEFAULT 0,
    "last_connection" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "password_resets" (
    "token" TEXT NOT NULL PRIMARY KEY,
    "user_id" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "password_resets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "cars" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "patente" TEXT NOT NULL,
    "description" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "cars_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "trips" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "from_town" TEXT NOT NULL,
    "to_town" TEXT NOT NULL,
    "trip_date" DATETIME NOT NULL,
    "estimated_time" TEXT,
    "distance" INTEGER NOT NULL DEFAULT 0,
    "co2" REAL NOT NULL DEFAULT 0,
    "total_seats" INTEGER NOT NULL,
    "seats_available" INTEGER NOT NULL,
    "is_passenger" BOOLEAN NOT NULL DEFAULT false,
    "friendship_type_id" INTEGER NOT NULL DEFAULT 2,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "description" TEXT NOT NULL DEFAULT '',
    "allow_kids" BOOLEAN NOT NULL DEFAULT true,
    "allow_smoking" BOOLEAN NOT NULL DEFAULT false,
    "allow_animals" BOOLEAN NOT NULL DEFAULT false,
    "no_lucrar" BOOLEAN NOT NULL DEFAULT false,
    "car_id" INTEGER,
    "parent_trip_id" INTEGER,
    "seat_price_cents" INTEGER NOT NULL DEFAULT 0,
    "recommended_trip_price_cents" INTEGER NOT NULL DEFAULT 0,
    "payment_id" TEXT,
    "state" TEXT NOT NULL DEFAULT 'ready',
    "needs_sellado" BOOLEAN NOT NULL DEFAULT false,
    "origin_lat" REAL NOT NULL,
    "origin_lng" REAL NOT NULL,
    "destination_lat" REAL NOT NULL,
    "destination_lng" REAL NOT NULL,
    "deleted_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "trips_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "trips_car_id_fkey" FOREIGN KEY ("car_id") REFERENCES "cars" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "trips_parent_trip_id_fkey" FOREIGN KEY ("parent_trip_id") REFERENCES "trips" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "trips_points" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "trip_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "json_address" TEXT NOT NULL DEFAULT '{}',
    "lat" REAL NOT NULL,
    "lng" REAL NOT NULL,
    "node_id" TEXT,
    CONSTRAINT "trips_points_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "trip_passengers" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "trip_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "request_state" INTEGER NOT NULL DEFAULT 0,
    "payment_status" TEXT,
    "payment_info" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "trip_passengers_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "trip_passengers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "friends" (
    "uid1" INTEGER NOT NULL,
    "uid2" INTEGER NOT NULL,
    "state" INTEGER NOT NULL DEFAULT 0,
    "origin" TEXT NOT NULL DEFAULT 'request',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,

    PRIMARY KEY ("uid1", "uid2"),
    CONSTRAINT "friends_uid1_fkey" FOREIGN KEY ("uid1") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "friends_uid2_fkey" FOREIGN KEY ("uid2") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "conversations" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "type" INTEGER NOT NULL DEFAULT 0,
    "title" TEXT,
    "trip_id" INTEGER,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "conversations_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "conversations_users" (
    "conversation_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "read" BOOLEAN NOT NULL DEFAULT true,

    PRIMARY KEY ("conversation_id", "user_id"),
    CONSTRAINT "conversations_users_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "conversations_users_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "messages" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "conversation_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "no_of_read" INTEGER NOT NULL DEFAULT 1,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "messages_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "message_reads" (
    "message_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("message_id", "user_id"),
    CONSTRAINT "message_reads_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "extras" TEXT NOT NULL DEFAULT '{}',
    "readed" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "rates" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "trip_id" INTEGER NOT NULL,
    "user_id_from" INTEGER NOT NULL,
    "user_id_to" INTEGER NOT NULL,
    "user_to_type" INTEGER NOT NULL,
    "user_to_state" INTEGER NOT NULL DEFAULT 1,
    "rating" INTEGER,
    "comment" TEXT,
    "reply_comment" TEXT,
    "reply_comment_created_at" DATETIME,
    "voted" BOOLEAN NOT NULL DEFAULT false,
    "rate_at" DATETIME,
    "available" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "rates_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "rates_user_id_from_fkey" FOREIGN KEY ("user_id_from") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "rates_user_id_to_fkey" FOREIGN KEY ("user_id_to") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "users_references" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id_from" INTEGER NOT NULL,
    "user_id_to" INTEGER NOT NULL,
    "comment" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "users_references_user_id_from_fkey" FOREIGN KEY ("user_id_from") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "users_references_user_id_to_fkey" FOREIGN KEY ("user_id_to") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "trip_date" DATETIME,
    "from_address" TEXT,
    "from_json_address" TEXT,
    "from_lat" REAL,
    "from_lng" REAL,
    "from_radio" INTEGER,
    "from_id" TEXT,
    "to_address" TEXT,
    "to_json_address" TEXT,
    "to_lat" REAL,
    "to_lng" REAL,
    "to_radio" INTEGER,
    "to_id" TEXT,
    "is_passenger" BOOLEAN NOT NULL DEFAULT false,
    "state" BOOLEAN NOT NULL DEFAULT true,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "subscription_matches" (
    "subscription_id" INTEGER NOT NULL,
    "trip_id" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("subscription_id", "trip_id"),
    CONSTRAINT "subscription_matches_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "subscription_matches_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "donations" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "trip_id" INTEGER,
    "has_donated" BOOLEAN NOT NULL DEFAULT false,
    "has_denied" BOOLEAN NOT NULL DEFAULT false,
    "ammount" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "donations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "donations_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "users_devices" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "device_id" TEXT NOT NULL,
    "device_type" TEXT NOT NULL DEFAULT 'browser',
    "app_version" TEXT NOT NULL DEFAULT '3',
    "notifications" BOOLEAN NOT NULL DEFAULT true,
    "language" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "users_devices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "places" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "province" TEXT NOT NULL DEFAULT '',
    "country" TEXT NOT NULL,
    "lat" REAL NOT NULL,
    "lng" REAL NOT NULL,
    "kind" TEXT NOT NULL,
    "population" INTEGER,
    "importance" INTEGER NOT NULL,
    "usage" INTEGER NOT NULL DEFAULT 0,
    "search_text" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "payments" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "trip_id" INTEGER NOT NULL,
    "passenger_id" INTEGER,
    "amount_cents" INTEGER NOT NULL,
    "payment_status" TEXT NOT NULL DEFAULT 'pending',
    "payment_info" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "payments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "payments_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "payments_passenger_id_fkey" FOREIGN KEY ("passenger_id") REFERENCES "trip_passengers" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "uploaded_files" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER,
    "kind" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "mime" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "uploaded_files_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "mail_outbox" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "logs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER,
    "log" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_nro_doc_key" ON "users"("nro_doc");

-- CreateIndex
CREATE UNIQUE INDEX "users_mobile_phone_key" ON "users"("mobile_phone");

-- CreateIndex
CREATE UNIQUE INDEX "users_activation_token_key" ON "users"("activation_token");

-- CreateIndex
CREATE INDEX "users_name_idx" ON "users"("name");

-- CreateIndex
CREATE INDEX "cars_user_id_idx" ON "cars"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "trips_parent_trip_id_key" ON "trips"("parent_trip_id");

-- CreateIndex
CREATE INDEX "trips_trip_date_idx" ON "trips"("trip_date");

-- CreateIndex
CREATE INDEX "trips_user_id_trip_date_idx" ON "trips"("user_id", "trip_date");

-- CreateIndex
CREATE INDEX "trips_origin_lat_origin_lng_idx" ON "trips"("origin_lat", "origin_lng");

-- CreateIndex
CREATE INDEX "trips_destination_lat_destination_lng_idx" ON "trips"("destination_lat", "destination_lng");

-- CreateIndex
CREATE INDEX "trips_points_trip_id_position_idx" ON "trips_points"("trip_id", "position");

-- CreateIndex
CREATE INDEX "trip_passengers_trip_id_request_state_idx" ON "trip_passengers"("trip_id", "request_state");

-- CreateIndex
CREATE INDEX "trip_passengers_user_id_request_state_idx" ON "trip_passengers"("user_id", "request_state");

-- CreateIndex
CREATE INDEX "friends_uid2_state_idx" ON "friends"("uid2", "state");

-- CreateIndex
CREATE INDEX "conversations_trip_id_idx" ON "conversations"("trip_id");

-- CreateIndex
CREATE INDEX "conversations_updated_at_idx" ON "conversations"("updated_at");

-- CreateIndex
CREATE INDEX "conversations_users_user_id_idx" ON "conversations_users"("user_id");

-- CreateIndex
CREATE INDEX "messages_conversation_id_created_at_idx" ON "messages"("conversation_id", "created_at");

-- CreateIndex
CREATE INDEX "notifications_user_id_readed_idx" ON "notifications"("user_id", "readed");

-- CreateIndex
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "rates_user_id_to_voted_idx" ON "rates"("user_id_to", "voted");

-- CreateIndex
CREATE INDEX "rates_user_id_from_voted_idx" ON "rates"("user_id_from", "voted");

-- CreateIndex
CREATE UNIQUE INDEX "rates_trip_id_user_id_from_user_id_to_key" ON "rates"("trip_id", "user_id_from", "user_id_to");

-- CreateIndex
CREATE UNIQUE INDEX "users_references_user_id_from_user_id_to_key" ON "users_references"("user_id_from", "user_id_to");

-- CreateIndex
CREATE INDEX "subscriptions_user_id_idx" ON "subscriptions"("user_id");

-- CreateIndex
CREATE INDEX "subscriptions_state_is_passenger_idx" ON "subscriptions"("state", "is_passenger");

-- CreateIndex
CREATE INDEX "donations_user_id_idx" ON "donations"("user_id");

-- CreateIndex
CREATE INDEX "users_devices_user_id_idx" ON "users_devices"("user_id");

-- CreateIndex
CREATE INDEX "places_country_importance_idx" ON "places"("country", "importance");

-- CreateIndex
CREATE INDEX "payments_user_id_created_at_idx" ON "payments"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "payments_passenger_id_idx" ON "payments"("passenger_id");

-- CreateIndex
CREATE UNIQUE INDEX "uploaded_files_path_key" ON "uploaded_files"("path");

-- CreateIndex
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox"("to");
