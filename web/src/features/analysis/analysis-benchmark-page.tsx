import { AreaPlaceholder } from '../../components/area-placeholder.tsx';

/** Analysis and benchmark dashboard (spec 02); a later issue builds it. */
export function AnalysisBenchmarkPage() {
  return <AreaPlaceholder />;
}
