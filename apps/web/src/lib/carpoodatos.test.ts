import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from './api-client';
import type * as ApiClientModule from './api-client';
import { dontShowCarpoodatosAgain, shouldShowCarpoodatos } from './carpoodatos';
import { session } from './session';

vi.mock('./api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
const hints = { disable_user_hints: false };

afterEach(() => {
  call.mockReset();
  session.clear('logout');
});

describe('Carpoodatos', () => {
  it('shows each modal until its own flag is set, and never when the country disables hints', () => {
    const user = { id: 1, name: 'Ana', do_not_alert_request_seat: 1, do_not_alert_accept_passenger: 0 };
    expect(shouldShowCarpoodatos('requestSeat', user, hints)).toBe(false);
    expect(shouldShowCarpoodatos('acceptPassenger', user, hints)).toBe(true);
    expect(shouldShowCarpoodatos('pricing', user, hints)).toBe(true);
    expect(shouldShowCarpoodatos('pricing', { ...user, do_not_alert_pricing: true }, hints)).toBe(false);
    expect(shouldShowCarpoodatos('acceptPassenger', user, { disable_user_hints: true })).toBe(false);
  });

  it("'No volver a mostrar' sets the flag in the session at once and on the server", async () => {
    session.setUser({ id: 1, name: 'Ana', do_not_alert_accept_passenger: 0 });
    call.mockResolvedValue({ data: { id: 1, name: 'Ana', do_not_alert_accept_passenger: 1 } });
    const pending = dontShowCarpoodatosAgain('acceptPassenger');
    expect(session.getState().user?.do_not_alert_accept_passenger).toBe(1);
    await pending;
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/users/change/:property/:value' }), {
      params: { property: 'do_not_alert_accept_passenger', value: 1 },
    });
  });

  it('keeps the flag for the session when the call fails', async () => {
    session.setUser({ id: 1, name: 'Ana' });
    call.mockRejectedValue(new Error('offline'));
    await dontShowCarpoodatosAgain('requestSeat');
    expect(session.getState().user?.do_not_alert_request_seat).toBe(1);
  });
});
