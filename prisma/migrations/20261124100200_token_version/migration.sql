-- Token revocation (logout, password change/reset): tokens carry the version they were issued under.
-- (prisma migrate diff redefines the whole table for this; SQLite's ADD COLUMN gives the same schema.)
ALTER TABLE "users" ADD COLUMN "token_version" INTEGER NOT NULL DEFAULT 0;
