import '@mantine/core/styles/Table.css';
import { Alert, Anchor, Button, Center, Container, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLogin } from '@tabler/icons-react';
import type { Transaction } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, withRedirect } from '@/config/paths';
import { formatTripDate, parseProviderDate, toIsoString } from '@/lib/dates';
import { usePaymentOutcomeToast } from '@/lib/payment-outcome';
import { isLoggedIn, useSession } from '@/lib/session';
import { formatPrice } from '@/lib/trip-display';
import { useTransactions } from '../api/get-transactions';
import { isOwnPayment, transactionAmountCents, transactionStatus } from '../utils/transaction-display';

function StatusLabel({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation();
  const status = transactionStatus(transaction);
  const text = status.key === 'transaccionOkConTarjeta' ? t(status.key, { card: status.card }) : t(status.key);
  const ok = status.key !== 'transaccionNoCompletada';
  return (
    <Group gap={6} wrap="nowrap" c={ok ? 'green' : 'red'}>
      {ok ? <IconCircleCheck size={18} aria-hidden style={{ flexShrink: 0 }} /> : <IconAlertCircle size={18} aria-hidden style={{ flexShrink: 0 }} />}
      <Text size="sm" fw={600}>
        {text}
      </Text>
    </Group>
  );
}

/** The description of a payment from the viewer's side: the seat they paid, or a passenger's seat on their trip. */
function useDescription(viewerId: number | undefined) {
  const { t } = useTranslation();
  return (transaction: Transaction) => {
    const { trip } = transaction;
    const values = { to: trip.to_town, date: formatTripDate(trip.trip_date) };
    return isOwnPayment(transaction, viewerId)
      ? t('transactionsPage.asPassenger', { ...values, driver: trip.user.name })
      : t('transactionsPage.asDriver', { ...values, passenger: transaction.user.name });
  };
}

const paidAt = (transaction: Transaction) => (
  <time dateTime={toIsoString(transaction.created_at)}>{parseProviderDate(transaction.created_at).format('DD/MM/YYYY HH:mm')}</time>
);

/** Wide screens: the table of spec document 1 §2 (date, description, amount, status). */
function TransactionsTable({ transactions, viewerId }: { transactions: Transaction[]; viewerId: number | undefined }) {
  const { t } = useTranslation();
  const describe = useDescription(viewerId);
  return (
    <Paper withBorder radius="md" visibleFrom="sm">
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" data-testid="transactions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('transactionsPage.date')}</Table.Th>
            <Table.Th>{t('transactionsPage.description')}</Table.Th>
            <Table.Th ta="right">{t('transactionsPage.amount')}</Table.Th>
            <Table.Th>{t('transactionsPage.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transactions.map((transaction) => (
            <Table.Tr key={transaction.id} data-testid="transaction-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{paidAt(transaction)}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={paths.trip(transaction.trip.id)} size="sm">
                  {describe(transaction)}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatPrice(transactionAmountCents(transaction))}
              </Table.Td>
              <Table.Td>
                <StatusLabel transaction={transaction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Phones: the same rows as cards, so nothing hides behind a horizontal scroll. */
function TransactionCards({ transactions, viewerId }: { transactions: Transaction[]; viewerId: number | undefined }) {
  const { t } = useTranslation();
  const describe = useDescription(viewerId);
  return (
    <Stack gap="sm" component="ul" hiddenFrom="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('transactionsPage.title')}>
      {transactions.map((transaction) => (
        <Paper key={transaction.id} component="li" withBorder radius="md" p="md" data-testid="transaction-card">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" c="dimmed">
                {paidAt(transaction)}
              </Text>
              <Text fw={700}>{formatPrice(transactionAmountCents(transaction))}</Text>
            </Group>
            <Anchor component={Link} to={paths.trip(transaction.trip.id)} size="sm">
              {describe(transaction)}
            </Anchor>
            <StatusLabel transaction={transaction} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** transactions (public route, spec document 1 §2): the payments table; visitors are asked to log in. */
export function TransactionsRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const loggedIn = isLoggedIn(session);
  const transactions = useTransactions(session.user?.id ?? 'me', loggedIn);
  usePaymentOutcomeToast();

  return (
    <Container size="lg" px={{ base: 'md', md: 'xl' }} py="lg">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, md: 32 }}>
          {t('transactionsPage.title')}
        </Title>
        {!loggedIn ? (
          <Paper withBorder radius="md" p="lg" data-testid="transactions-login">
            <Stack align="flex-start">
              <Text>{t('transactionsPage.loginPrompt')}</Text>
              <Button component={Link} to={withRedirect(paths.login, paths.transactions)} leftSection={<IconLogin size={18} aria-hidden />}>
                {t('transactionsPage.login')}
              </Button>
            </Stack>
          </Paper>
        ) : transactions.isPending ? (
          <Center py="xl" role="status">
            <Loader size="sm" aria-label={t('cargando')} />
          </Center>
        ) : transactions.isError ? (
          <Alert color="red" variant="light">
            {t('transactionsPage.loadError')}
          </Alert>
        ) : transactions.data.length === 0 ? (
          <Text c="dimmed">{t('transactionsPage.empty')}</Text>
        ) : (
          <>
            <TransactionsTable transactions={transactions.data} viewerId={session.user?.id} />
            <TransactionCards transactions={transactions.data} viewerId={session.user?.id} />
          </>
        )}
      </Stack>
    </Container>
  );
}

export { TransactionsRoute as Component };
