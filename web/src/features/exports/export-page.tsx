import { AreaPlaceholder } from '../../components/area-placeholder.tsx';

/** The export area of finance partners (spec 02); a later issue builds it. */
export function ExportPage() {
  return <AreaPlaceholder />;
}
