import { chromium } from '@playwright/test';
const base = 'http://localhost:3200';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
const context = await browser.newContext({ baseURL: base });
await context.grantPermissions(['notifications'], { origin: base });
const page = await context.newPage();
page.on('console', (m) => console.log('console:', m.type(), m.text()));
const login = await (await context.request.post('/api/login', { data: { email: 'pasajera@carpool.ar', password: 'carpool123' } })).json();
console.log(Object.keys(login));
await page.goto('/app/trips');
await page.evaluate((t) => { localStorage.setItem('TOKEN', JSON.stringify(t)); localStorage.setItem('FIRST_TIME_APP', JSON.stringify({loaded:true,onboarded:true})); }, login.token);
const t0 = Date.now();
await page.goto('/app/trips');
await page.waitForFunction(() => navigator.serviceWorker.controller !== null || true);
const reg = await page.evaluate(async () => { const r = await navigator.serviceWorker.ready; return r.scope; });
console.log('sw ready', reg, Date.now() - t0);
const sub = await page.evaluate(async () => {
  const r = await navigator.serviceWorker.ready;
  try { const s = await Promise.race([r.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: new Uint8Array(65).fill(4) }), new Promise((res) => setTimeout(() => res('timeout'), 8000))]); return String(s && s.endpoint || s); } catch (e) { return 'error: ' + e; }
});
console.log('subscribe:', sub, Date.now() - t0);
for (let i = 0; i < 15; i++) { const d = await (await context.request.get('/api/devices', { headers: { Authorization: 'Bearer ' + login.token } })).json(); if (d.data.length) { console.log('devices', JSON.stringify(d)); break; } await new Promise(r => setTimeout(r, 1000)); }
console.log('CURRENT_DEVICE', await page.evaluate(() => localStorage.getItem('CURRENT_DEVICE')));
const cdp = await context.newCDPSession(page);
await cdp.send('ServiceWorker.enable');
const regs = [];
cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => regs.push(...e.registrations));
await new Promise(r => setTimeout(r, 1000));
console.log('regs', regs);
const r0 = regs.find((r) => !r.isDeleted);
await cdp.send('ServiceWorker.deliverPushMessage', { origin: base + '/', registrationId: r0.registrationId, data: JSON.stringify({ title: 'Carpool', body: 'Hola push', type: 'my-trips', extras: {} }) });
await new Promise(r => setTimeout(r, 1000));
console.log('notifications', await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data }))));
await browser.close();
