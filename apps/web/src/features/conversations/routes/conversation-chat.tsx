import { ActionIcon, Alert, Anchor, Avatar, Button, Center, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { LENGTHS } from '@carpool/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { conversationKeys } from '@/lib/conversations';
import { runtimeConfig } from '@/lib/runtime-config';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { chronological, useConversation, useMessages, useSendMessage } from '../api/conversations';
import { MessageBubble } from '../components/message-bubble';
import { TripPanel } from '../components/trip-panel';
import { TWO_PANES_QUERY } from './conversations';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;
/** Within this distance of the top, scrolling up loads the older messages. */
const TOP_MARGIN_PX = 40;

/**
 * conversation-chat (spec document 1 §2): the messages, oldest at the top, older ones loading on
 * scroll up; a new message at the bottom; the trip panel with module_coordinate_by_message. The
 * chat is asked again every 20 s (spec document 2 §9) and reading it marks it read.
 */
export function ConversationChatRoute() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const { user } = useSession();
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const twoPanes = useMediaQuery(TWO_PANES_QUERY, true, { getInitialValueInEffect: false });
  const conversation = useConversation(id);
  const messages = useMessages(id);
  const send = useSendMessage(id);
  const [text, setText] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const previous = useRef<{ first: number | undefined; last: number | undefined; height: number }>({ first: undefined, last: undefined, height: 0 });

  const list = chronological(messages.data);
  const firstId = list[0]?.id;
  const lastId = list.at(-1)?.id;

  // Reading the chat marks it read: the badges are asked again.
  const { dataUpdatedAt } = messages;
  useEffect(() => {
    if (dataUpdatedAt > 0) {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.unread() });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
    }
  }, [dataUpdatedAt, queryClient]);

  // New message at the bottom: scroll to it; older ones on top: keep what the reader was looking at.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const before = previous.current;
    if (lastId !== before.last) box.scrollTop = box.scrollHeight;
    else if (firstId !== before.first) box.scrollTop += box.scrollHeight - before.height;
    previous.current = { first: firstId, last: lastId, height: box.scrollHeight };
  }, [firstId, lastId]);

  const loadOlder = () => {
    if (messages.hasNextPage && !messages.isFetchingNextPage) void messages.fetchNextPage();
  };
  const onScroll = () => {
    if ((scroller.current?.scrollTop ?? Infinity) < TOP_MARGIN_PX) loadOlder();
  };

  const trimmed = text.trim();
  const submit = () => {
    // Spec document 1 §5: an empty message is not sent.
    if (!trimmed || send.isPending) return;
    send.mutate(text, { onSuccess: () => setText(''), onError: () => toast.error(t('chat.sendError')) });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const data = conversation.data?.data;
  if (conversation.isError || messages.isError) {
    return (
      <Alert color="red" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('chat.loadError')}</Text>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => void Promise.all([conversation.refetch(), messages.refetch()])}>
              {t('chat.retry')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (!data) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" aria-label={t('cargando')} />
      </Center>
    );
  }

  const group = data.type === 1;
  const names = new Map(data.users.map((member) => [member.id, member.name]));
  const peer = group ? undefined : data.users.find((member) => member.id !== user?.id);
  const showTrip = config.module_coordinate_by_message && data.trip;

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="chat-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          {/* No back control of its own: the header's (remembered route, here the list) is the page's one. */}
          <Avatar src={data.image ? `${runtimeConfig.apiUrl}${data.image}` : null} alt="" name={data.title} color="brand" variant="filled" radius="xl" />
          <Text component="h2" fw={700} size="lg" id="chat-title" m={0} truncate>
            {peer ? (
              <Anchor component={Link} to={paths.profile(peer.id)} inherit c="dark" aria-label={t('chat.profileOf', { name: data.title })}>
                {data.title}
              </Anchor>
            ) : (
              data.title
            )}
          </Text>
        </Group>

        {showTrip && data.trip && <TripPanel trip={data.trip} conversationId={data.id} />}
        {showTrip && data.return_trip && <TripPanel trip={data.return_trip} conversationId={data.id} isReturn />}

        <div
          ref={scroller}
          onScroll={onScroll}
          style={{ height: twoPanes ? 'min(60vh, 560px)' : 'calc(100dvh - 330px)', minHeight: 240, overflowY: 'auto', padding: 4 }}
          tabIndex={0}
          role="region"
          aria-label={t('chat.messagesList')}
        >
          {messages.hasNextPage && (
            <Center py={4}>
              <Button size="xs" variant="subtle" loading={messages.isFetchingNextPage} onClick={loadOlder}>
                {t('chat.olderMessages')}
              </Button>
            </Center>
          )}
          {messages.isPending ? (
            <Center py="xl" role="status">
              <Loader size="sm" aria-label={t('cargando')} />
            </Center>
          ) : list.length === 0 ? (
            <Text c="gray.7" ta="center" py="xl">
              {t('chat.noMessages')}
            </Text>
          ) : (
            <Stack gap={6} component="ul" style={listStyle}>
              {list.map((message) => {
                const mine = message.user_id === user?.id;
                return (
                  <MessageBubble
                    key={message.id}
                    message={message}
                    mine={mine}
                    author={group && !mine ? (names.get(message.user_id) ?? null) : null}
                  />
                );
              })}
            </Stack>
          )}
        </div>

        <form onSubmit={onSubmit}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Textarea
              style={{ flex: 1 }}
              aria-label={t('chat.messageLabel')}
              placeholder={t('chat.messagePlaceholder')}
              autosize
              minRows={1}
              maxRows={5}
              maxLength={LENGTHS.message}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={onKeyDown}
              description={text.length > LENGTHS.message - 100 ? t('chat.remaining', { count: LENGTHS.message - text.length }) : undefined}
            />
            <ActionIcon type="submit" size={42} disabled={!trimmed} loading={send.isPending} aria-label={t('chat.send')}>
              <IconSend size={20} aria-hidden />
            </ActionIcon>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}

export { ConversationChatRoute as Component };
