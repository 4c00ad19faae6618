import { Button, Paper, Stack, Textarea, Title } from '@mantine/core';
import { LENGTHS } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { conversationKeys, sendToAll } from '@/lib/conversations';
import { errorMessageKey } from '@/lib/errors';
import { toast } from '@/lib/toast';

/**
 * The trip owner's message to all passengers (spec document 1 §2 Trip detail, document 2 §7 "Send
 * to all"): one text to each passenger's chat; on success 'El mensaje fue enviado.'.
 */
export function MessageAllForm({ passengerIds }: { passengerIds: number[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => sendToAll(text, passengerIds),
    onSuccess: () => {
      setText('');
      toast.success(t('mensajeEnviado'));
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
    onError: (error) => toast.error(t(errorMessageKey(error))),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() && passengerIds.length > 0) send.mutate();
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="message-all-title" data-testid="message-all">
      <form onSubmit={onSubmit}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="message-all-title">
            {t('messageAll.title')}
          </Title>
          <Textarea
            label={t('messageAll.label')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={LENGTHS.message}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            description={passengerIds.length === 0 ? t('messageAll.noPassengers') : undefined}
          />
          <Button type="submit" loading={send.isPending} disabled={!text.trim() || passengerIds.length === 0} style={{ alignSelf: 'flex-start' }}>
            {t('messageAll.send')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
