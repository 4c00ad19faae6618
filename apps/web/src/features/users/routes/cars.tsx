import { Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCar, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Car } from '@carpool/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { useCars } from '@/lib/cars';
import { toast } from '@/lib/toast';
import { useCreateCar } from '../api/create-car';
import { useDeleteCar } from '../api/delete-car';
import { useUpdateCar } from '../api/update-car';
import { CarForm } from '../components/car-form';
import { toCarBody, toCarCreateBody, type CarFormValues } from '../utils/car-form';

/** Who is being edited: nobody, a new car, or one of the list. */
type Editing = null | 'new' | number;

const SERVER_FIELDS: Record<string, keyof CarFormValues> = {
  patente: 'patente',
  description: 'description',
  year: 'year',
  car_color_id: 'color',
  car_brand_id: 'brand',
  car_model_id: 'model',
  brand_other: 'brandOther',
  model_other: 'modelOther',
};

/** The server's field errors on the form's fields; a plate already among the user's cars has its own text. */
function serverFieldErrors(error: unknown, plateTaken: string): Partial<Record<keyof CarFormValues, string>> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors).flatMap(([field, messages]) => {
      const target = SERVER_FIELDS[field];
      if (!target) return [];
      return [[target, field === 'patente' && messages.some((text) => /taken/i.test(text)) ? plateTaken : messages[0]]];
    }),
  );
}

function CarDetails({ car }: { car: Car }) {
  const brand = car.brand_name ?? car.brand_other;
  const model = car.model_name ?? car.model_other;
  const details = [brand, model, car.year, car.color_name].filter((part) => part != null && String(part).trim() !== '').join(' · ');
  return (
    <Stack gap={2} miw={0}>
      <Group gap="xs">
        <IconCar size={18} aria-hidden />
        <Text fw={700} ff="monospace">
          {car.patente}
        </Text>
        {car.color_name && (
          <Badge variant="light" color="gray">
            {car.color_name}
          </Badge>
        )}
      </Group>
      {details && <Text size="sm">{details}</Text>}
      {car.description && (
        <Text size="sm" c="dimmed">
          {car.description}
        </Text>
      )}
    </Stack>
  );
}

/** Mis autos (settings): the user's cars, added, changed and removed here (GET/POST/PUT/DELETE /api/cars). */
export function CarsRoute() {
  const { t } = useTranslation();
  const cars = useCars();
  const create = useCreateCar();
  const update = useUpdateCar();
  const remove = useDeleteCar();
  const [editing, setEditing] = useState<Editing>(null);
  // The car asked about stays named while the question closes.
  const [deleting, setDeleting] = useState<Car | null>(null);
  const [confirming, setConfirming] = useState(false);
  const plateTaken = t('cars.plateTaken');

  const startEditing = (next: Editing) => {
    create.reset();
    update.reset();
    setEditing(next);
  };

  const saved = (car: Car) => {
    toast.success(t('cars.saved', { plate: car.patente }));
    setEditing(null);
  };
  const failed = (error: unknown) => {
    if (Object.keys(serverFieldErrors(error, plateTaken)).length === 0) toast.error(t('cars.saveError'));
  };

  const confirmDelete = () => {
    if (!deleting || remove.isPending) return;
    const car = deleting;
    remove.mutate(car.id, {
      onSuccess: () => {
        toast.success(t('cars.deleted', { plate: car.patente }));
        setConfirming(false);
        if (editing === car.id) setEditing(null);
      },
      onError: () => toast.error(t('cars.deleteError')),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('cars.title')}
        </Title>
        {editing !== 'new' && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => startEditing('new')}>
            {t('cars.add')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('cars.intro')}
      </Text>

      {editing === 'new' && (
        <CarForm
          submitting={create.isPending}
          serverErrors={serverFieldErrors(create.error, plateTaken)}
          onCancel={() => startEditing(null)}
          onSubmit={(values) => create.mutate(toCarCreateBody(values), { onSuccess: saved, onError: failed })}
        />
      )}

      {cars.isPending ? (
        <Center py="lg" role="status">
          <Loader size="sm" aria-label={t('cargando')} />
        </Center>
      ) : cars.isError ? (
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between">
            <Text role="alert">{t('cars.loadError')}</Text>
            <Button variant="default" onClick={() => void cars.refetch()}>
              {t('cars.retry')}
            </Button>
          </Group>
        </Paper>
      ) : cars.data.length === 0 ? (
        editing !== 'new' && <Text c="dimmed">{t('cars.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={t('cars.list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {cars.data.map((car) => (
            <li key={car.id}>
              {editing === car.id ? (
                <CarForm
                  car={car}
                  submitting={update.isPending}
                  serverErrors={serverFieldErrors(update.error, plateTaken)}
                  onCancel={() => startEditing(null)}
                  onSubmit={(values) => update.mutate({ id: car.id, body: toCarBody(values) }, { onSuccess: saved, onError: failed })}
                />
              ) : (
                <Paper withBorder radius="md" p="md">
                  <Group justify="space-between" align="flex-start" gap="sm">
                    <CarDetails car={car} />
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconPencil size={14} aria-hidden />}
                        aria-label={t('cars.editNamed', { plate: car.patente })}
                        onClick={() => startEditing(car.id)}
                      >
                        {t('cars.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        aria-label={t('cars.deleteNamed', { plate: car.patente })}
                        onClick={() => {
                          setDeleting(car);
                          setConfirming(true);
                        }}
                      >
                        {t('cars.delete')}
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              )}
            </li>
          ))}
        </Stack>
      )}

      <ConfirmDialog
        opened={confirming}
        title={t('cars.deleteTitle')}
        message={deleting ? t('cars.confirmDelete', { plate: deleting.patente }) : ''}
        confirmLabel={t('cars.delete')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

export { CarsRoute as Component };
