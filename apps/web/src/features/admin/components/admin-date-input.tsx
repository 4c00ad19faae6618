import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dayjs } from '@/lib/dates';

const parseTypedDate = (input: string) => {
  const parsed = dayjs(input, ['DD/MM/YYYY', 'D/M/YYYY', 'YYYY-MM-DD'], true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
};

type AdminDateInputProps = {
  label: string;
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** 'YYYY-MM-DD', or '' once cleared. */
  onChange: (date: string) => void;
  minDate?: string;
  maxDate?: string;
  error?: string;
};

/**
 * An admin date field as the rest of the app has them (the trip form and search): Mantine's calendar
 * in Spanish, shown and typed as DD/MM/YYYY, sent as YYYY-MM-DD. The browser's own date field would
 * show its own language's order (mm/dd/yyyy in an English browser).
 */
export function AdminDateInput({ label, value, onChange, minDate, maxDate, error }: AdminDateInputProps) {
  const { t } = useTranslation();
  return (
    <DateInput
      label={label}
      placeholder="DD/MM/AAAA"
      value={value || null}
      onChange={(date) => onChange(date ?? '')}
      valueFormat="DD/MM/YYYY"
      dateParser={parseTypedDate}
      minDate={minDate}
      maxDate={maxDate}
      leftSection={<IconCalendarEvent size={16} aria-hidden />}
      error={error}
      clearable
      clearButtonProps={{ 'aria-label': t('ui.clearDate') }}
    />
  );
}
