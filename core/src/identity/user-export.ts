import type { Language } from '../shared/language.ts';
import type { ExportColumn } from '../exports/export-format.ts';
import { roleLabel } from './roles.ts';
import type { UserAccount } from './user.ts';
import { UserStatus } from './user-status.ts';

const STATUS_TEXT: Record<UserStatus, { de: string; en: string }> = {
  [UserStatus.Inactive]: { de: 'Inaktiv', en: 'Inactive' },
  [UserStatus.Active]: { de: 'Aktiv', en: 'Active' },
  [UserStatus.Archived]: { de: 'Archiviert', en: 'Archived' },
  [UserStatus.Pending]: { de: 'Ausstehend', en: 'Pending' },
};

const yesNo = (value: boolean, language: Language) => (value ? (language === 'de' ? 'ja' : 'yes') : language === 'de' ? 'nein' : 'no');

/** The columns of the users export (GET export/users), with headers and enumerations (roles, status, yes/no) in the export's language. */
export const userExportColumns = (language: Language): ExportColumn<UserAccount>[] => [
  { key: 'id', header: { de: 'ID', en: 'ID' }, value: (u) => u.id },
  { key: 'organisationName', header: { de: 'Organisation', en: 'Organisation' }, value: (u) => u.organisationName },
  { key: 'lastName', header: { de: 'Nachname', en: 'Last name' }, value: (u) => u.lastName },
  { key: 'firstName', header: { de: 'Vorname', en: 'First name' }, value: (u) => u.firstName },
  { key: 'userName', header: { de: 'Benutzername', en: 'User name' }, value: (u) => u.userName },
  { key: 'email', header: { de: 'E-Mail', en: 'E-mail' }, value: (u) => u.email },
  { key: 'position', header: { de: 'Position', en: 'Position' }, value: (u) => u.position },
  { key: 'phoneNumber', header: { de: 'Telefon', en: 'Phone' }, value: (u) => u.phoneNumber },
  { key: 'mobileNumber', header: { de: 'Mobil', en: 'Mobile' }, value: (u) => u.mobileNumber },
  { key: 'userRoles', header: { de: 'Rollen', en: 'Roles' }, value: (u) => u.roles.map((r) => roleLabel(r, language)).join(', ') },
  { key: 'status', header: { de: 'Status', en: 'Status' }, value: (u) => (u.locked ? (language === 'de' ? 'Gesperrt' : 'Locked') : STATUS_TEXT[u.status][language]) },
  { key: 'external', header: { de: 'Extern', en: 'External' }, value: (u) => yesNo(u.external, language) },
  { key: 'mainContactPerson', header: { de: 'Hauptansprechpartner', en: 'Main contact person' }, value: (u) => yesNo(u.mainContactPerson, language) },
];
