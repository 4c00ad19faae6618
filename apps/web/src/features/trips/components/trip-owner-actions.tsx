import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { lazyModal } from '@/components/lazy-modal';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useDeleteTrip } from '../api/delete-trip';

const TripCancelDialog = lazyModal(() => import('./trip-cancel-dialog'));

/** Edit and cancel (confirm 'seguroCancelar' → DELETE → 'viajeCancelado' or 'errorAlCancelar'). */
export function TripOwnerActions({ tripId }: { tripId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, confirm] = useDisclosure(false);
  const remove = useDeleteTrip(tripId);

  const cancelTrip = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        confirm.close();
        toast.success(t('viajeCancelado'));
        void navigate(paths.myTrips);
      },
      onError: (error) => {
        confirm.close();
        toast.error(t(errorMessageKey(error, 'errorAlCancelar')));
      },
    });

  return (
    <>
      {/* As wide as their words, filling the row; on a narrow phone they wrap instead of cutting 'Cancelar viaje'. */}
      <Group gap="sm" wrap="wrap">
        <Button style={{ flex: '1 0 auto' }} component={Link} to={paths.updateTrip(tripId)} variant="light" leftSection={<IconEdit size={16} aria-hidden />}>
          {t('tripDetail.edit')}
        </Button>
        <Button style={{ flex: '1 0 auto' }} variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirm.open}>
          {t('tripDetail.cancel')}
        </Button>
      </Group>
      <TripCancelDialog opened={confirming} loading={remove.isPending} onConfirm={cancelTrip} onClose={confirm.close} />
    </>
  );
}
