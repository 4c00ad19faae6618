import { Alert, Button, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import type { User } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { REDIRECT_PARAM, paths, safeRedirect } from '@/config/paths';
import { forgetTarget } from '@/lib/remembered-target';
import { isProfileComplete } from '@/lib/session';
import { useUser } from '../api/get-user';
import { ProfileUpdateForm } from '../components/profile-update-form';

/** profile_update (/setting/profile): after a save that completes the profile, on to the remembered page. */
export function ProfileUpdateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const user = useUser('me');

  const target = searchParams.get(REDIRECT_PARAM);
  // On the way to another page than the home (the guard, or after login with a remembered page).
  const guarded = target !== null && safeRedirect(target) !== paths.trips;
  // On the way to a trip the action was asking for a seat (or messaging its driver): say so.
  const reason = guarded ? (/^\/trips\/\d+/.test(safeRedirect(target)) ? 'trip' : 'page') : undefined;

  const onSaved = (saved: User) => {
    if (target && isProfileComplete(saved)) {
      forgetTarget();
      void navigate(safeRedirect(target), { replace: true });
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack>
        <Title order={1} size="h2">
          {t('pages.profileUpdate')}
        </Title>
        {user.data ? (
          <ProfileUpdateForm key={user.data.id} user={user.data} onSaved={onSaved} guarded={reason} />
        ) : user.isError ? (
          <Alert color="red" title={t('errorGenerico')}>
            <Button variant="light" onClick={() => void user.refetch()}>
              {t('trips.retry')}
            </Button>
          </Alert>
        ) : (
          <Center py="xl">
            <Loader aria-label={t('cargando')} />
          </Center>
        )}
      </Stack>
    </Paper>
  );
}

export { ProfileUpdateRoute as Component };
