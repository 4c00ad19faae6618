import { TextInput } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { maskTime } from '../utils/number-input';

type MaskedTimeInputProps = { label: string; value: string; onChange: (value: string) => void; error?: string };

/** Time with the mask ##:## (24-hour clock). */
export function MaskedTimeInput({ label, value, onChange, error }: MaskedTimeInputProps) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(maskTime(event.currentTarget.value))}
      placeholder="HH:MM"
      inputMode="numeric"
      maxLength={5}
      autoComplete="off"
      leftSection={<IconClock size={16} aria-hidden />}
      error={error}
    />
  );
}
