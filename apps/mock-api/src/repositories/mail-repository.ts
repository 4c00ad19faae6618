import type { DbClient } from '../db/client';

export type OutboxMessage = { to: string; subject: string; text: string; html: string | null };

/** The local outbox (mail_outbox): where e-mail goes when no SMTP transport is configured. */
export function createMailRepository(db: DbClient) {
  return {
    store: (message: OutboxMessage, at: Date) => db.mailMessage.create({ data: { ...message, created_at: at } }),
    /** Newest first, optionally for one recipient. */
    list: (options: { to?: string; limit: number }) =>
      db.mailMessage.findMany({
        where: options.to ? { to: options.to.trim().toLowerCase() } : {},
        orderBy: [{ created_at: 'desc' }, { id: 'desc' }],
        take: options.limit,
      }),
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
