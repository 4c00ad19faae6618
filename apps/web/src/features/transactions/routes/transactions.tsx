import { Alert, Anchor, Badge, Button, Center, Container, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import type { Transaction } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, withRedirect } from '@/config/paths';
import { formatTripDate, parseProviderDate, toIsoString } from '@/lib/dates';
import { isLoggedIn, useSession } from '@/lib/session';
import { formatPrice } from '@/lib/trip-display';
import { useTransactions } from '../api/get-transactions';
import { isOwnPayment, transactionAmountCents, transactionStatus } from '../utils/transaction-display';

function StatusBadge({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation();
  const status = transactionStatus(transaction);
  const text = status.key === 'transaccionOkConTarjeta' ? t(status.key, { card: status.card }) : t(status.key);
  return (
    <Badge color={status.key === 'transaccionNoCompletada' ? 'red' : 'green'} variant="light" style={{ textTransform: 'none', whiteSpace: 'normal', height: 'auto' }} py={4}>
      {text}
    </Badge>
  );
}

function TransactionsTable({ transactions, viewerId }: { transactions: Transaction[]; viewerId: number | undefined }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={640}>
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
            {transactions.map((transaction) => {
              const { trip } = transaction;
              const values = { to: trip.to_town, date: formatTripDate(trip.trip_date) };
              return (
                <Table.Tr key={transaction.id} data-testid="transaction-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={toIsoString(transaction.created_at)}>{parseProviderDate(transaction.created_at).format('DD/MM/YYYY HH:mm')}</time>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={paths.trip(trip.id)} size="sm">
                      {isOwnPayment(transaction, viewerId)
                        ? t('transactionsPage.asPassenger', { ...values, driver: trip.user.name })
                        : t('transactionsPage.asDriver', { ...values, passenger: transaction.user.name })}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatPrice(transactionAmountCents(transaction))}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge transaction={transaction} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** transactions (public route, spec document 1 §2): the payments table; visitors are asked to log in. */
export function TransactionsRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const loggedIn = isLoggedIn(session);
  const transactions = useTransactions(session.user?.id ?? 'me', loggedIn);

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
          <TransactionsTable transactions={transactions.data} viewerId={session.user?.id} />
        )}
      </Stack>
    </Container>
  );
}

export { TransactionsRoute as Component };
