import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What a state means to the reader (UI.md "Status and scores"): one colour per meaning, on every page.
 * `progress` is work under way (an object being answered), `kind` a lasting property rather than a state
 * (an organisation that is a finance partner).
 */
export type StatusMeaning = 'positive' | 'intermediate' | 'negative' | 'neutral' | 'progress' | 'kind';

export const MEANING_COLOURS: Record<StatusMeaning, string> = {
  positive: 'green',
  intermediate: 'yellow',
  negative: 'red',
  neutral: 'gray',
  progress: 'blue',
  kind: 'indigo',
};

export interface StatusEntry {
  meaning: StatusMeaning;
  /** The catalogue key of the badge's text. */
  label: string;
}

/**
 * The one map of every state a badge shows: users, organisations (with their kind flags), objects (the
 * questionnaire states of spec 02 §3, `NotStarted` for none), object groups, access requests and questionnaire
 * templates. Each kind's labels are in one feature's catalogue (users' and organisations' in accounts, templates' in
 * questionnaires, the others' in assets); a page loads the catalogues of the kinds it shows, not of all
 * (router.tsx, checked by router-catalogues.test.ts), so that a list of objects loads no account texts (issue 23).
 */
export const STATUS_BADGES = {
  user: {
    Active: { meaning: 'positive', label: 'accounts.users.status.active' },
    Pending: { meaning: 'intermediate', label: 'accounts.users.status.pending' },
    Inactive: { meaning: 'neutral', label: 'accounts.users.status.inactive' },
    Archived: { meaning: 'neutral', label: 'accounts.users.status.archived' },
    Locked: { meaning: 'negative', label: 'accounts.users.status.locked' },
  },
  organisation: {
    Active: { meaning: 'positive', label: 'accounts.organisations.status.active' },
    Inactive: { meaning: 'neutral', label: 'accounts.organisations.status.inactive' },
    Locked: { meaning: 'negative', label: 'accounts.organisations.status.locked' },
    FinancePartner: { meaning: 'kind', label: 'accounts.organisations.fields.isFinancePartner' },
    Buyer: { meaning: 'kind', label: 'accounts.organisations.fields.isBuyer' },
    SolutionPartner: { meaning: 'kind', label: 'accounts.organisations.fields.isSolutionPartner' },
    TestAccount: { meaning: 'kind', label: 'accounts.organisations.fields.isTestAccount' },
  },
  object: {
    NotStarted: { meaning: 'neutral', label: 'assets.status.notStarted' },
    Active: { meaning: 'progress', label: 'assets.status.Active' },
    Review: { meaning: 'intermediate', label: 'assets.status.Review' },
    Evaluation: { meaning: 'intermediate', label: 'assets.status.Evaluation' },
    Verification: { meaning: 'intermediate', label: 'assets.status.Verification' },
    Closed: { meaning: 'positive', label: 'assets.status.Closed' },
    Declined: { meaning: 'negative', label: 'assets.status.Declined' },
    DefinitelyDeclined: { meaning: 'negative', label: 'assets.status.DefinitelyDeclined' },
    Expired: { meaning: 'neutral', label: 'assets.status.Expired' },
  },
  group: {
    Active: { meaning: 'progress', label: 'assets.groupStatus.Active' },
    Review: { meaning: 'intermediate', label: 'assets.groupStatus.Review' },
    ReviewFailed: { meaning: 'negative', label: 'assets.groupStatus.ReviewFailed' },
    ReviewPassed: { meaning: 'positive', label: 'assets.groupStatus.ReviewPassed' },
    Closed: { meaning: 'positive', label: 'assets.groupStatus.Closed' },
  },
  accessRequest: {
    Open: { meaning: 'neutral', label: 'assets.accessRequest.decision.open' },
    Approved: { meaning: 'positive', label: 'assets.accessRequest.decision.approved' },
    Declined: { meaning: 'negative', label: 'assets.accessRequest.decision.declined' },
    Expired: { meaning: 'neutral', label: 'assets.accessRequest.decision.expired' },
  },
  template: {
    Draft: { meaning: 'intermediate', label: 'questionnaires.states.Draft' },
    Active: { meaning: 'positive', label: 'questionnaires.states.Active' },
    Archived: { meaning: 'neutral', label: 'questionnaires.states.Archived' },
  },
} as const satisfies Record<string, Record<string, StatusEntry>>;

export type StatusKind = keyof typeof STATUS_BADGES;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUS_BADGES)[K] & string;

/** The entry of a state; an object's `null` is "not started"; a state the map does not know is neutral. */
export const statusEntry = (kind: StatusKind, state: string | null): StatusEntry | null => {
  const entries: Record<string, StatusEntry> = STATUS_BADGES[kind];
  const name = state === null && kind === 'object' ? 'NotStarted' : state;
  return name !== null && Object.hasOwn(entries, name) ? (entries[name] ?? null) : null;
};

/** The colour of a state's badge. */
export const statusColour = (kind: StatusKind, state: string | null): string => MEANING_COLOURS[statusEntry(kind, state)?.meaning ?? 'neutral'];

/**
 * A state as a badge of its meaning's colour, in the interface language. The text is written as the
 * catalogue has it and never cut off: the badge keeps its full width, the table column makes room.
 */
export function StatusBadge<K extends StatusKind>({ kind, state }: { kind: K; state: StatusOf<K> | string | null }) {
  const { t } = useTranslation();
  const entry = statusEntry(kind, state);
  return (
    <Badge
      variant="light"
      color={MEANING_COLOURS[entry?.meaning ?? 'neutral']}
      tt="none"
      data-meaning={entry?.meaning ?? 'neutral'}
      styles={{ root: { overflow: 'visible', minWidth: 'max-content', flexShrink: 0 }, label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {entry ? t(entry.label) : (state ?? '–')}
    </Badge>
  );
}

/** Several states of one item side by side (a user's status and lock; an organisation's kinds). */
export function StatusBadges<K extends StatusKind>({ kind, states }: { kind: K; states: readonly StatusOf<K>[] }) {
  if (states.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {states.map((state) => (
        <StatusBadge key={state} kind={kind} state={state} />
      ))}
    </Group>
  );
}
