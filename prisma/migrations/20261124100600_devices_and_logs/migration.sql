-- AlterTable
ALTER TABLE "users_devices" ADD COLUMN "session_id" TEXT;
ALTER TABLE "users_devices" ADD COLUMN "last_activity" DATETIME;

-- AlterTable
ALTER TABLE "logs" ADD COLUMN "source" TEXT;
ALTER TABLE "logs" ADD COLUMN "stack" TEXT;
ALTER TABLE "logs" ADD COLUMN "url" TEXT;
ALTER TABLE "logs" ADD COLUMN "app_version" TEXT;
ALTER TABLE "logs" ADD COLUMN "context" TEXT;
ALTER TABLE "logs" ADD COLUMN "ip" TEXT;

-- CreateIndex
CREATE INDEX "users_devices_device_id_idx" ON "users_devices"("device_id");

-- CreateIndex
CREATE INDEX "users_devices_session_id_idx" ON "users_devices"("session_id");

-- CreateIndex
CREATE INDEX "logs_created_at_idx" ON "logs"("created_at");
