import { describe, expect, it } from 'vitest';
import { emailError, loginErrors, passwordError, signupErrors, usernameError } from './accounts.ts';

describe('login rules (shell.md §5)', () => {
  it('requires both fields', () => {
    expect(loginErrors({})).toEqual([
      { field: 'usr', code: 'required' },
      { field: 'pwd', code: 'required' },
    ]);
    expect(loginErrors({ usr: '  ', pwd: 'secret' })).toEqual([{ field: 'usr', code: 'required' }]);
  });
  it('a short username or password is invalid_usr_or_pwd under the password', () => {
    expect(loginErrors({ usr: 'ab', pwd: 'secret' })).toEqual([{ field: 'pwd', code: 'invalid_usr_or_pwd' }]);
    expect(loginErrors({ usr: 'abc', pwd: 'abcd' })).toEqual([{ field: 'pwd', code: 'invalid_usr_or_pwd' }]);
    expect(loginErrors({ usr: 'abc', pwd: 'abcde' })).toEqual([]);
  });
});

describe('signup rules (content.md §5)', () => {
  it('username: at least 3, at most 32, letters digits _ . -', () => {
    expect(usernameError('')).toBe('required');
    expect(usernameError('ab')).toBe('min_length');
    expect(usernameError('a'.repeat(33))).toBe('max_length');
    expect(usernameError('with space')).toBe('invalid');
    expect(usernameError('<script>')).toBe('invalid');
    expect(usernameError('Zoë_1.x-y')).toBeNull();
  });
  it('email and password', () => {
    expect(emailError('a@b')).toBe('invalid');
    expect(emailError('a b@c.de')).toBe('invalid');
    expect(emailError('a@b.co')).toBeNull();
    expect(passwordError('abcd')).toBe('min_length');
    expect(passwordError('abcde')).toBeNull();
  });
  it('lists errors in field order', () => {
    expect(signupErrors({ username: 'ok_name', email: 'x', password: '1' })).toEqual([
      { field: 'email', code: 'invalid' },
      { field: 'password', code: 'min_length' },
    ]);
  });
});
