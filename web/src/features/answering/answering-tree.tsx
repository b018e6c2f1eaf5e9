import { useEffect, useRef, useState } from 'react';
import { Box, NavLink, ScrollArea, Text } from '@mantine/core';
import { IconCircle, IconCircleCheckFilled, IconCalculator } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isCleared } from '@ecore/core/answering/answer-rules.ts';
import { clusterName } from '@ecore/core/questionnaires/template-export.ts';
import { nameIn, questionTitleIn } from '@ecore/core/questionnaires/template.ts';
import { useAnswering } from './answering-context.ts';
import { dataPath, metadataPath, nodePath } from './answering-paths.ts';

/** "3 / 5" beside a node, green once complete; read out as "3 of 5 answered". */
function NodeProgress({ node }: { node: string }) {
  const { t } = useTranslation();
  const { nodeProgress } = useAnswering();
  const p = nodeProgress(node);
  if (!p || p.total === 0) return null;
  const complete = p.answered >= p.total;
  return (
    <Text size="xs" c={complete ? 'green.8' : 'dimmed'} fw={complete ? 600 : 400} style={{ whiteSpace: 'nowrap' }} aria-label={t('answering.tree.progress', { answered: p.answered, total: p.total })}>
      {p.answered} / {p.total}
    </Text>
  );
}

/** The header's height and the gap below it (AppFrame): where the tree stays when nothing else sticks above it. */
const BELOW_HEADER_PX = 72;
/**
 * The footer's height (48 px) and the page's bottom margins (32 px) with a gap: the tree's scroll ends above them, so
 * that at the page's end the tree still fits its column and stays where it sticks.
 */
const ABOVE_FOOTER_PX = 96;

/**
 * The tree of the answering screen (UI.md "Answering"): data and metadata, then clusters I–IV, categories,
 * sections and questions, each branch with its progress (core progressByNode). Branches on the path to the
 * page shown are open; others open when chosen. The tree stays in view while the page scrolls (`stickyTop`
 * px from the window's top, below the header and any bar that sticks there) and scrolls on its own where it is
 * taller than the window.
 */
export function AnsweringTree({ stickyTop = BELOW_HEADER_PX }: { stickyTop?: number }) {
  const { t } = useTranslation();
  const { filled, route, language, answerOf } = useAnswering();
  const params = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const clusterNum = params.clusterNum ? Number(params.clusterNum) : null;
  const categoryId = params.categoryId ? Number(params.categoryId) : null;
  const sectionId = params.sectionId ? Number(params.sectionId) : null;
  const questionId = params.questionId ? Number(params.questionId) : null;

  // The node shown stays in view in the tree, also when "next unanswered" moved far.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    nav.current?.querySelector('[data-active]')?.scrollIntoView?.({ block: 'nearest' });
  }, [pathname]);

  const opened = (key: string, onPath: boolean) => toggled.get(key) ?? onPath;
  const toggle = (key: string, onPath: boolean) => setToggled((m) => new Map(m).set(key, !opened(key, onPath)));
  /**
   * A branch: choosing it shows it (Mantine's NavLink only folds a link with children, so the click also
   * navigates); choosing the branch already shown folds or unfolds it.
   */
  const branch = (key: string, onPath: boolean, to?: string) => ({
    opened: opened(key, onPath),
    onChange: () => toggle(key, onPath),
    ...(to ? { onClick: () => void navigate(to) } : {}),
  });

  return (
    <Box component="nav" ref={nav} aria-label={t('answering.tree.label')} pos="sticky" top={stickyTop}>
      <ScrollArea.Autosize mah={`calc(100vh - ${stickyTop + ABOVE_FOOTER_PX}px)`} type="auto" offsetScrollbars>
        <NavLink component={Link} to={dataPath(route)} label={t('answering.tree.data')} active={pathname.endsWith('/data')} />
        <NavLink
          label={t('answering.tree.metadata')}
          {...branch('metadata', pathname.includes('/metadata/'))}
          childrenOffset={16}
        >
          <NavLink component={Link} to={metadataPath(route, 'overview')} label={t('answering.tree.metadataOverview')} active={pathname.endsWith('/metadata/overview')} />
          <NavLink component={Link} to={metadataPath(route, 'details')} label={t('answering.tree.metadataDetails')} active={pathname.endsWith('/metadata/details')} />
        </NavLink>
        {filled.clusters.map((cluster, ci) => {
          const num = ci + 1;
          const clusterOnPath = clusterNum === num;
          return (
            <NavLink
              key={num}
              component={Link}
              to={nodePath(route, { clusterNum: num })}
              label={clusterName(ci, language)}
              rightSection={<NodeProgress node={`cluster:${num}`} />}
              active={clusterOnPath && categoryId === null}
              childrenOffset={12}
              disableRightSectionRotation
              {...branch(`cluster:${num}`, clusterOnPath, nodePath(route, { clusterNum: num }))}
            >
              {cluster.categories.map((category) => {
                const categoryOnPath = clusterOnPath && categoryId === category.id;
                return (
                  <NavLink
                    key={category.id}
                    component={Link}
                    to={nodePath(route, { clusterNum: num, categoryId: category.id ?? 0 })}
                    label={<Text size="sm">{nameIn(category.translations, language)}</Text>}
                    rightSection={<NodeProgress node={`category:${category.id}`} />}
                    active={categoryOnPath && sectionId === null}
                    childrenOffset={12}
                    disableRightSectionRotation
                    {...branch(`category:${category.id}`, categoryOnPath, nodePath(route, { clusterNum: num, categoryId: category.id ?? 0 }))}
                  >
                    {category.sections.map((section) => {
                      const sectionOnPath = categoryOnPath && sectionId === section.id;
                      return (
                        <NavLink
                          key={section.id}
                          component={Link}
                          to={nodePath(route, { clusterNum: num, categoryId: category.id ?? 0, sectionId: section.id ?? 0 })}
                          label={<Text size="sm">{nameIn(section.translations, language)}</Text>}
                          rightSection={<NodeProgress node={`section:${section.id}`} />}
                          active={sectionOnPath && questionId === null}
                          childrenOffset={12}
                          disableRightSectionRotation
                          {...branch(`section:${section.id}`, sectionOnPath, nodePath(route, { clusterNum: num, categoryId: category.id ?? 0, sectionId: section.id ?? 0 }))}
                        >
                          {section.questions.map((question) => {
                            const answer = answerOf(question.id ?? 0);
                            const virtual = question.type === 'VirtualQuestion';
                            const done = answer !== undefined && !isCleared(answer);
                            const Icon = virtual ? IconCalculator : done ? IconCircleCheckFilled : IconCircle;
                            return (
                              <NavLink
                                key={question.id}
                                component={Link}
                                to={nodePath(route, { clusterNum: num, categoryId: category.id ?? 0, sectionId: section.id ?? 0, questionId: question.id ?? 0 })}
                                label={<Text size="xs" lineClamp={2}>{`${question.staticTitle} ${questionTitleIn(question, language)}`}</Text>}
                                leftSection={
                                  <Icon
                                    size={14}
                                    color={done ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-5)'}
                                    aria-label={t(virtual ? 'answering.tree.computed' : done ? 'answering.tree.answered' : 'answering.tree.open')}
                                  />
                                }
                                active={sectionOnPath && questionId === question.id}
                              />
                            );
                          })}
                        </NavLink>
                      );
                    })}
                  </NavLink>
                );
              })}
            </NavLink>
          );
        })}
      </ScrollArea.Autosize>
    </Box>
  );
}
