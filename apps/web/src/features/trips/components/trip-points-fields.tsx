import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCircleDot, IconMapPin, IconPlus, IconPoint, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_POINTS, newPoint, type PointValue } from '../utils/trip-form';
import { PlaceAutocomplete } from '@/components/place-autocomplete';

type TripPointsFieldsProps = {
  points: PointValue[];
  onChange: (points: PointValue[]) => void;
  homeCountry: string;
  multicountry: boolean;
  /** Translated errors by field name (points.<index>, points). */
  errors: Record<string, string | undefined>;
};

/** Origin, optional intermediate points and destination, each picked with the place autocomplete. */
export function TripPointsFields({ points, onChange, homeCountry, multicountry, errors }: TripPointsFieldsProps) {
  const { t } = useTranslation();
  const last = points.length - 1;

  const setPlace = (index: number, place: PointValue['place']) =>
    onChange(points.map((point, i) => (i === index ? { ...point, place } : point)));
  const addIntermediate = () => onChange([...points.slice(0, last), newPoint(), points[last]!]);
  const remove = (index: number) => onChange(points.filter((_, i) => i !== index));

  return (
    <Stack gap="xs" data-field="points">
      {points.map((point, index) => {
        const isOrigin = index === 0;
        const isDestination = index === last;
        const label = isOrigin ? t('search.origin') : isDestination ? t('search.destination') : t('tripForm.intermediatePoint', { number: index });
        const icon = isOrigin ? (
          <IconCircleDot size={16} color="var(--mantine-color-green-7)" aria-hidden />
        ) : isDestination ? (
          <IconMapPin size={16} color="var(--mantine-color-red-7)" aria-hidden />
        ) : (
          <IconPoint size={16} aria-hidden />
        );
        return (
          <Group key={point.key} gap="xs" align="flex-start" wrap="nowrap" data-field={`points.${index}`}>
            <div style={{ flex: 1, minWidth: 0 }}>
              <PlaceAutocomplete
                label={label}
                placeholder={isOrigin ? t('search.originPlaceholder') : isDestination ? t('search.destinationPlaceholder') : t('tripForm.intermediatePlaceholder')}
                value={point.place}
                onChange={(place) => setPlace(index, place)}
                country={homeCountry}
                multicountry={multicountry}
                leftSection={icon}
                error={errors[`points.${index}`]}
              />
            </div>
            {!isOrigin && !isDestination && (
              <Tooltip label={t('tripForm.removePoint')}>
                <ActionIcon variant="subtle" color="red" size="lg" mt={25} aria-label={t('tripForm.removePointNamed', { number: index })} onClick={() => remove(index)}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
      })}
      {errors.points && (
        <Text c="red" size="sm" role="alert">
          {errors.points}
        </Text>
      )}
      {points.length < MAX_POINTS && (
        <Group>
          <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} aria-hidden />} onClick={addIntermediate}>
            {t('tripForm.addPoint')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
