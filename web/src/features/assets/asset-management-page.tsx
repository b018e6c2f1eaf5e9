import { Navigate } from 'react-router';

/** /asset-management opens the object groups (spec 02 §2 "redirects to object groups"). */
export function AssetManagementPage() {
  return <Navigate to="/asset-management/object-groups" replace />;
}
