-- Trip listings leave out banned users' trips (`t.user_id NOT IN (SELECT id FROM users WHERE
-- banned = 1)`, repositories/trip-repository.ts). Written by hand: the Prisma schema language
-- cannot express a partial index. It holds only the banned users, so the list costs an index read
-- however many users there are. If a later migration rebuilds "users", copy it back.
CREATE INDEX "users_banned_idx" ON "users" ("id") WHERE "banned" = 1;
