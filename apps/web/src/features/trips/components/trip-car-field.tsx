import { Anchor, Select, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { carLabel, useCars } from '@/lib/cars';

type TripCarFieldProps = {
  value: number | null;
  onChange: (carId: number | null) => void;
  /** A new trip takes the driver's only car by itself, as the provider's client does. */
  preselectOnlyCar: boolean;
};

/**
 * The driver's car for the trip (issue 41 item 2): one of Mis autos, sent as car_id. Without cars it
 * says so and links to Mis autos; a car that is no longer the driver's is dropped.
 */
export function TripCarField({ value, onChange, preselectOnlyCar }: TripCarFieldProps) {
  const { t } = useTranslation();
  const cars = useCars();
  const list = cars.data ?? [];

  useEffect(() => {
    if (!cars.data) return;
    if (value !== null && !cars.data.some((car) => car.id === value)) onChange(null);
    else if (value === null && preselectOnlyCar && cars.data.length === 1) onChange(cars.data[0]!.id);
    // Once the list is known: the choice is the user's after that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cars.data]);

  if (cars.isPending || cars.isError) return null;
  if (list.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-field="car">
        {t('tripCar.noCars')}{' '}
        <Anchor component={Link} to={paths.cars}>
          {t('tripCar.manage')}
        </Anchor>
      </Text>
    );
  }
  return (
    <div data-field="car">
      <Select
        label={t('tripCar.label')}
        description={t('tripCar.help')}
        placeholder={t('tripCar.none')}
        data={list.map((car) => ({ value: String(car.id), label: carLabel(car) }))}
        value={value === null ? null : String(value)}
        onChange={(chosen) => onChange(chosen === null ? null : Number(chosen))}
        // Deselected by choosing the chosen car again (keyboard too); the clear button is for the mouse.
        clearable
        allowDeselect
      />
    </div>
  );
}
