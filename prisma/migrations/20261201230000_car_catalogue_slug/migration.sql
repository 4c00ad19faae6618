-- The provider's catalogue rows carry a slug (CarCatalogController answers {id, name, slug}).
-- New databases get it from the seed (prisma/seed/catalogue.ts); the rows already there get the
-- same value here: the name in lower case, accents dropped, spaces as dashes.
ALTER TABLE "car_brands" ADD COLUMN "slug" TEXT NOT NULL DEFAULT '';
ALTER TABLE "car_models" ADD COLUMN "slug" TEXT NOT NULL DEFAULT '';
ALTER TABLE "car_colors" ADD COLUMN "slug" TEXT NOT NULL DEFAULT '';

UPDATE "car_brands" SET "slug" = lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(trim("name"), 'á', 'a'), 'é', 'e'), 'í', 'i'), 'ó', 'o'), 'ú', 'u'), 'ü', 'u'), 'ë', 'e'), 'ñ', 'n'), ' ', '-'));
UPDATE "car_models" SET "slug" = lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(trim("name"), 'á', 'a'), 'é', 'e'), 'í', 'i'), 'ó', 'o'), 'ú', 'u'), 'ü', 'u'), 'ë', 'e'), 'ñ', 'n'), ' ', '-'));
UPDATE "car_colors" SET "slug" = lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(trim("name"), 'á', 'a'), 'é', 'e'), 'í', 'i'), 'ó', 'o'), 'ú', 'u'), 'ü', 'u'), 'ë', 'e'), 'ñ', 'n'), ' ', '-'));
