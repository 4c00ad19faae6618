import type { Db } from '../db/client';
import type { SqlReader } from '../read-model/sql-reader';

/** A row of the places table (OpenStreetMap, see prisma/data/README.md). */
export type PlaceRow = {
  id: string;
  name: string;
  province: string;
  country: string;
  lat: number;
  lng: number;
  kind: string;
  importance: number;
  usage: number;
};

export function createPlaceRepository(db: Db, reader: SqlReader) {
  return {
    async all(): Promise<PlaceRow[]> {
      const rows = await reader.rows('SELECT id, name, province, country, lat, lng, kind, importance, usage FROM places');
      return rows.map((row) => ({
        id: String(row[0]),
        name: String(row[1]),
        province: String(row[2] ?? ''),
        country: String(row[3]),
        lat: Number(row[4]),
        lng: Number(row[5]),
        kind: String(row[6]),
        importance: Number(row[7]),
        usage: Number(row[8]),
      }));
    },

    /** One more trip went through each of these places (autocomplete ranks by importance + usage). */
    addUsage: (ids: readonly string[]) =>
      ids.length === 0 ? Promise.resolve({ count: 0 }) : db.place.updateMany({ where: { id: { in: [...ids] } }, data: { usage: { increment: 1 } } }),
  };
}

export type PlaceRepository = ReturnType<typeof createPlaceRepository>;
