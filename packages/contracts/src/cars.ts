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

/** POST /api/cars and PUT /api/cars/:id. The provider requires both fields. */
export const CarBodySchema = z.object({
  patente: z
    .string()
    .trim()
    .min(1)
    .max(LENGTHS.patente, `La patente no puede tener más de ${LENGTHS.patente} caracteres`),
  description: z.string().trim().min(1).max(LENGTHS.carDescription),
  // The provider's catalogue fields (newer clients ask for them before publishing); optional here.
  year: z.number().int().min(1950).max(2100).nullable().optional(),
  car_color_id: z.number().int().positive().nullable().optional(),
  car_brand_id: z.number().int().positive().nullable().optional(),
  car_model_id: z.number().int().positive().nullable().optional(),
  brand_other: z.string().trim().max(60).nullable().optional(),
  model_other: z.string().trim().max(60).nullable().optional(),
});
export type CarBody = z.input<typeof CarBodySchema>;

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
    auth: 'user',
    body: CarBodySchema,
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
