import { Group, Text } from '@mantine/core';
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ratingStars } from '@/lib/trip-display';

type RatingStarsProps = { positive: number; negative: number; size?: number };

export function RatingStars({ positive, negative, size = 14 }: RatingStarsProps) {
  const { t } = useTranslation();
  const stars = ratingStars(positive, negative);
  if (!stars) {
    return (
      <Text size="xs" c="dimmed">
        {t('card.noRatings')}
      </Text>
    );
  }
  const label = t('card.rating', { value: (Math.round(stars.value * 10) / 10).toLocaleString('es-AR') });
  return (
    <Group gap={2} role="img" aria-label={label} c="yellow.6" wrap="nowrap">
      {Array.from({ length: stars.full }, (_, index) => (
        <IconStarFilled key={`full-${index}`} size={size} aria-hidden />
      ))}
      {stars.half && <IconStarHalfFilled size={size} aria-hidden />}
      {Array.from({ length: stars.empty }, (_, index) => (
        <IconStar key={`empty-${index}`} size={size} aria-hidden />
      ))}
    </Group>
  );
}
