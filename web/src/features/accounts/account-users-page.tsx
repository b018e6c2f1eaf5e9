import { AreaPlaceholder } from '../../components/area-placeholder.tsx';

/** The user list of account management (spec 01 §2); a later issue builds it. */
export function AccountUsersPage() {
  return <AreaPlaceholder />;
}
