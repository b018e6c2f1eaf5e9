import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Grid, NavLink, ScrollArea, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useBlocker, useNavigate, useParams } from 'react-router';
import {
  addStructureItem,
  cloneQuestion,
  itemKey,
  toSavePayload,
  type AddedItem,
  type ItemRef,
} from '@ecore/core/questionnaires/editing.ts';
import { clusterName } from '@ecore/core/questionnaires/template-export.ts';
import { nameIn, questionTitleIn, templateTitleIn, type TemplateContent } from '@ecore/core/questionnaires/template.ts';
import { isLanguage } from '@ecore/core/shared/language.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { AddItemDialog } from './add-item-dialog.tsx';
import type { EditorSession } from './editor-context.ts';
import { PrintPreview } from './print-preview.tsx';
import { fetchTemplate, lockTemplate, saveTemplate, type LoadedTemplate } from './questionnaires-api.ts';
import { ConfirmDialog, errorText, ExportDialog } from './template-dialogs.tsx';
import { leavesEditor, presetFromRoute } from './editor-helpers.ts';
import { createLockHeartbeat, HEARTBEAT_TICK_MS, type LockHeartbeat } from './lock-heartbeat.ts';
import { isEditable } from '@ecore/core/questionnaires/template-rules.ts';

/** The holder named by a 423: the template's lock status, else the server's message. */
const currentHolder = async (id: number, error: ApiError): Promise<string> =>
  fetchTemplate(id).then((t) => t.lockedStatus?.currentLockerName ?? error.message, () => error.message);

/**
 * The questionnaire editor (spec 02 §2). One editing session per template: opening another template's
 * editor starts a new session (the key), so nothing of one template's session can reach the other.
 */
export function QuestionnaireEditorPage() {
  const id = Number(useParams().questionnaireId);
  return <QuestionnaireEditor key={id} id={id} />;
}

/** Tree navigation, panels per level, save, leave confirmation, lock and its heartbeat. */
function QuestionnaireEditor({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'de';
  const params = useParams();
  const navigate = useNavigate();
  const [template, setTemplate] = useState<LoadedTemplate | null>(null);
  const [content, setContent] = useState<TemplateContent | null>(null);
  const [deleted, setDeleted] = useState<Set<string>>(new Set());
  const [dirty, setDirty] = useState(false);
  const [failed, setFailed] = useState(false);
  const [lockHolder, setLockHolder] = useState<string | null>(null);
  // The editor holds the lock (and keeps it alive), or lost it to another user while editing.
  const [holdsLock, setHoldsLock] = useState(false);
  const [lockLost, setLockLost] = useState(false);
  const heartbeat = useRef<LockHeartbeat | null>(null);
  // The loading effect must not depend on `t`: a new `t` (language switch) would reload the template
  // over the unsaved content. It reads the current `t` from here.
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  }, [t]);
  const [dialog, setDialog] = useState<'add' | 'export' | 'print' | null>(null);
  const [saving, setSaving] = useState(false);
  // Tree branches stay open; clicking the branch that is already shown folds or unfolds it.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  // Loads the template once per session (the id never changes within it, see the key above).
  useEffect(() => {
    let live = true;
    fetchTemplate(id)
      .then(async (loaded) => {
        if (!live) return;
        setTemplate(loaded);
        setContent(loaded);
        setDeleted(new Set());
        setDirty(false);
        if (!isEditable(loaded.state)) return;
        try {
          await lockTemplate(id, true);
          if (!live) return;
          setLockHolder(null);
          setHoldsLock(true);
        } catch (error) {
          if (!live) return;
          // 423: someone else edits it; the editor opens read-only and names them (spec 02 §4, §7).
          const locked = error instanceof ApiError && error.statusCode === 423;
          setLockHolder(locked ? (loaded.lockedStatus?.currentLockerName ?? error.message) : null);
          if (!locked) notifyError(tRef.current('errors.questionnaire-lock-error'));
        }
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      void lockTemplate(id, false).catch(() => undefined);
    };
  }, [id]);

  // Another user took the lock after ours expired: read-only, name them, and keep the local content.
  const loseLock = useCallback((holder: string) => {
    setHoldsLock(false);
    setLockLost(true);
    setLockHolder(holder);
    notifyError(tRef.current('questionnaires.editor.lockLostTitle'));
  }, []);

  // The heartbeat: while the lock is ours and the tab visible, refresh it regularly and after edits.
  useEffect(() => {
    if (!holdsLock) return;
    const beat = createLockHeartbeat({
      now: () => Date.now(),
      isVisible: () => document.visibilityState === 'visible',
      refresh: async () => {
        try {
          await lockTemplate(id, true);
          return { kind: 'ok' };
        } catch (error) {
          if (error instanceof ApiError && error.statusCode === 423) return { kind: 'lost', holder: await currentHolder(id, error) };
          return { kind: 'failed' };
        }
      },
      onLost: loseLock,
    });
    heartbeat.current = beat;
    const timer = window.setInterval(() => void beat.poke('interval'), HEARTBEAT_TICK_MS);
    const onVisibility = () => void beat.poke('visible');
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      beat.stop();
      heartbeat.current = null;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [holdsLock, id, loseLock]);

  const readOnly = !template || !isEditable(template.state) || lockHolder !== null;
  // Every edit is activity: the heartbeat refreshes the lock (throttled) after it.
  useEffect(() => {
    if (dirty) void heartbeat.current?.poke('edit');
  }, [content, deleted, dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && leavesEditor(id, currentLocation.pathname, nextLocation.pathname));
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const session = useMemo<EditorSession | null>(() => {
    if (!template || !content) return null;
    return {
      template, content, deleted, readOnly, language,
      change: (fn) => {
        // Edits from a panel still on screen after the editor turned read-only (a lost lock) are dropped.
        if (readOnly) return;
        setContent((c) => (c ? fn(c) : c));
        setDirty(true);
      },
      markDeleted: (ref: ItemRef) => {
        if (readOnly) return;
        setDeleted((d) => new Set(d).add(itemKey(ref)));
        setDirty(true);
        notifySuccess(t(`questionnaires.notices.${ref.kind}Deleted`));
      },
      cloneQuestion: (questionId: number) => {
        if (readOnly) return;
        const result = cloneQuestion(content, questionId);
        if (!result) return;
        setContent(result.content);
        setDirty(true);
        notifySuccess(t('questionnaires.notices.questionCloned'));
        navigate(`/score/questionnaire/${id}/question/${result.newId}`);
      },
    };
  }, [template, content, deleted, readOnly, language, t, navigate, id]);

  const save = async () => {
    if (!template || !content) return;
    setSaving(true);
    try {
      const saved = await saveTemplate({ ...toSavePayload(content, deleted), id: template.id, revision: template.revision });
      setTemplate(saved);
      setContent(saved);
      setDeleted(new Set());
      setDirty(false);
      heartbeat.current?.refreshed();
      notifySuccess(t('questionnaires.notices.saved'));
      // New items got their stored ids; a route naming a temporary id would no longer match.
      if (/\/-\d+$/.test(window.location.pathname)) navigate(`/score/questionnaire/${id}/metadata`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 423) {
        heartbeat.current?.stop();
        loseLock(await currentHolder(id, error));
      }
      notifyError(errorText(t, error, 'questionnaire-edit-error'));
    } finally {
      setSaving(false);
    }
  };

  const add = (item: AddedItem) => {
    if (!content || readOnly) return;
    const result = addStructureItem(content, item, language);
    if (!result) return;
    setContent(result.content);
    setDirty(true);
    setDialog(null);
    const ref = result.ref;
    navigate(ref.kind === 'cluster' ? `/score/questionnaire/${id}/cluster/${ref.index + 1}` : `/score/questionnaire/${id}/${ref.kind}/${ref.id}`);
  };

  if (failed) return (<><PageHeader /><Alert color="red">{t('errors.questionnaire-not-found')}</Alert></>);
  if (!template || !content || !session) return (<><PageHeader /><Skeleton height={300} /></>);

  const base = `/score/questionnaire/${id}`;
  const clusterIdx = params.clusterNum ? Number(params.clusterNum) - 1 : null;
  const preset = presetFromRoute(content, params);
  const struck = (kind: ItemRef['kind'], itemId: number | null) => itemId !== null && deleted.has(itemKey({ kind, id: itemId }));
  const branch = (key: string, active: boolean, to: string) => ({
    opened: !collapsed.has(key),
    active,
    onClick: () => {
      if (!active) navigate(to);
      else setCollapsed((c) => { const next = new Set(c); if (!next.delete(key)) next.add(key); return next; });
    },
  });
  const label = (text: string, gone: boolean) => <Text size="sm" td={gone ? 'line-through' : undefined} c={gone ? 'dimmed' : undefined}>{text}</Text>;

  return (
    <>
      <PageHeader title={`${templateTitleIn(template, language)} (${template.version})`} actions={
        <>
          <StatusBadge kind="template" state={template.state} />
          <Button variant="default" onClick={() => setDialog('print')}>{t('questionnaires.editor.print')}</Button>
          <Button variant="default" onClick={() => setDialog('export')}>{t('questionnaires.actions.export')}</Button>
          {!readOnly ? <Button variant="default" onClick={() => setDialog('add')}>{t('questionnaires.addItem.open')}</Button> : null}
          {!readOnly ? <Button onClick={() => void save()} loading={saving} disabled={!dirty}>{t('questionnaires.editor.save')}</Button> : null}
        </>
      } />
      {lockLost ? (
        <Alert color="red" mb="md" role="alert" title={t('questionnaires.editor.lockLostTitle')}>
          <Text size="sm">{t('questionnaires.editor.lockLost', { name: lockHolder ?? '' })}</Text>
          {dirty ? <Text size="sm" fw={600} mt="xs">{t('questionnaires.editor.lockLostUnsaved')}</Text> : null}
        </Alert>
      ) : lockHolder !== null ? <Alert color="orange" mb="md" title={t('questionnaires.editor.lockedTitle')}>{t('questionnaires.editor.locked', { name: lockHolder })}</Alert> : null}
      {!isEditable(template.state) ? <Alert color="blue" mb="md">{t('questionnaires.editor.readOnly')}</Alert> : null}
      {dirty ? <Text size="sm" c="orange" mb="sm">{t('questionnaires.editor.unsaved')}</Text> : null}
      <Grid>
        <Grid.Col span={4}>
          <Box component="nav" aria-label={t('questionnaires.editor.tree')}>
            <ScrollArea.Autosize mah="75vh">
              <NavLink label={t('questionnaires.editor.metadata')} active={window.location.pathname.endsWith('/metadata')} onClick={() => navigate(`${base}/metadata`)} />
              {content.clusters.map((cluster, ci) => (
                <NavLink key={ci} label={clusterName(ci, language)} {...branch(`cl${ci}`, clusterIdx === ci, `${base}/cluster/${ci + 1}`)}>
                  {cluster.categories.map((cat) => (
                    <NavLink key={cat.id} label={label(nameIn(cat.translations, language), struck('category', cat.id))}
                      {...branch(`c${cat.id}`, params.categoryId === String(cat.id), `${base}/category/${cat.id}`)}>
                      {cat.sections.map((sec) => (
                        <NavLink key={sec.id} label={label(nameIn(sec.translations, language), struck('section', sec.id))}
                          {...branch(`s${sec.id}`, params.sectionId === String(sec.id), `${base}/section/${sec.id}`)}>
                          {sec.questions.map((q) => (
                            <NavLink key={q.id} label={label(`${q.staticTitle} ${questionTitleIn(q, language)}`, struck('question', q.id))}
                              active={params.questionId === String(q.id)} onClick={() => navigate(`${base}/question/${q.id}`)} />
                          ))}
                        </NavLink>
                      ))}
                    </NavLink>
                  ))}
                </NavLink>
              ))}
            </ScrollArea.Autosize>
          </Box>
        </Grid.Col>
        <Grid.Col span={8}>
          <Outlet context={session} />
        </Grid.Col>
      </Grid>
      {dialog === 'add' ? <AddItemDialog opened onClose={() => setDialog(null)} onAdd={add} content={content} language={language} preset={preset} /> : null}
      {dialog === 'export' ? <ExportDialog opened onClose={() => setDialog(null)} templateId={template.id} /> : null}
      {dialog === 'print' ? <PrintPreview opened onClose={() => setDialog(null)} content={content} deleted={deleted} language={language} /> : null}
      {blocker.state === 'blocked' ? (
        <ConfirmDialog opened danger title={t('questionnaires.editor.leaveTitle')} text={t('questionnaires.editor.leaveText')} confirmLabel={t('questionnaires.editor.leave')}
          onClose={() => blocker.reset()} onConfirm={() => blocker.proceed()} />
      ) : null}
    </>
  );
}
