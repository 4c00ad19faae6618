import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { User } from '@carpool/contracts';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { configKeys } from '@/lib/app-config';
import { session } from '@/lib/session';
import { makeConfig } from '@/testing/fixtures';
import { createTestQueryClient, renderWithApp } from '@/testing/render';
import { makeNewUser, makeUser } from '@/testing/user-fixtures';
import { ProfileUpdateRoute } from './profile-update';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

type Options = { body?: Record<string, unknown> };
const call = vi.mocked(api.call) as unknown as Mock<(endpoint: { id: string }, options?: Options) => Promise<unknown>>;
const bankData = { banks: [{ id: '011', name: 'Banco de la Nación Argentina' }], cc: [{ id: 'caja_ahorro', name: 'Caja de ahorro' }] };

function serve(user: User, update?: (body: Record<string, unknown>) => Promise<unknown>) {
  let current = user;
  call.mockImplementation(async (endpoint, options) => {
    switch (endpoint.id) {
      case 'users.show':
        return { data: current };
      case 'users.bankData':
        return bankData;
      case 'users.updatePhoto':
        current = { ...current, image: 'nueva.png' };
        return { data: current };
      case 'users.update':
        if (update) return update(options?.body ?? {});
        current = { ...current, ...options?.body };
        return { data: current };
      default:
        throw new Error(`unexpected call ${endpoint.id}`);
    }
  });
}

function renderPage(config = {}, url = '/setting/profile') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(configKeys.all, makeConfig({ module_validated_drivers: true, ...config }));
  return renderWithApp(<ProfileUpdateRoute />, {
    path: '/setting/profile',
    url,
    queryClient,
    routes: [{ path: '/trips/create', element: <p>Crear viaje (destino)</p> }],
  });
}

async function put(u: UserEvent, input: HTMLElement, text: string) {
  await u.click(input);
  await u.paste(text);
}

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input, textarea' });
const save = (u: UserEvent) => u.click(screen.getByRole('button', { name: 'Guardar' }));

beforeEach(() => session.clear());
afterEach(() => call.mockReset());

describe('Profile update', { timeout: 20_000 }, () => {
  it('nudges a new user to add a photo and a description, and refuses a save without a photo', async () => {
    serve(makeNewUser());
    renderPage();
    const u = userEvent.setup({ delay: null });
    expect(await screen.findByText('Completá tu perfil')).toBeInTheDocument();
    await put(u, input(/Sobre mí/), 'Viajo a Córdoba todos los meses.');
    await put(u, input(/^DNI/), '30123456');
    await put(u, input(/^Celular/), '1144445555');
    await save(u);
    expect(await screen.findAllByText('Tenés que subir una foto de perfil.')).toHaveLength(2);
    expect(call).not.toHaveBeenCalledWith(expect.objectContaining({ id: 'users.update' }), expect.anything());
  });

  it('shows the missing-fields message, each rule, and scrolls to the first error', async () => {
    serve(makeNewUser({ image: 'ana.jpg' }));
    renderPage();
    const u = userEvent.setup({ delay: null });
    await put(u, await screen.findByLabelText(/Sobre mí/, { selector: 'textarea' }), 'a b c d');
    await put(u, input(/^DNI/), '123456');
    await put(u, input(/^Celular/), '123');
    await save(u);
    expect(await screen.findByText('Faltan completar campos o hay datos incorrectos. Revisá los campos marcados.')).toBeInTheDocument();
    expect(screen.getByText('Contanos un poco más: al menos 10 caracteres, sin contar los espacios.')).toBeInTheDocument();
    expect(screen.getByText('El DNI tiene que tener entre 7 y 8 números.')).toBeInTheDocument();
    expect(screen.getByText('El celular tiene que tener al menos 7 números.')).toBeInTheDocument();
    await waitFor(() => expect(window.HTMLElement.prototype.scrollIntoView).toHaveBeenCalled());
  });

  it('lets only digits into the document and the phone', async () => {
    serve(makeNewUser());
    renderPage();
    const u = userEvent.setup({ delay: null });
    const dni = await screen.findByLabelText(/^DNI/, { selector: 'input' });
    await u.type(dni, 'ab30.123-45x6');
    expect(dni).toHaveValue('30123456');
    const phone = input(/^Celular/);
    await u.type(phone, '+54 11 4444-5555');
    expect(phone).toHaveValue('541144445555');
  });

  it('uploads the chosen photo, saves the profile as multipart and returns to the remembered page', async () => {
    serve(makeNewUser());
    renderPage({}, '/setting/profile?redirectTo=%2Ftrips%2Fcreate');
    const u = userEvent.setup({ delay: null });
    await screen.findByText('Completá tu perfil');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'yo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Foto de perfil'), { target: { files: [png] } });
    expect(await screen.findByText('La foto nueva se guarda con el perfil.')).toBeInTheDocument();
    await put(u, input(/Sobre mí/), 'Viajo a Córdoba todos los meses.');
    await put(u, input(/^DNI/), '30123456');
    await put(u, input(/^Celular/), '1144445555');
    await save(u);
    expect(await screen.findByText('Crear viaje (destino)')).toBeInTheDocument();

    // The photo goes up only after the profile is saved.
    expect(call.mock.calls.map(([endpoint]) => endpoint.id).filter((id) => id.startsWith('users.update'))).toEqual(['users.update', 'users.updatePhoto']);
    const photoCall = call.mock.calls.find(([endpoint]) => endpoint.id === 'users.updatePhoto')!;
    expect(photoCall[1]?.body?.profile).toMatch(/^data:image\/png;base64,/);
    const updateCall = call.mock.calls.find(([endpoint]) => endpoint.id === 'users.update')!;
    expect(updateCall[1]?.body).toMatchObject({
      name: 'Ana Pérez',
      description: 'Viajo a Córdoba todos los meses.',
      nro_doc: '30123456',
      mobile_phone: '1144445555',
      emails_notifications: true,
    });
    expect(session.getState().user).toMatchObject({ image: 'nueva.png', description: 'Viajo a Córdoba todos los meses.' });
  });

  it('says why the guard sent the user here and what is missing', async () => {
    serve(makeNewUser());
    renderPage({}, '/setting/profile?redirectTo=%2Fconversations%3Fto%3D5');
    expect(
      await screen.findByText(
        'Para seguir necesitás tu perfil completo. Te falta una foto de perfil y contar algo sobre vos en «Sobre mí». Cuando lo guardes, te llevamos de vuelta a donde estabas.',
      ),
    ).toBeInTheDocument();
  });

  it('on the way to a trip, says that asking for a seat needs the profile, and what is missing (44.4)', async () => {
    serve(makeNewUser({ image: 'ana.jpg' }));
    renderPage({}, '/setting/profile?redirectTo=%2Ftrips%2F42');
    expect(
      await screen.findByText('Para pedir un asiento completá tu perfil: te falta contar algo sobre vos en «Sobre mí». Cuando lo guardes, volvés al viaje.'),
    ).toBeInTheDocument();
  });

  it('only nudges when there is no page to go on to', async () => {
    serve(makeNewUser({ image: 'ana.jpg' }));
    renderPage();
    expect(await screen.findByText('Completá tu perfil')).toBeInTheDocument();
    expect(screen.queryByText(/Para seguir necesitás/)).not.toBeInTheDocument();
  });

  it('a save the server refuses changes nothing: the chosen photo is not uploaded', async () => {
    serve(makeNewUser(), async () => {
      throw new ApiError(422, { message: 'invalid', errors: { nro_doc: ['The nro doc has already been taken.'] } });
    });
    renderPage({}, '/setting/profile?redirectTo=%2Ftrips%2Fcreate');
    const u = userEvent.setup({ delay: null });
    await screen.findByText('Completá tu perfil');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'yo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Foto de perfil'), { target: { files: [png] } });
    expect(await screen.findByText('La foto nueva se guarda con el perfil.')).toBeInTheDocument();
    await put(u, input(/Sobre mí/), 'Viajo a Córdoba todos los meses.');
    await put(u, input(/^DNI/), '30123456');
    await put(u, input(/^Celular/), '1144445555');
    await save(u);
    expect(await screen.findByText('Ese DNI ya está registrado en otra cuenta.')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(expect.objectContaining({ id: 'users.updatePhoto' }), expect.anything());
    expect(screen.getByText('La foto nueva se guarda con el perfil.')).toBeInTheDocument();
    expect(screen.queryByText('Crear viaje (destino)')).not.toBeInTheDocument();
  });

  it('says so when the profile was saved but the photo was not, and stays', async () => {
    serve(makeNewUser());
    const serveProfile = call.getMockImplementation()!;
    call.mockImplementation(async (endpoint, options) => {
      if (endpoint.id === 'users.updatePhoto') throw new ApiError(422, { message: 'invalid', errors: { profile: ['The profile must be an image.'] } });
      return serveProfile(endpoint, options);
    });
    renderPage({}, '/setting/profile?redirectTo=%2Ftrips%2Fcreate');
    const u = userEvent.setup({ delay: null });
    await screen.findByText('Completá tu perfil');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'yo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Foto de perfil'), { target: { files: [png] } });
    await put(u, input(/Sobre mí/), 'Viajo a Córdoba todos los meses.');
    await put(u, input(/^DNI/), '30123456');
    await put(u, input(/^Celular/), '1144445555');
    await save(u);
    expect(await screen.findByText('Tu perfil se guardó, pero la foto no: probá subirla de nuevo.')).toBeInTheDocument();
    expect(screen.queryByText('Crear viaje (destino)')).not.toBeInTheDocument();
    expect(screen.getByText('La foto nueva se guarda con el perfil.')).toBeInTheDocument();
    expect(session.getState().user).toMatchObject({ image: null, description: 'Viajo a Córdoba todos los meses.' });
  });

  it('saves on the first profile save a name as long as registration makes it (25 + space + 25), and refuses one longer (41.8)', async () => {
    const registered = `${'M'.repeat(25)} ${'R'.repeat(25)}`;
    serve(makeNewUser({ image: 'ana.jpg', name: registered }));
    renderPage();
    const u = userEvent.setup({ delay: null });
    const name = await screen.findByLabelText(/Nombre y apellido/, { selector: 'input' });
    expect(name).toHaveValue(registered);
    await put(u, input(/Sobre mí/), 'Viajo a Córdoba todos los meses.');
    await put(u, input(/^DNI/), '30123456');
    await put(u, input(/^Celular/), '1144445555');
    await save(u);
    await waitFor(() => expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'users.update' }), expect.anything()));
    const updateCall = call.mock.calls.find(([endpoint]) => endpoint.id === 'users.update')!;
    expect(updateCall[1]?.body).toMatchObject({ name: registered });
  });

  it('refuses a profile name past 51 characters before sending it', async () => {
    serve(makeNewUser({ image: 'ana.jpg', name: 'x'.repeat(52) }));
    renderPage();
    const u = userEvent.setup({ delay: null });
    await screen.findByLabelText(/Nombre y apellido/, { selector: 'input' });
    await put(u, input(/Sobre mí/), 'Viajo a Córdoba todos los meses.');
    await put(u, input(/^DNI/), '30123456');
    await put(u, input(/^Celular/), '1144445555');
    await save(u);
    expect(await screen.findByText('Faltan completar campos o hay datos incorrectos. Revisá los campos marcados.')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(expect.objectContaining({ id: 'users.update' }), expect.anything());
  });

  it('locks the name after the first time and shows the e-mail read-only', async () => {
    serve(makeUser());
    renderPage();
    expect(await screen.findByLabelText(/Nombre y apellido/, { selector: 'input' })).toBeDisabled();
    expect(screen.getByText('El nombre ya no se puede cambiar.')).toBeInTheDocument();
    expect(input(/^E-mail/)).toHaveAttribute('readonly');
    expect(input(/^E-mail/)).toHaveValue('ana@example.com');
    expect(screen.queryByText('Completá tu perfil')).not.toBeInTheDocument();
  });

  it("says a taken document or phone 'ya está registrado'", async () => {
    serve(makeUser(), async () => {
      throw new ApiError(422, {
        message: 'invalid',
        errors: { nro_doc: ['The nro doc has already been taken.'], mobile_phone: ['The mobile phone has already been taken.'] },
      });
    });
    renderPage();
    const u = userEvent.setup({ delay: null });
    await screen.findByLabelText(/Nombre y apellido/, { selector: 'input' });
    await save(u);
    expect(await screen.findByText('Ese DNI ya está registrado en otra cuenta.')).toBeInTheDocument();
    expect(screen.getByText('Ese celular ya está registrado en otra cuenta.')).toBeInTheDocument();
    expect(screen.getByText('Faltan completar campos o hay datos incorrectos. Revisá los campos marcados.')).toBeInTheDocument();
  });

  it("refuses a new password that differs from its confirmation ('passwordNoCoincide')", async () => {
    serve(makeUser());
    renderPage();
    const u = userEvent.setup({ delay: null });
    await put(u, await screen.findByLabelText(/^Contraseña nueva/, { selector: 'input' }), 'secreta123');
    await put(u, input(/Repetí la contraseña nueva/), 'secreta124');
    await save(u);
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeInTheDocument();
  });

  it('asks a driver request for documents and bank data from bank-data', async () => {
    serve(makeUser());
    renderPage();
    const u = userEvent.setup({ delay: null });
    await u.click(await screen.findByRole('checkbox', { name: /Quiero ser conductor verificado/ }));
    await save(u);
    expect(await screen.findAllByText('Este campo es obligatorio.')).toHaveLength(4);
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'users.bankData' }), expect.anything());
  });
});
