import { expect, test, type Page } from '@playwright/test';
import { dataOf, DEMO, logIn, openMyTrips, tokenOf } from './support';

/**
 * Issue 44.1: on a 375 px phone every action says all of its words ('Aceptar', not 'Acept') and every
 * button is a target of at least 24 × 24 px (WCAG 2.2 target size), on the screens people use most.
 */
const PHONE = { width: 375, height: 812 };

/** Buttons and what looks like one (links drawn as buttons, tabs, segmented choices). */
const TARGETS = 'button, [role="button"], a.mantine-Button-root, a.mantine-ActionIcon-root, [role="tab"]';

type Problem = { name: string; problem: 'cut' | 'small'; detail: string };

/** Every visible target whose text does not fit (scrollWidth > clientWidth) or that is under 24 × 24 px. */
async function phoneProblems(page: Page): Promise<Problem[]> {
  return page.evaluate((selector) => {
    const problems: Problem[] = [];
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !element.closest('[aria-hidden="true"], [hidden]');
    };
    for (const target of Array.from(document.querySelectorAll(selector))) {
      if (!shown(target)) continue;
      const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().replace(/\s+/g, ' ') || target.outerHTML.slice(0, 80);
      // The target itself and each part that holds its words (Mantine's label and inner spans).
      for (const part of [target, ...Array.from(target.querySelectorAll('*'))]) {
        if (!(part instanceof HTMLElement) || !part.textContent?.trim() || !shown(part)) continue;
        if (part.scrollWidth > part.clientWidth + 1) {
          problems.push({ name, problem: 'cut', detail: `${part.tagName.toLowerCase()}.${part.className} ${part.scrollWidth} > ${part.clientWidth}` });
          break;
        }
      }
      const box = target.getBoundingClientRect();
      if (box.width < 24 || box.height < 24) problems.push({ name, problem: 'small', detail: `${Math.round(box.width)} × ${Math.round(box.height)}` });
    }
    return problems;
  }, TARGETS);
}

async function expectWholeLabels(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  expect.soft(await phoneProblems(page), screen).toEqual([]);
}


async function phoneLogIn(page: Page, who: { email: string; password: string }) {
  await page.setViewportSize(PHONE);
  await page.goto('/app/login');
  await logIn(page, who);
  await expect(page).toHaveURL(/\/app\/trips/);
}

// Each file starts from the seed, whatever ran before it on the same server.
test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));

test.describe('labels and targets on a 375 px phone', () => {
  test("the driver's screens: my trips with the requests to answer, his trip, a chat, his profile, the search", async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await tokenOf(request, DEMO.driver);
    const pending = await dataOf<{ trip_id: number }[]>(request, token, '/api/users/requests');
    expect(pending.length, 'the seeded driver has requests to answer').toBeGreaterThan(0);
    const [conversation] = await dataOf<{ id: number }[]>(request, token, '/api/conversations');

    await phoneLogIn(page, DEMO.driver);
    await openMyTrips(page);
    // The request cards that read 'Acept', 'Recha', 'Mensa' (issue 44.1).
    const card = page.getByTestId('pending-request-card').first();
    await expect(card).toBeVisible();
    for (const label of ['Aceptar', 'Rechazar', 'Mensaje']) await expect(card.getByText(label, { exact: true })).toBeVisible();
    await expectWholeLabels(page, 'my trips (driver)');

    // His trip with a request waiting: the accept and reject buttons of the trip page.
    await page.goto(`/app/trips/${pending[0]!.trip_id}`);
    await expect(page.getByTestId('trip-pending-requests')).toBeVisible({ timeout: 15_000 });
    await expectWholeLabels(page, 'trip page (owner)');

    await page.goto(`/app/conversations/${conversation!.id}`);
    await expect(page.getByRole('textbox').last()).toBeVisible({ timeout: 15_000 });
    await expectWholeLabels(page, 'chat');

    await page.goto('/app/profile/me');
    await expect(page.locator('main h1, main h2').first()).toBeVisible({ timeout: 15_000 });
    await expectWholeLabels(page, 'profile (own)');

    await page.goto('/app/trips');
    await expect(page.locator('main a[href^="/app/trips/"]').first()).toBeVisible({ timeout: 15_000 });
    await expectWholeLabels(page, 'search');
  });

  test("the passenger's screens: someone else's trip, the driver's profile, my trips, the chats", async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await tokenOf(request, DEMO.passenger);
    const driver = await dataOf<{ id: number }>(request, await tokenOf(request, DEMO.driver), '/api/users/me');
    const [trip] = await dataOf<{ id: number }[]>(request, token, `/api/trips?user_id=${driver.id}&page_size=1`);

    await phoneLogIn(page, DEMO.passenger);
    await page.goto(`/app/trips/${trip!.id}`);
    await expect(page.getByTestId('booking-actions').first()).toBeVisible({ timeout: 15_000 });
    await expectWholeLabels(page, 'trip page (passenger)');

    await page.goto(`/app/profile/${driver.id}`);
    await expect(page.locator('main h1, main h2').first()).toBeVisible({ timeout: 15_000 });
    await expectWholeLabels(page, "the driver's profile");

    await openMyTrips(page);
    await expect(page.getByRole('heading', { name: 'Mis viajes', level: 1 })).toBeVisible();
    await expectWholeLabels(page, 'my trips (passenger)');

    await page.goto('/app/conversations');
    await expect(page.getByTestId('conversation-row').first()).toBeVisible({ timeout: 15_000 });
    await expectWholeLabels(page, 'chats');
  });
});

test.describe('what to do now in my trips, on a phone (issue 44.7)', () => {
  test("the ratings reminder's 'Calificar ahora' brings the ratings into view, and 'Para hacer ahora' leads to the requests", async ({ page, request }) => {
    const token = await tokenOf(request, DEMO.driver);
    const ratings = await dataOf<unknown[]>(request, token, '/api/users/ratings/pending');
    expect(ratings.length, 'the seeded driver has ratings to give').toBeGreaterThan(0);

    await phoneLogIn(page, DEMO.driver);
    await page.goto('/app/my-trips');
    const reminder = page.getByRole('dialog', { name: 'Tenés viajes por calificar' });
    await reminder.getByRole('button', { name: 'Calificar ahora' }).click();
    await expect(reminder).toBeHidden();
    const heading = page.getByRole('heading', { name: 'Calificaciones pendientes', level: 2 });
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();

    await page.keyboard.press('Home');
    const todo = page.getByRole('navigation', { name: 'Para hacer ahora' });
    await expect(todo.getByRole('button', { name: /calificaci(ón|ones) pendientes?$/ })).toBeVisible();
    await todo.getByRole('button', { name: /solicitud(es)? por responder$/ }).click();
    await expect(page.getByRole('heading', { name: 'Solicitudes por responder', level: 2 })).toBeInViewport();
  });
});
