import { ActionIcon, Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LINKS } from '@/config/links';
import { paths } from '@/config/paths';

type SiteFooterProps = { appName: string; helpEmail: string };

/** Shown when config.enable_footer: about, team, help, FAQ, recommendations, terms, social networks. */
export function SiteFooter({ appName, helpEmail }: SiteFooterProps) {
  const { t } = useTranslation();
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <Container component="footer" size="xl" py="xl" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Stack gap="md">
        <Group component="nav" aria-label={t('footer.about')} gap="lg" justify="center">
          <Anchor component={Link} to={paths.about} c="dimmed" size="sm">
            {t('footer.about')}
          </Anchor>
          <Anchor href={LINKS.team} {...external} c="dimmed" size="sm">
            {t('footer.team')}
          </Anchor>
          <Anchor href={`mailto:${helpEmail}`} c="dimmed" size="sm">
            {t('footer.help')}
          </Anchor>
          <Anchor href={LINKS.faq} {...external} c="dimmed" size="sm">
            {t('footer.faq')}
          </Anchor>
          <Anchor href={LINKS.recommendations} {...external} c="dimmed" size="sm">
            {t('footer.recommendations')}
          </Anchor>
          <Anchor component={Link} to={paths.terms} c="dimmed" size="sm">
            {t('footer.terms')}
          </Anchor>
        </Group>
        <Group gap="xs" justify="center" aria-label={t('footer.social')} role="group">
          <ActionIcon component="a" href={LINKS.social.facebook} {...external} variant="subtle" color="gray" size="lg" aria-label="Facebook">
            <IconBrandFacebook size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon component="a" href={LINKS.social.instagram} {...external} variant="subtle" color="gray" size="lg" aria-label="Instagram">
            <IconBrandInstagram size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon component="a" href={LINKS.social.twitter} {...external} variant="subtle" color="gray" size="lg" aria-label="X (Twitter)">
            <IconBrandX size={20} aria-hidden />
          </ActionIcon>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          {t('footer.rights', { app: appName })} · {t('footer.osm')}
        </Text>
      </Stack>
    </Container>
  );
}
