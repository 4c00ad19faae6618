import { ActionIcon, Button, Checkbox, Group, Paper, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowsExchange, IconCircleDot, IconMapPin, IconSearch, IconX } from '@tabler/icons-react';
import { SEARCH, TIMING } from '@carpool/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjs, nowInArgentina } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { DeferredTooltip } from '@/components/deferred-tooltip';
import { OnDemandDateInput } from '@/components/on-demand-date-input';
import { EMPTY_SEARCH, bothAbroad, type TripSearchValues } from '../utils/search-params';
import { PlaceAutocomplete } from '@/components/place-autocomplete';

type TripSearchFormProps = {
  initialValues: TripSearchValues;
  homeCountry: string;
  homeCountryName: string;
  onSearch: (values: TripSearchValues) => void;
};

export function TripSearchForm({ initialValues, homeCountry, homeCountryName, onSearch }: TripSearchFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [abroad, setAbroad] = useState(false);
  // Remounts the uncontrolled date input when the form is cleared from outside.
  const [dateKey, setDateKey] = useState(0);
  const setDate = useDebouncedCallback(
    (date: string | null) => setValues((current) => ({ ...current, date })),
    TIMING.dateInputDebounceMs,
  );
  const today = nowInArgentina();

  // The typed date reaches the form state 800 ms later; a submit in between uses the latest one.
  const latestDate = useRef(initialValues.date);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const current = { ...values, date: latestDate.current };
    if (bothAbroad(current, [homeCountry, homeCountryName])) {
      toast.error(t('origenDestinoExterior'));
      return;
    }
    onSearch(current);
  };

  const clear = () => {
    latestDate.current = null;
    setValues(EMPTY_SEARCH);
    setDateKey((key) => key + 1);
    onSearch(EMPTY_SEARCH);
  };

  return (
    <Paper component="form" role="search" aria-label={t('search.label')} onSubmit={submit} withBorder radius="md" p="md">
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('search.role')}
          fullWidth
          value={values.isPassenger ? 'passenger' : 'driver'}
          onChange={(role) => setValues((current) => ({ ...current, isPassenger: role === 'passenger' }))}
          data={[
            { value: 'driver', label: t('trips.lookingForDriver') },
            { value: 'passenger', label: t('trips.lookingForPassenger') },
          ]}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" style={{ alignItems: 'end' }}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
              <PlaceAutocomplete
                label={t('search.origin')}
                placeholder={t('search.originPlaceholder')}
                value={values.origin}
                onChange={(origin) => setValues((current) => ({ ...current, origin }))}
                country={homeCountry}
                multicountry={abroad}
                leftSection={<IconCircleDot size={16} aria-hidden />}
              />
            </div>
            <DeferredTooltip label={t('search.swap')}>
              <ActionIcon
                variant="default"
                size="lg"
                mb={1}
                aria-label={t('search.swap')}
                onClick={() => setValues((current) => ({ ...current, origin: current.destination, destination: current.origin }))}
              >
                <IconArrowsExchange size={18} aria-hidden />
              </ActionIcon>
            </DeferredTooltip>
          </Group>
          <PlaceAutocomplete
            label={t('search.destination')}
            placeholder={t('search.destinationPlaceholder')}
            value={values.destination}
            onChange={(destination) => setValues((current) => ({ ...current, destination }))}
            country={homeCountry}
            multicountry={abroad}
            leftSection={<IconMapPin size={16} aria-hidden />}
          />
        </SimpleGrid>
        <Group align="flex-end" gap="sm">
          <OnDemandDateInput
            key={dateKey}
            label={t('search.date')}
            placeholder={t('search.datePlaceholder')}
            defaultValue={initialValues.date}
            onChange={(date) => {
              latestDate.current = date;
              setDate(date);
            }}
            valueFormat="DD/MM/YYYY"
            clearable
            clearButtonProps={{ 'aria-label': t('ui.clearDate') }}
            // The calendar opens on this month (without it, on the month of minDate, a century ago).
            defaultDate={today.format('YYYY-MM-DD')}
            minDate={today.subtract(SEARCH.dateMaxYearsBack, 'year').format('YYYY-MM-DD')}
            maxDate={today.add(SEARCH.dateMaxYearsAhead, 'year').format('YYYY-MM-DD')}
            style={{ flex: '1 1 12rem' }}
            dateParser={(input) => {
              const parsed = dayjs(input, ['DD/MM/YYYY', 'D/M/YYYY', 'YYYY-MM-DD'], true);
              return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
            }}
          />
          <DeferredTooltip label={t('search.abroadTooltip')} multiline w={260} withArrow>
            <Checkbox
              label={t('search.abroad')}
              checked={abroad}
              onChange={(event) => setAbroad(event.currentTarget.checked)}
              mb={8}
            />
          </DeferredTooltip>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="subtle" color="gray" leftSection={<IconX size={16} aria-hidden />} onClick={clear}>
            {t('search.clear')}
          </Button>
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('search.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
