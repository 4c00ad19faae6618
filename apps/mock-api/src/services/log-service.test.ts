import { LOG_LIMITS } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/booking';
import { build } from '../../test/helper';

let app: FastifyInstance;
beforeAll(async () => {
  app = await build();
});

describe('client error reports over the limit', () => {
  it('drops them without an error and counts each in the server log, per client; the next minute stores again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const noisy = await makeUser(app);
      const serverLog = { warn: vi.fn() };
      const report = (log: string, who: { userId: number | null; ip: string } = { userId: noisy.user.id, ip: '10.0.0.1' }) => app.services.logs.record({ log }, who, serverLog as never);
      for (let i = 0; i < LOG_LIMITS.perMinute; i += 1) await expect(report(`error ${i}`)).resolves.toEqual({ data: 'ok' });
      expect(serverLog.warn).not.toHaveBeenCalled();

      await expect(report('one more')).resolves.toEqual({ data: 'ok' });
      await expect(report('and another')).resolves.toEqual({ data: 'ok' });
      expect(serverLog.warn.mock.calls.map(([fields]) => fields)).toEqual([
        { client: `user:${noisy.user.id}`, dropped: 1 },
        { client: `user:${noisy.user.id}`, dropped: 2 },
      ]);
      expect(await app.db.logEntry.count({ where: { user_id: noisy.user.id } })).toBe(LOG_LIMITS.perMinute);
      // An anonymous client is counted by its address, apart from the user.
      await report('anónimo', { userId: null, ip: '10.0.0.1' });
      expect(await app.db.logEntry.count({ where: { log: 'anónimo' } })).toBe(1);

      vi.setSystemTime(Date.now() + 61_000);
      await report('un minuto después');
      expect(await app.db.logEntry.count({ where: { user_id: noisy.user.id } })).toBe(LOG_LIMITS.perMinute + 1);
      expect(serverLog.warn).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
