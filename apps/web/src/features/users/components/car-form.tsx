import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { LENGTHS, type Car } from '@carpool/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCarBrands, useCarColors, useCarModels } from '../api/get-car-catalogue';
import { OTHER, carFormValues, validateCarForm, type CarFormErrors, type CarFormValues } from '../utils/car-form';

type CarFormProps = {
  /** The car being changed; none for a new one. */
  car?: Car;
  submitting: boolean;
  /** Field errors the server answered (Laravel's `errors.<field>`), by form field. */
  serverErrors?: Partial<Record<keyof CarFormValues, string>>;
  onSubmit: (values: CarFormValues) => void;
  onCancel: () => void;
};

const options = (rows: { id: number; name: string }[] | undefined) => (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));

/** A car's plate, description and the catalogue's brand, model, year and colour (Mis autos). */
export function CarForm({ car, submitting, serverErrors = {}, onSubmit, onCancel }: CarFormProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const isNew = !car;
  const [values, setValues] = useState(() => carFormValues(car));
  const [errors, setErrors] = useState<CarFormErrors>({});
  const brands = useCarBrands();
  const colors = useCarColors();
  const brandId = values.brand && values.brand !== OTHER ? Number(values.brand) : null;
  const models = useCarModels(brandId);
  const other = { value: OTHER, label: t('cars.other') };

  const set = <K extends keyof CarFormValues>(key: K, value: CarFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const message = (field: keyof CarFormValues) => {
    const error = errors[field];
    return error ? t(error.key, error.values) : serverErrors[field];
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCarForm(values, { isNew });
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  const writtenModel = values.brand === OTHER || values.model === OTHER;

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {isNew ? t('cars.newTitle') : t('cars.editTitle', { plate: car.patente })}
        </Title>
        {(brands.isError || colors.isError) && (
          <Alert color="yellow" variant="light">
            {t('cars.catalogueError')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('cars.patente')}
            value={values.patente}
            onChange={(event) => set('patente', event.currentTarget.value.toUpperCase())}
            maxLength={LENGTHS.patente + 5}
            required
            autoComplete="off"
            error={message('patente')}
            data-autofocus
          />
          <TextInput
            label={t('cars.year')}
            value={values.year}
            onChange={(event) => set('year', event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
            inputMode="numeric"
            required={isNew}
            error={message('year')}
          />
          <Select
            label={t('cars.brand')}
            placeholder={t('cars.choose')}
            data={[...options(brands.data), other]}
            value={values.brand || null}
            onChange={(brand) => setValues((current) => ({ ...current, brand: brand ?? '', model: '', modelOther: brand === OTHER ? current.modelOther : '' }))}
            searchable
            nothingFoundMessage={t('noHayResultados')}
            required={isNew}
            error={message('brand')}
          />
          {values.brand === OTHER ? (
            <TextInput label={t('cars.brandOther')} value={values.brandOther} onChange={(event) => set('brandOther', event.currentTarget.value)} maxLength={100} required error={message('brandOther')} />
          ) : (
            <Select
              label={t('cars.model')}
              placeholder={t('cars.choose')}
              data={brandId ? [...options(models.data), other] : []}
              value={values.model || null}
              onChange={(model) => set('model', model ?? '')}
              disabled={!brandId}
              searchable
              nothingFoundMessage={t('noHayResultados')}
              required={isNew}
              error={message('model')}
            />
          )}
          {writtenModel && values.brand !== '' && (
            <TextInput label={t('cars.modelOther')} value={values.modelOther} onChange={(event) => set('modelOther', event.currentTarget.value)} maxLength={100} required error={message('modelOther')} />
          )}
          <Select
            label={t('cars.color')}
            placeholder={t('cars.choose')}
            data={options(colors.data)}
            value={values.color || null}
            onChange={(color) => set('color', color ?? '')}
            required={isNew}
            error={message('color')}
          />
        </SimpleGrid>
        <Textarea
          label={t('cars.description')}
          placeholder={t('cars.descriptionPlaceholder')}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          maxLength={LENGTHS.carDescription}
          autosize
          minRows={2}
          error={message('description')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {t('cars.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('cars.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
