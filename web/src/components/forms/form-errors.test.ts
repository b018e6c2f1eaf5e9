import { describe, expect, it } from 'vitest';
import { createUserBodySchema } from '@ecore/core/identity/user-schema.ts';
import { message } from '@ecore/core/shared/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { schemaErrors, serverFieldErrors, type Translate } from './form-errors.ts';

const german: Translate = (key, params) => message(key, 'de', params);

describe('field errors under the form fields', () => {
  it('show the specification texts of the core schema: required, e-mail, user roles', () => {
    const parsed = createUserBodySchema.safeParse({
      firstName: '', lastName: 'Muster', position: 'x', phoneNumber: '1', userRoles: [], external: false,
      mainContactPerson: false, organisationId: 1, email: 'kein-mail', userName: 'ok.name',
    });
    expect(parsed.success).toBe(false);
    const errors = schemaErrors(parsed.error!.issues, german);
    expect(errors.firstName).toBe('Bitte füllen Sie dieses Feld aus');
    expect(errors.email).toBe('Keine gültige E-Mail-Adresse');
    expect(errors.userRoles).toBe('Bitte wählen Sie mindestens eine Nutzerrolle');
    expect(errors.lastName).toBeUndefined();
  });

  it('name nested fields by dotted paths and fill the length of too long texts', () => {
    const errors = schemaErrors(
      [
        { path: ['contacts', 0, 'email'], message: 'validation-email' },
        { path: ['contacts', 0, 'email'], message: 'validation-required' },
        { path: ['name'], message: 'validation-max-length', code: 'too_big', maximum: 200 },
        { path: ['country'], message: 'Invalid input' },
      ],
      german,
    );
    expect(errors).toEqual({
      'contacts.0.email': 'Keine gültige E-Mail-Adresse',
      name: 'Dieses Feld darf höchstens 200 Zeichen lang sein',
      country: 'Bitte überprüfen Sie Ihre Eingabe',
    });
  });

  it("take the server's field refusals, in the current language for core's keys", () => {
    const error = new ApiError(400, 'validation-generic', 'x', [
      { path: 'userName', key: 'user-name-taken', message: 'This user name is already taken' },
      { path: 'billingAddress.city', key: 'something-new', message: 'Server text' },
    ]);
    expect(serverFieldErrors(error, german)).toEqual({
      userName: 'Dieser Benutzername ist bereits vergeben',
      'billingAddress.city': 'Server text',
    });
    expect(serverFieldErrors(new Error('x'), german)).toEqual({});
  });
});
