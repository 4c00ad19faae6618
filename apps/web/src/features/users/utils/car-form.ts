import { CAR_YEAR_MIN, LENGTHS, type Car, type CarBody, type CarCreateBody } from '@carpool/contracts';

/** The brand or model select's choice for a name the catalogue does not have. */
export const OTHER = 'other';

export type CarFormValues = {
  patente: string;
  description: string;
  /** A catalogue id as text, OTHER, or '' (none chosen). */
  brand: string;
  brandOther: string;
  model: string;
  modelOther: string;
  /** Digits as typed. */
  year: string;
  /** A catalogue colour id as text, or ''. */
  color: string;
};

/** i18n keys by field; empty means valid. */
export type CarFormErrors = Partial<Record<keyof CarFormValues, { key: string; values?: Record<string, number> }>>;

export function carFormValues(car?: Car): CarFormValues {
  if (!car) return { patente: '', description: '', brand: '', brandOther: '', model: '', modelOther: '', year: '', color: '' };
  return {
    patente: car.patente,
    description: car.description ?? '',
    brand: car.car_brand_id ? String(car.car_brand_id) : car.brand_other ? OTHER : '',
    brandOther: car.car_brand_id ? '' : (car.brand_other ?? ''),
    model: car.car_model_id ? String(car.car_model_id) : car.model_other ? OTHER : '',
    modelOther: car.car_model_id ? '' : (car.model_other ?? ''),
    year: car.year ? String(car.year) : '',
    color: car.car_color_id ? String(car.car_color_id) : '',
  };
}

/**
 * The provider's rules (CarsManager, packages/contracts cars.ts): the plate always, at most 20
 * characters ('La patente no puede tener más de 20 caracteres', spec §5); a new car also needs the
 * year, the colour and a brand and model (chosen or written). A change needs only the plate.
 */
export function validateCarForm(values: CarFormValues, { isNew, thisYear = new Date().getFullYear() }: { isNew: boolean; thisYear?: number }): CarFormErrors {
  const errors: CarFormErrors = {};
  const plate = values.patente.trim();
  if (!plate) errors.patente = { key: 'cars.errors.patente' };
  else if (plate.length > LENGTHS.patente) errors.patente = { key: 'patenteLarga', values: { max: LENGTHS.patente } };
  if (values.description.trim().length > LENGTHS.carDescription) errors.description = { key: 'cars.errors.description', values: { max: LENGTHS.carDescription } };

  const year = values.year.trim();
  if (year) {
    const value = Number(year);
    if (!Number.isInteger(value) || value < CAR_YEAR_MIN || value > thisYear) errors.year = { key: 'cars.errors.yearRange', values: { min: CAR_YEAR_MIN, max: thisYear } };
  } else if (isNew) errors.year = { key: 'cars.errors.year' };

  if (isNew && !values.color) errors.color = { key: 'cars.errors.color' };
  // A written brand has no catalogue models: its model is written as well.
  const modelWritten = values.brand === OTHER || values.model === OTHER;
  if (values.brand === OTHER && !values.brandOther.trim()) errors.brandOther = { key: 'cars.errors.brandOther' };
  if (modelWritten && values.brand !== '' && !values.modelOther.trim()) errors.modelOther = { key: 'cars.errors.modelOther' };
  if (isNew && values.brand === '') errors.brand = { key: 'cars.errors.brand' };
  if (isNew && values.brand !== '' && !modelWritten && values.model === '') errors.model = { key: 'cars.errors.model' };
  return errors;
}

const catalogueId = (text: string) => (text && text !== OTHER ? Number(text) : null);

/**
 * The body of PUT /api/cars/:id from the form: a catalogue id or its written twin, never both. What
 * is empty is left out (the provider stores a missing description as '' and missing catalogue fields as null).
 */
export function toCarBody(values: CarFormValues): CarBody {
  const brandId = catalogueId(values.brand);
  const modelId = brandId ? catalogueId(values.model) : null;
  const fields: CarBody = {
    patente: values.patente.trim(),
    description: values.description.trim() || null,
    year: values.year.trim() ? Number(values.year) : null,
    car_color_id: catalogueId(values.color),
    car_brand_id: brandId,
    car_model_id: modelId,
    brand_other: values.brand === OTHER ? values.brandOther.trim() || null : null,
    model_other: values.brand !== '' && !modelId ? values.modelOther.trim() || null : null,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as CarBody;
}

/** The body of POST /api/cars: as a change (the validation made sure the year, colour, brand and model are there). */
export const toCarCreateBody = (values: CarFormValues): CarCreateBody => toCarBody(values);
