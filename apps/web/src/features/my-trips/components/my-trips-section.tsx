import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type MyTripsSectionProps<T> = {
  /** Section id: my-trips?loc=<id> scrolls here. */
  id: string;
  title: string;
  query: UseQueryResult<T[]>;
  render: (items: T[]) => ReactNode;
  emptyText?: string;
  /** Hide the section when the list is empty (pending lists). */
  hideWhenEmpty?: boolean;
  /** Hide the section when the call fails (lists another issue completes); otherwise an error shows. */
  hideOnError?: boolean;
};

export function MyTripsSection<T>({ id, title, query, render, emptyText, hideWhenEmpty, hideOnError }: MyTripsSectionProps<T>) {
  const { t } = useTranslation();
  if (query.isError && hideOnError) return null;
  // Lists shown only when they have items do not flash a title while loading.
  if (hideWhenEmpty && (query.isPending || (query.isSuccess && query.data.length === 0))) return null;
  return (
    <Stack component="section" id={id} aria-labelledby={`${id}-title`} gap="sm" style={{ scrollMarginTop: 80 }}>
      <Title order={2} size="h3" id={`${id}-title`}>
        {title}
      </Title>
      {query.isPending ? (
        <Center py="md" role="status">
          <Loader size="sm" aria-label={t('cargando')} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" variant="light">
          {t('myTrips.loadError')}
        </Alert>
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : (
        render(query.data)
      )}
    </Stack>
  );
}
