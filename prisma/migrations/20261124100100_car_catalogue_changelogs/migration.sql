-- CreateTable
CREATE TABLE "car_brands" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "car_models" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "brand_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    CONSTRAINT "car_models_brand_id_fkey" FOREIGN KEY ("brand_id") REFERENCES "car_brands" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "car_colors" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "hex" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "changelogs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version" TEXT NOT NULL,
    "released_at" DATETIME NOT NULL,
    "changes" TEXT NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_cars" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "patente" TEXT NOT NULL,
    "description" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    "year" INTEGER,
    "car_color_id" INTEGER,
    "car_brand_id" INTEGER,
    "car_model_id" INTEGER,
    "brand_other" TEXT,
    "model_other" TEXT,
    CONSTRAINT "cars_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "cars_car_color_id_fkey" FOREIGN KEY ("car_color_id") REFERENCES "car_colors" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "cars_car_brand_id_fkey" FOREIGN KEY ("car_brand_id") REFERENCES "car_brands" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "cars_car_model_id_fkey" FOREIGN KEY ("car_model_id") REFERENCES "car_models" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_cars" ("created_at", "description", "id", "patente", "updated_at", "user_id") SELECT "created_at", "description", "id", "patente", "updated_at", "user_id" FROM "cars";
DROP TABLE "cars";
ALTER TABLE "new_cars" RENAME TO "cars";
CREATE INDEX "cars_user_id_idx" ON "cars"("user_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "car_brands_name_key" ON "car_brands"("name");

-- CreateIndex
CREATE UNIQUE INDEX "car_models_brand_id_name_key" ON "car_models"("brand_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "car_colors_name_key" ON "car_colors"("name");

-- CreateIndex
CREATE UNIQUE INDEX "changelogs_version_key" ON "changelogs"("version");
