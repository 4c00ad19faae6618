import { Anchor, Button, Center, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { TIMING } from '@carpool/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { friendKeys, useFriendAction, useFriendSearch, useSentFriendRequests } from '../api/friends';
import { PersonRow, SentRequestButton } from '../components/person-row';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * friends_search (spec document 1 §2, §5): a debounced name search that runs only for non-empty
 * text and cancels the one still running; Agregar sends a request, then 'Solicitud enviada'.
 */
export function FriendsSearchRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), TIMING.friendSearchDebounceMs);
  // Empty text clears the results at once, without waiting for the pause.
  const value = text.trim() === '' ? '' : debounced;
  const results = useFriendSearch(value);
  const request = useFriendAction('request');
  const [sent, setSent] = useState<Set<number>>(() => new Set());
  const sentBefore = useSentFriendRequests();

  // A newer text: the search still running for an older one is cancelled.
  useEffect(() => {
    void queryClient.cancelQueries({ queryKey: [...friendKeys.all, 'search'], predicate: (query) => query.queryKey[2] !== value });
  }, [value, queryClient]);

  const add = (id: number) =>
    request.mutate(id, {
      onSuccess: () => setSent((before) => new Set(before).add(id)),
      onError: (error) => toast.error(t(errorMessageKey(error))),
    });

  const people = value ? (results.data ?? []) : [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="friend-search-title">
      <Stack gap="sm">
        <Anchor component={Link} to={paths.friends} size="sm">
          <IconArrowLeft size={14} aria-hidden /> {t('friendsPage.backToFriends')}
        </Anchor>
        <Title order={1} size="h3" id="friend-search-title">
          {t('friendsPage.searchTitle')}
        </Title>
        <TextInput
          label={t('friendsPage.searchLabel')}
          placeholder={t('friendsPage.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          type="search"
        />
        {value && results.isPending ? (
          <Center py="lg" role="status">
            <Loader size="sm" aria-label={t('cargando')} />
          </Center>
        ) : value && people.length === 0 ? (
          <Text c="gray.7" ta="center" py="lg">
            {t('noHayResultados')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={listStyle} aria-label={t('friendsPage.searchTitle')}>
            {people.map((user) => {
              const asked = sent.has(user.id) || user.state === 'pending' || sentBefore.data?.some((other) => other.id === user.id);
              return (
                <PersonRow
                  key={user.id}
                  user={user}
                  testId="friend-candidate"
                  actions={
                    asked ? (
                      <SentRequestButton name={user.name} />
                    ) : user.state === 'friend' ? null : (
                      <Button size="xs" aria-label={t('friendsPage.addNamed', { name: user.name })} loading={request.isPending && request.variables === user.id} onClick={() => add(user.id)}>
                        {t('friendsPage.add')}
                      </Button>
                    )
                  }
                />
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

export { FriendsSearchRoute as Component };
