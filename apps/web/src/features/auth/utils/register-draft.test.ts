import { beforeEach, describe, expect, it } from 'vitest';
import { REGISTER_DRAFT_KEY, discardRegisterDraft, readRegisterDraft, saveRegisterDraft } from './register-draft';
import { EMPTY_REGISTER_VALUES } from './register-rules';

const typed = {
  ...EMPTY_REGISTER_VALUES,
  email: 'ana@example.com',
  emailConfirmation: 'ana@example.com',
  password: 'secreta123',
  passwordConfirmation: 'secreta123',
  firstName: 'Ana',
  lastName: 'Pérez',
  birthday: '25/05/1990',
  docs: [new File(['x'], 'dni.pdf', { type: 'application/pdf' })],
};

beforeEach(() => sessionStorage.clear());

describe('register draft (kept only across a visit to the terms page)', () => {
  it('restores the form on the same history entry, without passwords or files', () => {
    saveRegisterDraft('entry-1', typed);
    expect(readRegisterDraft('entry-1')).toEqual({ ...typed, password: '', passwordConfirmation: '', docs: [] });
    expect(sessionStorage.getItem(REGISTER_DRAFT_KEY)).not.toContain('secreta123');
  });

  it('discards the draft on any other visit', () => {
    saveRegisterDraft('entry-1', typed);
    expect(readRegisterDraft('entry-2')).toBeNull();
    expect(sessionStorage.getItem(REGISTER_DRAFT_KEY)).toBeNull();
    expect(readRegisterDraft('entry-1')).toBeNull();
  });

  it('forgets it after a registration, and ignores an unreadable one', () => {
    saveRegisterDraft('entry-1', typed);
    discardRegisterDraft();
    expect(readRegisterDraft('entry-1')).toBeNull();
    sessionStorage.setItem(REGISTER_DRAFT_KEY, '{not json');
    expect(readRegisterDraft('entry-1')).toBeNull();
    expect(sessionStorage.getItem(REGISTER_DRAFT_KEY)).toBeNull();
  });
});
