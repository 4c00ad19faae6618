import { z } from 'zod';
import { IdSchema, OkSchema, dataOf, pathId } from './common';
import { LENGTHS } from './constants';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';

/** A user's car; the trip form and the profile show its licence plate (patente). */
export const CarSchema = z
  .object({
    id: IdSchema,
    patente: z.string().max(LENGTHS.patente),
    description: z.string().nullable(),
    user_id: IdSchema.optional(),
    // The provider's catalogue fields (app/Models/Car.php); null until the driver completes them.
    year: z.number().int().nullable().optional(),
    car_color_id: IdSchema.nullable().optional(),
    car_brand_id: IdSchema.nullable().optional(),
    car_model_id: IdSchema.nullable().optional(),
    brand_other: z.string().nullable().optional(),
    model_other: z.string().nullable().optional(),
    brand_name: z.string().nullable().optional(),
    model_name: z.string().nullable().optional(),
    color_name: z.string().nullable().optional(),
  })
  .loose();
export type Car = z.infer<typeof CarSchema>;

/** The oldest model year the provider accepts (CarsManager: `year` min 1900, max the current year). */
export const CAR_YEAR_MIN = 1900;

const catalogueId = z.number().int().positive().nullable().optional();
const hasText = (value: string | null | undefined) => (value ?? '').trim() !== '';

/**
 * PUT /api/cars/:id, and the base of the new car's body (the provider's CarsManager::validator):
 * only the plate is required; `description` is nullable (stored as '' when missing), the catalogue
 * fields optional. A brand or model id and its free-text twin ("other") cannot both be set.
 */
export const CarBodySchema = z
  .object({
    patente: z
      .string()
      .trim()
      .min(1)
      .max(LENGTHS.patente, `La patente no puede tener más de ${LENGTHS.patente} caracteres`),
    description: z.string().trim().max(LENGTHS.carDescription).nullable().optional(),
    year: z
      .number()
      .int()
      .min(CAR_YEAR_MIN)
      .refine((year) => year <= new Date().getFullYear(), { message: 'El año no puede ser posterior al actual.' })
      .nullable()
      .optional(),
    car_color_id: catalogueId,
    car_brand_id: catalogueId,
    car_model_id: catalogueId,
    brand_other: z.string().trim().max(100).nullable().optional(),
    model_other: z.string().trim().max(100).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.car_brand_id && hasText(body.brand_other)) {
      ctx.addIssue({ code: 'custom', path: ['brand_other'], message: 'Elegí una marca de la lista o escribila, no las dos.' });
    }
    if (body.car_model_id && hasText(body.model_other)) {
      ctx.addIssue({ code: 'custom', path: ['model_other'], message: 'Elegí un modelo de la lista o escribilo, no los dos.' });
    }
  });
export type CarBody = z.input<typeof CarBodySchema>;

/**
 * POST /api/cars: as the update, plus what the provider requires of a new car: the year, the
 * colour, and a brand and model (both from the catalogue, both written, or a catalogue brand with
 * a written model).
 */
export const CarCreateBodySchema = CarBodySchema.superRefine((body, ctx) => {
  if (body.year == null) ctx.addIssue({ code: 'custom', path: ['year'], message: 'El año es obligatorio.' });
  if (body.car_color_id == null) ctx.addIssue({ code: 'custom', path: ['car_color_id'], message: 'El color es obligatorio.' });
  const catalogue = Boolean(body.car_brand_id && body.car_model_id);
  const written = hasText(body.brand_other) && hasText(body.model_other);
  const brandWithWrittenModel = Boolean(body.car_brand_id) && hasText(body.model_other);
  if (!catalogue && !written && !brandWithWrittenModel) {
    ctx.addIssue({ code: 'custom', path: ['car_brand_id'], message: 'La marca y el modelo son obligatorios.' });
  }
});
export type CarCreateBody = z.input<typeof CarCreateBodySchema>;

const carIdParams = z.object({ id: pathId() });
const carErrors = { 401: ErrorBodySchema, 422: ErrorBodySchema };

export const carEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/cars',
    summary: "The current user's cars",
    description:
      'The spec says the answer carries the cars; the provider sends a bare list and current clients read ' +
      'either a list or `data`. The contract answers `{ data: cars }`.',
    auth: 'user',
    responses: { 200: dataOf(z.array(CarSchema)), 401: ErrorBodySchema },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/api/cars/:id',
    summary: 'One of the current user\'s cars',
    description: "Another user's car or a missing one answers 422 car_not_found.",
    auth: 'user',
    params: carIdParams,
    responses: { 200: dataOf(CarSchema), ...carErrors },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/cars',
    summary: 'Add a car',
    description: 'Year, colour and a brand and model are required here, not on a change; the description never is.',
    auth: 'user',
    body: CarCreateBodySchema,
    responses: { 200: dataOf(CarSchema), ...carErrors },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/cars/:id',
    summary: 'Change a car (owner only)',
    auth: 'user',
    params: carIdParams,
    body: CarBodySchema,
    responses: { 200: dataOf(CarSchema), ...carErrors },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/cars/:id',
    summary: 'Remove a car (owner only)',
    description: "Trips that used the car keep no car (car_id null). Answers `{ data: 'ok' }`.",
    auth: 'user',
    params: carIdParams,
    responses: { 200: OkSchema, ...carErrors },
  }),
};
