import '@mantine/core/styles/Table.css';
import { Autocomplete, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING, type Trip, type TripSearchQuery } from '@carpool/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceAutocomplete } from '@/components/place-autocomplete';
import { useAppConfig } from '@/lib/app-config';
import { formatShortDate, formatTripTime } from '@/lib/dates';
import type { SelectedPlace } from '@/lib/places';
import { tripStatus } from '@/lib/trip-display';
import { isAdmin, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAdminTrips, useChangeVisibility } from '../api/admin-trips';
import { useUserSearch } from '../api/admin-users';
import { AdminDateInput } from '../components/admin-date-input';
import { AdminTripModal } from '../components/admin-trip-modal';

type Filters = {
  origin: SelectedPlace | null;
  destination: SelectedPlace | null;
  isPassenger: boolean;
  date: string;
  fromDate: string;
  toDate: string;
  userId: number | null;
};
const EMPTY: Filters = { origin: null, destination: null, isPassenger: false, date: '', fromDate: '', toDate: '', userId: null };

function toQuery(filters: Filters): TripSearchQuery {
  return {
    is_passenger: filters.isPassenger,
    ...(filters.origin && { origin_name: filters.origin.name, origin_lat: filters.origin.lat, origin_lng: filters.origin.lng, origin_id: filters.origin.id }),
    ...(filters.destination && {
      destination_name: filters.destination.name,
      destination_lat: filters.destination.lat,
      destination_lng: filters.destination.lng,
      destination_id: filters.destination.id,
    }),
    ...(filters.date && { date: filters.date }),
    ...(filters.fromDate && { from_date: filters.fromDate }),
    ...(filters.toDate && { to_date: filters.toDate }),
    ...(filters.userId && { user_id: filters.userId }),
  };
}

/** Admin trips (spec document 1 §2 Admin): the home search plus a date range and a user, a table, paging via next. */
export function AdminTripsPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const { user: viewer } = useSession();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [userText, setUserText] = useState('');
  const [userName] = useDebouncedValue(userText.trim(), TIMING.adminUserSearchDebounceMs);
  const people = useUserSearch(userName, isAdmin(viewer));
  const [search, setSearch] = useState<TripSearchQuery>(() => toQuery(EMPTY));
  const [page, setPage] = useState(1);
  const trips = useAdminTrips({ ...search, next: page });
  const visibility = useChangeVisibility();
  const [detail, setDetail] = useState<Trip | null>(null);
  const pagination = trips.data?.meta.pagination;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(toQuery(filters));
    setPage(1);
  };
  const clear = () => {
    setFilters(EMPTY);
    setUserText('');
    setSearch(toQuery(EMPTY));
    setPage(1);
  };
  const chooseUser = (value: string) => {
    const person = people.data?.find((user) => String(user.id) === value.split('#').pop());
    setFilters((current) => ({ ...current, userId: person?.id ?? null }));
  };
  const toggle = (trip: Trip) => {
    const hiding = tripStatus(trip) === 'active';
    visibility.mutate(trip.id, {
      onSuccess: () => toast.success(t(hiding ? 'adminArea.trips.hiddenDone' : 'adminArea.trips.activatedDone')),
      onError: () => toast.error(t('adminArea.trips.toggleError')),
    });
  };

  const rows = trips.data?.data ?? [];
  return (
    <Stack gap="md">
      <Paper component="form" role="search" aria-label={t('adminArea.trips.search')} onSubmit={submit} withBorder radius="md" p="md">
        <Stack gap="sm">
          <SegmentedControl
            aria-label={t('adminArea.trips.role')}
            value={filters.isPassenger ? 'passenger' : 'driver'}
            onChange={(role) => setFilters((current) => ({ ...current, isPassenger: role === 'passenger' }))}
            data={[
              { value: 'driver', label: t('adminArea.trips.asDriver') },
              { value: 'passenger', label: t('adminArea.trips.asPassenger') },
            ]}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <PlaceAutocomplete
              label={t('adminArea.trips.origin')}
              value={filters.origin}
              onChange={(origin) => setFilters((current) => ({ ...current, origin }))}
              country={config.osm_country}
              multicountry={false}
            />
            <PlaceAutocomplete
              label={t('adminArea.trips.destination')}
              value={filters.destination}
              onChange={(destination) => setFilters((current) => ({ ...current, destination }))}
              country={config.osm_country}
              multicountry={false}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <AdminDateInput label={t('adminArea.trips.date')} value={filters.date} onChange={(date) => setFilters((current) => ({ ...current, date }))} />
            <AdminDateInput
              label={t('adminArea.trips.dateFrom')}
              value={filters.fromDate}
              maxDate={filters.toDate || undefined}
              onChange={(fromDate) => setFilters((current) => ({ ...current, fromDate }))}
            />
            <AdminDateInput
              label={t('adminArea.trips.dateTo')}
              value={filters.toDate}
              minDate={filters.fromDate || undefined}
              onChange={(toDate) => setFilters((current) => ({ ...current, toDate }))}
            />
            <Autocomplete
              label={t('adminArea.trips.user')}
              placeholder={t('adminArea.trips.userPlaceholder')}
              value={userText}
              onChange={(value) => {
                setUserText(value);
                if (!value) setFilters((current) => ({ ...current, userId: null }));
              }}
              onOptionSubmit={chooseUser}
              data={(people.data ?? []).map((user) => ({ value: `${user.name} #${user.id}`, label: `${user.name} (${user.email ?? ''})` }))}
              filter={({ options }) => options}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={clear}>
              {t('adminArea.trips.clear')}
            </Button>
            <Button type="submit">{t('adminArea.trips.search')}</Button>
          </Group>
        </Stack>
      </Paper>

      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover captionSide="top">
          <Table.Caption style={{ color: 'var(--mantine-color-text)' }}>{t('adminArea.trips.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {(['user', 'from', 'to', 'date', 'time', 'seats', 'occupied', 'requests', 'state', 'actions'] as const).map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`adminArea.trips.columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((trip) => {
              const state = tripStatus(trip);
              const names = { from: trip.from_town, to: trip.to_town };
              return (
                <Table.Tr key={trip.id}>
                  <Table.Td>{trip.user?.name}</Table.Td>
                  <Table.Td>{trip.from_town}</Table.Td>
                  <Table.Td>{trip.to_town}</Table.Td>
                  <Table.Td>{formatShortDate(trip.trip_date)}</Table.Td>
                  <Table.Td>{formatTripTime(trip.trip_date)}</Table.Td>
                  <Table.Td>{trip.total_seats}</Table.Td>
                  <Table.Td>{trip.total_seats - trip.seats_available}</Table.Td>
                  <Table.Td>{trip.request_count}</Table.Td>
                  <Table.Td>{t(`tripDetail.status.${state}`)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setDetail(trip)} aria-label={t('adminArea.trips.detailTrip', names)}>
                        {t('adminArea.trips.detail')}
                      </Button>
                      {state !== 'deleted' && (
                        <Button
                          size="xs"
                          color={state === 'active' ? 'red.9' : 'blue.9'}
                          loading={visibility.isPending && visibility.variables === trip.id}
                          onClick={() => toggle(trip)}
                          aria-label={t(state === 'active' ? 'adminArea.trips.hideTrip' : 'adminArea.trips.activateTrip', names)}
                        >
                          {t(state === 'active' ? 'adminArea.trips.hide' : 'adminArea.trips.activate')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {trips.isSuccess && rows.length === 0 && <Text role="status">{t('adminArea.trips.none')}</Text>}
      {pagination && pagination.total_pages > 0 && (
        <Group justify="space-between">
          <Button variant="default" disabled={page <= 1} onClick={() => setPage((current) => current - 1)}>
            {t('adminArea.trips.previous')}
          </Button>
          <Text size="sm">{t('adminArea.trips.page', { page: pagination.current_page, total: pagination.total_pages })}</Text>
          <Button variant="default" disabled={pagination.current_page >= pagination.total_pages} onClick={() => setPage((current) => current + 1)}>
            {t('adminArea.trips.next')}
          </Button>
        </Group>
      )}
      <AdminTripModal trip={detail} onClose={() => setDetail(null)} />
    </Stack>
  );
}

export const Component = AdminTripsPage;
