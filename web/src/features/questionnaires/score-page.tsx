import { AreaPlaceholder } from '../../components/area-placeholder.tsx';

/** Score management: editing questionnaire templates (spec 02); a later issue builds it. */
export function ScorePage() {
  return <AreaPlaceholder />;
}
