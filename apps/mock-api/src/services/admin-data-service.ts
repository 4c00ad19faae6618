import { SEAT_STATE_NAMES, type ChartRangeQuery, type MonthlyUsers, type SeatsPerMonth, type TripsPerMonth, type ChartPoint } from '@carpool/contracts';
import type { Clock } from '../lib/clock';
import type { SqlReader } from '../repositories/sql-reader';

/**
 * Months are Argentina's (UTC−3, no daylight saving): a UTC datetime string shifted by three hours
 * gives the local month in its first seven characters. Stored datetimes are ISO strings
 * ('2026-01-01T02:59:00.000+00:00'), so a month's bounds compare as strings and use the indexes. The
 * triggers of migration 20261127220000_admin_chart_months file trips and requests under the same expression.
 */
export const LOCAL_MONTH = (column: string) => `substr(datetime(${column}, '-3 hours'), 1, 7)`;

/** The UTC instant a local month starts, as stored ('YYYY-MM' → 'YYYY-MM-01T03:00:00.000+00:00'). */
function monthStart(month: string): string {
  return `${month}-01T03:00:00.000+00:00`;
}

function nextMonth(month: string): string {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  return mm === 12 ? `${year + 1}-01` : `${year}-${String(mm + 1).padStart(2, '0')}`;
}

/** `AND column >= ? AND column < ?` for the asked range (both ends included, whole months). */
function rangeClause(column: string, range: ChartRangeQuery, params: unknown[]): string {
  let sql = '';
  if (range.date_from) {
    sql += ` AND ${column} >= ?`;
    params.push(monthStart(range.date_from));
  }
  if (range.date_to) {
    sql += ` AND ${column} < ?`;
    params.push(monthStart(nextMonth(range.date_to)));
  }
  return sql;
}

/** `AND month >= ? AND month <= ?` on the kept counts' 'YYYY-MM' months (both ends included). */
function monthClause(range: ChartRangeQuery, params: unknown[]): string {
  let sql = '';
  if (range.date_from) {
    sql += ' AND month >= ?';
    params.push(range.date_from);
  }
  if (range.date_to) {
    sql += ' AND month <= ?';
    params.push(range.date_to);
  }
  return sql;
}

const month = (key: string) => ({ key, año: key.slice(0, 4), mes: key.slice(5, 7) });

/**
 * The four admin chart calls (provider's DataController). Trips and seats read the counts per month
 * that the database's triggers keep (migration 20261127220000_admin_chart_months: grouping every trip
 * and request on asking took ~110 and ~500 ms at 100k trips); users and monthly users, a few hundred
 * rows at most, are grouped SQL over the users table.
 */
export function createAdminDataService({ reader, clock }: { reader: SqlReader; clock: Clock }) {
  return {
    /**
     * Driver trips per month of trip_date, with the seats they offered (hidden and deleted ones too, as
     * the provider's raw SQL), from the counts the database keeps per month (chart_trip_months).
     */
    async trips(range: ChartRangeQuery): Promise<{ trips: TripsPerMonth[] }> {
      const params: unknown[] = [];
      const rows = await reader.rows(`SELECT month, trips, seats FROM chart_trip_months WHERE trips > 0${monthClause(range, params)} ORDER BY month`, params);
      return { trips: rows.map(([key, cantidad, seats]) => ({ ...month(String(key)), cantidad: Number(cantidad), asientos_ofrecidos_total: Number(seats) })) };
    },

    /** Seat requests on driver trips per month of the trip and request state (chart_seat_months). */
    async seats(range: ChartRangeQuery): Promise<{ seats: SeatsPerMonth[] }> {
      const params: unknown[] = [];
      const rows = await reader.rows(
        `SELECT month, state, requests FROM chart_seat_months WHERE requests > 0${monthClause(range, params)} ORDER BY month, state`,
        params,
      );
      return {
        seats: rows.map(([key, state, cantidad]) => ({
          ...month(String(key)),
          state: Number(state),
          estado: SEAT_STATE_NAMES[Number(state)] ?? null,
          cantidad: Number(cantidad),
        })),
      };
    },

    /** Registrations per month (created_at). */
    async users(range: ChartRangeQuery): Promise<{ users: ChartPoint[] }> {
      const params: unknown[] = [];
      const rows = await reader.rows(
        `SELECT ${LOCAL_MONTH('created_at')} AS k, COUNT(*) FROM users WHERE 1 = 1${rangeClause('created_at', range, params)} GROUP BY k ORDER BY k`,
        params,
      );
      return { users: rows.map(([key, cantidad]) => ({ ...month(String(key)), cantidad: Number(cantidad) })) };
    },

    /**
     * Active users per month: active, not banned users whose last connection falls in the month.
     * The provider stores a count per month made on the 1st; this one is counted on asking.
     */
    async monthlyUsers(range: ChartRangeQuery): Promise<{ monthly_users: MonthlyUsers[] }> {
      const params: unknown[] = [];
      const rows = await reader.rows(
        `SELECT ${LOCAL_MONTH('last_connection')} AS k, COUNT(*) FROM users WHERE active = 1 AND banned = 0 ` +
          `AND last_connection IS NOT NULL${rangeClause('last_connection', range, params)} GROUP BY k ORDER BY k`,
        params,
      );
      const savedAt = clock.now().toISOString();
      return {
        monthly_users: rows.map(([key, cantidad]) => {
          const text = String(key);
          return { key: text, año: Number(text.slice(0, 4)), mes: Number(text.slice(5, 7)), cantidad: Number(cantidad), saved_at: savedAt };
        }),
      };
    },
  };
}

export type AdminDataService = ReturnType<typeof createAdminDataService>;
