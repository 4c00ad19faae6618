import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO, logIn, openMyTrips } from './support';

const POLL_MS = 20_000;
const PASSWORD = 'carpool123';

type ApiUser = { id: number; name: string; email?: string; state?: string };

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const answer = await request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function getData<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const answer = await request.get(url, { headers: auth(token) });
  expect(answer.ok(), `${url}: ${await answer.text()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

/** A page of its own context, logged in; the fake clock is installed first, so polls can be moved. */
async function loggedInPage(browser: Browser, who: { email: string; password: string }, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto('/app/login');
  await logIn(page, who);
  await expect(page).not.toHaveURL(/\/app\/login/);
  return page;
}

async function expectAccessible(page: Page) {
  // The site footer is not one of these screens (its contrast belongs to the layout's owner).
  const results = await new AxeBuilder({ page }).exclude('#contenido > footer').analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The header's Mensajes icon names the number of unread conversations. */
const unreadLabel = (count: number) => (count === 1 ? '1 conversación sin leer' : `${count} conversaciones sin leer`);

test.describe.serial('conversations and friends', () => {
  test.beforeAll(async ({ request }) => {
    expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);
    expect((await request.post('/__mock/config', { data: { module_coordinate_by_message: true, module_on_boarding_new_user: false } })).ok()).toBe(true);
  });

  test('a passenger and a driver chat about a trip: the poll brings each message, the badge rises and falls', async ({ browser, request }) => {
    const passengerToken = await tokenOf(request, DEMO.passenger);
    const driverToken = await tokenOf(request, DEMO.driver);
    const driver = await getData<ApiUser>(request, driverToken, '/api/users/me');
    const passengerUser = await getData<ApiUser>(request, passengerToken, '/api/users/me');
    // The driver's upcoming trip the passenger rides on (the seeded chat is about it).
    const trips = await getData<{ id: number; user_id: number; trip_date: string; passenger?: { id: number; request_state?: number }[] }[]>(
      request,
      driverToken,
      `/api/trips?user_id=${driver.id}&page_size=50`,
    );
    const trip = trips.find((candidate) => candidate.passenger?.some((p) => p.id === passengerUser.id && (p.request_state ?? 1) === 1));
    expect(trip).toBeDefined();

    const passenger = await loggedInPage(browser, DEMO.passenger);
    const driverPage = await loggedInPage(browser, DEMO.driver);

    // The passenger opens the chat from the trip page, past the Carpoodatos tips.
    await passenger.goto(`/app/trips/${trip!.id}`);
    await passenger.getByRole('button', { name: `Enviar mensaje a ${DEMO.driver.name}` }).click();
    const tips = passenger.getByTestId('carpoodatos-pricing');
    const chatTitle = passenger.getByRole('heading', { name: DEMO.driver.name });
    await expect(tips.or(chatTitle).first()).toBeVisible();
    if (await tips.isVisible()) await tips.getByRole('button', { name: 'Continuar' }).click();
    await expect(chatTitle).toBeVisible();
    await expect(passenger).toHaveURL(/\/app\/conversations\/\d+$/);
    const chatUrl = new URL(passenger.url()).pathname;
    // module_coordinate_by_message: the trip panel, with cancel for a passenger aboard.
    await expect(passenger.getByTestId('chat-trip-panel')).toBeVisible();
    await expect(passenger.getByTestId('chat-trip-panel').getByRole('button', { name: 'Cancelar solicitud' })).toBeVisible();
    await expectAccessible(passenger);

    // The driver reads every chat with her first, then waits on another page.
    await driverPage.goto(chatUrl);
    await expect(driverPage.getByRole('heading', { name: DEMO.passenger.name })).toBeVisible();
    await openMyTrips(driverPage);
    // What the badge should say now: the chats the driver has not read (other people's), from the API.
    const unread = await getData<{ conversation_id: number }[]>(request, driverToken, '/api/conversations/unread');
    const before = new Set(unread.map((message) => message.conversation_id)).size;
    await expect(driverPage.getByRole('link', { name: unreadLabel(before) })).toBeVisible();

    const text = `¿Paso a buscarte por la esquina de siempre? ${Date.now()}`;
    const box = passenger.getByRole('textbox', { name: 'Mensaje' });
    await expect(passenger.getByRole('button', { name: 'Enviar', exact: true })).toBeDisabled();
    await box.fill('   ');
    await expect(passenger.getByRole('button', { name: 'Enviar', exact: true })).toBeDisabled();
    await box.fill(text);
    await box.press('Enter');
    await expect(passenger.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
    await expect(box).toHaveValue('');

    // The badge rises on the driver's next poll (20 s on the fake clock).
    await driverPage.clock.fastForward(POLL_MS);
    await expect(driverPage.getByRole('link', { name: unreadLabel(before + 1) })).toBeVisible();

    // The driver opens the chat: the message is there and the badge falls back.
    // (my trips may greet the driver with the pending-ratings dialog: the chat is opened by its address.)
    await driverPage.goto(chatUrl);
    await expect(driverPage.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
    await expect(driverPage.getByRole('link', { name: unreadLabel(before) })).toBeVisible({ timeout: 15_000 });

    // The driver answers; the passenger's open chat shows it on its next poll, and her message is seen.
    const answer = `Sí, a las 8 en punto. ${Date.now()}`;
    await driverPage.getByRole('textbox', { name: 'Mensaje' }).fill(answer);
    await driverPage.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(driverPage.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();
    await expect(passenger.getByTestId('chat-message').filter({ hasText: answer })).toHaveCount(0);
    await passenger.clock.fastForward(POLL_MS);
    await expect(passenger.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();
    await expect(passenger.getByTestId('chat-message').filter({ hasText: text }).getByRole('img', { name: 'Visto' })).toBeVisible();

    // A phone shows the list or the chat, one at a time.
    await passenger.setViewportSize({ width: 375, height: 812 });
    await passenger.goto('/app/conversations');
    await expect(passenger.getByRole('heading', { name: 'Conversaciones' })).toBeVisible();
    await expect(passenger.getByText('Seleccione alguna conversación')).toHaveCount(0);
    await expectAccessible(passenger);
    await passenger.getByRole('link', { name: `Conversación con ${DEMO.driver.name}` }).click();
    await expect(passenger.getByRole('heading', { name: DEMO.driver.name })).toBeVisible();
    await expect(passenger.getByRole('heading', { name: 'Conversaciones' })).toHaveCount(0);
    await expectAccessible(passenger);
    await passenger.getByRole('link', { name: 'Volver a las conversaciones' }).click();
    await expect(passenger.getByRole('heading', { name: 'Conversaciones' })).toBeVisible();

    await passenger.context().close();
    await driverPage.context().close();
  });

  test('the owner messages all passengers from the trip page', async ({ browser, request }) => {
    const driverToken = await tokenOf(request, DEMO.driver);
    const passengerToken = await tokenOf(request, DEMO.passenger);
    const driver = await getData<ApiUser>(request, driverToken, '/api/users/me');
    const passengerUser = await getData<ApiUser>(request, passengerToken, '/api/users/me');
    const trips = await getData<{ id: number; passenger?: { id: number; request_state?: number }[] }[]>(request, driverToken, `/api/trips?user_id=${driver.id}&page_size=50`);
    const trip = trips.find((candidate) => candidate.passenger?.some((p) => p.id === passengerUser.id && (p.request_state ?? 1) === 1));
    expect(trip).toBeDefined();

    const page = await loggedInPage(browser, DEMO.driver);
    await page.goto(`/app/trips/${trip!.id}`);
    const form = page.getByTestId('message-all');
    const text = `Salimos 15 minutos antes por el tránsito. ${Date.now()}`;
    await form.getByRole('textbox', { name: 'Mensaje para los pasajeros' }).fill(text);
    await form.getByRole('button', { name: 'Enviar a todos' }).click();
    await expect(page.getByText('El mensaje fue enviado.')).toBeVisible();

    // Each passenger aboard has it in the private chat with the driver.
    const chats = await getData<{ id: number; last_message: { text: string } | null; users: { id: number }[] }[]>(request, passengerToken, '/api/conversations');
    const withDriver = chats.find((chat) => chat.users.some((user) => user.id === driver.id) && chat.users.length === 2);
    expect(withDriver?.last_message?.text).toBe(text);
    await page.context().close();
  });

  test('a friend request is sent and accepted in the other context; the friends-only trip becomes visible', async ({ browser, request }) => {
    const driverToken = await tokenOf(request, DEMO.driver);
    const adminToken = await tokenOf(request, DEMO.admin);
    // Someone with no friendship row with the driver either way.
    const driverFriends = new Set((await getData<ApiUser[]>(request, driverToken, '/api/friends?page_size=100')).map((user) => user.id));
    const askedDriver = new Set((await getData<ApiUser[]>(request, driverToken, '/api/friends/pedings')).map((user) => user.id));
    const people = await getData<ApiUser[]>(request, driverToken, '/api/users/list?value=a&page_size=100');
    const stranger = people.find((user) => user.state === 'none' && !driverFriends.has(user.id) && !askedDriver.has(user.id) && !/admin/i.test(user.name));
    expect(stranger).toBeDefined();
    const found = await getData<ApiUser[]>(request, adminToken, `/api/users/search?name=${encodeURIComponent(stranger!.name)}`);
    const account = { email: found.find((user) => user.id === stranger!.id)!.email!, password: PASSWORD };

    // The driver publishes a friends-only trip.
    const date = new Date(Date.now() + 5 * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
    const created = await request.post('/api/trips', {
      headers: auth(driverToken),
      data: {
        is_passenger: false,
        trip_date: `${date} 09:00:00`,
        total_seats: 3,
        friendship_type_id: 0,
        description: 'Solo para amigos: salgo temprano desde Palermo.',
        no_lucrar: true,
        seat_price_cents: 500_000,
        points: [
          { address: 'Buenos Aires, Ciudad Autónoma de Buenos Aires', json_address: { name: 'Buenos Aires', ciudad: 'Buenos Aires', provincia: 'Ciudad Autónoma de Buenos Aires', country: 'AR' }, lat: -34.60757, lng: -58.43709, node_id: '81590481' },
          { address: 'Rosario, Santa Fe', json_address: { name: 'Rosario', ciudad: 'Rosario', provincia: 'Santa Fe', country: 'AR' }, lat: -32.9595, lng: -60.66154, node_id: '198417773' },
        ],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const tripId = ((await created.json()) as { data: { id: number } }).data.id;
    const strangerToken = await tokenOf(request, account);
    expect((await request.get(`/api/trips/${tripId}`, { headers: auth(strangerToken) })).ok()).toBe(false);

    // The stranger searches the driver among new friends and sends a request.
    const newFriend = await loggedInPage(browser, account, { width: 375, height: 812 });
    await newFriend.goto('/app/setting/friends/search');
    const search = newFriend.getByRole('searchbox', { name: 'Nombre de la persona' });
    await search.fill(DEMO.driver.name);
    await newFriend.clock.fastForward(1_000);
    const candidate = newFriend.getByTestId('friend-candidate').filter({ hasText: DEMO.driver.name });
    await candidate.getByRole('button', { name: `Enviar solicitud de amistad a ${DEMO.driver.name}` }).click();
    await expect(candidate.getByRole('button', { name: 'Solicitud enviada' })).toBeDisabled();
    await expectAccessible(newFriend);
    // Empty text clears the results.
    await search.fill('');
    await expect(newFriend.getByTestId('friend-candidate')).toHaveCount(0);

    // The driver accepts in the other context.
    const driverPage = await loggedInPage(browser, DEMO.driver);
    await driverPage.goto('/app/setting/friends');
    const requestRow = driverPage.getByTestId('friend-request').filter({ hasText: stranger!.name });
    await expect(requestRow).toBeVisible();
    await expectAccessible(driverPage);
    await requestRow.getByRole('button', { name: `Aceptar la solicitud de ${stranger!.name}` }).click();
    await expect(driverPage.getByText('Ahora son amigos.')).toBeVisible();
    await expect(requestRow).toHaveCount(0);
    await driverPage.getByRole('textbox', { name: 'Filtrar amigos por nombre' }).fill(stranger!.name);
    await driverPage.clock.fastForward(1_000);
    await expect(driverPage.getByTestId('friend').filter({ hasText: stranger!.name })).toBeVisible();

    // The new friend sees the friends-only trip at once.
    await newFriend.goto(`/app/trips/${tripId}`);
    await expect(newFriend.getByText('Solo para amigos: salgo temprano desde Palermo.')).toBeVisible();

    // And loses it when the driver deletes the friendship.
    await driverPage.getByTestId('friend').filter({ hasText: stranger!.name }).getByRole('button', { name: `Eliminar a ${stranger!.name} de tus amigos` }).click();
    await driverPage.getByRole('button', { name: 'Sí, confirmar' }).click();
    await expect(driverPage.getByText('Amigo eliminado.')).toBeVisible();
    expect((await request.get(`/api/trips/${tripId}`, { headers: auth(strangerToken) })).ok()).toBe(false);

    await newFriend.context().close();
    await driverPage.context().close();
  });
});
