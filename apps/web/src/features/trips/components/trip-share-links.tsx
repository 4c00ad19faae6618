import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@carpool/contracts';
import { IconBrandFacebook, IconBrandWhatsapp, IconBrandX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { shareLinks, type ShareLink } from '../utils/trip-detail';

const ICONS: Record<ShareLink['network'], typeof IconBrandFacebook> = {
  facebook: IconBrandFacebook,
  twitter: IconBrandX,
  whatsapp: IconBrandWhatsapp,
};

const COLORS: Record<ShareLink['network'], string> = { facebook: 'blue', twitter: 'dark', whatsapp: 'green' };

/** Share on Facebook and Twitter; WhatsApp on mobile only. */
export function TripShareLinks({ url, text }: { url: string; text: string }) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(`(max-width: ${BREAKPOINTS.tablet - 1}px)`, false, { getInitialValueInEffect: false });
  return (
    <Group gap="xs" aria-label={t('tripDetail.share')} role="group">
      <Text size="sm" fw={600}>
        {t('tripDetail.share')}
      </Text>
      {shareLinks(url, text, Boolean(mobile)).map((link) => {
        const Icon = ICONS[link.network];
        const label = t(`tripDetail.shareOn.${link.network}`);
        return (
          <Tooltip key={link.network} label={label}>
            <ActionIcon component="a" href={link.href} target="_blank" rel="noopener noreferrer" variant="light" color={COLORS[link.network]} size="lg" aria-label={label}>
              <Icon size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
