import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Code,
  Container,
  Group,
  List,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call, driftAvailable, type FaultRule, type JournalEntry, type Mail, type Scenario, type Status } from './api';

/** How often the page reads the journal and the status again (the journal "live"). */
export const LIVE_MS = 2_000;

const format = (iso: string) =>
  new Intl.DateTimeFormat('es-AR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date(iso));

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="md" radius="md">
      <Title order={2} id={id} size="h3" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function ControlPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const status = useQuery({ queryKey: ['status'], queryFn: () => call<Status>('GET', '/__mock/status'), refetchInterval: LIVE_MS });
  const refresh = () => client.invalidateQueries();
  const failure = (error: unknown) => t('controls.failed', { message: error instanceof Error ? error.message : String(error) });
  const reset = useMutation({ mutationFn: () => call('POST', '/__mock/reset', {}), onSettled: refresh });

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <header>
          <Title order={1}>{t('controls.title')}</Title>
          <Text>{t('controls.intro')}</Text>
          <Group gap="md" mt="xs">
            <Anchor href="/api/docs#/controls">{t('controls.apiDocs')}</Anchor>
            <Anchor href="/app/trips">{t('controls.openApp')}</Anchor>
          </Group>
        </header>
        <main>
          <Stack gap="lg">
            {status.isError && (
              <Alert color="red" role="alert">
                {failure(status.error)}
              </Alert>
            )}
            <Section title={t('controls.reset.title')}>
              <Group>
                <Button onClick={() => reset.mutate()} loading={reset.isPending}>
                  {t('controls.reset.button')}
                </Button>
                {reset.isSuccess && <Text role="status">{t('controls.reset.done')}</Text>}
                {reset.isError && <Text c="red.8">{failure(reset.error)}</Text>}
              </Group>
              {status.data && (
                <Text mt="sm">
                  {status.data.demo_reset.enabled && status.data.demo_reset.next_reset_at
                    ? t('controls.demoReset.on', { at: format(status.data.demo_reset.next_reset_at) })
                    : t('controls.demoReset.off')}
                </Text>
              )}
            </Section>
            <ClockSection status={status.data} onChange={refresh} />
            <ScenariosSection onApplied={refresh} />
            <FaultsSection />
            <FlagsSection status={status.data} onChange={refresh} />
            <JournalSection status={status.data} />
            <OutboxSection />
            <DriftSection />
          </Stack>
        </main>
      </Stack>
    </Container>
  );
}

function ClockSection({ status, onChange }: { status: Status | undefined; onChange: () => void }) {
  const { t } = useTranslation();
  const [when, setWhen] = useState('');
  const [frozen, setFrozen] = useState(true);
  const move = useMutation({ mutationFn: (now: string | null) => call('POST', '/__mock/clock', { now, frozen }), onSettled: onChange });
  return (
    <Section title={t('controls.clock.title')}>
      {status ? (
        <Group gap="xs" mb="sm">
          <Text data-testid="server-now">{t('controls.clock.now', { now: format(status.now) })}</Text>
          <Badge color={status.overridden ? 'orange.9' : 'gray.7'}>{status.overridden ? t('controls.clock.moved') : t('controls.clock.real')}</Badge>
          {status.overridden && <Badge color="gray.7">{status.frozen ? t('controls.clock.frozen') : t('controls.clock.running')}</Badge>}
        </Group>
      ) : (
        <Text>{t('controls.loading')}</Text>
      )}
      <Group align="end">
        <TextInput label={t('controls.clock.input')} value={when} onChange={(event) => setWhen(event.currentTarget.value)} w={360} />
        <Checkbox label={t('controls.clock.freeze')} checked={frozen} onChange={(event) => setFrozen(event.currentTarget.checked)} mb={8} />
        <Button onClick={() => move.mutate(when.trim())} disabled={!when.trim()} loading={move.isPending}>
          {t('controls.clock.apply')}
        </Button>
        <Button variant="default" onClick={() => move.mutate(null)}>
          {t('controls.clock.release')}
        </Button>
      </Group>
      {move.isError && <Text c="red.8" role="alert">{String(move.error.message)}</Text>}
    </Section>
  );
}

function FlagsSection({ status, onChange }: { status: Status | undefined; onChange: () => void }) {
  const { t } = useTranslation();
  const flip = useMutation({ mutationFn: (flag: Record<string, boolean>) => call('POST', '/__mock/config', flag), onSettled: onChange });
  const flags = Object.entries(status?.config ?? {}).filter(([key, value]) => typeof value === 'boolean' && (key.startsWith('module_') || key === 'enable_facebook' || key === 'disable_user_hints' || key === 'allow_rating_reply'));
  return (
    <Section title={t('controls.flags.title')}>
      <Stack gap={6}>
        {flags.map(([key, value]) => (
          <Switch key={key} label={key} checked={value as boolean} onChange={(event) => flip.mutate({ [key]: event.currentTarget.checked })} />
        ))}
      </Stack>
    </Section>
  );
}

function ScenariosSection({ onApplied }: { onApplied: () => void }) {
  const { t } = useTranslation();
  const scenarios = useQuery({ queryKey: ['scenarios'], queryFn: () => call<{ data: Scenario[] }>('GET', '/__mock/scenarios') });
  const apply = useMutation({
    mutationFn: (name: string) => call<{ scenario: string; ids: Record<string, unknown> }>('POST', `/__mock/scenario/${name}`, {}),
    onSettled: onApplied,
  });
  return (
    <Section title={t('controls.scenarios.title')}>
      <Table>
        <Table.Tbody>
          {scenarios.data?.data.map((scenario) => (
            <Table.Tr key={scenario.name}>
              <Table.Td>
                <Code>{scenario.name}</Code>
              </Table.Td>
              <Table.Td>{scenario.description}</Table.Td>
              <Table.Td>
                <Button size="xs" onClick={() => apply.mutate(scenario.name)} loading={apply.isPending && apply.variables === scenario.name} aria-label={t('controls.scenarios.apply', { name: scenario.name })}>
                  {t('controls.scenarios.apply', { name: '' }).trim()}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {apply.data && (
        <Stack gap={4} mt="sm" role="status">
          <Text>{t('controls.scenarios.applied', { name: apply.data.scenario })}</Text>
          <Code block>{JSON.stringify(apply.data.ids, null, 2)}</Code>
        </Stack>
      )}
      {apply.isError && <Text c="red.8" role="alert">{apply.error.message}</Text>}
    </Section>
  );
}

function FaultsSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const rules = useQuery({ queryKey: ['faults'], queryFn: () => call<{ data: FaultRule[] }>('GET', '/__mock/fault'), refetchInterval: LIVE_MS });
  const changed = () => client.invalidateQueries({ queryKey: ['faults'] });
  const [target, setTarget] = useState('');
  const [method, setMethod] = useState('');
  const [effect, setEffect] = useState<FaultRule['effect']>('error');
  const [code, setCode] = useState('server_error');
  const [delay, setDelay] = useState<number | string>(3000);
  const [times, setTimes] = useState<number | string>(1);
  const add = useMutation({
    mutationFn: () => {
      const where = target.trim().startsWith('/') ? { path: target.trim() } : { endpoint: target.trim() };
      const scope = times === '' ? { until_cleared: true } : { times: Number(times) };
      const what = effect === 'error' ? { code } : effect === 'delay' ? { delay_ms: Number(delay) } : {};
      return call('POST', '/__mock/fault', { ...where, ...(method ? { method } : {}), effect, ...what, ...scope });
    },
    onSettled: changed,
  });
  const remove = useMutation({ mutationFn: (id?: number) => call('DELETE', id === undefined ? '/__mock/fault' : `/__mock/fault/${id}`), onSettled: changed });
  const effects = (['error', 'delay', 'drop', 'hang'] as const).map((value) => ({ value, label: t(`controls.faults.effects.${value}`) }));
  const scopeOf = (rule: FaultRule) =>
    rule.scope === 'times'
      ? t('controls.faults.scopeTimes', { count: rule.remaining ?? 0 })
      : rule.scope === 'fraction'
        ? t('controls.faults.scopeFraction', { percent: Math.round((rule.fraction ?? 0) * 100) })
        : t('controls.faults.scopeUntil');
  return (
    <Section title={t('controls.faults.title')}>
      {rules.data?.data.length ? (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              {(['id', 'target', 'effect', 'scope', 'hits', 'actions'] as const).map((column) => (
                <Table.Th key={column}>{t(`controls.faults.columns.${column}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.data.data.map((rule) => (
              <Table.Tr key={rule.id}>
                <Table.Td>{rule.id}</Table.Td>
                <Table.Td>
                  <Code>{[rule.method, rule.endpoint ?? rule.path].filter(Boolean).join(' ')}</Code>
                </Table.Td>
                <Table.Td>
                  {t(`controls.faults.effects.${rule.effect}`)} {rule.code ?? ''} {rule.status ?? ''} {rule.delay_ms !== null ? t('controls.journal.ms', { ms: rule.delay_ms }) : ''}
                </Table.Td>
                <Table.Td>{scopeOf(rule)}</Table.Td>
                <Table.Td>{rule.hits}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="default" onClick={() => remove.mutate(rule.id)}>
                    {t('controls.faults.remove', { id: rule.id })}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text>{t('controls.faults.none')}</Text>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate();
        }}
      >
        <Group align="end" mt="md">
          <TextInput label={t('controls.faults.target')} value={target} onChange={(event) => setTarget(event.currentTarget.value)} required w={320} />
          <NativeSelect
            label={t('controls.faults.method')}
            value={method}
            onChange={(event) => setMethod(event.currentTarget.value)}
            data={[{ value: '', label: t('controls.faults.anyMethod') }, 'GET', 'POST', 'PUT', 'PATCH', 'DELETE']}
          />
          <NativeSelect label={t('controls.faults.effect')} value={effect} onChange={(event) => setEffect(event.currentTarget.value as FaultRule['effect'])} data={effects} />
          {effect === 'error' && <TextInput label={t('controls.faults.code')} value={code} onChange={(event) => setCode(event.currentTarget.value)} />}
          {effect === 'delay' && <NumberInput label={t('controls.faults.delay')} value={delay} onChange={setDelay} min={0} max={60_000} />}
          <NumberInput label={t('controls.faults.times')} value={times} onChange={setTimes} min={1} />
          <Button type="submit" loading={add.isPending}>
            {t('controls.faults.add')}
          </Button>
          <Button variant="default" onClick={() => remove.mutate(undefined)}>
            {t('controls.faults.clear')}
          </Button>
        </Group>
      </form>
      {add.isError && <Text c="red.8" role="alert" mt="xs">{add.error.message}</Text>}
    </Section>
  );
}

function JournalSection({ status }: { status: Status | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const journal = useQuery({ queryKey: ['journal'], queryFn: () => call<{ data: JournalEntry[] }>('GET', '/__mock/requests?limit=50'), refetchInterval: LIVE_MS });
  const clear = useMutation({ mutationFn: () => call('DELETE', '/__mock/requests'), onSettled: () => client.invalidateQueries({ queryKey: ['journal'] }) });
  return (
    <Section title={t('controls.journal.title')}>
      <Group justify="space-between" mb="sm">
        {status && <Text>{t('controls.journal.size', status.journal)}</Text>}
        <Button variant="default" size="xs" onClick={() => clear.mutate()}>
          {t('controls.journal.clear')}
        </Button>
      </Group>
      {journal.data?.data.length ? (
        // A scroll region a keyboard can reach (axe: scrollable-region-focusable).
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('controls.journal.title')}>
          <Table striped miw={640} aria-label={t('controls.journal.title')}>
            <Table.Thead>
              <Table.Tr>
                {(['time', 'method', 'path', 'entry', 'status', 'duration'] as const).map((column) => (
                  <Table.Th key={column}>{t(`controls.journal.columns.${column}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {journal.data.data.map((entry) => (
                <Table.Tr key={entry.seq}>
                  <Table.Td>{format(entry.time)}</Table.Td>
                  <Table.Td>{entry.method}</Table.Td>
                  <Table.Td>
                    <Code>{entry.path}</Code>
                  </Table.Td>
                  <Table.Td>{entry.entry ?? ''}</Table.Td>
                  <Table.Td>{entry.status}</Table.Td>
                  <Table.Td>{t('controls.journal.ms', { ms: entry.duration_ms })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      ) : (
        <Text>{t('controls.journal.empty')}</Text>
      )}
    </Section>
  );
}

function OutboxSection() {
  const { t } = useTranslation();
  const outbox = useQuery({ queryKey: ['outbox'], queryFn: () => call<{ data: Mail[] }>('GET', '/__mock/outbox?limit=10') });
  return (
    <Section title={t('controls.outbox.title')}>
      {outbox.data?.data.length ? (
        <List spacing="xs">
          {outbox.data.data.map((mail) => (
            <List.Item key={mail.id}>
              <Text fw={600}>{mail.subject}</Text>
              <Text size="sm">{t('controls.outbox.to', { to: mail.to })}</Text>
              {mail.links.map((link) => (
                <Anchor key={link} href={link} size="sm" display="block">
                  {link}
                </Anchor>
              ))}
            </List.Item>
          ))}
        </List>
      ) : (
        <Text>{t('controls.outbox.empty')}</Text>
      )}
    </Section>
  );
}

function DriftSection() {
  const { t } = useTranslation();
  const drift = useQuery({ queryKey: ['drift'], queryFn: driftAvailable });
  return (
    <Section title={t('controls.drift.title')}>
      {drift.data ? (
        <Group>
          <Text>{t('controls.drift.on')}</Text>
          <Anchor href="/__mock/drift">{t('controls.drift.open')}</Anchor>
        </Group>
      ) : (
        <Text>{drift.isPending ? t('controls.loading') : t('controls.drift.off')}</Text>
      )}
    </Section>
  );
}
