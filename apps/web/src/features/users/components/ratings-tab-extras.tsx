import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { LENGTHS, type Rating, type Reference } from '@carpool/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/errors';
import { profileImageUrl } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';
import { useCreateReference, useReplyRating } from '../api/ratings-actions';

/** The profile owner's one reply to a public rating (only with allow_rating_reply, spec document 1 §6). */
export function ReplyForm({ rating }: { rating: Rating }) {
  const { t } = useTranslation();
  const reply = useReplyRating();
  const [text, setText] = useState('');
  const send = () => {
    if (text.trim() === '') return;
    reply.mutate(
      { tripId: rating.trip.id, userId: rating.from.id, comment: text.trim() },
      {
        onSuccess: () => toast.success(t('ratingsTab.replySent')),
        onError: (failure) =>
          toast.error(t(failure instanceof ApiError && failure.code === 'user_have_already_replay' ? 'ratingsTab.replyAlready' : 'ratingsTab.replyError')),
      },
    );
  };
  return (
    <Stack gap="xs" mt="sm">
      <Textarea label={t('ratingsTab.replyLabel')} value={text} onChange={(event) => setText(event.currentTarget.value)} maxLength={LENGTHS.ratingReply} autosize minRows={1} />
      <Group justify="flex-end">
        <Button size="xs" onClick={send} loading={reply.isPending} disabled={text.trim() === ''}>
          {t('ratingsTab.replySend')}
        </Button>
      </Group>
    </Stack>
  );
}

/** References received, in 3/2/1 columns like the ratings. */
export function ReferencesList({ references }: { references: Reference[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('ratingsTab.references')}
      </Title>
      {references.length === 0 ? (
        <Text c="gray.7">{t('ratingsTab.noReferences')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" data-testid="references-grid">
          {references.map((reference) => (
            <Card key={reference.id} withBorder radius="md" padding="md" data-testid="reference-card">
              {reference.from && (
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={profileImageUrl(reference.from.image)} alt="" name={reference.from.name} color="initials" radius="xl" />
                  <Text fw={600} truncate="end">
                    {reference.from.name}
                  </Text>
                </Group>
              )}
              <Text mt="sm" style={{ overflowWrap: 'anywhere' }}>
                {reference.comment}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The reference form on another user's profile (module_references, once per author). */
export function ReferenceForm({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const create = useCreateReference();
  const [text, setText] = useState('');
  const send = () => {
    if (text.trim() === '') return;
    create.mutate(
      { user_id_to: userId, comment: text.trim() },
      {
        onSuccess: () => {
          toast.success(t('referenciaExitosa'));
          setText('');
        },
        onError: (failure) => {
          const known = failure instanceof ApiError && ['reference_exist', 'reference_same_user', 'user_doesnt_exist'].includes(failure.code ?? '');
          toast.error(t(known ? errorMessageKey(failure) : 'referenciaError'));
        },
      },
    );
  };
  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={(event) => (event.preventDefault(), send())}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('ratingsTab.referenceTitle')}
        </Title>
        <Textarea label={t('ratingsTab.referenceLabel', { name })} value={text} onChange={(event) => setText(event.currentTarget.value)} maxLength={LENGTHS.reference} autosize minRows={2} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} disabled={text.trim() === ''}>
            {t('ratingsTab.referenceSend')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
