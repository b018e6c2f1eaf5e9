import { AreaPlaceholder } from '../../components/area-placeholder.tsx';

/** Job management: review and evaluation jobs (spec 02); a later issue builds it. */
export function JobManagementPage() {
  return <AreaPlaceholder />;
}
