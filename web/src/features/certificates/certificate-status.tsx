import { Badge } from '@mantine/core';
import { IconCircleCheck, IconClockX, IconHelpCircle, IconReplace } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message } from '@ecore/core/shared/messages.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import type { VerificationStatus } from '@ecore/core/certificates/certificate.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import type { Classification } from '@ecore/core/scoring/display.ts';

type Meaning = 'positive' | 'intermediate' | 'negative' | 'neutral';

/**
 * The colours of UI.md "Status and scores", as status-badge.tsx's MEANING_COLOURS has them: not imported from there,
 * because that module brings the texts of every state's badge, which the public page has no use for.
 */
const MEANING_COLOURS: Record<Meaning, string> = { positive: 'green', intermediate: 'yellow', negative: 'red', neutral: 'gray' };

/**
 * A certificate's standing in the colours of UI.md "Status and scores": valid is positive; a superseded label was
 * replaced by a newer one (intermediate); an expired label and a code nobody issued are no proof of anything
 * (negative).
 */
export const STATUS_MEANINGS: Record<VerificationStatus, Meaning> = {
  valid: 'positive',
  superseded: 'intermediate',
  expired: 'negative',
  unknown: 'negative',
};

export const statusColour = (status: VerificationStatus): string => MEANING_COLOURS[STATUS_MEANINGS[status]];

/** The colour of a classification (core classify): Positive green, Intermediate yellow, Negative red, Neutral grey. */
export const classificationColour = (classification: Classification): string =>
  MEANING_COLOURS[classification.toLowerCase() as Lowercase<Classification>];

const ICONS = { valid: IconCircleCheck, superseded: IconReplace, expired: IconClockX, unknown: IconHelpCircle } as const;

export const StatusIcon = ({ status, size = 18 }: { status: VerificationStatus; size?: number }) => {
  const Icon = ICONS[status];
  return <Icon size={size} aria-hidden="true" />;
};

/** The status in words (core's texts, as the document has them). */
export const statusWord = (status: VerificationStatus, language: Language): string => message(`certificate-status-${status}`, language);

/** The status as a badge: colour, icon and word. */
export function CertificateStatusBadge({ status, size = 'lg' }: { status: VerificationStatus; size?: 'md' | 'lg' | 'xl' }) {
  // Subscribes to the language (a switch renders the badge again); the word is core's, the document's.
  useTranslation();
  return (
    <Badge
      size={size}
      variant="filled"
      color={statusColour(status)}
      tt="none"
      leftSection={<StatusIcon status={status} size={16} />}
      data-status={status}
      styles={{ root: { overflow: 'visible', minWidth: 'max-content' }, label: { overflow: 'visible' } }}
    >
      {statusWord(status, currentLanguage())}
    </Badge>
  );
}
