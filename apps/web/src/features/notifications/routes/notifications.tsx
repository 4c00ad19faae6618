import { Alert, Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PushPermissionCard } from '@/components/push-permission-card';
import { errorMessageKey } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { notificationKeys } from '../api/query-keys';
import { NotificationItem } from '../components/notification-item';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * notifications (spec document 1 §2): 25 a page with Siguiente until the last page, a click goes
 * by type, delete; reading them marks them read, so the bell is asked again after each page.
 */
export function NotificationsRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const notifications = useNotifications(user?.id ?? 'me');
  const remove = useDeleteNotification();
  const { dataUpdatedAt } = notifications;

  useEffect(() => {
    if (dataUpdatedAt > 0) void queryClient.invalidateQueries({ queryKey: notificationKeys.counts() });
  }, [dataUpdatedAt, queryClient]);

  const onDelete = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => toast.success(t('notificationsPage.deleted')),
      onError: (error) => toast.error(t(errorMessageKey(error))),
    });

  const items = notifications.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Container size="md" px={{ base: 'md', md: 'xl' }} py="lg">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, md: 32 }}>
          {t('notificationsPage.title')}
        </Title>
        <PushPermissionCard />
        {notifications.isPending ? (
          <Center py="xl" role="status">
            <Loader size="sm" aria-label={t('cargando')} />
          </Center>
        ) : notifications.isError ? (
          <Alert color="red" variant="light">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('notificationsPage.loadError')}</Text>
              <Button size="xs" variant="light" onClick={() => void notifications.refetch()}>
                {t('notificationsPage.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : items.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('noHayNotificaciones')}
          </Text>
        ) : (
          <>
            <Stack gap="sm" component="ul" style={listStyle} aria-label={t('notificationsPage.title')}>
              {items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  deleting={remove.isPending && remove.variables === notification.id}
                  onDelete={() => onDelete(notification.id)}
                />
              ))}
            </Stack>
            {notifications.hasNextPage && (
              <Center>
                <Button variant="light" loading={notifications.isFetchingNextPage} onClick={() => void notifications.fetchNextPage()}>
                  {t('notificationsPage.next')}
                </Button>
              </Center>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

export { NotificationsRoute as Component };
