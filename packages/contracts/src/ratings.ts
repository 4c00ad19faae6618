import { z } from 'zod';
import { DateTimeStringSchema, FlagSchema, IdSchema, dataOf, pathId } from './common';
import { LENGTHS, PAGE_SIZES, RATINGS } from './constants';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { pageQuery, paginated } from './pagination';

/** 1 positive, 0 negative (the provider also knows a neutral vote; the spec does not). */
export const RatingValueSchema = z.union([z.literal(0), z.literal(1)]);
export type RatingValue = z.infer<typeof RatingValueSchema>;

/** A user as ratings show them (author or rated user). */
export const RatingUserSchema = z
  .object({ id: IdSchema, name: z.string(), image: z.string().nullable() })
  .loose();

/** The trip a rating belongs to; the cards show its destination. */
export const RatingTripSchema = z
  .object({
    id: IdSchema,
    from_town: z.string().optional(),
    to_town: z.string(),
    trip_date: DateTimeStringSchema.optional(),
  })
  .loose();

/** A rating received by a user, as the profile lists them (public once both voted or the window closed). */
export const RatingSchema = z
  .object({
    id: IdSchema,
    from: RatingUserSchema,
    to: RatingUserSchema.optional(),
    trip: RatingTripSchema,
    /** Role of the rated user on the trip: 0 passenger, otherwise driver. */
    user_to_type: z.number().int().nonnegative(),
    /** The vote (the spec also calls it vote): 1 positive, 0 negative. */
    rating: RatingValueSchema.nullable(),
    comment: z.string().max(LENGTHS.ratingComment).nullable(),
    reply_comment: z.string().max(LENGTHS.ratingReply).nullable(),
    reply_comment_created_at: DateTimeStringSchema.nullable(),
    created_at: DateTimeStringSchema,
    rate_at: DateTimeStringSchema.nullable(),
    voted: FlagSchema,
  })
  .loose();
export type Rating = z.infer<typeof RatingSchema>;

/**
 * A rating the current user still owes: rate `user_id` (`to`) for `trip_id` (`trip`).
 * Opens 24 h after the trip starts and stays 14 days (RATINGS); leaves the list once voted.
 */
export const PendingRatingSchema = z
  .object({
    id: IdSchema,
    trip_id: IdSchema,
    /** The user to rate. */
    user_id: IdSchema,
    comment: z.string().nullable(),
    rating: RatingValueSchema.nullable(),
    reply_comment_created_at: DateTimeStringSchema.nullable(),
    to: RatingUserSchema,
    trip: RatingTripSchema,
    user_to_type: z.number().int().nonnegative().optional(),
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

const ratingsQuery = pageQuery(PAGE_SIZES.ratings);
const tripUserParams = z.object({ tripId: pathId(), userId: pathId() });
const OkAnswerSchema = z.object({ data: z.literal('ok') });

export const ratingEndpoints = {
  listOfUser: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id/ratings',
    summary: "A user's public ratings (paged, 200 per page)",
    description:
      'Ratings become public once both sides voted or the rating window ' +
      `(${RATINGS.windowDays} days) closed.`,
    auth: 'user',
    params: z.object({ id: pathId() }),
    query: ratingsQuery,
    responses: { 200: paginated(RatingSchema), 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/users/ratings',
    summary: "The current user's public ratings (paged, 200 per page)",
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
      'Only within the rating window and once (422 user_have_already_voted); ratings cannot be edited or ' +
      'deleted. Outside the window or not a partner on the trip: 422 access_denied. A rating becomes public ' +
      'when both sides voted or the window closed; positive_ratings/negative_ratings count public ratings.',
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
