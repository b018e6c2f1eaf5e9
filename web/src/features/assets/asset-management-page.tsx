import { Navigate } from 'react-router';

/** /asset-management opens the object list. */
export function AssetManagementPage() {
  return <Navigate to="/asset-management/objects" replace />;
}
