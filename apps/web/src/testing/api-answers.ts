import { afterEach, beforeEach, type Mock } from 'vitest';
import { session } from '@/lib/session';

type Call = Mock<(...args: unknown[]) => Promise<unknown>>;

/**
 * Answers the mocked `api.call` by registry entry, keyed "METHOD /path" as the registry spells it,
 * each handler given the call's options; any other call fails the test.
 */
export function answerCalls<Options>(call: Call, handlers: Record<string, (options: Options) => unknown>) {
  call.mockImplementation(async (endpoint, options) => {
    const { method, path } = endpoint as { method: string; path: string };
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`unexpected call ${method} ${path}`);
    return handler((options ?? {}) as Options);
  });
}

/** Every test of the file logged in (Ana, id 7, with a complete profile); the mocked calls reset after each. */
export function logInForEachTest(call: Call) {
  beforeEach(() => {
    session.setToken('token');
    session.setUser({ id: 7, name: 'Ana', image: 'a.jpg', description: 'x' });
  });
  afterEach(() => {
    call.mockReset();
    session.clear('logout');
  });
}
