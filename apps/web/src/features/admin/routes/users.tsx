import { Anchor, Group, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { TIMING, type User } from '@carpool/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageUserButton } from '@/components/message-user-button';
import { paths } from '@/config/paths';
import { isAdmin, useSession } from '@/lib/session';
import { useUserSearch } from '../api/admin-users';
import { AdminUserForm } from '../components/admin-user-form';

/** Admin users (spec document 1 §2 Admin, §5 Admin search): search, edit and message a user. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const { user: viewer } = useSession();
  const [text, setText] = useState('');
  const [name] = useDebouncedValue(text.trim(), TIMING.adminUserSearchDebounceMs);
  const search = useUserSearch(name, isAdmin(viewer));
  const [selected, setSelected] = useState<User | null>(null);
  const results = name ? (search.data ?? []) : [];
  const searched = Boolean(name) && search.isSuccess && !search.isPlaceholderData;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <TextInput
          label={t('adminArea.users.search')}
          placeholder={t('adminArea.users.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          type="search"
        />
        {results.length > 0 && (
          <Stack component="ul" gap={4} mt="sm" p={0} style={{ listStyle: 'none' }} aria-label={t('adminArea.users.found')}>
            {results.map((user) => (
              <li key={user.id}>
                <UnstyledButton
                  onClick={() => setSelected(user)}
                  aria-pressed={selected?.id === user.id}
                  p="xs"
                  w="100%"
                  style={{ borderRadius: 4, background: selected?.id === user.id ? 'var(--mantine-color-blue-light)' : undefined }}
                >
                  <Text size="sm">{t('adminArea.users.suggestion', { name: user.name, email: user.email ?? '' })}</Text>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
        {searched && results.length === 0 && (
          <Text mt="sm" role="status">
            {t('noSeEncontroUsuario')}
          </Text>
        )}
      </Paper>
      {selected ? (
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Title order={2} size="h3">
              {t('adminArea.users.edit', { name: selected.name })}
            </Title>
            <Group gap="xs">
              <Anchor component={Link} to={paths.profile(selected.id)}>
                {t('adminArea.users.profile')}
              </Anchor>
              <MessageUserButton userId={selected.id} variant="light" />
            </Group>
          </Group>
          <AdminUserForm key={selected.id} user={selected} onSaved={setSelected} />
        </Paper>
      ) : (
        <Text c="dimmed">{t('seleccioneAlgunaPersona')}</Text>
      )}
    </Stack>
  );
}

export const Component = AdminUsersPage;
