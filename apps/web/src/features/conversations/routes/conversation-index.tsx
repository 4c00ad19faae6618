import { Center, Loader, Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, withRedirect } from '@/config/paths';
import { conversationKeys, startConversation, startConversationErrorKey } from '@/lib/conversations';
import { isProfileComplete, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useConversations } from '../api/conversations';
import { TWO_PANES_QUERY } from './conversations';

const positiveId = (value: string | null) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/**
 * No chat open. `?to=<user>&trip=<trip>` (every "Enviar mensaje" link) finds or starts that chat
 * and opens it; otherwise desktop opens the newest chat (spec document 1 §2) and a phone shows the
 * list alone.
 */
export function ConversationIndexRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const twoPanes = useMediaQuery(TWO_PANES_QUERY, true, { getInitialValueInEffect: false });
  const to = positiveId(params.get('to'));
  const trip = positiveId(params.get('trip'));
  const conversations = useConversations();
  const newest = conversations.data?.pages[0]?.data[0];
  const started = useRef<string | null>(null);
  const { user } = useSession();
  const complete = isProfileComplete(user);

  useEffect(() => {
    if (!to) return;
    // A typed or old ?to= link is a door too (spec document 1 §2): no chat before a complete profile.
    if (!complete) {
      void navigate(withRedirect(paths.profileUpdate, paths.conversationWith(to, trip)), { replace: true });
      return;
    }
    const key = `${to}/${trip ?? ''}`;
    if (started.current === key) return;
    started.current = key;
    startConversation(to, trip).then(
      ({ data }) => {
        queryClient.setQueryData(conversationKeys.detail(data.id), { data });
        void navigate(paths.conversation(data.id), { replace: true });
      },
      (error: unknown) => {
        toast.error(t(startConversationErrorKey(error)));
        void navigate(paths.conversations, { replace: true });
      },
    );
  }, [to, trip, complete, navigate, queryClient, t]);

  useEffect(() => {
    if (!to && twoPanes && newest) void navigate(paths.conversation(newest.id), { replace: true });
  }, [to, twoPanes, newest, navigate]);

  if (to) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" aria-label={t('cargando')} />
      </Center>
    );
  }
  if (!twoPanes) return null;
  return (
    <Paper withBorder radius="md" p="xl" h="100%">
      <Center h="100%" mih={240}>
        <Text c="gray.7">{t('seleccioneConversacion')}</Text>
      </Center>
    </Paper>
  );
}

export { ConversationIndexRoute as Component };
