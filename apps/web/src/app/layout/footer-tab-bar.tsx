import { Group, Indicator, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconHome, IconMessages, IconPlus, IconUser, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { FooterTab } from '../route-handle';

type Tab = { id: FooterTab; to: string; labelKey: string; icon: Icon };

const TABS: Tab[] = [
  // Home clears the search and reloads the list.
  { id: 'home', to: paths.tripsCleared, labelKey: 'nav.home', icon: IconHome },
  { id: 'profile', to: paths.profile('me'), labelKey: 'nav.profile', icon: IconUser },
  { id: 'new-trip', to: paths.newTrip, labelKey: 'nav.createTrip', icon: IconPlus },
  { id: 'conversations', to: paths.conversations, labelKey: 'nav.messages', icon: IconMessages },
  { id: 'notifications', to: paths.notifications, labelKey: 'nav.notifications', icon: IconBell },
];

type FooterTabBarProps = { active?: FooterTab; unread: number; unreadMessages?: number };

/** The logged-in tab bar of small screens. */
export function FooterTabBar({ active, unread, unreadMessages = 0 }: FooterTabBarProps) {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('nav.tabBar')} h="100%" justify="space-around" wrap="nowrap" gap={0}>
      {TABS.map(({ id, to, labelKey, icon: TabIcon }) => {
        const selected = id === active;
        const badge = id === 'notifications' ? unread : id === 'conversations' ? unreadMessages : 0;
        return (
          <UnstyledButton
            key={id}
            component={Link}
            to={to}
            aria-current={selected ? 'page' : undefined}
            c={selected ? 'brand.7' : 'gray.7'}
            style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, padding: '6px 0' }}
          >
            <Indicator label={badge} size={16} color="red" disabled={badge === 0} data-testid={badge > 0 ? `tab-badge-${id}` : undefined}>
              <TabIcon size={24} stroke={selected ? 2.2 : 1.6} aria-hidden />
            </Indicator>
            <Text size="10px" fw={selected ? 700 : 500} lh={1.1} ta="center">
              {t(labelKey)}
            </Text>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
