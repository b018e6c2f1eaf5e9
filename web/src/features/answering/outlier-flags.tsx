import { useState } from 'react';
import { Alert, Anchor, Button, Group, List, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import useSWR, { useSWRConfig } from 'swr';
import * as E from 'fp-ts/Either';
import { ASSET_TYPES } from '@ecore/core/assets/asset-classes.ts';
import { KPI_KEYS, questionTitleIn } from '@ecore/core/questionnaires/template.ts';
import { checkBoundedText } from '@ecore/core/review/decision-reason.ts';
import { EXPLANATION_MAX_LENGTH, EXPLANATION_MIN_LENGTH } from '@ecore/core/scoring/outliers.ts';
import { countryName } from '@ecore/core/shared/countries.ts';
import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { explainOutlier, fetchOutliers, type AssetRef, type FilledQuestionnaire, type OutlierFlag } from './answering-api.ts';
import { useAnswering } from './answering-context.ts';
import { nodePath, type QuestionnaireRoute } from './answering-paths.ts';

/** The units of the figures a flag compares. */
const UNITS: Record<OutlierFlag['kpi'], string> = { energy: KPI_KEYS.finalEnergyTotal, carbon: KPI_KEYS.co2, water: KPI_KEYS.water, waste: KPI_KEYS.waste, area: 'm²' };

/**
 * The flags of a filled questionnaire (issue 40), read again whenever one of its figures changes (the key carries the
 * figures), so that a save's flag shows at once.
 */
export const outliersKey = (ref: AssetRef, filled: Pick<FilledQuestionnaire, 'id' | 'answers'>) =>
  ['answering/outliers', ref.assetId, filled.id, filled.answers.filter((a) => a.inputAnswer !== null && a.state !== null).map((a) => `${a.questionId}:${a.inputAnswer}`).join(',')] as const;

export function useOutliers(ref: AssetRef, filled: Pick<FilledQuestionnaire, 'id' | 'answers'>) {
  const key = outliersKey(ref, filled);
  const { data } = useSWR(key, () => fetchOutliers(ref, filled.id), { revalidateOnFocus: false, keepPreviousData: true });
  return { flags: data ?? [], key };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** What a flag compares, in plain words ("3,4-mal so hoch wie der Durchschnitt für Büro in Deutschland (150 kWh/m²/a)"). */
export const outlierText = (t: TFunction, flag: OutlierFlag, language: Language): string => {
  const unit = UNITS[flag.kpi];
  const reference = formatLocaleNumber(flag.reference, language);
  const percent = flag.deviation === null ? '–' : formatLocaleNumber(Math.round(Math.abs(flag.deviation) * 100), language);
  switch (flag.type) {
    case 'intensity': {
      const classes = (flag.peers?.assetClasses ?? []).map((c) => ASSET_TYPES.find((type) => type.assetClassIdentifier === c)?.name[language] ?? c).join(', ');
      const country = flag.peers ? countryName(flag.peers.country, language) : '';
      const ratio = flag.reference > 0 ? flag.value / flag.reference : 0;
      return ratio >= 1
        ? t('answering.outliers.intensityHigh', { factor: formatLocaleNumber(round1(ratio), language, 1), classes, country, reference, unit })
        : t('answering.outliers.intensityLow', { percent: formatLocaleNumber(Math.round(ratio * 100), language), classes, country, reference, unit });
    }
    case 'lfl':
      return t((flag.deviation ?? 0) >= 0 ? 'answering.outliers.lflUp' : 'answering.outliers.lflDown', { percent, reference, unit });
    case 'total':
      return t(flag.kpi === 'carbon' ? 'answering.outliers.totalCarbon' : 'answering.outliers.totalEnergy', { percent, reference, unit });
    case 'area':
      return t('answering.outliers.area', { percent, reference });
  }
};

/** Who explained a flag, when, and why. */
export function OutlierExplanation({ flag }: { flag: OutlierFlag }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === 'en' ? 'en' : 'de') as Language;
  if (!flag.accepted) return null;
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
      {t('answering.outliers.explainedBy', { name: flag.acceptedBy ?? '', at: flag.acceptedAt ? formatDateTime(flag.acceptedAt, language) : '' })} {flag.explanation}
    </Text>
  );
}

/**
 * The flags of one figure, beside it on the answering and check screens: what the flag compares, and "Explain" for
 * whoever may answer while the questionnaire is editable; an explained flag shows its explanation and who gave it.
 */
export function OutlierNote({ questionId }: { questionId: number }) {
  const { t } = useTranslation();
  const { filled, ref, language, readOnly, mayAct } = useAnswering();
  const { flags, key } = useOutliers(ref, filled);
  const { mutate } = useSWRConfig();
  const [explaining, setExplaining] = useState<OutlierFlag | null>(null);
  const mine = flags.filter((f) => f.questionId === questionId);
  if (mine.length === 0) return null;
  return (
    <>
      {mine.map((flag) => (
        <Alert
          key={flag.type}
          color={flag.accepted ? 'gray' : 'orange'}
          variant="light"
          role="note"
          icon={flag.accepted ? <IconCircleCheck size={16} aria-hidden="true" /> : <IconAlertTriangle size={16} aria-hidden="true" />}
          title={t(flag.accepted ? 'answering.outliers.explainedTitle' : 'answering.outliers.title')}
        >
          <Stack gap={4}>
            <Text size="sm">{outlierText(t, flag, language)}</Text>
            <OutlierExplanation flag={flag} />
            {!flag.accepted && mayAct && !readOnly ? (
              <Group>
                <Button size="compact-sm" variant="light" color="orange" onClick={() => setExplaining(flag)}>
                  {t('answering.outliers.explain')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Alert>
      ))}
      {explaining ? (
        <ExplainDialog
          flag={explaining}
          text={outlierText(t, explaining, language)}
          run={(explanation) => explainOutlier(ref, filled.id, explaining, explanation)}
          onDone={() => {
            setExplaining(null);
            void mutate(key);
          }}
          onClose={() => setExplaining(null)}
        />
      ) : null}
    </>
  );
}

/** The explanation of a flag: 10 to 1 000 characters, checked by core's rule before the call and by the server after. */
export function ExplainDialog({ flag, text, run, onDone, onClose }: { flag: OutlierFlag; text: string; run: (explanation: string) => Promise<unknown>; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [explanation, setExplanation] = useState(flag.explanation ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    const checked = checkBoundedText(explanation, EXPLANATION_MIN_LENGTH, EXPLANATION_MAX_LENGTH, {
      required: 'outlier-explanation-required',
      tooShort: 'outlier-explanation-too-short',
      tooLong: 'outlier-explanation-too-long',
    } as const);
    if (E.isLeft(checked)) {
      setError(t(`errors.${checked.left}`));
      return;
    }
    setPending(true);
    try {
      await run(checked.right);
      notifySuccess(t('answering.outliers.explained'));
      onDone();
    } catch (e) {
      setPending(false);
      const field = e instanceof ApiError ? e.fields[0] : undefined;
      setError(field ? field.message : e instanceof ApiError ? e.message : t('errors.request-error'));
    }
  };
  return (
    <Modal opened onClose={pending ? () => undefined : onClose} title={t('answering.outliers.dialogTitle')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        <Textarea
          label={t('answering.outliers.explanationLabel')}
          description={t('answering.outliers.explanationHint', { min: EXPLANATION_MIN_LENGTH, max: EXPLANATION_MAX_LENGTH })}
          required
          autosize
          minRows={3}
          maxRows={8}
          value={explanation}
          error={error}
          data-autofocus
          onChange={(event) => {
            setExplanation(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={pending}>
            {t('answering.outliers.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Where each question of the questionnaire lies in the answering tree, with its title: the flags' links. */
const questionPlaces = (filled: Pick<FilledQuestionnaire, 'clusters'>, route: QuestionnaireRoute, language: Language) => {
  const places = new Map<number, { to: string; title: string }>();
  filled.clusters.forEach((cluster, ci) => {
    for (const category of cluster.categories) {
      for (const section of category.sections) {
        for (const question of section.questions) {
          if (question.id === null) continue;
          const to = nodePath(route, { clusterNum: ci + 1, categoryId: category.id ?? 0, sectionId: section.id ?? 0, questionId: question.id });
          places.set(question.id, { to, title: `${question.staticTitle} ${questionTitleIn(question, language)}` });
        }
      }
    }
  });
  return places;
};

/**
 * Flags of the questionnaire in the order given (the server puts open ones first), each with a link to its figure in
 * the answering tree and its explanation: in the submit dialog (open ones) and on the check screen (all).
 */
export function OutlierList({ flags, filled, route, language }: { flags: readonly OutlierFlag[]; filled: Pick<FilledQuestionnaire, 'clusters'>; route: QuestionnaireRoute; language: Language }) {
  const { t } = useTranslation();
  const places = questionPlaces(filled, route, language);
  return (
    <List spacing={4} size="sm">
      {flags.map((flag) => {
        const place = places.get(flag.questionId);
        return (
          <List.Item key={`${flag.questionId}|${flag.type}`}>
            <Stack gap={2}>
              <Text size="sm">
                {place ? (
                  <Anchor component={Link} to={place.to} size="sm">
                    {place.title}
                  </Anchor>
                ) : (
                  t('answering.outliers.areaTitle')
                )}
                {': '}
                {outlierText(t, flag, language)}
                {flag.accepted ? null : ` (${t('answering.outliers.open')})`}
              </Text>
              <OutlierExplanation flag={flag} />
            </Stack>
          </List.Item>
        );
      })}
    </List>
  );
}

/** The submit dialog's part (issue 40): the open flags with a link to each, and that submitting with them is allowed. */
export function SubmitOutliers() {
  const { t } = useTranslation();
  const { filled, ref, route, language } = useAnswering();
  const open = useOutliers(ref, filled).flags.filter((f) => !f.accepted);
  if (open.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={t('answering.outliers.submitList')}>
      <Stack gap="xs">
        <OutlierList flags={open} filled={filled} route={route} language={language} />
        <Text size="sm">{t('answering.outliers.submitAllowed')}</Text>
      </Stack>
    </Alert>
  );
}

/** The check screen's part (issue 40): every flag with its explanation and who gave it, open ones first. */
export function CheckOutliers() {
  const { t } = useTranslation();
  const { filled, ref, route, language } = useAnswering();
  const { flags } = useOutliers(ref, filled);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('answering.outliers.checkTitle')}>
      <Stack gap="sm">
        <Title order={3} size="h5">{t('answering.outliers.checkTitle')}</Title>
        {flags.length === 0 ? <Text size="sm" c="dimmed">{t('answering.outliers.checkNone')}</Text> : <OutlierList flags={flags} filled={filled} route={route} language={language} />}
      </Stack>
    </Paper>
  );
}
