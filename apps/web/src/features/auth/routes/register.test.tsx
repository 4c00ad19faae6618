import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { configKeys } from '@/lib/app-config';
import { makeConfig } from '@/testing/fixtures';
import { createTestQueryClient, renderWithApp } from '@/testing/render';
import { makeNewUser } from '@/testing/user-fixtures';
import { runtimeConfig } from '@/lib/runtime-config';
import { RegisterRoute } from './register';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(endpoint: { id: string }, options?: { body?: Record<string, unknown> }) => Promise<unknown>>;
const bankData = { banks: [{ id: '011', name: 'Banco de la Nación Argentina' }], cc: [{ id: 'caja_ahorro', name: 'Caja de ahorro' }] };

function answer(register: () => Promise<unknown>) {
  call.mockImplementation(async (endpoint) => {
    if (endpoint.id === 'users.bankData') return bankData;
    if (endpoint.id === 'users.register') return register();
    throw new Error(`unexpected call ${endpoint.id}`);
  });
}

function renderRegister(config = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(configKeys.all, makeConfig({ enable_facebook: false, ...config }));
  return renderWithApp(<RegisterRoute />, {
    path: '/register',
    url: '/register',
    queryClient,
    routes: [{ path: '/terminos', element: <p>Términos (destino)</p> }],
  });
}

const field = (label: string | RegExp) => screen.getByLabelText(label, { selector: 'input' });

/** Pasting is one change event: much faster than typing into a controlled form. */
async function put(u: UserEvent, input: HTMLElement, text: string) {
  await u.click(input);
  await u.paste(text);
}

async function fillValid(u: UserEvent) {
  await put(u, await screen.findByLabelText(/^E-mail/), 'ana@example.com');
  await put(u, field(/Repetí tu e-mail/), 'ana@example.com');
  await put(u, field(/^Contraseña/), 'secreta123');
  await put(u, field(/Repetí la contraseña/), 'secreta123');
  await put(u, field(/^Nombre/), 'Ana');
  await put(u, field(/^Apellido/), 'Pérez');
  await put(u, field(/Fecha de nacimiento/), '25051990');
}

const acceptTerms = (u: UserEvent) => u.click(screen.getByRole('checkbox', { name: /Leí y acepto/ }));
const submit = (u: UserEvent) => u.click(screen.getByRole('button', { name: 'Registrarme' }));

afterEach(() => {
  call.mockReset();
  runtimeConfig.localOutbox = false;
});

// Forms with many controlled fields are slow to drive in jsdom on a busy machine.
describe('Register page', { timeout: 20_000 }, () => {
  it('keeps the button disabled until the terms are accepted', async () => {
    answer(async () => ({}));
    renderRegister();
    const u = userEvent.setup({ delay: null });
    const button = await screen.findByRole('button', { name: 'Registrarme' });
    expect(button).toBeDisabled();
    await acceptTerms(u);
    expect(button).toBeEnabled();
  });

  it('shows the required-field messages, the debeCorregirCampos toast, and scrolls to the first error', async () => {
    answer(async () => ({}));
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Registrarme' });
    await acceptTerms(u);
    await submit(u);
    expect(await screen.findAllByText('Te olvidaste de ingresar el e-mail.')).toHaveLength(2);
    expect(screen.getByText('Te olvidaste de ingresar la contraseña.')).toBeInTheDocument();
    expect(screen.getByText('Te olvidaste de confirmar la contraseña.')).toBeInTheDocument();
    expect(screen.getByText('Te olvidaste de ingresar tu nombre.')).toBeInTheDocument();
    expect(screen.getByText('Te olvidaste de ingresar tu apellido.')).toBeInTheDocument();
    expect(await screen.findByText('Debés corregir los campos marcados.')).toBeInTheDocument();
    await waitFor(() => expect(window.HTMLElement.prototype.scrollIntoView).toHaveBeenCalled());
    expect(document.activeElement).toBe(screen.getByLabelText(/^E-mail/));
    expect(call).not.toHaveBeenCalledWith(expect.objectContaining({ id: 'users.register' }), expect.anything());
  });

  it('shows the invalid, mismatch and short-password messages; an error clears when the field is edited', async () => {
    answer(async () => ({}));
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await put(u, await screen.findByLabelText(/^E-mail/), 'ana@');
    await put(u, field(/Repetí tu e-mail/), 'otra@example.com');
    await put(u, field(/^Contraseña/), 'corta');
    await put(u, field(/Repetí la contraseña/), 'distinta');
    await put(u, field(/Fecha de nacimiento/), '31021990');
    await acceptTerms(u);
    await submit(u);
    expect(await screen.findByText('Ingresá un e-mail válido.')).toBeInTheDocument();
    expect(screen.getByText('Los e-mails no coinciden.')).toBeInTheDocument();
    expect(screen.getByText('La contraseña tiene que tener al menos 8 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    expect(screen.getByText('Ingresá una fecha válida con el formato DD/MM/AAAA.')).toBeInTheDocument();
    await put(u, screen.getByLabelText(/^E-mail/), 'example.com');
    expect(screen.queryByText('Ingresá un e-mail válido.')).not.toBeInTheDocument();
  });

  it('masks the birthday as DD/MM/YYYY and limits the fields to the contract lengths', async () => {
    answer(async () => ({}));
    renderRegister();
    const u = userEvent.setup({ delay: null });
    const birthday = await screen.findByLabelText(/Fecha de nacimiento/);
    await u.type(birthday, '2505x1990123');
    expect(birthday).toHaveValue('25/05/1990');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('maxLength', '40');
    expect(field(/^Nombre/)).toHaveAttribute('maxLength', '25');
    expect(field(/^Apellido/)).toHaveAttribute('maxLength', '25');
    expect(field(/^Contraseña/)).toHaveAttribute('maxLength', '40');
  });

  it('sends first and last name as one name, the ISO birthday and an anti-bot token, then says to check the e-mail', async () => {
    answer(async () => ({ data: makeNewUser({ email: 'ana@example.com', active: 0 }) }));
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillValid(u);
    await acceptTerms(u);
    await submit(u);
    expect(await screen.findByText(/Te enviamos un e-mail a ana@example.com para activar tu cuenta/)).toBeInTheDocument();
    const [, options] = call.mock.calls.find(([endpoint]) => endpoint.id === 'users.register')!;
    expect(options?.body).toMatchObject({
      email: 'ana@example.com',
      password: 'secreta123',
      password_confirmation: 'secreta123',
      name: 'Ana Pérez',
      birthday: '1990-05-25',
      terms_and_conditions: true,
    });
    expect(options?.body?.token).toMatch(/^[0-9a-f]{48}$/);
  });

  it('says the e-mail is in the local outbox, with a link, only when the server says the outbox is on (44.8)', async () => {
    answer(async () => ({ data: makeNewUser({ email: 'ana@example.com', active: 0 }) }));
    runtimeConfig.localOutbox = true;
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillValid(u);
    await acceptTerms(u);
    await submit(u);
    expect(await screen.findByText('El e-mail quedó en la bandeja local')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir la bandeja local' })).toHaveAttribute('href', '/__mock/#section-correos-enviados');
  });

  it('says nothing of an outbox when the server sends e-mail', async () => {
    answer(async () => ({ data: makeNewUser({ email: 'ana@example.com', active: 0 }) }));
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillValid(u);
    await acceptTerms(u);
    await submit(u);
    expect(await screen.findByText(/Te enviamos un e-mail a ana@example.com/)).toBeInTheDocument();
    expect(screen.queryByText('El e-mail quedó en la bandeja local')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Abrir la bandeja local' })).not.toBeInTheDocument();
  });

  it("shows 'usuarioRegistrado' when the new account is already active", async () => {
    answer(async () => ({ data: makeNewUser({ active: 1 }) }));
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillValid(u);
    await acceptTerms(u);
    await submit(u);
    expect(await screen.findByText('¡Te registraste correctamente! Ya podés ingresar.')).toBeInTheDocument();
  });

  it("puts mailEnUso on the e-mail field and in a toast when the e-mail has 'been taken'", async () => {
    answer(async () => {
      throw new ApiError(422, { message: 'invalid', errors: { email: ['The email has already been taken.'] } });
    });
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillValid(u);
    await acceptTerms(u);
    await submit(u);
    await waitFor(() => expect(screen.getAllByText('El e-mail ya está en uso.')).toHaveLength(2));
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("answers any other 422 with 'debeCorregirCampos' and any other failure with 'errorRegistro'", async () => {
    let failure: unknown = new ApiError(422, { message: 'invalid', errors: { birthday: ['The birthday field is invalid.'] } });
    answer(async () => {
      throw failure;
    });
    renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillValid(u);
    await acceptTerms(u);
    await submit(u);
    expect(await screen.findByText('Debés corregir los campos marcados.')).toBeInTheDocument();
    expect(screen.getByText('Revisá este dato.')).toBeInTheDocument();
    failure = new ApiError(500, { message: 'boom' });
    await submit(u);
    expect(await screen.findByText('Ocurrió un error al registrarte. Volvé a intentarlo.')).toBeInTheDocument();
  });

  it('with module_validated_drivers, a checked driver request needs documents and bank data (campoObligatorio)', async () => {
    answer(async () => ({}));
    renderRegister({ module_validated_drivers: true });
    const u = userEvent.setup({ delay: null });
    await fillValid(u);
    await u.click(screen.getByRole('checkbox', { name: /Quiero ser conductor verificado/ }));
    expect(await screen.findByText('Documentación')).toBeInTheDocument();
    await acceptTerms(u);
    await submit(u);
    expect(await screen.findAllByText('Este campo es obligatorio.')).toHaveLength(4);
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'users.bankData' }), expect.anything());
  });

  it('hides the driver request without module_validated_drivers', async () => {
    answer(async () => ({}));
    renderRegister({ module_validated_drivers: false });
    await screen.findByRole('button', { name: 'Registrarme' });
    expect(screen.queryByRole('checkbox', { name: /Quiero ser conductor/ })).not.toBeInTheDocument();
  });

  it('keeps the e-mail form behind a button when a social login is enabled', async () => {
    answer(async () => ({}));
    renderRegister({ enable_facebook: true });
    const u = userEvent.setup({ delay: null });
    expect(await screen.findByRole('button', { name: 'Ingresar con Facebook' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^E-mail/)).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Registrarme con mi e-mail' }));
    expect(await screen.findByLabelText(/^E-mail/)).toBeInTheDocument();
  });

  it('keeps the typed data across a visit to the terms page, and only then', async () => {
    answer(async () => ({}));
    const { router } = renderRegister();
    const u = userEvent.setup({ delay: null });
    await fillValid(u);
    await u.click(screen.getByRole('link', { name: 'términos y condiciones' }));
    expect(await screen.findByText('Términos (destino)')).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(await screen.findByLabelText(/^E-mail/)).toHaveValue('ana@example.com');
    expect(field(/^Nombre/)).toHaveValue('Ana');
    expect(field(/Fecha de nacimiento/)).toHaveValue('25/05/1990');
    // Passwords are never stored.
    expect(field(/^Contraseña/)).toHaveValue('');

    await act(() => router.navigate('/terminos'));
    await act(() => router.navigate('/register'));
    expect(await screen.findByLabelText(/^E-mail/)).toHaveValue('');
  });
});
