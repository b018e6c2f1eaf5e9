import { applicableTemplate } from '../answering/applicability.ts';
import { assetClassesOf } from '../assets/asset-classes.ts';
import { allQuestions, type Question } from '../questionnaires/template.ts';
import type { ScoringObject, ScoringTemplate } from './score-model.ts';

/** A template's applicable structure for an object's asset classes, its questions in tree order, by id and by title. */
export interface Applicable {
  structure: ScoringTemplate;
  questions: Question[];
  byId: Map<number, Question>;
  byTitle: Map<string, Question>;
}

// The same for every object of the same asset classes: made once per template object and set of classes (a template
// is not changed once made; a new version or a draft's edit is a new object). Scoring a group's thousand objects, or
// each save's stored score, needs it again and again.
const applicables = new WeakMap<ScoringTemplate, Map<string, Applicable>>();

export const applicableOf = (template: ScoringTemplate, object: Pick<ScoringObject, 'assetAssetTypes'>): Applicable => {
  const classes = assetClassesOf(object.assetAssetTypes);
  const key = [...new Set(classes)].sort().join(',');
  let byClasses = applicables.get(template);
  if (!byClasses) applicables.set(template, (byClasses = new Map()));
  const known = byClasses.get(key);
  if (known) return known;
  const structure = applicableTemplate(template, classes, template.scoredAmbitionLevels);
  const questions = allQuestions(structure);
  const byId = new Map<number, Question>();
  const byTitle = new Map<string, Question>();
  for (const q of questions) {
    if (q.id !== null) byId.set(q.id, q);
    byTitle.set(q.staticTitle, q);
  }
  const made = { structure, questions, byId, byTitle };
  byClasses.set(key, made);
  return made;
};

