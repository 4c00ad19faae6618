import { TextInput } from '@mantine/core';
import { IconCurrencyDollar } from '@tabler/icons-react';
import { formatThousands, isDigitsPaste, isNumberKeyAllowed, onlyDigits } from '../utils/number-input';

type PriceInputProps = {
  label: string;
  /** Digits only. */
  value: string;
  onChange: (digits: string) => void;
  /** Whole pesos (config maximum seat price); also limits the length. */
  max?: number | null;
  description?: string;
  error?: string;
};

const DEFAULT_MAX_LENGTH = 9;

/** Digits only, thousands with dots; keys other than digits and editing keys are ignored. */
export function PriceInput({ label, value, onChange, max, description, error }: PriceInputProps) {
  const maxLength = max ? formatThousands(max).length : DEFAULT_MAX_LENGTH;
  return (
    <TextInput
      label={label}
      value={formatThousands(value)}
      onChange={(event) => onChange(onlyDigits(event.currentTarget.value))}
      onKeyDown={(event) => {
        if (!isNumberKeyAllowed(event)) event.preventDefault();
      }}
      onPaste={(event) => {
        if (!isDigitsPaste(event.clipboardData.getData('text'))) event.preventDefault();
      }}
      inputMode="numeric"
      maxLength={maxLength}
      autoComplete="off"
      leftSection={<IconCurrencyDollar size={16} aria-hidden />}
      description={description}
      error={error}
      data-max={max ?? undefined}
    />
  );
}
