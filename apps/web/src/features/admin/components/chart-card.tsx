import { Alert, Loader, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ChartCardProps = {
  title: string;
  /** The chart's numbers read aloud ('ene 2026: 3, feb 2026: 5'): a chart is a picture to screen readers. */
  summary: string;
  loading: boolean;
  failed: boolean;
  children: ReactNode;
};

export function ChartCard({ title, summary, loading, failed, children }: ChartCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper component="figure" withBorder radius="md" p="md" m={0} aria-labelledby={titleId} data-testid="admin-chart">
      <Title order={2} size="h4" id={titleId} mb="sm">
        {title}
      </Title>
      {failed ? (
        <Alert color="red">{t('adminArea.charts.error')}</Alert>
      ) : loading ? (
        <Loader size="sm" aria-label={t('adminArea.charts.loading')} />
      ) : (
        <>
          <div style={{ width: '100%', height: 260 }} aria-hidden>
            {children}
          </div>
          <VisuallyHidden>
            <Text>{summary}</Text>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
