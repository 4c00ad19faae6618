import { Box, Group, Paper, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import type { Message } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { formatTripTime, parseProviderDate, nowInArgentina } from '@/lib/dates';

function when(value: string): string {
  const date = parseProviderDate(value);
  return date.isSame(nowInArgentina(), 'day') ? formatTripTime(value) : `${date.format('DD/MM')} ${formatTripTime(value)}`;
}

/**
 * One message (spec document 1 §2): its text and time, the author's name in group chats, and on
 * my own messages the seen tick once someone else read it (no_of_read above 1).
 */
export function MessageBubble({ message, mine, author }: { message: Message; mine: boolean; author: string | null }) {
  const { t } = useTranslation();
  return (
    <Box component="li" style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }} data-testid="chat-message">
      <Paper radius="md" px="sm" py={6} maw="80%" bg={mine ? 'brand.1' : 'gray.1'}>
        {author && (
          <Text size="xs" fw={700} c="brand.9">
            {author}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Text>
        <Group gap={4} justify="flex-end">
          <Text size="xs" c="gray.7" component="time" dateTime={message.created_at}>
            {when(message.created_at)}
          </Text>
          {mine && (message.no_of_read ?? 0) > 1 && <IconChecks size={14} color="var(--mantine-color-blue-8)" role="img" aria-label={t('chat.seen')} data-testid="seen-tick" />}
        </Group>
      </Paper>
    </Box>
  );
}
