import { describe, expect, it } from 'vitest';
import { arg } from './arg/translation';
import { chl } from './chl/translation';

const keysOf = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('locales', () => {
  it('the Chile variant only overrides keys that exist in the Argentine text', () => {
    const argKeys = new Set(keysOf(arg));
    expect(keysOf(chl).filter((key) => !argKeys.has(key))).toEqual([]);
  });

  it('keeps the texts the spec quotes', () => {
    expect(arg.cargandoViajes).toBe('Cargando viajes ...');
    expect(arg.noHayViajes).toBe('No hay viajes');
    expect(arg.emailOPasswordIncorrecto).toBe('Email o password incorrecto.');
    expect(arg.noEstasSubido).toBe('No estas subido a ningún viaje.');
    expect(arg.card.full).toBe('Carpooleado');
  });

  it('uses the Chilean words', () => {
    expect(chl.words).toEqual({ car: 'vehículo', cars: 'vehículos', phone: 'móvil', document: 'RUT' });
  });
});
