import { ActionIcon, Group, Input, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { seatCountLimits } from '../utils/seats';

type SeatCountInputProps = { label: string; value: number; onChange: (value: number) => void; error?: string; disabled?: boolean };

/** Seats 1–4 with − and + buttons (spec §9: minus disabled at 1, plus at 4). */
export function SeatCountInput({ label, value, onChange, error, disabled }: SeatCountInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const { canAdd, canRemove } = seatCountLimits(value);
  return (
    <Input.Wrapper label={label} error={error} id={id} labelElement="div">
      <Group gap="xs" role="group" aria-labelledby={`${id}-label`} mt={4}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('tripForm.removeSeat')}
          disabled={disabled || !canRemove}
          onClick={() => onChange(value - 1)}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <Text fw={700} fz="lg" miw={24} ta="center" aria-live="polite" data-testid="seat-count">
          {value}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('tripForm.addSeat')}
          disabled={disabled || !canAdd}
          onClick={() => onChange(value + 1)}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Input.Wrapper>
  );
}
