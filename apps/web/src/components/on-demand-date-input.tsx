import { TextInput } from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import { useState, type ComponentType } from 'react';
import { dayjs } from '@/lib/dates';

type Widget = ComponentType<DateInputProps & { ref?: (input: HTMLInputElement | null) => void }>;

/** The calendar's module, loaded once for every date field. */
let widget: Widget | undefined;
let loading: Promise<Widget> | undefined;
const loadWidget = () => (loading ??= import('./date-input-widget').then((module) => (widget = module.default as Widget)));

const focusInput = (input: HTMLInputElement | null) => input?.focus();

type OnDemandDateInputProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'dateParser' | 'valueFormat'> & {
  defaultValue: string | null;
  onChange: (date: string | null) => void;
  /** Typed text → 'YYYY-MM-DD', or null when it is not a date. */
  dateParser: (input: string) => string | null;
  valueFormat: string;
};

/**
 * Mantine's DateInput (calendar, dates package) loads when the field is first pointed at or focused:
 * until then a plain text field with the same label takes typed dates, so the first paint needs none
 * of it. Once loaded, the calendar opens where the user is, on the chosen date's month or today's.
 */
export function OnDemandDateInput({ defaultValue, onChange, dateParser, valueFormat, ...props }: OnDemandDateInputProps) {
  const [DateInput, setDateInput] = useState<Widget | undefined>(() => widget);
  // Focused while the calendar loads: it takes the focus over (and opens) when it arrives.
  const [focused, setFocused] = useState(false);
  const [value, setValue] = useState(defaultValue);
  // The plain field stays (focused, typed into) until the calendar is ready: no Suspense fallback,
  // which would put a new field in its place.
  const want = () => {
    if (!DateInput) void loadWidget().then((loaded) => setDateInput(() => loaded));
  };
  const [text, setText] = useState(defaultValue ? dayjs(defaultValue).format(valueFormat) : '');

  const change = (date: string | null) => {
    setValue(date);
    onChange(date);
  };

  const plain = (
    <TextInput
      label={props.label}
      placeholder={props.placeholder}
      leftSection={props.leftSection}
      error={props.error}
      style={props.style}
      className={props.className}
      value={text}
      onPointerEnter={want}
      onFocus={() => {
        setFocused(true);
        want();
      }}
      onBlur={() => setFocused(false)}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        const parsed = typed.trim() === '' ? null : dateParser(typed);
        if (parsed !== null || typed.trim() === '') change(parsed);
      }}
    />
  );
  if (!DateInput) return plain;
  return (
    <DateInput
      {...props}
      valueFormat={valueFormat}
      dateParser={dateParser}
      defaultValue={value}
      defaultDate={value ?? props.defaultDate}
      onChange={change}
      ref={focused ? focusInput : undefined}
    />
  );
}
