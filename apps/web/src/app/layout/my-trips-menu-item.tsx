import { Badge, Menu } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Mis viajes in the account menu (desktop) or the phone menu, with what waits there: seat
 * requests to answer plus ratings to give (the count's my_trips).
 */
export function MyTripsMenuItem({ pending }: { pending: number }) {
  const { t } = useTranslation();
  const badge =
    pending > 0 ? (
      <Badge size="sm" color="red" circle={pending < 10} aria-label={t('nav.myTripsPending', { count: pending })} data-testid="my-trips-badge">
        {pending}
      </Badge>
    ) : undefined;
  return (
    <Menu.Item component={Link} to={paths.myTrips} leftSection={<IconRoute size={16} aria-hidden />} rightSection={badge}>
      {t('nav.myTrips')}
    </Menu.Item>
  );
}
