import '@mantine/core/styles/Tabs.css';
import { Alert, Button, Center, Group, Loader, Stack, Tabs } from '@mantine/core';
import { IconId, IconRoute, IconStar } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAppConfig } from '@/lib/app-config';
import { errorMessageKey } from '@/lib/errors';
import { isAdmin, useSession } from '@/lib/session';
import { useUser } from '../api/get-user';
import { ProfileHeader } from '../components/profile-header';
import { ProfileInfo } from '../components/profile-info';
import { RatingsList } from '../components/ratings-list';
import { ReferenceForm, ReferencesList } from '../components/ratings-tab-extras';
import { UserBadges } from '../components/user-badges';
import { UserTrips } from '../components/user-trips';
import { DEFAULT_PROFILE_TAB, parseProfileTab, rememberProfileTab, rememberedProfileTab, type ProfileTab } from '../utils/profile-tab';

/** Icon and text together, centred in a grown tab. */
function TabLabel({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      {icon}
      {label}
    </Group>
  );
}

/** ':id' → a user id or 'me'; null for anything else. */
function profileId(param: string | undefined): number | 'me' | null {
  if (param === 'me') return 'me';
  return param && /^\d+$/.test(param) && Number(param) > 0 ? Number(param) : null;
}

function ProfilePage({ id }: { id: number | 'me' }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const { user: viewer } = useSession();
  const [searchParams] = useSearchParams();
  const own = id === 'me' || id === viewer?.id;
  const adminViewer = isAdmin(viewer);
  const user = useUser(own ? 'me' : id);
  // Spec: the default tab is 1 (Perfil); one's own profile remembers the last tab. ?activeTab= opens one.
  const [tab, setTab] = useState<ProfileTab>(
    () => parseProfileTab(searchParams.get('activeTab')) ?? (own ? rememberedProfileTab() : DEFAULT_PROFILE_TAB),
  );

  const changeTab = (value: string | null) => {
    const next = parseProfileTab(value);
    if (!next) return;
    setTab(next);
    if (own) rememberProfileTab(next);
  };

  if (user.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('cargando')} />
      </Center>
    );
  }
  if (user.isError) {
    const missing = user.error instanceof ApiError && user.error.code === 'user_doesnt_exist';
    return (
      <Alert color={missing ? 'gray' : 'red'} title={missing ? t('userDoesntExist') : t(errorMessageKey(user.error))}>
        <Button component={Link} to={paths.trips} variant="light" mt="sm">
          {t('underConstruction.back')}
        </Button>
      </Alert>
    );
  }

  const profile = user.data;
  return (
    <Stack gap="lg">
      <ProfileHeader user={profile} own={own} adminViewer={adminViewer} showTransactions={config.module_trip_seats_payment} />
      <UserBadges userId={profile.id} />
      <Tabs value={tab} onChange={changeTab} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="trips">
            <TabLabel icon={<IconRoute size={16} aria-hidden />} label={t('profile.tabs.trips')} />
          </Tabs.Tab>
          <Tabs.Tab value="profile">
            <TabLabel icon={<IconId size={16} aria-hidden />} label={t('profile.tabs.profile')} />
          </Tabs.Tab>
          <Tabs.Tab value="ratings">
            <TabLabel icon={<IconStar size={16} aria-hidden />} label={t('profile.tabs.ratings')} />
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="trips" pt="md">
          <UserTrips userId={profile.id} own={own} adminViewer={adminViewer} />
        </Tabs.Panel>
        <Tabs.Panel value="profile" pt="md">
          <ProfileInfo user={profile} own={own} showReplyTime={config.module_conversation_average_delay} />
        </Tabs.Panel>
        <Tabs.Panel value="ratings" pt="md">
          <Stack gap="xl">
            <RatingsList userId={own ? 'me' : profile.id} canReply={own && config.allow_rating_reply} />
            <ReferencesList references={profile.references_data ?? []} />
            {!own && viewer && config.module_references && !(profile.references_data ?? []).some((reference) => reference.user_id_from === viewer.id) && (
              <ReferenceForm userId={profile.id} name={profile.name} />
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** profile (/profile/:id, id may be 'me'). */
export function ProfileRoute() {
  const { t } = useTranslation();
  const id = profileId(useParams().id);
  if (id === null) return <Alert color="gray" title={t('userDoesntExist')} />;
  // A new id is a new page: the tab starts again from its rule.
  return <ProfilePage key={String(id)} id={id} />;
}

export { ProfileRoute as Component };
