import { Button, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { TIMING, type User } from '@carpool/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useFriendAction, useFriends, usePendingFriends, useSentFriendRequests } from '../api/friends';
import { PersonRow, SentRequestButton } from '../components/person-row';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * friends_setting (spec document 1 §2 Friends): pending requests (accept or reject), the requests I
 * sent that wait for an answer ('Solicitud enviada', disabled), my friends with a name filter and
 * delete, and the way to search new friends.
 */
export function FriendsRoute() {
  const { t } = useTranslation();
  const pending = usePendingFriends();
  const sentRequests = useSentFriendRequests();
  const accept = useFriendAction('accept');
  const reject = useFriendAction('reject');
  const remove = useFriendAction('delete');
  const [filter, setFilter] = useState('');
  const [value] = useDebouncedValue(filter.trim(), TIMING.friendSearchDebounceMs);
  const friends = useFriends(value);
  const [deleting, setDeleting] = useState<User | null>(null);

  const onError = (error: unknown) => toast.error(t(errorMessageKey(error)));
  const list = friends.data?.pages.flatMap((page) => page.data) ?? [];
  const requests = pending.data ?? [];
  const sent = sentRequests.data ?? [];
  const busy = (mutation: { isPending: boolean; variables?: number }, id: number) => mutation.isPending && mutation.variables === id;

  return (
    <Stack gap="lg">
      {requests.length > 0 && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="friend-requests-title">
          <Title order={2} size="h4" id="friend-requests-title" mb="sm">
            {t('friendsPage.pendingTitle')}
          </Title>
          <Stack gap="sm" component="ul" style={listStyle}>
            {requests.map((user) => (
              <PersonRow
                key={user.id}
                user={user}
                testId="friend-request"
                actions={
                  <>
                    <Button
                      size="xs"
                      aria-label={t('friendsPage.acceptNamed', { name: user.name })}
                      loading={busy(accept, user.id)}
                      onClick={() => accept.mutate(user.id, { onSuccess: () => toast.success(t('friendsPage.accepted')), onError })}
                    >
                      {t('friendsPage.accept')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('friendsPage.rejectNamed', { name: user.name })}
                      loading={busy(reject, user.id)}
                      onClick={() => reject.mutate(user.id, { onSuccess: () => toast.info(t('friendsPage.rejected')), onError })}
                    >
                      {t('friendsPage.reject')}
                    </Button>
                  </>
                }
              />
            ))}
          </Stack>
        </Paper>
      )}

      {sent.length > 0 && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sent-requests-title">
          <Title order={2} size="h4" id="sent-requests-title" mb="sm">
            {t('friendsPage.sentTitle')}
          </Title>
          <Stack gap="sm" component="ul" style={listStyle} aria-labelledby="sent-requests-title">
            {sent.map((user) => (
              <PersonRow key={user.id} user={user} testId="sent-friend-request" actions={<SentRequestButton name={user.name} />} />
            ))}
          </Stack>
        </Paper>
      )}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="friends-title">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={1} size="h3" id="friends-title">
              {t('friendsPage.listTitle')}
            </Title>
            <Button component={Link} to={paths.friendsSearch} leftSection={<IconUserPlus size={18} aria-hidden />} variant="default">
              {t('friendsPage.searchNew')}
            </Button>
          </Group>
          <TextInput
            label={t('friendsPage.filterLabel')}
            placeholder={t('friendsPage.filterPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
          />
          {friends.isPending ? (
            <Center py="lg" role="status">
              <Loader size="sm" aria-label={t('cargando')} />
            </Center>
          ) : friends.isError ? (
            <Text c="red">{t('friendsPage.loadError')}</Text>
          ) : list.length === 0 ? (
            <Text c="gray.7" ta="center" py="lg">
              {value ? t('noHayResultados') : t('noTienesAmigos')}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" style={listStyle} aria-labelledby="friends-title">
              {list.map((user) => (
                <PersonRow
                  key={user.id}
                  user={user}
                  testId="friend"
                  actions={
                    <Button size="xs" variant="outline" color="red.9" aria-label={t('friendsPage.deleteNamed', { name: user.name })} onClick={() => setDeleting(user)}>
                      {t('friendsPage.delete')}
                    </Button>
                  }
                />
              ))}
            </Stack>
          )}
          {friends.hasNextPage && (
            <Button variant="subtle" loading={friends.isFetchingNextPage} onClick={() => void friends.fetchNextPage()}>
              {t('friendsPage.loadMore')}
            </Button>
          )}
        </Stack>
      </Paper>

      <ConfirmDialog
        opened={deleting !== null}
        title={t('friendsPage.deleteTitle')}
        message={t('friendsPage.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('friendsPage.deleted'));
            },
            onError: (error) => {
              setDeleting(null);
              onError(error);
            },
          })
        }
      />
    </Stack>
  );
}

export { FriendsRoute as Component };
