// The editing session of spec 02 §3, §4 and §5 by example: the add-structure-item dialog, temporary ids, clones and what the save sends.
import { describe, expect, it } from 'vitest';
import {
  addedItemProblems,
  addStructureItem,
  blankOption,
  blankQuestion,
  changeAddedItem,
  cloneQuestion,
  findCategory,
  findQuestion,
  findSection,
  hasTempIds,
  itemKey,
  nextTempId,
  toSavePayload,
  updateCategory,
  updateCluster,
  updateQuestion,
  updateSection,
  type AddedItem,
  type AddedItemField,
} from './editing.ts';
import { newTemplateContent } from './template-rules.ts';
import { allQuestions, type Question, type TemplateContent } from './template.ts';

const q = (id: number | null, staticTitle: string, order: number, fields: Partial<Question> = {}): Question => ({
  ...blankQuestion(1, staticTitle, 'de', order),
  id,
  ...fields,
});

/**
 * Cluster I holds category 20 "Führung" with section 21 "Strategie" (questions 1 "energy", 2 "policy" with
 * options 11 and 12, 3 "energy-dw"); cluster II holds category 30 "Energie" with section 31 "Strom" (question 4 "meter").
 */
const stored = (): TemplateContent => {
  const content = newTemplateContent({ title: 'ECORE', version: '2025_01', type: 'Ecore' });
  content.clusters[0]!.categories.push({
    id: 20, order: 1, translations: [{ language: 'de', name: 'Führung' }],
    sections: [{
      id: 21, order: 1, weight: 1, financeWeight: 1, translations: [{ language: 'de', name: 'Strategie' }],
      questions: [
        q(1, 'energy', 1, { type: 'ValueQuestion' }),
        q(2, 'policy', 2, { options: [{ ...blankOption(11, 1), text: 'ja', score: 2 }, blankOption(12, 2)] }),
        q(3, 'energy-dw', 3, { type: 'VirtualQuestion', parentQuestionId: 1 }),
      ],
    }],
  });
  content.clusters[1]!.categories.push({
    id: 30, order: 1, translations: [{ language: 'de', name: 'Energie' }],
    sections: [{ id: 31, order: 1, weight: 1, financeWeight: 1, translations: [{ language: 'de', name: 'Strom' }], questions: [q(4, 'meter', 1)] }],
  });
  return content;
};
const titles = (content: TemplateContent) => allQuestions(content).map((x) => x.staticTitle);

describe('the add-structure-item dialog (spec 02 §5: cluster and title, plus the category and section above the level)', () => {
  const item = (level: AddedItem['level'], fields: Partial<AddedItem> = {}): AddedItem => ({ level, clusterIdx: 0, categoryId: 20, sectionId: 21, title: 'Neu', ...fields });

  it.each<[string, AddedItem, AddedItemField[]]>([
    ['a cluster needs only its title', item('Cluster', { clusterIdx: null, categoryId: null, sectionId: null }), []],
    ['a cluster without title', item('Cluster', { title: ' ' }), ['title']],
    ['a category needs its cluster', item('Category', { clusterIdx: null, categoryId: null, sectionId: null }), ['clusterIdx']],
    ['a category needs no category or section', item('Category', { categoryId: null, sectionId: null }), []],
    ['a section needs its category', item('Section', { categoryId: null, sectionId: null }), ['categoryId']],
    ['a section needs no section', item('Section', { sectionId: null }), []],
    ['a question needs its section', item('Question', { sectionId: null }), ['sectionId']],
    ['a complete question', item('Question'), []],
  ])('%s', (_case, added, missing) => {
    expect(addedItemProblems(added)).toEqual(missing);
  });

  const chosen: AddedItem = { level: 'Question', clusterIdx: 0, categoryId: 20, sectionId: 21, title: 'Neu' };
  it.each<[string, Partial<AddedItem>, AddedItem]>([
    ['another cluster resets category and section', { clusterIdx: 1 }, { ...chosen, clusterIdx: 1, categoryId: null, sectionId: null }],
    ['another cluster with a category still resets both', { clusterIdx: 1, categoryId: 30 }, { ...chosen, clusterIdx: 1, categoryId: null, sectionId: null }],
    ['the same cluster again keeps them', { clusterIdx: 0 }, chosen],
    ['another category resets the section', { categoryId: 30 }, { ...chosen, categoryId: 30, sectionId: null }],
    ['clearing the category resets the section', { categoryId: null }, { ...chosen, categoryId: null, sectionId: null }],
    ['the same category again keeps the section', { categoryId: 20 }, chosen],
    ['another title keeps everything else', { title: 'Anders' }, { ...chosen, title: 'Anders' }],
    ['another section', { sectionId: 22 }, { ...chosen, sectionId: 22 }],
  ])('%s', (_case, change, expected) => {
    expect(changeAddedItem(chosen, change)).toEqual(expected);
  });
});

describe('temporary ids (spec 02 §3: new items get temporary negative ids, sent as null on save)', () => {
  it('the first is -1, then one below the lowest id in use, options and clusters included', () => {
    expect(nextTempId(newTemplateContent({ title: 'T', version: '2025_01', type: 'Ecore' }))).toBe(-1);
    expect(nextTempId(stored())).toBe(-1);
    const withOption = updateQuestion(stored(), 2, (x) => ({ ...x, options: [...x.options, blankOption(-7, 3)] }));
    expect(nextTempId(withOption)).toBe(-8);
    expect(nextTempId(updateCluster(stored(), 3, (c) => ({ ...c, id: -3 })))).toBe(-4);
  });

  it('a template holds temporary ids while any item, down to an option, has a negative id', () => {
    expect(hasTempIds(stored())).toBe(false);
    expect(hasTempIds(updateQuestion(stored(), 2, (x) => ({ ...x, options: [...x.options, blankOption(-1, 3)] })))).toBe(true);
    expect(hasTempIds(updateCluster(stored(), 2, (c) => ({ ...c, id: -1 })))).toBe(true);
  });
});

describe('new items (spec 02 §3: titles in the current and the German locale)', () => {
  it('a new question: single choice, relevant for review, scored ECORE at A1, its title in German and English', () => {
    expect(blankQuestion(-5, 'Zähler', 'en', 3)).toEqual({
      id: -5, staticTitle: 'Zähler', type: 'SingleChoice',
      translations: [
        { language: 'de', title: 'Zähler', description: '', clarification: '' },
        { language: 'en', title: 'Zähler', description: '', clarification: '' },
      ],
      assetTypes: [], clusterType: null, taxonomyRelevant: false, relevantForReview: true, isGreenHouseGas: false, scoreType: 'Ecore', options: [],
      virtualQuestionType: null, averageVariator: null, parentQuestionId: null, parentStaticTitle: null, basicQuestion: false, averageValue: null,
      virtualMaxScore: null, ambitionLevel: 'A1', kpiKey: null, order: 3,
    });
    expect(blankQuestion(-5, 'Zähler', 'de', 3).translations).toEqual([{ language: 'de', title: 'Zähler', description: '', clarification: '' }]);
  });

  it('a new option: no text in German and English, no points, not exclusive', () => {
    expect(blankOption(-6, 2)).toEqual({ id: -6, text: '', score: 0, order: 2, isExclusive: false, translations: [{ language: 'de', text: '' }, { language: 'en', text: '' }] });
  });

  it('a cluster is added after the last one, empty and of weight 0', () => {
    const added = addStructureItem(stored(), { level: 'Cluster', clusterIdx: null, categoryId: null, sectionId: null, title: 'V' }, 'de')!;
    expect(added.ref).toEqual({ kind: 'cluster', index: 4 });
    expect(added.content.clusters[4]).toEqual({ id: null, clusterIdentifier: 'V', weight: 0, financeWeight: 0, isTaxonomyCluster: false, categories: [] });
  });

  it('a category is added last in its cluster, the other clusters unchanged', () => {
    const before = stored();
    const added = addStructureItem(before, { level: 'Category', clusterIdx: 1, categoryId: null, sectionId: null, title: 'Wasser' }, 'en')!;
    expect(added.content.clusters[1]!.categories[1]).toEqual({ id: -1, order: 2, sections: [], translations: [{ language: 'de', name: 'Wasser' }, { language: 'en', name: 'Wasser' }] });
    expect(added.content.clusters.filter((_, i) => i !== 1)).toEqual(before.clusters.filter((_, i) => i !== 1));
  });

  it('a section is added last in its category, with weights 0', () => {
    const added = addStructureItem(stored(), { level: 'Section', clusterIdx: 0, categoryId: 20, sectionId: null, title: 'Ziele' }, 'de')!;
    expect(added.ref).toEqual({ kind: 'section', id: -1 });
    expect(added.content.clusters[0]!.categories[0]!.sections[1]).toEqual({ id: -1, order: 2, weight: 0, financeWeight: 0, questions: [], translations: [{ language: 'de', name: 'Ziele' }] });
  });

  it('a question is added last in its section', () => {
    const added = addStructureItem(stored(), { level: 'Question', clusterIdx: 0, categoryId: 20, sectionId: 21, title: 'Ziel' }, 'en')!;
    expect(added.ref).toEqual({ kind: 'question', id: -1 });
    expect(titles(added.content)).toEqual(['energy', 'policy', 'energy-dw', 'Ziel', 'meter']);
    expect(findQuestion(added.content, -1)!.question).toEqual(blankQuestion(-1, 'Ziel', 'en', 4));
  });

  it.each<[string, AddedItem]>([
    ['without title', { level: 'Category', clusterIdx: 0, categoryId: null, sectionId: null, title: '' }],
    ['into a cluster that does not exist', { level: 'Category', clusterIdx: 7, categoryId: null, sectionId: null, title: 'x' }],
    ['a section into an unknown category', { level: 'Section', clusterIdx: 0, categoryId: 99, sectionId: null, title: 'x' }],
    ['a section into a category of another cluster', { level: 'Section', clusterIdx: 0, categoryId: 30, sectionId: null, title: 'x' }],
    ['a question into an unknown section', { level: 'Question', clusterIdx: 0, categoryId: 20, sectionId: 99, title: 'x' }],
    ['a question into a section of another category', { level: 'Question', clusterIdx: 1, categoryId: 30, sectionId: 21, title: 'x' }],
  ])('nothing is added %s', (_case, item) => {
    expect(addStructureItem(stored(), item, 'de')).toBeNull();
  });
});

describe('finding and changing items of the session', () => {
  it('finds a category, section or question with the places above it; unknown ids give nothing', () => {
    const content = stored();
    expect(findCategory(content, 30)).toEqual({ clusterIdx: 1, category: content.clusters[1]!.categories[0] });
    expect(findSection(content, 31)).toEqual({ clusterIdx: 1, categoryId: 30, section: content.clusters[1]!.categories[0]!.sections[0] });
    expect(findQuestion(content, 4)).toEqual({ clusterIdx: 1, categoryId: 30, sectionId: 31, question: content.clusters[1]!.categories[0]!.sections[0]!.questions[0] });
    expect([findCategory(content, 99), findSection(content, 99), findQuestion(content, 99)]).toEqual([null, null, null]);
  });

  it('changes only the item named', () => {
    const content = stored();
    const weight = (c: TemplateContent) => c.clusters.map((x) => x.weight);
    expect(weight(updateCluster(content, 2, (c) => ({ ...c, weight: 40 })))).toEqual([25, 25, 40, 25]);
    const renamed = updateCategory(content, 30, (c) => ({ ...c, order: 9 }));
    expect(renamed.clusters.map((c) => c.categories.map((x) => x.order))).toEqual([[1], [9], [], []]);
    const weighted = updateSection(content, 21, (s) => ({ ...s, weight: 7 }));
    expect(weighted.clusters.flatMap((c) => c.categories.flatMap((x) => x.sections.map((s) => s.weight)))).toEqual([7, 1]);
    expect(titles(updateQuestion(content, 2, (x) => ({ ...x, staticTitle: 'policy-2' })))).toEqual(['energy', 'policy-2', 'energy-dw', 'meter']);
  });
});

describe('cloning a question in the session (spec 02 §8 "cloned in session")', () => {
  it('puts the copy right after its source with new temporary ids, a suffixed static title and the orders renumbered', () => {
    const cloned = cloneQuestion(stored(), 2)!;
    expect(cloned.newId).toBe(-1);
    const questions = cloned.content.clusters[0]!.categories[0]!.sections[0]!.questions;
    expect(questions.map((x) => [x.id, x.staticTitle, x.order])).toEqual([[1, 'energy', 1], [2, 'policy', 2], [-1, 'policy (2)', 3], [3, 'energy-dw', 4]]);
    const source = questions[1]!;
    expect(questions[2]).toEqual({
      ...source, id: -1, staticTitle: 'policy (2)', order: 3,
      options: [{ ...source.options[0]!, id: -2 }, { ...source.options[1]!, id: -3 }],
    });
    expect(titles(cloned.content).slice(-1)).toEqual(['meter']);
  });

  it('the copy is independent of its source', () => {
    const content = stored();
    const copy = findQuestion(cloneQuestion(content, 2)!.content, -1)!.question;
    copy.translations[0]!.title = 'geändert';
    copy.options[0]!.translations[0]!.text = 'geändert';
    expect(findQuestion(content, 2)!.question.translations[0]!.title).toBe('policy');
    expect(findQuestion(content, 2)!.question.options[0]!.translations[0]!.text).toBe('');
  });

  it('an unknown question is not cloned', () => {
    expect(cloneQuestion(stored(), 99)).toBeNull();
  });
});

describe('what the save sends (spec 02 §3, §4)', () => {
  it('leaves out a category or section marked deleted with all it holds, and nothing else', () => {
    expect(titles(toSavePayload(stored(), new Set([itemKey({ kind: 'category', id: 20 })])))).toEqual(['meter']);
    expect(titles(toSavePayload(stored(), new Set([itemKey({ kind: 'section', id: 31 })])))).toEqual(['energy', 'policy', 'energy-dw']);
    expect(titles(toSavePayload(stored(), new Set(['question:4', 'section:21'])))).toEqual([]);
    expect(toSavePayload(stored(), new Set(['section:20', 'category:21', 'question:30']))).toEqual(stored());
  });

  it('items without id are kept', () => {
    const content = updateCategory(stored(), 20, (c) => ({ ...c, id: null }));
    expect(titles(toSavePayload(content, new Set(['category:20'])))).toEqual(['energy', 'policy', 'energy-dw', 'meter']);
  });

  it('sends temporary ids as null at every level and strips maxScore', () => {
    let content = stored();
    content = updateCluster(content, 3, (c) => ({ ...c, id: -9 }));
    content = addStructureItem(content, { level: 'Category', clusterIdx: 3, categoryId: null, sectionId: null, title: 'K' }, 'de')!.content;
    content = addStructureItem(content, { level: 'Section', clusterIdx: 3, categoryId: -10, sectionId: null, title: 'S' }, 'de')!.content;
    content = addStructureItem(content, { level: 'Question', clusterIdx: 3, categoryId: -10, sectionId: -11, title: 'Q' }, 'de')!.content;
    content = updateQuestion(content, -12, (x) => ({ ...x, maxScore: 4, options: [blankOption(-13, 1)] }));
    content = updateQuestion(content, 2, (x) => ({ ...x, maxScore: 2 }));
    const payload = toSavePayload(content, new Set());
    const cluster = payload.clusters[3]!;
    expect([cluster.id, cluster.categories[0]!.id, cluster.categories[0]!.sections[0]!.id]).toEqual([null, null, null]);
    const added = cluster.categories[0]!.sections[0]!.questions[0]!;
    expect(added).toEqual({ ...blankQuestion(-12, 'Q', 'de', 1), id: null, options: [{ ...blankOption(-13, 1), id: null }] });
    expect(allQuestions(payload).map((x) => [x.id, 'maxScore' in x])).toEqual([[1, false], [2, false], [3, false], [4, false], [null, false]]);
    expect(allQuestions(payload)[1]!.options.map((o) => o.id)).toEqual([11, 12]);
  });

  it.each<[string, Partial<Question>, Partial<Question>]>([
    ['a stored parent is sent by id', { parentQuestionId: 1 }, { parentQuestionId: 1, parentStaticTitle: null }],
    ['a new parent is named by its static title', { parentQuestionId: -1 }, { parentQuestionId: null, parentStaticTitle: 'new-energy' }],
    ['a new parent that is gone leaves no name', { parentQuestionId: -5 }, { parentQuestionId: null, parentStaticTitle: null }],
    ['a parent named by title in a duplicate keeps that name', { parentQuestionId: null, parentStaticTitle: 'energy' }, { parentQuestionId: null, parentStaticTitle: 'energy' }],
    ['no parent', { parentQuestionId: null, parentStaticTitle: undefined }, { parentQuestionId: null, parentStaticTitle: null }],
  ])('the parent of a virtual question: %s', (_case, link, expected) => {
    let content = addStructureItem(stored(), { level: 'Question', clusterIdx: 1, categoryId: 30, sectionId: 31, title: 'new-energy' }, 'de')!.content;
    content = updateQuestion(content, 3, (x) => ({ ...x, ...link }));
    expect(findQuestion(content, 3)).not.toBeNull();
    const virtual = allQuestions(toSavePayload(content, new Set())).find((x) => x.staticTitle === 'energy-dw')!;
    expect({ parentQuestionId: virtual.parentQuestionId, parentStaticTitle: virtual.parentStaticTitle }).toEqual(expected);
  });
});
