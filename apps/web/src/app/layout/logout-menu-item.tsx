import { Menu } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Cerrar sesión, last in the account menu (desktop) and the phone menu. Mantine draws a coloured
 * item's text in red 6 (3.3:1 on white); `c` takes the theme's readable red text (5:1 or more),
 * while `color` keeps the red hover.
 */
export function LogoutMenuItem({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu.Item color="red" c="red" onClick={onLogout} leftSection={<IconLogout size={16} aria-hidden />}>
      {t('nav.logout')}
    </Menu.Item>
  );
}
