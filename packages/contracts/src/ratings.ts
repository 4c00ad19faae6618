import { z } from 'zod';
import { DateTimeStringSchema, FlagSchema, IdSchema, dataOf, pathId } from './common';
import { LENGTHS, PAGE_SIZES, RATINGS } from './constants';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { pageQuery, paginated } from './pagination';
import { TripSchema, type Trip } from './trips';

/** 1 positive, 0 negative (the provider also knows a neutral vote; the spec does not). */
export const RatingValueSchema = z.union([z.literal(0), z.literal(1)]);
export type RatingValue = z.infer<typeof RatingValueSchema>;

/** A user as ratings show them (author or rated user); the provider sends its TripUserTransformer. */
export const RatingUserSchema = z
  .object({ id: IdSchema, name: z.string(), image: z.string().nullable() })
  .loose();

/** What the provider sends for a rating whose trip no longer exists (TripTransformer::missingTrip). */
export const MissingTripSchema = z.object({ id: IdSchema, from_town: z.string(), to_town: z.string(), deleted: z.literal(true) }).loose();

/** The trip a rating belongs to: the full trip answer (without a viewer), or the missing-trip placeholder. */
export const RatingTripSchema = z.union([TripSchema, MissingTripSchema]);
export type RatingTrip = z.infer<typeof RatingTripSchema>;

/** The full trip of a rating, or null for the placeholder of a trip that no longer exists. */
export const fullTripOf = (trip: RatingTrip): Trip | null => (trip.deleted === true ? null : (trip as Trip));

/** The fields every rating answer carries (RatingTransformer). */
const ratingFields = {
  id: IdSchema,
  from: RatingUserSchema,
  trip: RatingTripSchema,
  /** The rated user's role on the trip (RATED_ROLE, constants.ts: 0 the driver, 1 a passenger). */
  user_to_type: z.number().int().nonnegative(),
  /** The rated passenger's request state (driver -> passenger rows); 1 for passenger -> driver rows. */
  user_to_state: z.number().int().optional(),
  /** The vote: 1 positive, 0 negative (2, the provider's neutral vote, is accepted in answers). */
  rating: z.number().int().min(0).max(2).nullable(),
  comment: z.string().nullable(),
  reply_comment: z.string().nullable(),
  reply_comment_created_at: DateTimeStringSchema.nullable(),
  rate_at: DateTimeStringSchema.nullable(),
};

/**
 * A rating received by a user, as the profile lists them (public once both voted or the window
 * closed). `created_at` and `voted` are the spec's; the provider does not send them, and `to` only
 * on rows not voted yet.
 */
export const RatingSchema = z
  .object({
    ...ratingFields,
    to: RatingUserSchema.optional(),
    created_at: DateTimeStringSchema.optional(),
    voted: FlagSchema.optional(),
  })
  .loose();
export type Rating = z.infer<typeof RatingSchema>;

/**
 * A rating the current user still owes: rate `to` for `trip`. Opens 24 h after the trip starts and
 * stays 14 days (RATINGS); leaves the list once voted. `trip_id` and `user_id` are the spec's; the
 * provider sends neither, so clients read `trip.id` and `to.id`.
 */
export const PendingRatingSchema = z
  .object({
    ...ratingFields,
    to: RatingUserSchema,
    trip_id: IdSchema.optional(),
    user_id: IdSchema.optional(),
  })
  .loose();
export type PendingRating = z.infer<typeof PendingRatingSchema>;

/** A reference (free-text recommendation) one user wrote on another's profile; one per author and profile. */
export const ReferenceSchema = z
  .object({
    id: IdSchema,
    user_id_from: IdSchema,
    user_id_to: IdSchema,
    comment: z.string().max(LENGTHS.reference),
    created_at: DateTimeStringSchema.optional(),
    /** The author, as the provider appends it to each reference (API-NOTES "references_data"). */
    from: RatingUserSchema.optional(),
  })
  .loose();
export type Reference = z.infer<typeof ReferenceSchema>;

const NEGATIVE_NEEDS_COMMENT = 'El comentario no puede estar vacío para los votos negativos.';

/** POST /api/trips/:tripId/rate/:userId. */
export const RateBodySchema = z
  .object({
    rating: RatingValueSchema,
    comment: z.string().max(LENGTHS.ratingComment).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.rating === 0 && body.comment.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: NEGATIVE_NEEDS_COMMENT });
    }
  });
export type RateBody = z.input<typeof RateBodySchema>;

/** POST /api/trips/:tripId/reply/:userId: the rated user's one reply. */
export const ReplyBodySchema = z.object({
  comment: z.string().trim().min(1).max(LENGTHS.ratingReply),
});
export type ReplyBody = z.input<typeof ReplyBodySchema>;

/** POST /api/references. */
export const ReferenceBodySchema = z.object({
  user_id_to: IdSchema,
  comment: z.string().trim().min(1).max(LENGTHS.reference),
});
export type ReferenceBody = z.input<typeof ReferenceBodySchema>;

// PHP's FILTER_VALIDATE_BOOLEAN, which the provider's parse_boolean applies to `value`.
const PHP_TRUE = /^(1|true|on|yes)$/i;

/**
 * `value` of the ratings lists as the provider reads it (RatingRepository::getRatings): 1, true, on or
 * yes keep the positive ratings, any other text the negative ones (never an error); an empty value
 * filters nothing (Laravel's ConvertEmptyStringsToNull makes it null).
 */
const ratingValueQuery = () =>
  z.union([z.string(), z.boolean()]).transform((value): RatingValue | undefined => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    const text = value.trim();
    if (text === '') return undefined;
    return PHP_TRUE.test(text) ? 1 : 0;
  });

const ratingsQuery = pageQuery(PAGE_SIZES.ratings).extend({ value: ratingValueQuery().optional() });
export type RatingsQuery = z.input<typeof ratingsQuery>;
const tripUserParams = z.object({ tripId: pathId(), userId: pathId() });
const OkAnswerSchema = z.object({ data: z.literal('ok') });

export const ratingEndpoints = {
  listOfUser: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id/ratings',
    summary: "A user's public ratings (paged, 200 per page)",
    description:
      'Ratings become public once both sides voted or the rating window ' +
      `(${RATINGS.windowDays} days) closed. \`value\` true keeps the positive ones, false the negative ones.`,
    auth: 'user',
    params: z.object({ id: pathId() }),
    query: ratingsQuery,
    responses: { 200: paginated(RatingSchema), 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/users/ratings',
    summary: "The current user's public ratings (paged, 200 per page)",
    description: 'As `listOfUser`, for the caller.',
    auth: 'user',
    query: ratingsQuery,
    responses: { 200: paginated(RatingSchema), 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
  pending: defineEndpoint({
    method: 'GET',
    path: '/api/users/ratings/pending',
    summary: 'Ratings the current user still has to give',
    description:
      `Created ${RATINGS.opensAfterHours} h after a trip starts, for driver and accepted passengers alike; ` +
      `each stays ${RATINGS.windowDays} days.`,
    auth: 'user',
    responses: { 200: dataOf(z.array(PendingRatingSchema)), 401: ErrorBodySchema },
  }),
  rate: defineEndpoint({
    method: 'POST',
    path: '/api/trips/:tripId/rate/:userId',
    summary: 'Rate a trip partner (vote 1/0 and a comment, required for a negative vote)',
    description:
      'Only within the rating window and once; ratings cannot be edited or deleted. As the provider ' +
      '(RatingManager::rateUser), every vote it cannot take gets 422 user_have_already_voted: already voted, ' +
      'outside the window, or not a partner on the trip. A rating becomes public when both sides voted or the ' +
      'window closed; positive_ratings/negative_ratings count public ratings.',
    auth: 'user',
    params: tripUserParams,
    body: RateBodySchema,
    responses: { 200: OkAnswerSchema, 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/api/trips/:tripId/reply/:userId',
    summary: 'Reply to a rating received from userId on tripId',
    description:
      'Only the rated user, once (422 user_have_already_replay, also when there is no such vote), only on a ' +
      'public rating and only when allow_rating_reply is set (otherwise 422 access_denied).',
    auth: 'user',
    params: tripUserParams,
    body: ReplyBodySchema,
    responses: { 200: OkAnswerSchema, 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
  createReference: defineEndpoint({
    method: 'POST',
    path: '/api/references',
    summary: "Write a reference on another user's profile",
    description:
      'The spec does not show the answer; the provider answers the stored reference. Errors: ' +
      'reference_exist (one per author and profile), reference_same_user, user_doesnt_exist.',
    auth: 'user',
    body: ReferenceBodySchema,
    responses: { 200: ReferenceSchema, 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
};
