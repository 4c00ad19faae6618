import { countRows, insertRows, type BulkDb } from './sql';

/**
 * Issue 9: the car catalogue (brands and models on sale in Argentina, ADEFA/ACARA's best sellers)
 * and the app's release notes. Fixed lists, so the seed stays deterministic.
 */
export const CAR_CATALOGUE: Record<string, string[]> = {
  Chevrolet: ['Onix', 'Cruze', 'Tracker', 'S10', 'Spin'],
  Citroën: ['C3', 'C4 Cactus', 'Berlingo'],
  Fiat: ['Cronos', 'Argo', 'Mobi', 'Palio', 'Siena', 'Strada', 'Toro', 'Uno'],
  Ford: ['Ka', 'Fiesta', 'Focus', 'EcoSport', 'Ranger', 'Territory'],
  Honda: ['Fit', 'City', 'Civic', 'HR-V'],
  Nissan: ['March', 'Versa', 'Sentra', 'Kicks', 'Frontier'],
  Peugeot: ['208', '2008', '308', '408', 'Partner'],
  Renault: ['Clio', 'Sandero', 'Logan', 'Kwid', 'Duster', 'Stepway', 'Kangoo', 'Alaskan'],
  Toyota: ['Etios', 'Yaris', 'Corolla', 'Corolla Cross', 'Hilux', 'SW4'],
  Volkswagen: ['Gol', 'Gol Trend', 'Polo', 'Virtus', 'Vento', 'Suran', 'T-Cross', 'Taos', 'Nivus', 'Amarok'],
};

export const CAR_COLORS: { name: string; hex: string }[] = [
  { name: 'Blanco', hex: '#f5f5f5' },
  { name: 'Negro', hex: '#1a1a1a' },
  { name: 'Gris', hex: '#808080' },
  { name: 'Plateado', hex: '#c0c0c0' },
  { name: 'Rojo', hex: '#c0392b' },
  { name: 'Azul', hex: '#1f4e9c' },
  { name: 'Verde', hex: '#2e7d32' },
  { name: 'Bordó', hex: '#6d1a2a' },
  { name: 'Beige', hex: '#d8c8a8' },
  { name: 'Marrón', hex: '#6b4423' },
  { name: 'Amarillo', hex: '#f2c230' },
  { name: 'Naranja', hex: '#e67e22' },
];

export const CHANGELOGS: { version: string; released_at: string; changes: string[] }[] = [
  { version: '0.1.0', released_at: '2026-11-20T12:00:00Z', changes: ['Primera versión: buscar, publicar y reservar viajes.'] },
  { version: '0.2.0', released_at: '2026-11-24T12:00:00Z', changes: ['Catálogo de marcas, modelos y colores de autos.', 'Línea de la ruta en el mapa sin conexión.'] },
];

/**
 * A catalogue name as a URL part, as the provider's admin stores it (Laravel's Str::slug):
 * accents dropped, lower case, every run of other characters a dash ("Citroën" -> "citroen",
 * "C4 Cactus" -> "c4-cactus").
 */
export const catalogueSlug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Inserts the catalogue and the release notes when their tables are empty. */
export async function insertCatalogue(db: BulkDb): Promise<number> {
  if ((await countRows(db, 'car_brands')) > 0) return 0;
  let rows = 0;
  for (const [brand, models] of Object.entries(CAR_CATALOGUE)) {
    const [created] = await db.$queryRawUnsafe<{ id: number | bigint }[]>(
      'INSERT INTO "car_brands" ("name", "slug") VALUES (?, ?) RETURNING "id"',
      brand,
      catalogueSlug(brand),
    );
    rows += 1 + (await insertRows(db, 'car_models', models.map((name) => ({ brand_id: Number(created!.id), name, slug: catalogueSlug(name) }))));
  }
  rows += await insertRows(db, 'car_colors', CAR_COLORS.map((color) => ({ ...color, slug: catalogueSlug(color.name) })));
  rows += await insertRows(
    db,
    'changelogs',
    CHANGELOGS.map((entry) => ({ version: entry.version, released_at: new Date(entry.released_at), changes: JSON.stringify(entry.changes) })),
  );
  return rows;
}
