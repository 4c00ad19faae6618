import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO, logIn, openMyTrips, requestableTrips, type RequestableTrip } from './support';

/** An open chat asks for new messages every 20 s; the navigation badges are asked every 30 s (spec document 2 §9). */
const POLL_MS = 20_000;
const BADGES_POLL_MS = 30_000;
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

/** A trip as requestableTrips reads it, with its id. */
type OfferedTrip = RequestableTrip & { id: number };

type BadgeCounts = { notifications: number; messages: number; my_trips: number };
const badgeCounts = (request: APIRequestContext, token: string) => getData<BadgeCounts>(request, token, '/api/notifications/count');
const pendingLabel = (count: number) => (count === 1 ? '1 pendiente en Mis viajes' : `${count} pendientes en Mis viajes`);

test.describe.serial('conversations and friends', () => {
  test.beforeAll(async ({ request }) => {
    expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);
    expect((await request.post('/__mock/config', { data: { module_coordinate_by_message: true, module_on_boarding_new_user: false } })).ok()).toBe(true);
  });

  test('a passenger and a driver chat about a trip: the poll brings each message, the badge rises and falls', async ({ browser, request }) => {
    // Two browsers, several polls moved by the clock and axe on each screen: long on a shared machine.
    test.setTimeout(120_000);
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
    // The seed leaves the tips on (the file starts from it): they show, once.
    expect((passengerUser as { do_not_alert_pricing?: number | boolean }).do_not_alert_pricing).toBeFalsy();
    await expect(tips).toBeVisible();
    await tips.getByRole('button', { name: 'Continuar' }).click();
    await expect(chatTitle).toBeVisible();
    await expect(tips).toHaveCount(0);
    await expect(passenger).toHaveURL(/\/app\/conversations\/\d+$/);
    const chatUrl = new URL(passenger.url()).pathname;
    // module_coordinate_by_message: the trip panel, with leaving the trip for a passenger aboard (issue 44.3).
    await expect(passenger.getByTestId('chat-trip-panel')).toBeVisible();
    await expect(passenger.getByTestId('chat-trip-panel').getByRole('button', { name: 'Bajarme del viaje' })).toBeVisible();
    await expectAccessible(passenger);

    // The driver reads every chat with her first, then waits on another page.
    await driverPage.goto(chatUrl);
    await expect(driverPage.getByRole('heading', { name: DEMO.passenger.name })).toBeVisible();
    await openMyTrips(driverPage);
    // What the badge should say now: the chats the driver has not read (other people's), from the API.
    const before = (await badgeCounts(request, driverToken)).messages;
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

    // The badge rises on the driver's next poll of the badges (30 s on the fake clock).
    await driverPage.clock.fastForward(BADGES_POLL_MS);
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
    await passenger.getByRole('banner').getByRole('button', { name: 'Volver', exact: true }).click();
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

  test('the bell and the Mensajes and Mis viajes badges follow the count; a new seat request shows on the next poll', async ({ browser, request }) => {
    // From the seed, whatever the chats above read: the counts below are the seed's.
    expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);
    expect((await request.post('/__mock/config', { data: { module_coordinate_by_message: true, module_on_boarding_new_user: false } })).ok()).toBe(true);
    const driverToken = await tokenOf(request, DEMO.driver);
    const passengerToken = await tokenOf(request, DEMO.passenger);
    const driver = await getData<ApiUser>(request, driverToken, '/api/users/me');
    const passengerUser = await getData<ApiUser>(request, passengerToken, '/api/users/me');
    const before = await badgeCounts(request, driverToken);
    // The seed leaves the driver unread notifications and chats, and seat requests to answer.
    expect(before.notifications).toBeGreaterThan(0);
    expect(before.messages).toBeGreaterThan(0);
    expect(before.my_trips).toBeGreaterThan(0);

    // On a phone: the tab bar carries the bell and Mensajes, the menu a dot and Mis viajes with its count.
    const phone = await loggedInPage(browser, DEMO.driver, { width: 375, height: 812 });
    await phone.goto('/app/trips');
    const tabs = phone.getByRole('navigation', { name: 'Accesos rápidos' });
    await expect(tabs.getByTestId('tab-badge-notifications')).toHaveText(String(before.notifications));
    await expect(tabs.getByTestId('tab-badge-conversations')).toHaveText(String(before.messages));
    await expectAccessible(phone);
    await phone.getByRole('button', { name: `Abrir el menú, ${pendingLabel(before.my_trips)}` }).click();
    await expect(phone.getByRole('menuitem', { name: /Mis viajes/ }).getByLabel(pendingLabel(before.my_trips))).toHaveText(String(before.my_trips));
    // The open menu too: only menu items inside it, and Cerrar sesión readable.
    await expect(phone.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeVisible();
    // Read once it has faded in: half-transparent text would measure as low contrast.
    await expect(phone.getByRole('menu')).toHaveCSS('opacity', '1');
    await expectAccessible(phone);
    await phone.keyboard.press('Escape');
    await expect(phone.getByRole('menu')).toHaveCount(0);

    // The passenger asks for a seat: one more request to answer and one more notification, on the next poll.
    const [trip] = await requestableTrips<OfferedTrip>(request, passengerToken, driver.id, passengerUser.id);
    expect(trip, 'an upcoming trip of the driver the passenger may ask for').toBeDefined();
    const asked = await request.post(`/api/trips/${trip!.id}/requests`, { headers: auth(passengerToken) });
    expect(asked.ok(), await asked.text()).toBe(true);
    const after = await badgeCounts(request, driverToken);
    expect(after.my_trips).toBe(before.my_trips + 1);
    await expect(phone.getByRole('button', { name: `Abrir el menú, ${pendingLabel(before.my_trips)}` })).toBeVisible();
    await phone.clock.fastForward(BADGES_POLL_MS);
    await expect(phone.getByRole('button', { name: `Abrir el menú, ${pendingLabel(after.my_trips)}` })).toBeVisible();
    await expect(tabs.getByTestId('tab-badge-notifications')).toHaveText(String(after.notifications));

    // Opening the notifications marks the first page read: the bell is asked again and falls.
    await tabs.getByRole('link', { name: 'Notificaciones' }).click();
    await expect(phone.getByTestId('notification-item').first()).toBeVisible();
    const left = Math.max(0, after.notifications - 25);
    if (left === 0) await expect(tabs.getByTestId('tab-badge-notifications')).toHaveCount(0);
    else await expect(tabs.getByTestId('tab-badge-notifications')).toHaveText(String(left));
    await phone.context().close();

    // On a desktop: the bell names the unread ones, the account menu a dot, and Mis viajes its count inside.
    const desktop = await loggedInPage(browser, DEMO.driver);
    await desktop.goto('/app/trips');
    const now = await badgeCounts(request, driverToken);
    await expect(desktop.getByRole('link', { name: now.notifications === 0 ? 'Notificaciones, ninguna sin leer' : `Notificaciones, ${now.notifications} sin leer` })).toBeVisible();
    await expect(desktop.getByRole('link', { name: unreadLabel(now.messages) })).toBeVisible();
    await desktop.getByRole('button', { name: `Menú de tu cuenta, ${pendingLabel(now.my_trips)}` }).click();
    await expect(desktop.getByRole('menu')).toHaveCSS('opacity', '1');
    await expectAccessible(desktop);
    await desktop.getByRole('menuitem', { name: /Mis viajes/ }).click();
    await expect(desktop).toHaveURL(/\/app\/my-trips$/);
    await desktop.context().close();
  });

  test("the friends settings show the requests I sent, waiting with a disabled 'Solicitud enviada'", async ({ browser, request }) => {
    const passengerToken = await tokenOf(request, DEMO.passenger);
    const sent = await getData<ApiUser[]>(request, passengerToken, '/api/friends/sent-pendings');
    expect(sent.length).toBeGreaterThan(0);

    const page = await loggedInPage(browser, DEMO.passenger, { width: 375, height: 812 });
    await page.goto('/app/setting/friends');
    const list = page.getByRole('list', { name: 'Solicitudes enviadas' });
    await expect(list.getByTestId('sent-friend-request')).toHaveCount(sent.length);
    for (const person of sent) {
      const row = list.getByTestId('sent-friend-request').filter({ hasText: person.name });
      await expect(row.getByRole('button', { name: `Solicitud enviada a ${person.name}, esperando respuesta` })).toBeDisabled();
    }
    await expectAccessible(page);

    // Searching one of them again: the result shows the request as sent, with nothing to press.
    await page.goto('/app/setting/friends/search');
    await page.getByRole('searchbox', { name: 'Nombre de la persona' }).fill(sent[0]!.name);
    await page.clock.fastForward(1_000);
    const candidate = page.getByTestId('friend-candidate').filter({ hasText: sent[0]!.name });
    await expect(candidate.getByRole('button', { name: /Solicitud enviada/ })).toBeDisabled();
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
    // Back on the friends settings the request waits among the sent ones.
    await newFriend.getByRole('link', { name: 'Volver a mis amigos' }).click();
    await expect(newFriend.getByRole('list', { name: 'Solicitudes enviadas' }).getByTestId('sent-friend-request').filter({ hasText: DEMO.driver.name })).toBeVisible();

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
