import { AreaPlaceholder } from '../../components/area-placeholder.tsx';

/** The object list of asset management (spec 02); a later issue builds it. */
export function AssetObjectsPage() {
  return <AreaPlaceholder />;
}
