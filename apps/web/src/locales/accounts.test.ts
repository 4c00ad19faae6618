import { describe, expect, it } from 'vitest';
import { arg } from './arg/translation';
import { sourceOf } from './source-of';

describe('accounts texts', () => {
  it('has every message key spec document 1 §5 names for register and profile', () => {
    const keys = [
      'olvidoEmail',
      'ingreseEmailValido',
      'emailsNoCoinciden',
      'olvidoContrasena',
      'contraCorta',
      'olvidoConfirmarContra',
      'contraNoCoinciden',
      'olvidoNombre',
      'olvidoApellido',
      'campoObligatorio',
      'debeCorregirCampos',
      'mailEnUso',
      'errorRegistro',
      'usuarioRegistrado',
      'passwordNoCoincide',
    ] as const;
    const source = sourceOf('features/auth', 'features/users', 'lib');
    // Each has a text, and the register or profile code shows it.
    for (const key of keys) expect(arg[key], key).toMatch(/\S/);
    expect(keys.filter((key) => !new RegExp(`['"]${key}['"]`).test(source))).toEqual([]);
  });

  it('keeps the texts the spec quotes', () => {
    expect(arg.ingreseEmailValidoReset).toBe('Ingrese un e-mail valido.');
    expect(arg.emailNoPerteneceUsuario).toBe('El e-mail ingresado no pertenece a ningún usuario.');
    expect(arg.noCoincidenCampos).toBe('No coicide los campos');
    expect(arg.tokenInvalido).toBe('Token invalido');
    expect(arg.profile.replyBuckets).toEqual({
      moreThanADay: 'Más de un día',
      sameDay: 'En el día',
      coupleOfHours: 'En un par de horas',
      immediate: 'En el momento',
      noData: 'Sin datos',
    });
    expect(arg.profile.tabs).toMatchObject({ profile: 'Perfil', ratings: 'Calificaciones' });
    expect([arg.onboarding.previous, arg.onboarding.next, arg.onboarding.start]).toEqual(['Anterior', 'Siguiente', '¡Comenzar!']);
  });
});
