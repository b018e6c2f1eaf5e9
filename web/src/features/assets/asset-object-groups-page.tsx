import { AreaPlaceholder } from '../../components/area-placeholder.tsx';

/** The object-group list of asset management (spec 02); a later issue builds it. */
export function AssetObjectGroupsPage() {
  return <AreaPlaceholder />;
}
