import { Button, Group, Paper, Text } from '@mantine/core';
import { IconArmchair, IconCreditCard, IconStar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollToSection } from '../utils/scroll-to-section';

type ToDoSummaryProps = { payments: number; requests: number; ratings: number };

/**
 * 'Para hacer ahora': what waits for the user at the top of my trips, each a button to its section
 * (a driver's 15 requests would otherwise keep the ratings two thousand pixels down).
 */
export function ToDoSummary({ payments, requests, ratings }: ToDoSummaryProps) {
  const { t } = useTranslation();
  const items: { id: string; count: number; label: string; icon: ReactNode }[] = [
    { id: 'payments', count: payments, label: t('myTrips.todoPayments', { count: payments }), icon: <IconCreditCard size={16} aria-hidden /> },
    { id: 'requests', count: requests, label: t('myTrips.todoRequests', { count: requests }), icon: <IconArmchair size={16} aria-hidden /> },
    { id: 'ratings', count: ratings, label: t('myTrips.todoRatings', { count: ratings }), icon: <IconStar size={16} aria-hidden /> },
  ].filter((item) => item.count > 0);
  if (items.length === 0) return null;
  return (
    <Paper component="nav" aria-labelledby="todo-title" withBorder radius="md" p="sm" data-testid="my-trips-todo">
      <Text id="todo-title" fw={700} mb="xs">
        {t('myTrips.todo')}
      </Text>
      <Group gap="xs">
        {items.map((item) => (
          <Button key={item.id} variant="light" size="sm" leftSection={item.icon} onClick={() => scrollToSection(item.id)}>
            {item.label}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}
