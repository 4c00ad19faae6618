import type { ChartRangeQuery } from '@carpool/contracts';
import type { SqlReader } from '../read-model/sql-reader';

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

/**
 * The admin charts' counts per month, on the read-only connection. Trips and seats read the counts
 * per month that the database's triggers keep (migration 20261127220000_admin_chart_months); users
 * and monthly users, a few hundred rows at most, are grouped over the users table. Rows come as the
 * driver gives them: [month, count...].
 */
export function createAdminChartRepository(reader: SqlReader) {
  return {
    /** Driver trips per month of trip_date and the seats they offered: [month, trips, seats]. */
    tripMonths(range: ChartRangeQuery) {
      const params: unknown[] = [];
      return reader.rows(`SELECT month, trips, seats FROM chart_trip_months WHERE trips > 0${monthClause(range, params)} ORDER BY month`, params);
    },

    /** Seat requests on driver trips per month of the trip and request state: [month, state, requests]. */
    seatMonths(range: ChartRangeQuery) {
      const params: unknown[] = [];
      return reader.rows(`SELECT month, state, requests FROM chart_seat_months WHERE requests > 0${monthClause(range, params)} ORDER BY month, state`, params);
    },

    /** Registrations per month of created_at: [month, users]. */
    registrationMonths(range: ChartRangeQuery) {
      const params: unknown[] = [];
      return reader.rows(
        `SELECT ${LOCAL_MONTH('created_at')} AS k, COUNT(*) FROM users WHERE 1 = 1${rangeClause('created_at', range, params)} GROUP BY k ORDER BY k`,
        params,
      );
    },

    /** Active, not banned users per month of their last connection: [month, users]. */
    activeUserMonths(range: ChartRangeQuery) {
      const params: unknown[] = [];
      return reader.rows(
        `SELECT ${LOCAL_MONTH('last_connection')} AS k, COUNT(*) FROM users WHERE active = 1 AND banned = 0 ` +
          `AND last_connection IS NOT NULL${rangeClause('last_connection', range, params)} GROUP BY k ORDER BY k`,
        params,
      );
    },
  };
}

export type AdminChartRepository = ReturnType<typeof createAdminChartRepository>;
