import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Grid, NavLink, ScrollArea, Skeleton, Text } from '@mantine/core';
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
import { nameIn, questionTitleIn, type TemplateContent } from '@ecore/core/questionnaires/template.ts';
import { isLanguage } from '@ecore/core/shared/language.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { AddItemDialog } from './add-item-dialog.tsx';
import type { EditorSession } from './editor-context.ts';
import { PrintPreview } from './print-preview.tsx';
import { fetchTemplate, lockTemplate, saveTemplate, type LoadedTemplate } from './questionnaires-api.ts';
import { STATE_COLOURS } from './score-page.tsx';
import { ConfirmDialog, errorText, ExportDialog } from './template-dialogs.tsx';

/** The questionnaire editor (spec 02 §2): tree navigation, panels per level, save, leave confirmation, lock. */
export function QuestionnaireEditorPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'de';
  const params = useParams();
  const id = Number(params.questionnaireId);
  const navigate = useNavigate();
  const [template, setTemplate] = useState<LoadedTemplate | null>(null);
  const [content, setContent] = useState<TemplateContent | null>(null);
  const [deleted, setDeleted] = useState<Set<string>>(new Set());
  const [dirty, setDirty] = useState(false);
  const [failed, setFailed] = useState(false);
  const [lockHolder, setLockHolder] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'add' | 'export' | 'print' | null>(null);
  const [saving, setSaving] = useState(false);
  // Tree branches stay open; clicking the branch that is already shown folds or unfolds it.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    let live = true;
    fetchTemplate(id)
      .then(async (loaded) => {
        if (!live) return;
        setTemplate(loaded);
        setContent(loaded);
        setDeleted(new Set());
        setDirty(false);
        if (loaded.state !== 'Draft') return;
        try {
          await lockTemplate(id, true);
          setLockHolder(null);
        } catch (error) {
          // 423: someone else edits it; the editor opens read-only and names them (spec 02 §4, §7).
          const locked = error instanceof ApiError && error.statusCode === 423;
          setLockHolder(locked ? (loaded.lockedStatus?.currentLockerName ?? error.message) : null);
          if (!locked) notifyError(t('errors.questionnaire-lock-error'));
        }
      })
      .catch(() => setFailed(true));
    return () => {
      live = false;
      void lockTemplate(id, false).catch(() => undefined);
    };
  }, [id, t]);

  const readOnly = template?.state !== 'Draft' || lockHolder !== null;
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    dirty && !nextLocation.pathname.startsWith(`/score/questionnaire/${id}`) && currentLocation.pathname !== nextLocation.pathname);
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
        setContent((c) => (c ? fn(c) : c));
        setDirty(true);
      },
      markDeleted: (ref: ItemRef) => {
        setDeleted((d) => new Set(d).add(itemKey(ref)));
        setDirty(true);
        notifySuccess(t(`questionnaires.notices.${ref.kind}Deleted`));
      },
      cloneQuestion: (questionId: number) => {
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
      notifySuccess(t('questionnaires.notices.saved'));
      // New items got their stored ids; a route naming a temporary id would no longer match.
      if (/\/-\d+$/.test(window.location.pathname)) navigate(`/score/questionnaire/${id}/metadata`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 423) setLockHolder(error.message);
      notifyError(errorText(t, error, 'questionnaire-edit-error'));
    } finally {
      setSaving(false);
    }
  };

  const add = (item: AddedItem) => {
    if (!content) return;
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
  const preset: AddedItem = {
    level: params.sectionId ? 'Question' : params.categoryId ? 'Section' : 'Category',
    clusterIdx: clusterIdx ?? findClusterOf(content, Number(params.categoryId ?? params.sectionId ?? params.questionId)) ?? null,
    categoryId: params.categoryId ? Number(params.categoryId) : findCategoryOfSection(content, Number(params.sectionId)),
    sectionId: params.sectionId ? Number(params.sectionId) : null,
    title: '',
  };
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
      <PageHeader title={`${template.title} (${template.version})`} actions={
        <>
          <Badge color={STATE_COLOURS[template.state]} variant="light">{t(`questionnaires.states.${template.state}`)}</Badge>
          <Button variant="default" onClick={() => setDialog('print')}>{t('questionnaires.editor.print')}</Button>
          <Button variant="default" onClick={() => setDialog('export')}>{t('questionnaires.actions.export')}</Button>
          {!readOnly ? <Button variant="default" onClick={() => setDialog('add')}>{t('questionnaires.addItem.open')}</Button> : null}
          {!readOnly ? <Button onClick={() => void save()} loading={saving} disabled={!dirty}>{t('questionnaires.editor.save')}</Button> : null}
        </>
      } />
      {lockHolder !== null ? <Alert color="orange" mb="md" title={t('questionnaires.editor.lockedTitle')}>{t('questionnaires.editor.locked', { name: lockHolder })}</Alert> : null}
      {template.state !== 'Draft' ? <Alert color="blue" mb="md">{t('questionnaires.editor.readOnly')}</Alert> : null}
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

const findClusterOf = (content: TemplateContent, itemId: number): number | null => {
  for (const [ci, c] of content.clusters.entries()) {
    for (const cat of c.categories) {
      if (cat.id === itemId || cat.sections.some((s) => s.id === itemId || s.questions.some((q) => q.id === itemId))) return ci;
    }
  }
  return null;
};

const findCategoryOfSection = (content: TemplateContent, sectionId: number): number | null => {
  for (const c of content.clusters) for (const cat of c.categories) if (cat.sections.some((s) => s.id === sectionId)) return cat.id;
  return null;
};
