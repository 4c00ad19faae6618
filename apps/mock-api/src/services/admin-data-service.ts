import { SEAT_STATE_NAMES, type ChartRangeQuery, type MonthlyUsers, type SeatsPerMonth, type TripsPerMonth, type ChartPoint } from '@carpool/contracts';
import type { Clock } from '../lib/clock';
import type { AdminChartRepository } from '../repositories/admin-chart-repository';

const month = (key: string) => ({ key, año: key.slice(0, 4), mes: key.slice(5, 7) });

/** The four admin chart calls (provider's DataController), shaped as the provider answers them. */
export function createAdminDataService({ charts, clock }: { charts: AdminChartRepository; clock: Clock }) {
  return {
    /**
     * Driver trips per month of trip_date, with the seats they offered (hidden and deleted ones too, as
     * the provider's raw SQL), from the counts the database keeps per month (chart_trip_months).
     */
    async trips(range: ChartRangeQuery): Promise<{ trips: TripsPerMonth[] }> {
      const rows = await charts.tripMonths(range);
      return { trips: rows.map(([key, cantidad, seats]) => ({ ...month(String(key)), cantidad: Number(cantidad), asientos_ofrecidos_total: Number(seats) })) };
    },

    /** Seat requests on driver trips per month of the trip and request state (chart_seat_months). */
    async seats(range: ChartRangeQuery): Promise<{ seats: SeatsPerMonth[] }> {
      const rows = await charts.seatMonths(range);
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
      const rows = await charts.registrationMonths(range);
      return { users: rows.map(([key, cantidad]) => ({ ...month(String(key)), cantidad: Number(cantidad) })) };
    },

    /**
     * Active users per month: active, not banned users whose last connection falls in the month.
     * The provider stores a count per month made on the 1st; this one is counted on asking.
     */
    async monthlyUsers(range: ChartRangeQuery): Promise<{ monthly_users: MonthlyUsers[] }> {
      const rows = await charts.activeUserMonths(range);
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
