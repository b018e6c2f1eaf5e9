import { AreaPlaceholder } from '../../components/area-placeholder.tsx';

/** The organisation list of account management (spec 01 §2); a later issue builds it. */
export function AccountOrganisationsPage() {
  return <AreaPlaceholder />;
}
