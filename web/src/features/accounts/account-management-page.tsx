import { Navigate } from 'react-router';
import { accountManagementLanding } from '@ecore/core/identity/route-access.ts';
import { accessSubject, useSession } from '../../lib/session.ts';

/** /account-management opens users, or organisations for administrators (core accountManagementLanding). */
export function AccountManagementPage() {
  const session = useSession();
  if (!session) return null;
  return <Navigate to={`/account-management/${accountManagementLanding(accessSubject(session))}`} replace />;
}
