import '@mantine/core/styles/Switch.css';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Divider,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowBack, IconInfoCircle } from '@tabler/icons-react';
import { LENGTHS, type PriceInfo } from '@carpool/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/app-config';
import { toast } from '@/lib/toast';
import { useSealingInfo } from '../api/sealing-info';
import { useTripPrice } from '../api/trip-price';
import { seatPriceInputMax, seatPriceLimitCents } from '../utils/seat-price';
import {
  firstErrorField,
  validateTripForm,
  type FormMessage,
  type ReturnTripValues,
  type TripFormErrors,
  type TripFormValues,
} from '../utils/trip-form';
import { MaskedTimeInput } from './time-input';
import { PriceInput } from './price-input';
import { PricePanel } from './price-panel';
import { SeatCountInput } from './seat-count-input';
import { TripCarField } from './trip-car-field';
import { TripDateInput } from './trip-date-input';
import { TripMapSection } from './trip-map-section';
import { TripOptionsFields } from './trip-options-fields';
import { TripPointsFields } from './trip-points-fields';

export type TripFormProps = {
  mode: 'create' | 'update';
  initialValues: TripFormValues;
  /** Passengers already aboard (editing): seats cannot go below them. */
  passengersAboard?: number;
  submitting: boolean;
  onSubmit: (values: TripFormValues, route: PriceInfo | undefined) => void;
  /** False for a user who may not publish driver trips yet (module_validated_drivers, not verified). */
  canDrive?: boolean;
};

function SealingNotice() {
  const { t } = useTranslation();
  const sealing = useSealingInfo(true);
  if (!sealing.data) return null;
  const { free_trips_amount: free, trips_created_by_user_amount: created } = sealing.data;
  // The trips left, not the whole allowance.
  const left = Math.max(free - created, 0);
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="sealing-notice">
      {left > 0 ? (
        <>
          <Text size="sm" fw={600}>
            {t('podesHacerViajesGratis', { count: left })}
          </Text>
          <Text size="sm">{t('ui.sealingAfterFreeTrips')}</Text>
        </>
      ) : (
        <Text size="sm">{t('tripForm.noFreeTripsLeft', { count: created })}</Text>
      )}
    </Alert>
  );
}

/** Trip create or edit (spec document 1 §2 and §5 Trip form). */
export function TripForm({ mode, initialValues, passengersAboard = 0, submitting, onSubmit, canDrive = true }: TripFormProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [values, setValues] = useState(initialValues);
  const [submitted, setSubmitted] = useState(false);
  // Dates reach the state 800 ms after typing; a submit in between uses the latest ones.
  const latestDates = useRef({ date: initialValues.date, returnDate: initialValues.returnTrip.date });
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof TripFormValues>(key: K, value: TripFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const setReturn = <K extends keyof ReturnTripValues>(key: K, value: ReturnTripValues[K]) =>
    setValues((current) => ({ ...current, returnTrip: { ...current.returnTrip, [key]: value } }));

  const chosen = values.points.flatMap((point) => (point.place ? [point.place] : []));
  const routeKnown = Boolean(values.points[0]?.place && values.points[values.points.length - 1]?.place);
  // The query key is built from the coordinates, so a new array per render asks nothing again.
  const price = useTripPrice(routeKnown ? chosen.map(({ lat, lng }) => ({ lat, lng })) : []);
  const route = routeKnown ? price.data : undefined;

  const showPrice = config.module_seat_price_enabled && !values.isPassenger;
  const limit = seatPriceLimitCents({ config, route, seats: values.seats, isPassenger: values.isPassenger });
  const returnLimit = seatPriceLimitCents({ config, route, seats: values.returnTrip.seats, isPassenger: values.isPassenger });
  const inputMax = seatPriceInputMax(config);

  const current = (): TripFormValues => ({
    ...values,
    date: latestDates.current.date,
    returnTrip: { ...values.returnTrip, date: latestDates.current.returnDate },
  });
  const context = {
    homeCountry: config.osm_country,
    homeCountryName: config.country_name,
    maxSeatPriceCents: showPrice ? limit : null,
    returnMaxSeatPriceCents: showPrice ? returnLimit : null,
    passengersAboard,
  };
  // Shown live after the first submit; the debounced dates follow 800 ms later.
  const errors: TripFormErrors = submitted ? validateTripForm(values, context) : {};
  const message = (field: string) => {
    const error: FormMessage | undefined = errors[field];
    return error ? t(error.key, error.values) : undefined;
  };
  const pointErrors = Object.fromEntries(
    Object.keys(errors)
      .filter((field) => field.startsWith('points'))
      .map((field) => [field, message(field)]),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const latest = current();
    const found = validateTripForm(latest, context);
    const first = firstErrorField(found);
    if (first) {
      toast.error(t('algunosDatosNoValidos'));
      const target = formRef.current?.querySelector(`[data-field="${first}"]`) ?? formRef.current?.querySelector(`[data-field^="${first.split('.')[0]}"]`);
      target?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    onSubmit(latest, route);
  };

  const toggleReturn = (enabled: boolean) =>
    setValues((state) => ({
      ...state,
      returnTrip: {
        ...state.returnTrip,
        enabled,
        // The return trip starts as a copy of the outbound one.
        description: state.returnTrip.description || state.description,
        price: state.returnTrip.price || state.price,
        seats: state.returnTrip.enabled ? state.returnTrip.seats : state.seats,
        privacy: state.returnTrip.enabled ? state.returnTrip.privacy : state.privacy,
        preferences: state.returnTrip.enabled ? state.returnTrip.preferences : state.preferences,
      },
    }));

  const back = values.returnTrip;

  return (
    <form onSubmit={submit} ref={formRef} noValidate aria-label={t(mode === 'create' ? 'tripForm.createTitle' : 'tripForm.updateTitle')}>
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(mode === 'create' ? 'tripForm.createTitle' : 'tripForm.updateTitle')}
      </Title>
      {mode === 'create' && config.module_trip_creation_payment_enabled && <SealingNotice />}

      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <SegmentedControl
              aria-label={t('tripForm.kind')}
              fullWidth
              disabled={mode === 'update'}
              value={values.isPassenger ? 'passenger' : 'driver'}
              onChange={(kind) => set('isPassenger', kind === 'passenger')}
              data={[
                { value: 'driver', label: t('tripForm.asDriver'), disabled: !canDrive },
                { value: 'passenger', label: t('tripForm.asPassenger') },
              ]}
            />
            {mode === 'create' && !canDrive && (
              <Text size="sm" c="dimmed" data-testid="driver-disabled-reason">
                {t('tripForm.driverNeedsVerification')}
              </Text>
            )}
            <TripPointsFields
              points={values.points}
              onChange={(points) => set('points', points)}
              homeCountry={config.osm_country}
              multicountry={values.allowForeign}
              errors={pointErrors}
            />
            <Group gap={6} wrap="nowrap">
              <Switch
                label={t('tripForm.allowForeign', { country: config.country_name })}
                checked={values.allowForeign}
                onChange={(event) => set('allowForeign', event.currentTarget.checked)}
              />
              <Tooltip label={t('search.abroadTooltip')} multiline w={260} withArrow>
                <IconInfoCircle size={16} aria-label={t('search.abroadTooltip')} />
              </Tooltip>
            </Group>
            <Box visibleFrom="md">
              <TripMapSection points={chosen.map(({ lat, lng, name }) => ({ lat, lng, name }))} tileUrl={config.map_tile_url} height={320} />
            </Box>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <SimpleGrid cols={2} spacing="sm">
              <div data-field="date">
                <TripDateInput
                  label={t('tripForm.date')}
                  defaultValue={initialValues.date}
                  onInstantChange={(date) => {
                    latestDates.current.date = date;
                  }}
                  onChange={(date) => set('date', date)}
                  error={message('date')}
                />
              </div>
              <div data-field="time">
                <MaskedTimeInput label={t('tripForm.time')} value={values.time} onChange={(time) => set('time', time)} error={message('time')} />
              </div>
            </SimpleGrid>

            <div data-field="seats">
              <SeatCountInput
                label={values.isPassenger ? t('tripForm.seatsWanted') : t('tripForm.seats')}
                value={values.seats}
                onChange={(seats) => set('seats', seats)}
                error={message('seats')}
              />
            </div>

            {!values.isPassenger && <TripCarField value={values.carId} onChange={(carId) => set('carId', carId)} preselectOnlyCar={mode === 'create'} />}

            {showPrice && (
              <Stack gap="xs" data-field="price">
                <PriceInput
                  label={t('tripForm.seatPrice')}
                  value={values.price}
                  onChange={(digits) => set('price', digits)}
                  max={inputMax}
                  description={t('tripForm.seatPriceHelp')}
                  error={message('price')}
                />
                {route && <PricePanel route={route} seats={values.seats} limitCents={limit} />}
              </Stack>
            )}

            <div data-field="description">
              <Textarea
                label={t('tripForm.description')}
                placeholder={t('tripForm.descriptionPlaceholder')}
                value={values.description}
                onChange={(event) => set('description', event.currentTarget.value)}
                maxLength={LENGTHS.tripDescription}
                autosize
                minRows={3}
                maxRows={8}
                required
                error={message('description')}
                description={t('tripForm.charactersLeft', { count: LENGTHS.tripDescription - values.description.length })}
              />
            </div>

            <TripOptionsFields
              idPrefix="trip"
              privacy={values.privacy}
              onPrivacyChange={(privacy) => set('privacy', privacy)}
              preferences={values.preferences}
              onPreferencesChange={(preferences) => set('preferences', preferences)}
            />

            {!values.isPassenger && (
              <div data-field="noLucrar">
                <Checkbox
                  label={t('meComprometo')}
                  description={t('tripForm.noProfitHelp')}
                  checked={values.noLucrar}
                  onChange={(event) => set('noLucrar', event.currentTarget.checked)}
                  error={message('noLucrar')}
                />
              </div>
            )}
          </Stack>
        </Grid.Col>
      </Grid>

      {mode === 'create' && (
        <Paper withBorder radius="md" p="md" data-field="return">
          <Stack gap="md">
            <Switch
              label={t('tripForm.returnTrip')}
              description={t('tripForm.returnTripHelp')}
              checked={back.enabled}
              onChange={(event) => toggleReturn(event.currentTarget.checked)}
              thumbIcon={<IconArrowBack size={10} aria-hidden />}
            />
            {back.enabled && (
              <Stack gap="md" role="group" aria-label={t('tripForm.returnTrip')}>
                <Divider />
                {message('return.points') ? (
                  <Text c="red" size="sm" role="alert" data-field="return.points">
                    {message('return.points')}
                  </Text>
                ) : (
                  routeKnown && (
                    <Text size="sm" c="dimmed">
                      {t('tripForm.returnRoute', { from: chosen[chosen.length - 1]?.name, to: chosen[0]?.name })}
                    </Text>
                  )
                )}
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                  <div data-field="return.date">
                    <TripDateInput
                      label={t('tripForm.returnDate')}
                      defaultValue={initialValues.returnTrip.date}
                      onInstantChange={(date) => {
                        latestDates.current.returnDate = date;
                      }}
                      onChange={(date) => setReturn('date', date)}
                      error={message('return.date')}
                    />
                  </div>
                  <div data-field="return.time">
                    <MaskedTimeInput label={t('tripForm.returnTime')} value={back.time} onChange={(time) => setReturn('time', time)} error={message('return.time')} />
                  </div>
                  <div data-field="return.seats">
                    <SeatCountInput
                      label={t('tripForm.returnSeats')}
                      value={back.seats}
                      onChange={(seats) => setReturn('seats', seats)}
                      error={message('return.seats')}
                    />
                  </div>
                </SimpleGrid>
                {showPrice && (
                  <div data-field="return.price">
                    <PriceInput
                      label={t('tripForm.returnSeatPrice')}
                      value={back.price}
                      onChange={(digits) => setReturn('price', digits)}
                      max={inputMax}
                      error={message('return.price')}
                    />
                  </div>
                )}
                <div data-field="return.description">
                  <Textarea
                    label={t('tripForm.returnDescription')}
                    value={back.description}
                    onChange={(event) => setReturn('description', event.currentTarget.value)}
                    maxLength={LENGTHS.tripDescription}
                    autosize
                    minRows={2}
                    maxRows={6}
                    required
                    error={message('return.description')}
                  />
                </div>
                <TripOptionsFields
                  idPrefix="return"
                  privacy={back.privacy}
                  onPrivacyChange={(privacy) => setReturn('privacy', privacy)}
                  preferences={back.preferences}
                  onPreferencesChange={(preferences) => setReturn('preferences', preferences)}
                />
              </Stack>
            )}
          </Stack>
        </Paper>
      )}

      <Group justify="flex-end">
        <Button type="submit" size="md" loading={submitting}>
          {t(mode === 'create' ? 'tripForm.create' : 'tripForm.update')}
        </Button>
      </Group>
    </Stack>
    </form>
  );
}
