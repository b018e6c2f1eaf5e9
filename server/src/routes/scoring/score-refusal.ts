import { scoreWithheld } from '@ecore/core/scoring/score-access.ts';
import { HttpError } from '../../plugins/http-error.ts';

/** A score call of someone who does not see scores: 403 with core's reason (become a member, or not the role's). */
export const refuseWithheldScore = (actor: Parameters<typeof scoreWithheld>[0]): void => {
  const withheld = scoreWithheld(actor);
  if (withheld !== null) throw new HttpError(403, withheld);
};
