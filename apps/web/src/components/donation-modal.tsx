import { Button, Group, Modal, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { DONATIONS } from '@carpool/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/trip-display';
import { useRegisterDonation } from '@/lib/donation-api';
import { donationLink, isValidDonationAmount, type DonationKind } from '@/lib/donations';

type DonationChoicesProps = { tripId?: number | null; onDone?: () => void };

/**
 * Amounts 2000/5000/10000 one-time or monthly, plus the custom monthly option (value 50); each opens
 * its payment link in a new tab and records the donation (spec document 2 §9).
 */
export function DonationChoices({ tripId = null, onDone }: DonationChoicesProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<DonationKind>('once');
  const [amount, setAmount] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const donation = useRegisterDonation();
  const amounts: number[] = kind === 'monthly' ? [...DONATIONS.amounts, DONATIONS.customMonthlyValue] : [...DONATIONS.amounts];

  const donate = () => {
    if (amount === null) return setError(t('seleccionarValorDonacion'));
    const value = Number(amount);
    if (!isValidDonationAmount(kind, value)) return setError(t('valorDonacion'));
    setError(null);
    window.open(donationLink(kind, value), '_blank', 'noopener');
    donation.mutate({ has_donated: true, has_denied: false, ammount: value, monthly: kind === 'monthly', trip_id: tripId }, { onSettled: onDone });
  };

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('donation.kind')}
        value={kind}
        onChange={(value) => {
          setKind(value as DonationKind);
          setAmount(null);
        }}
        data={[
          { value: 'once', label: t('donation.oneTime') },
          { value: 'monthly', label: t('donation.monthly') },
        ]}
      />
      <Radio.Group
        label={t('donation.amount')}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setError(null);
        }}
        error={error}
      >
        <Stack gap="xs" mt="xs">
          {amounts.map((value) => (
            <Radio key={value} value={String(value)} label={value === DONATIONS.customMonthlyValue ? t('donation.custom') : formatPrice(value * 100)} />
          ))}
        </Stack>
      </Radio.Group>
      <Button onClick={donate} loading={donation.isPending}>
        {t('donation.donate')}
      </Button>
    </Stack>
  );
}

/** The modal after rating a trip: closing records a denial, donating records the donation. */
export function DonationModal({ opened, tripId, onClose }: { opened: boolean; tripId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const donation = useRegisterDonation();
  const deny = () => {
    donation.mutate({ has_donated: false, has_denied: true, ammount: 0, trip_id: tripId });
    onClose();
  };
  return (
    <Modal opened={opened} onClose={deny} title={t('donation.title')} centered closeButtonProps={{ 'aria-label': t('donation.close') }}>
      <Stack>
        <Text>{t('donation.text')}</Text>
        <DonationChoices tripId={tripId} onDone={onClose} />
        <Group justify="flex-end">
          <Button variant="subtle" onClick={deny}>
            {t('donation.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
