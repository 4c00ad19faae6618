import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconId, IconMessageCircle, IconPhone, IconCar } from '@tabler/icons-react';
import type { User } from '@carpool/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { replyTimeBucket, responseRate } from '../utils/conversation-stats';

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {icon}
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={600}>{value}</Text>
      </Stack>
    </Group>
  );
}

type ProfileInfoProps = { user: User; own: boolean; showReplyTime: boolean };

/**
 * The Perfil tab: the description, the driver data the API chose to return (document, phone and
 * plate reach trip partners, or everyone when the user made them public), and conversation stats.
 */
export function ProfileInfo({ user, own, showReplyTime }: ProfileInfoProps) {
  const { t } = useTranslation();
  const plate = user.cars?.find((car) => car.patente)?.patente;
  const rate = responseRate(user);
  const description = user.description?.trim();

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="xs">
          {t('profile.about')}
        </Title>
        {description ? (
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{description}</Text>
        ) : (
          <Text c="dimmed">
            {own ? t('profile.noDescriptionOwn') : t('profile.noDescription')}{' '}
            {own && (
              <Anchor component={Link} to={paths.profileUpdate}>
                {t('profile.edit')}
              </Anchor>
            )}
          </Text>
        )}
      </Paper>

      {(user.nro_doc || user.mobile_phone || plate) && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            {t('profile.data')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {user.nro_doc && <Fact icon={<IconId size={20} aria-hidden />} label={t('words.document')} value={user.nro_doc} />}
            {user.mobile_phone && <Fact icon={<IconPhone size={20} aria-hidden />} label={t('profile.phone')} value={user.mobile_phone} />}
            {plate && <Fact icon={<IconCar size={20} aria-hidden />} label={t('profile.plate')} value={plate} />}
          </SimpleGrid>
        </Paper>
      )}

      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="sm">
          {t('profile.conversations')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {showReplyTime && (
            <Fact
              icon={<IconClockHour4 size={20} aria-hidden />}
              label={t('profile.replyTime')}
              value={t(`profile.replyBuckets.${replyTimeBucket(user)}`)}
            />
          )}
          <Fact
            icon={<IconMessageCircle size={20} aria-hidden />}
            label={t('profile.responseRate')}
            value={rate === null ? t('profile.replyBuckets.noData') : `${rate} %`}
          />
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
