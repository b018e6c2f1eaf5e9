import type { FastifyReply } from 'fastify';
import type { Actor } from '@ecore/core/identity/session.ts';
import { mayManageTemplates } from '@ecore/core/questionnaires/template-rules.ts';
import { message } from '@ecore/core/shared/messages.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { HttpError } from '../../plugins/http-error.ts';

/** 403 unless the actor manages templates (core mayManageTemplates). */
export const requireScoringManager = (actor: Actor): void => {
  if (!mayManageTemplates(actor)) throw new HttpError(403, 'forbidden');
};

/** 423 with the lock holder's name (spec 02 §7 "Handling of answers", DOMAIN.md §7). */
export const sendLocked = (reply: FastifyReply, language: Language, currentLockerName: string) =>
  reply.status(423).send({
    statusCode: 423,
    key: 'questionnaire-locked',
    message: message('questionnaire-locked', language, { name: currentLockerName }),
    lockedStatus: { currentLockerName },
  });

/** The name the actor is shown with (lock holder, modifiedBy). */
export const displayName = (user: { firstName: string; lastName: string } | null, actor: Actor): string =>
  user ? `${user.firstName} ${user.lastName}`.trim() : actor.userName;
