import { describe, expect, it } from 'vitest';
import { addStructureItem, findQuestion, updateQuestion, type AddedItem } from '@ecore/core/questionnaires/editing.ts';
import { newTemplateContent } from '@ecore/core/questionnaires/template-rules.ts';
import type { TemplateContent } from '@ecore/core/questionnaires/template.ts';
import {
  addBlankOption,
  findCategoryOf,
  findClusterOf,
  leavesEditor,
  parseNumber,
  parseNumberOrNull,
  patchOption,
  patchQuestion,
  patchQuestionTranslation,
  presetFromRoute,
  removeOption,
  setName,
  setOptionText,
} from './editor-helpers.ts';

/** A draft with a category and a section in cluster II, and two questions in the section. */
const draft = () => {
  let content: TemplateContent = newTemplateContent({ title: 'Test', version: '2026_01', type: 'Ecore' });
  const add = (item: Partial<AddedItem> & Pick<AddedItem, 'level' | 'title'>) => {
    const result = addStructureItem(content, { clusterIdx: 1, categoryId: null, sectionId: null, ...item }, 'de')!;
    content = result.content;
    return (result.ref as { id: number }).id;
  };
  const category = add({ level: 'Category', title: 'Energie' });
  const section = add({ level: 'Section', title: 'Verbrauch', categoryId: category });
  const first = add({ level: 'Question', title: 'Erste', categoryId: category, sectionId: section });
  const second = add({ level: 'Question', title: 'Zweite', categoryId: category, sectionId: section });
  content = addBlankOption(addBlankOption(content, first), first);
  return { content, category, section, first, second };
};

const question = (content: TemplateContent, id: number) => findQuestion(content, id)!.question;

describe('edits of a question', () => {
  it('change only the question they name, whichever question a panel shows', () => {
    const { content, first, second } = draft();
    const edited = updateQuestion(content, second, patchQuestion({ staticTitle: 'E-2' }));
    expect(question(edited, second).staticTitle).toBe('E-2');
    expect(question(edited, first)).toBe(question(content, first));
  });

  it('keep each other when two are applied before the panel renders again', () => {
    const { content, first } = draft();
    const [a, b] = question(content, first).options;
    // Both edits were made on the same rendered question; applied one after the other, neither is undone.
    const edits = [
      setOptionText({ id: a!.id, index: 0 }, 'de', 'Ja'),
      setOptionText({ id: a!.id, index: 0 }, 'en', 'Yes'),
      patchOption({ id: b!.id, index: 1 }, { score: 2 }),
      patchQuestionTranslation('en', { title: 'First' }),
      patchQuestionTranslation('en', { description: 'Why it matters' }),
    ];
    const result = question(edits.reduce((c, fn) => updateQuestion(c, first, fn), content), first);
    expect(result.options[0]).toMatchObject({ text: 'Ja', translations: [{ language: 'de', text: 'Ja' }, { language: 'en', text: 'Yes' }] });
    expect(result.options[1]!.score).toBe(2);
    expect(result.translations.find((x) => x.language === 'en')).toEqual({ language: 'en', title: 'First', description: 'Why it matters', clarification: '' });
    expect(result.translations.find((x) => x.language === 'de')!.title).toBe('Erste');
  });

  it('address an option by its id even after another option was removed', () => {
    const { content, first } = draft();
    const [a, b] = question(content, first).options;
    // The panel rendered b at position 1; a was removed before the edit of b is applied.
    const withoutA = updateQuestion(content, first, removeOption({ id: a!.id, index: 0 }));
    const result = question(updateQuestion(withoutA, first, patchOption({ id: b!.id, index: 1 }, { score: 5 })), first);
    expect(result.options).toHaveLength(1);
    expect(result.options[0]).toMatchObject({ id: b!.id, score: 5 });
  });

  it('address an option without id by its position', () => {
    const { content, first } = draft();
    const unsaved = updateQuestion(content, first, (q) => ({ ...q, options: q.options.map((o) => ({ ...o, id: null })) }));
    const result = question(updateQuestion(unsaved, first, patchOption({ id: null, index: 1 }, { isExclusive: true })), first);
    expect(result.options.map((o) => o.isExclusive)).toEqual([false, true]);
  });

  it('give a new option a temporary id below every id in use', () => {
    const { content, first } = draft();
    const ids = question(content, first).options.map((o) => o.id!);
    expect(ids.every((id) => id < 0)).toBe(true);
    expect(new Set(ids).size).toBe(2);
    const again = question(addBlankOption(content, first), first).options;
    expect(again).toHaveLength(3);
    expect(again[2]!.id).toBeLessThan(Math.min(...ids));
    expect(again[2]!.order).toBe(3);
  });
});

describe('names per language', () => {
  it('replaces the name of one language and keeps the others, sorted by language', () => {
    expect(setName([{ language: 'en', name: 'Energy' }, { language: 'de', name: 'Energie' }], 'de', 'Energieverbrauch'))
      .toEqual([{ language: 'de', name: 'Energieverbrauch' }, { language: 'en', name: 'Energy' }]);
    expect(setName([{ language: 'de', name: 'Energie' }], 'en', 'Energy')).toEqual([{ language: 'de', name: 'Energie' }, { language: 'en', name: 'Energy' }]);
  });
});

describe('numbers typed in the editor', () => {
  it('accept a decimal comma or point, and an empty field gives the fallback or null', () => {
    expect(parseNumber('12,5', 0, 'de')).toBe(12.5);
    expect(parseNumber('12.5', 0, 'de')).toBe(12.5);
    // Locale-aware: thousands separators of the interface language are no decimal point.
    expect(parseNumber('1.250,5', 0, 'de')).toBe(1250.5);
    expect(parseNumber('1,250.5', 0, 'en')).toBe(1250.5);
    expect(parseNumber('abc', 0, 'de')).toBeNaN();
    expect(parseNumber(7)).toBe(7);
    expect(parseNumber('', 3)).toBe(3);
    expect(parseNumber(' ')).toBe(0);
    expect(parseNumberOrNull('')).toBeNull();
    expect(parseNumberOrNull('0,25')).toBe(0.25);
  });
});

describe('leaving the editor', () => {
  it('asks only when the navigation leaves this template’s editor', () => {
    expect(leavesEditor(1, '/score/questionnaire/1/metadata', '/score/questionnaire/1/question/5')).toBe(false);
    expect(leavesEditor(1, '/score/questionnaire/1/metadata', '/score/questionnaire/1')).toBe(false);
    expect(leavesEditor(1, '/score/questionnaire/1/metadata', '/score/admin/active')).toBe(true);
    // Another template whose id starts with the same digits is another editor.
    expect(leavesEditor(1, '/score/questionnaire/1/metadata', '/score/questionnaire/12/metadata')).toBe(true);
    expect(leavesEditor(1, '/score/questionnaire/1/metadata', '/score/questionnaire/1/metadata')).toBe(false);
  });
});

describe('the add-structure-item dialog preselects from the route', () => {
  it('a section in the category shown', () => {
    const { content, category } = draft();
    expect(presetFromRoute(content, { categoryId: String(category) })).toEqual({ level: 'Section', clusterIdx: 1, categoryId: category, sectionId: null, title: '' });
  });

  it('a question in the section shown, with its category and cluster', () => {
    const { content, category, section } = draft();
    expect(presetFromRoute(content, { sectionId: String(section) })).toEqual({ level: 'Question', clusterIdx: 1, categoryId: category, sectionId: section, title: '' });
  });

  it('a category in the cluster shown, or in the cluster of the question shown', () => {
    const { content, first } = draft();
    expect(presetFromRoute(content, { clusterNum: '3' })).toMatchObject({ level: 'Category', clusterIdx: 2, categoryId: null });
    expect(presetFromRoute(content, { questionId: String(first) })).toMatchObject({ level: 'Category', clusterIdx: 1 });
    expect(presetFromRoute(content, {})).toMatchObject({ level: 'Category', clusterIdx: null, categoryId: null, sectionId: null });
  });

  it('finds the cluster and category of any item', () => {
    const { content, category, section, first } = draft();
    for (const id of [category, section, first]) {
      expect(findClusterOf(content, id)).toBe(1);
      expect(findCategoryOf(content, id)).toBe(category);
    }
    expect(findClusterOf(content, 999)).toBeNull();
  });
});
