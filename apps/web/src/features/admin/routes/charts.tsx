import '@mantine/dates/styles.css';
import { Alert, Group, SimpleGrid, Stack } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { nowInArgentina } from '@/lib/dates';
import { useMonthlyUsers, useSeatsPerMonth, useTripsPerMonth, useUsersPerMonth } from '../api/chart-data';
import { ChartCard } from '../components/chart-card';
import { defaultChartRange, fillMonths, monthLabel, monthsBetween, seatsByMonth, totalUsersByMonth } from '../utils/chart-series';

const COLORS = ['#1c7ed6', '#2f9e44', '#e03131', '#f08c00', '#7048e8'];
const toMonth = (date: string | null) => (date ? date.slice(0, 7) : null);

/** Admin dashboard (spec document 1 §2 Admin): month range and four charts, refreshed every 20 s. */
export function AdminChartsPage() {
  const { t } = useTranslation();
  const initial = useMemo(() => {
    const now = nowInArgentina();
    return defaultChartRange({ year: now.year(), month: now.month() + 1 });
  }, []);
  const [from, setFrom] = useState<string | null>(`${initial.from}-01`);
  const [to, setTo] = useState<string | null>(`${initial.to}-01`);
  const fromMonth = toMonth(from) ?? initial.from;
  const toMonthValue = toMonth(to) ?? initial.to;
  const invalid = fromMonth > toMonthValue;
  // A reversed range is not asked for: the last valid one stays on screen.
  const range = invalid ? { date_from: initial.from, date_to: initial.to } : { date_from: fromMonth, date_to: toMonthValue };
  const months = monthsBetween(range.date_from, range.date_to);

  const trips = useTripsPerMonth(range);
  const seats = useSeatsPerMonth(range);
  const monthly = useMonthlyUsers(range);
  // Totals count every registration up to each month, so this one is asked from the beginning.
  const users = useUsersPerMonth({ date_to: range.date_to });

  const tripRows = fillMonths(trips.data ?? [], months, { año: '', mes: '', cantidad: 0, asientos_ofrecidos_total: 0 });
  const seatRows = seatsByMonth(seats.data ?? [], months);
  const monthlyRows = fillMonths(monthly.data ?? [], months, { año: 0, mes: 0, cantidad: 0, saved_at: '' });
  const totalRows = totalUsersByMonth(users.data ?? [], months);
  const stateName = (state: number) => t(`adminArea.charts.states.${state}` as 'adminArea.charts.states.0');
  const list = (rows: Array<{ key: string }>, value: (row: never) => string) =>
    rows.map((row) => `${monthLabel(row.key)}: ${value(row as never)}`).join('; ');

  const xAxis = <XAxis dataKey="key" tickFormatter={monthLabel} label={{ value: t('adminArea.charts.month'), position: 'insideBottom', offset: -4 }} height={44} />;
  const tooltip = <Tooltip labelFormatter={(key) => monthLabel(String(key))} />;

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <MonthPickerInput label={t('adminArea.charts.from')} value={from} onChange={setFrom} locale="es" valueFormat="MMMM YYYY" w={200} />
        <MonthPickerInput label={t('adminArea.charts.to')} value={to} onChange={setTo} locale="es" valueFormat="MMMM YYYY" w={200} />
      </Group>
      {invalid && <Alert color="red">{t('adminArea.charts.rangeInvalid')}</Alert>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          title={t('adminArea.charts.trips')}
          loading={trips.isPending}
          failed={trips.isError}
          summary={list(tripRows, (row: (typeof tripRows)[number]) => `${row.cantidad} ${t('adminArea.charts.tripsCount')}, ${row.asientos_ofrecidos_total} ${t('adminArea.charts.seatsOffered')}`)}
        >
          <ResponsiveContainer>
            <BarChart accessibilityLayer={false} data={tripRows} margin={{ bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" />
              {xAxis}
              <YAxis allowDecimals={false} />
              {tooltip}
              <Legend verticalAlign="top" />
              <Bar dataKey="cantidad" name={t('adminArea.charts.tripsCount')} fill={COLORS[0]} />
              <Bar dataKey="asientos_ofrecidos_total" name={t('adminArea.charts.seatsOffered')} fill={COLORS[1]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard
          title={t('adminArea.charts.seats')}
          loading={seats.isPending}
          failed={seats.isError}
          summary={list(seatRows as Array<{ key: string }>, (row: Record<string, number>) =>
            [0, 1, 2, 3, 4].map((state) => `${stateName(state)} ${row[`s${state}`]}`).join(', '),
          )}
        >
          <ResponsiveContainer>
            <BarChart accessibilityLayer={false} data={seatRows} margin={{ bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" />
              {xAxis}
              <YAxis allowDecimals={false} label={{ value: t('adminArea.charts.requests'), angle: -90, position: 'insideLeft' }} />
              {tooltip}
              <Legend verticalAlign="top" />
              {[0, 1, 2, 3, 4].map((state) => (
                <Bar key={state} dataKey={`s${state}`} stackId="seats" name={stateName(state)} fill={COLORS[state]} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard
          title={t('adminArea.charts.monthlyUsers')}
          loading={monthly.isPending}
          failed={monthly.isError}
          summary={list(monthlyRows, (row: (typeof monthlyRows)[number]) => String(row.cantidad))}
        >
          <ResponsiveContainer>
            <LineChart accessibilityLayer={false} data={monthlyRows} margin={{ bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" />
              {xAxis}
              <YAxis allowDecimals={false} label={{ value: t('adminArea.charts.users'), angle: -90, position: 'insideLeft' }} />
              {tooltip}
              <Legend verticalAlign="top" />
              <Line type="monotone" dataKey="cantidad" name={t('adminArea.charts.activeUsers')} stroke={COLORS[4]} strokeWidth={2} />
            </LineChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard
          title={t('adminArea.charts.totalUsers')}
          loading={users.isPending}
          failed={users.isError}
          summary={list(totalRows, (row: (typeof totalRows)[number]) => String(row.cantidad))}
        >
          <ResponsiveContainer>
            <LineChart accessibilityLayer={false} data={totalRows} margin={{ bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" />
              {xAxis}
              <YAxis allowDecimals={false} label={{ value: t('adminArea.charts.users'), angle: -90, position: 'insideLeft' }} />
              {tooltip}
              <Legend verticalAlign="top" />
              <Line type="monotone" dataKey="cantidad" name={t('adminArea.charts.totalUsersSeries')} stroke={COLORS[0]} strokeWidth={2} />
            </LineChart>
          </ResponsiveContainer>
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}

export const Component = AdminChartsPage;
