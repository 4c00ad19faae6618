import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ratingStars } from '@/lib/trip-display';

type RatingStarsProps = { positive: number; negative: number; size?: number };

export function RatingStars({ positive, negative, size = 14 }: RatingStarsProps) {
  const { t } = useTranslation();
  const stars = ratingStars(positive, negative);
  if (!stars) return <p className="rating-stars-none">{t('card.noRatings')}</p>;
  // '4,5': one decimal with a comma, as es-AR writes it (without Intl: a page's first number format
  // loads the locale's data, which the first screen would wait for).
  const label = t('card.rating', { value: String(Math.round(stars.value * 10) / 10).replace('.', ',') });
  return (
    <div role="img" aria-label={label} className="rating-stars">
      {Array.from({ length: stars.full }, (_, index) => (
        <IconStarFilled key={`full-${index}`} size={size} aria-hidden />
      ))}
      {stars.half && <IconStarHalfFilled size={size} aria-hidden />}
      {Array.from({ length: stars.empty }, (_, index) => (
        <IconStar key={`empty-${index}`} size={size} aria-hidden />
      ))}
    </div>
  );
}
