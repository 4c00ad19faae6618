import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/NumberInput.css';
import { Button, Group, Modal, NumberInput, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { DONATIONS } from '@carpool/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appTitle, useAppConfig } from '@/lib/app-config';
import { isLoggedIn, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { formatPrice } from '@/lib/trip-display';
import { useRegisterDonation } from '@/lib/donation-api';
import { donationLink, isValidDonationAmount, type DonationKind } from '@/lib/donations';

type DonationChoicesProps = { tripId?: number | null; onDone?: () => void };

/**
 * Amounts 2000/5000/10000 one-time or monthly, plus the custom monthly option (value 50) with its own
 * amount field; each opens its payment link in a new tab and records the donation (spec document 2 §9).
 * Nothing chosen, or a custom amount that is not valid (one-time above 0, monthly at least 0), is said
 * in an error toast (10 s): 'Tienes que seleccionar un valor de donación.' or 'valorDonacion'.
 */
export function DonationChoices({ tripId = null, onDone }: DonationChoicesProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<DonationKind>('once');
  const [amount, setAmount] = useState<string | null>(null);
  const [customAmount, setCustomAmount] = useState<number | string>('');
  const donation = useRegisterDonation();
  const loggedIn = isLoggedIn(useSession());
  const amounts: number[] = kind === 'monthly' ? [...DONATIONS.amounts, DONATIONS.customMonthlyValue] : [...DONATIONS.amounts];
  const custom = amount === String(DONATIONS.customMonthlyValue);

  const donate = () => {
    if (amount === null) return toast.error(t('seleccionarValorDonacion'));
    // An empty or unreadable custom amount is no amount at all.
    const value = custom ? (typeof customAmount === 'number' ? customAmount : Number.NaN) : Number(amount);
    if (!isValidDonationAmount(kind, value)) return toast.error(t('valorDonacion'));
    // The custom amount goes to the custom option's page, which asks for it.
    window.open(donationLink(kind, custom ? DONATIONS.customMonthlyValue : value), '_blank', 'noopener');
    // A guest donates through the payment page only: the record belongs to a session's user.
    if (!loggedIn) return onDone?.();
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
          setCustomAmount('');
        }}
        data={[
          { value: 'once', label: t('donation.oneTime') },
          { value: 'monthly', label: t('donation.monthly') },
        ]}
      />
      <Radio.Group
        label={t('donation.amount')}
        value={amount}
        onChange={setAmount}
      >
        <Stack gap="xs" mt="xs">
          {amounts.map((value) => (
            <Radio key={value} value={String(value)} label={value === DONATIONS.customMonthlyValue ? t('donation.custom') : formatPrice(value * 100)} />
          ))}
        </Stack>
      </Radio.Group>
      {custom && (
        <NumberInput
          label={t('donation.customAmount')}
          value={customAmount}
          onChange={setCustomAmount}
          allowDecimal={false}
        />
      )}
      <Button onClick={donate} loading={donation.isPending}>
        {t('donation.donate')}
      </Button>
    </Stack>
  );
}

type DonationModalProps = {
  opened: boolean;
  tripId?: number | null;
  onClose: () => void;
  /** The month's prompt says why it asks, above the usual text. */
  intro?: string;
};

/**
 * The donation modal. After rating a trip (`tripId`), closing it records a denial (spec document 1 §4);
 * opened from a panel or the month's prompt, closing only closes. Donating records the donation.
 */
export function DonationModal({ opened, tripId = null, onClose, intro }: DonationModalProps) {
  const { t } = useTranslation();
  const app = appTitle(useAppConfig());
  const donation = useRegisterDonation();
  const deny = () => {
    if (tripId !== null) donation.mutate({ has_donated: false, has_denied: true, ammount: 0, trip_id: tripId });
    onClose();
  };
  return (
    <Modal opened={opened} onClose={deny} title={t('donation.title', { app })} centered closeButtonProps={{ 'aria-label': t('donation.close') }}>
      <Stack>
        {intro && <Text fw={700}>{intro}</Text>}
        <Text>{t('donation.text', { app })}</Text>
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
