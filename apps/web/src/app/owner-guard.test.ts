import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tripQueryOptions } from '@/features/trips/api/get-trip';
import { session } from '@/lib/session';
import { toast } from '@/lib/toast';
import { makeTrip } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/render';
import { ownerGuard } from './guards';

vi.mock('./boot', () => ({ boot: vi.fn(async () => undefined) }));
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), hide: vi.fn() } }));

const args = (id: string) => ({ request: new Request(`http://app.local/app/trips/update/${id}`), params: { id } }) as unknown as LoaderFunctionArgs;

/** The loader's answer: null to go on, or the Response of a redirect. */
async function run(guard: (args: LoaderFunctionArgs) => Promise<unknown>, id: string): Promise<unknown> {
  try {
    return await guard(args(id));
  } catch (thrown) {
    return thrown;
  }
}

afterEach(() => {
  session.clear('logout');
  vi.mocked(toast.error).mockClear();
});

describe('ownerGuard', () => {
  it("lets the owner edit, and sends anyone else to trips saying why instead of a silent redirect", async () => {
    session.setToken('token');
    session.setUser({ id: 7, name: 'Ana', image: 'ana.jpg', description: 'Hola' });
    const client = createTestQueryClient();
    client.setQueryData(tripQueryOptions(42).queryKey, makeTrip({ id: 42, user_id: 7 }));
    // The owner is the trip's user (the provider sends no user_id).
    const other = makeTrip();
    client.setQueryData(tripQueryOptions(43).queryKey, makeTrip({ id: 43, user_id: undefined, user: { ...other.user!, id: 8 } }));

    expect(await run(ownerGuard(client), '42')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();

    const refused = (await run(ownerGuard(client), '43')) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get('Location')).toBe('/trips');
    expect(toast.error).toHaveBeenCalledWith('Solo quien publicó el viaje puede editarlo.');
  });
});
