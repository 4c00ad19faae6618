import { describe, expect, it } from 'vitest';
import { arg } from './arg/translation';
import { chl } from './chl/translation';
import { sourceOf } from './source-of';

const keysOf = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('locales', () => {
  it('the Chile variant only overrides keys that exist in the Argentine text', () => {
    const argKeys = new Set(keysOf(arg));
    expect(keysOf(chl).filter((key) => !argKeys.has(key))).toEqual([]);
  });

  // A text no screen shows is a text nobody keeps true. Generous on purpose: a key counts as used when
  // the source names it whole, or names its last part as a string or a property (a key built from a
  // value, `tripState.${state}`, or read under a keyPrefix), so only texts nothing can reach fail.
  it('has no text that no screen uses', () => {
    const source = sourceOf('.');
    const used = (key: string) => {
      const whole = key.replace(/_(zero|one|two|few|many|other)$/, '');
      const last = whole.split('.').pop() ?? whole;
      return source.includes(whole) || source.includes(`'${last}'`) || source.includes(`.${last}`);
    };
    expect(keysOf(arg).filter((key) => !used(key))).toEqual([]);
  });

  it('keeps the texts the spec quotes', () => {
    expect(arg.cargandoViajes).toBe('Cargando viajes ...');
    expect(arg.noHayViajes).toBe('No hay viajes');
    expect(arg.emailOPasswordIncorrecto).toBe('Email o password incorrecto.');
    expect(arg.noEstasSubido).toBe('No estas subido a ningún viaje.');
    expect(arg.card.full).toBe('Carpooleado');
  });

  // One voice (issue 44.9, docs/decisions/voice.md): Rioplatense vos, except the texts the spec quotes.
  it('speaks vos in Argentina, except the texts the spec quotes word for word', () => {
    const QUOTED_BY_THE_SPEC = new Set([
      'seguroBajarteViaje',
      'seguroBajarPasajero',
      'noSeatAvailable',
      'referenceSameUser',
      'seleccionarValorDonacion',
      'noTienesConversaciones',
      'noTienesAmigos',
      'noLucrarRequerido',
      'seleccioneConversacion',
      'ingreseEmailValidoReset',
      'seleccioneAlgunaPersona',
      'verifiqueLosCampos',
    ]);
    // The tú and usted forms that have a vos form of their own (tenés, podés, querés, ingresá, seleccioná…);
    // the usted subjunctives that a vos sentence also uses ("aunque te escriba") are left out.
    const notVos =
      /\b(tienes|puedes|debes|quieres|deseas|intenta|vuelve|ingresa|selecciona|elige|revisa|completa|haz|escribe|agrega|sube|espera|confirma|ingrese|seleccione|intente|verifique|revise|elija|usted)\b/i;
    const valueOf = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], arg);
    const offenders = keysOf(arg).filter((key) => !QUOTED_BY_THE_SPEC.has(key) && notVos.test(String(valueOf(key))));
    expect(offenders).toEqual([]);
    // The kept ones are still there, word for word as the spec has them.
    expect(arg.seguroBajarteViaje).toBe('¿Estás seguro que deseas bajarte del viaje?');
    expect(arg.seleccionarValorDonacion).toBe('Tienes que seleccionar un valor de donación.');
  });

  it('writes Gráficos with its accent in the admin title', () => {
    expect(arg.pages.adminCharts).toBe('Gráficos');
  });

  it('uses the Chilean words', () => {
    expect(chl.words).toEqual({ car: 'vehículo', cars: 'vehículos', phone: 'móvil', document: 'RUT' });
  });
});
