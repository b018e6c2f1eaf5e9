import { describe, expect, it } from 'vitest';
import { Role } from './roles.ts';
import { userExportColumns } from './user-export.ts';
import type { UserAccount } from './user.ts';
import { UserStatus } from './user-status.ts';

const user: UserAccount = {
  id: 7, userName: 'bank', email: 'b@bank.example', firstName: 'Berta', lastName: 'Bank', organisationId: 2, organisationName: 'Beispielbank eG',
  position: 'Leitung', phoneNumber: '+49 1', mobileNumber: '+49 2', roles: [Role.ObjectAdministrator, Role.AccountManager], external: false,
  mainContactPerson: true, status: UserStatus.Active, locked: false, passwordSet: true, language: 'de', assetGroups: [], assets: [],
};
const row = (u: UserAccount, language: 'de' | 'en') => Object.fromEntries(userExportColumns(language).map((c) => [c.header[language], c.value(u)]));

describe('the users export (spec 01 §7): headers and enumerations in the export’s language (issue 12)', () => {
  it('German: headers, role names, status and yes/no in German', () => {
    expect(row(user, 'de')).toEqual({
      ID: 7, Organisation: 'Beispielbank eG', Nachname: 'Bank', Vorname: 'Berta', Benutzername: 'bank', 'E-Mail': 'b@bank.example', Position: 'Leitung',
      Telefon: '+49 1', Mobil: '+49 2', Rollen: 'Objektadministrator, Account-Manager', Status: 'Aktiv', Extern: 'nein', Hauptansprechpartner: 'ja',
    });
  });

  it('English: the same in English', () => {
    expect(row({ ...user, external: true, mainContactPerson: false }, 'en')).toEqual({
      ID: 7, Organisation: 'Beispielbank eG', 'Last name': 'Bank', 'First name': 'Berta', 'User name': 'bank', 'E-mail': 'b@bank.example', Position: 'Leitung',
      Phone: '+49 1', Mobile: '+49 2', Roles: 'Object administrator, Account manager', Status: 'Active', External: 'yes', 'Main contact person': 'no',
    });
  });

  it('names every status; locked wins over the status', () => {
    const status = (u: Partial<UserAccount>, language: 'de' | 'en') => row({ ...user, ...u }, language)[language === 'de' ? 'Status' : 'Status'];
    expect([UserStatus.Inactive, UserStatus.Active, UserStatus.Archived, UserStatus.Pending].map((s) => status({ status: s }, 'de'))).toEqual(['Inaktiv', 'Aktiv', 'Archiviert', 'Ausstehend']);
    expect([UserStatus.Inactive, UserStatus.Active, UserStatus.Archived, UserStatus.Pending].map((s) => status({ status: s }, 'en'))).toEqual(['Inactive', 'Active', 'Archived', 'Pending']);
    expect(status({ locked: true }, 'de')).toBe('Gesperrt');
    expect(status({ locked: true }, 'en')).toBe('Locked');
  });

  it('keeps the column keys of the JSON export', () => {
    expect(userExportColumns('de').map((c) => c.key)).toEqual([
      'id', 'organisationName', 'lastName', 'firstName', 'userName', 'email', 'position', 'phoneNumber', 'mobileNumber', 'userRoles', 'status', 'external', 'mainContactPerson',
    ]);
  });
});
