import { describe, expect, it } from 'vitest';
import { authErrorField } from './auth-error-field';

describe('authErrorField', () => {
  it("ties product §8's login and signup messages to the field they are about", () => {
    expect(authErrorField('The email you entered is not Registered. Not Found error')).toBe(
      'email',
    );
    expect(authErrorField('Unprocessable Entity. Email Already Exists.')).toBe('email');
    expect(
      authErrorField('The credentials you entered are invalid. Unauthorized access error.'),
    ).toBe('password');
  });

  it("ties the API's body checks to the field they name", () => {
    expect(authErrorField('email must be an email address like name@example.com')).toBe('email');
    expect(authErrorField('firstName is required')).toBe('firstName');
    expect(authErrorField('lastName must be at most 100 characters')).toBe('lastName');
    expect(authErrorField('password must not be empty')).toBe('password');
    // The signup password policy (src/api/auth/password-policy.ts).
    expect(authErrorField('password must be at least 8 characters')).toBe('password');
    expect(
      authErrorField('password is one of the 10,000 most common passwords; choose another'),
    ).toBe('password');
  });

  it('leaves failures about no field to the form', () => {
    expect(authErrorField('500 : Internal Server Error')).toBeUndefined();
    expect(authErrorField('Network request failed')).toBeUndefined();
    expect(authErrorField('Too many attempts. Try again in 60 seconds.')).toBeUndefined();
  });
});
