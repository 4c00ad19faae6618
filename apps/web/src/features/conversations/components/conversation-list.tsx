import { ActionIcon, Avatar, Box, Button, Center, CloseButton, Group, Loader, Paper, Stack, Text, TextInput, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Conversation } from '@carpool/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useOpenConversation } from '@/lib/conversations';
import { formatTripTime, parseProviderDate, nowInArgentina } from '@/lib/dates';
import { profileImageUrl, runtimeConfig } from '@/lib/runtime-config';
import { useChatUserSearch, useConversations } from '../api/conversations';
import { previewText } from '../utils/preview';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** Today's messages show their time, older ones their date. */
function when(value: string): string {
  const date = parseProviderDate(value);
  return date.isSame(nowInArgentina(), 'day') ? formatTripTime(value) : date.format('DD/MM/YY');
}

function ConversationRow({ conversation, active }: { conversation: Conversation; active: boolean }) {
  const { t } = useTranslation();
  const last = conversation.last_message;
  return (
    <Box component="li">
      <UnstyledButton
        component={Link}
        to={paths.conversation(conversation.id)}
        aria-current={active ? 'page' : undefined}
        data-testid="conversation-row"
        p="sm"
        w="100%"
        bg={active ? 'brand.0' : undefined}
        style={{ display: 'block', borderRadius: 8 }}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={conversation.image ? `${runtimeConfig.apiUrl}${conversation.image}` : null} alt="" name={conversation.title} color="brand" variant="filled" radius="xl" />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              {/* The row is named by what it shows (axe's label-content-name-mismatch): who, when, the
                  last message; the hidden words say what the link opens. */}
              <Text fw={conversation.unread ? 700 : 500} size="sm" truncate>
                <VisuallyHidden>{t('chat.openChatPrefix')} </VisuallyHidden>
                {conversation.title}
              </Text>
              {last && (
                <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
                  {when(last.created_at)}
                </Text>
              )}
            </Group>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" c={conversation.unread ? 'dark' : 'gray.7'} fw={conversation.unread ? 600 : 400} truncate>
                {last ? previewText(last.text) : ''}
              </Text>
              {conversation.unread && (
                <Box w={10} h={10} bg="red.7" style={{ borderRadius: '50%', flexShrink: 0 }} role="img" aria-label={t('chat.unread')} />
              )}
            </Group>
          </Stack>
        </Group>
      </UnstyledButton>
    </Box>
  );
}

/**
 * The list of conversations (spec document 1 §2): search by name (the button asks the server for
 * the people of my chats; empty text clears the results), newest chat first, more on demand.
 */
export function ConversationList({ activeId }: { activeId: number | null }) {
  const { t } = useTranslation();
  const conversations = useConversations();
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const people = useChatUserSearch(searched);
  const { open, isPending } = useOpenConversation();

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearched(text.trim());
  };
  const onText = (value: string) => {
    setText(value);
    // Spec document 1 §5: a conversation search with empty text clears the results.
    if (value.trim() === '') setSearched('');
  };

  const items = conversations.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="conversations-title" h="100%">
      <Stack gap="sm">
        <Title order={1} size="h3" id="conversations-title">
          {t('chat.listTitle')}
        </Title>
        <form onSubmit={onSearch} role="search">
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label={t('chat.searchLabel')}
              placeholder={t('chat.searchPlaceholder')}
              value={text}
              onChange={(event) => onText(event.currentTarget.value)}
              rightSection={text ? <CloseButton aria-label={t('chat.clearSearch')} onClick={() => onText('')} size="sm" /> : null}
            />
            <ActionIcon type="submit" size="lg" variant="filled" aria-label={t('chat.searchButton')} mb={2}>
              <IconSearch size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </form>

        {searched ? (
          people.isPending ? (
            <Center py="md" role="status">
              <Loader size="sm" aria-label={t('cargando')} />
            </Center>
          ) : (people.data ?? []).length === 0 ? (
            <Text c="gray.7" ta="center" py="md">
              {t('noHayResultados')}
            </Text>
          ) : (
            <Stack gap={4} component="ul" style={listStyle} aria-label={t('chat.searchResults')}>
              {(people.data ?? []).map((user) => (
                <Box component="li" key={user.id}>
                  <UnstyledButton p="sm" w="100%" disabled={isPending} onClick={() => open(user.id)} aria-label={t('chat.openChat', { name: user.name })}>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={profileImageUrl(user.image)} alt="" name={user.name} color="brand" variant="filled" radius="xl" size="sm" />
                      <Text size="sm">{user.name}</Text>
                    </Group>
                  </UnstyledButton>
                </Box>
              ))}
            </Stack>
          )
        ) : conversations.isPending ? (
          <Center py="xl" role="status">
            <Loader size="sm" aria-label={t('cargando')} />
          </Center>
        ) : items.length === 0 ? (
          <Text c="gray.7" ta="center" py="xl">
            {t('noTienesConversaciones')}
          </Text>
        ) : (
          <>
            <Stack gap={4} component="ul" style={listStyle} aria-labelledby="conversations-title">
              {items.map((conversation) => (
                <ConversationRow key={conversation.id} conversation={conversation} active={conversation.id === activeId} />
              ))}
            </Stack>
            {conversations.hasNextPage && (
              <Button variant="subtle" loading={conversations.isFetchingNextPage} onClick={() => void conversations.fetchNextPage()}>
                {t('chat.loadMore')}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
