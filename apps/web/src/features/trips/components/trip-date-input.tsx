import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { TIMING } from '@carpool/contracts';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dayjs, nowInArgentina } from '@/lib/dates';

type TripDateInputProps = {
  label: string;
  defaultValue: string | null;
  /** Called 800 ms after the last change (typing); `onInstantChange` gets every change. */
  onChange: (date: string | null) => void;
  onInstantChange?: (date: string | null) => void;
  error?: string;
};

const parseTypedDate = (input: string) => {
  const parsed = dayjs(input, ['DD/MM/YYYY', 'D/M/YYYY', 'YYYY-MM-DD'], true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
};

/** Trip date: today at the earliest, typed as DD/MM/YYYY or picked; debounced by 800 ms. */
export function TripDateInput({ label, defaultValue, onChange, onInstantChange, error }: TripDateInputProps) {
  const { t } = useTranslation();
  const debounced = useDebouncedCallback(onChange, TIMING.dateInputDebounceMs);
  return (
    <DateInput
      label={label}
      placeholder="DD/MM/AAAA"
      defaultValue={defaultValue}
      onChange={(date) => {
        onInstantChange?.(date);
        debounced(date);
      }}
      valueFormat="DD/MM/YYYY"
      minDate={nowInArgentina().format('YYYY-MM-DD')}
      dateParser={parseTypedDate}
      leftSection={<IconCalendarEvent size={16} aria-hidden />}
      error={error}
      clearable
      clearButtonProps={{ 'aria-label': t('ui.clearDate') }}
    />
  );
}
