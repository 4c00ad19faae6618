import { RATINGS, type User } from '@carpool/contracts';

export type ReplyTimeBucket = 'moreThanADay' | 'sameDay' | 'coupleOfHours' | 'immediate' | 'noData';

const SECONDS_PER_HOUR = 3600;

type ConversationCounts = Pick<User, 'conversation_answered_count' | 'conversation_opened_count' | 'answer_delay_sum'>;

/**
 * Spec document 2 §9: the average reply delay (answer_delay_sum, in seconds, over the answered
 * conversations) as a bucket: over 24 h 'Más de un día', over 12 h 'En el día', over 1 h 'En un
 * par de horas', otherwise 'En el momento'; without answered conversations 'Sin datos'.
 */
export function replyTimeBucket(user: ConversationCounts): ReplyTimeBucket {
  const answered = user.conversation_answered_count ?? 0;
  // The provider's columns are null until the first conversation.
  if (answered <= 0 || user.answer_delay_sum === undefined || user.answer_delay_sum === null) return 'noData';
  const hours = user.answer_delay_sum / answered / SECONDS_PER_HOUR;
  const { moreThanADay, sameDay, coupleOfHours } = RATINGS.replyBuckets;
  if (hours > moreThanADay) return 'moreThanADay';
  if (hours > sameDay) return 'sameDay';
  if (hours > coupleOfHours) return 'coupleOfHours';
  return 'immediate';
}

/** Answered divided by opened conversations, as a whole percentage; null without conversations. */
export function responseRate(user: ConversationCounts): number | null {
  const opened = user.conversation_opened_count ?? 0;
  if (opened <= 0) return null;
  return Math.round(((user.conversation_answered_count ?? 0) / opened) * 100);
}
