import type { FastifyReply } from 'fastify';
import { Role } from '@ecore/core/identity/roles.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { message } from '@ecore/core/shared/messages.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { HttpError } from '../../plugins/http-error.ts';

/** Questionnaire templates are created and edited by the scoring model manager (spec 02 §6). */
export const isScoringManager = (actor: Actor): boolean => actor.roles.includes(Role.ScoringModelManager);

export const requireScoringManager = (actor: Actor): void => {
  if (!isScoringManager(actor)) throw new HttpError(403, 'forbidden');
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
