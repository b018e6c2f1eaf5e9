import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { templateContent } from './arbitraries/templates.ts';
import { addedItemProblems, addStructureItem, changeAddedItem, cloneQuestion, hasTempIds, itemKey, nextTempId, toSavePayload } from './editing.ts';
import { allQuestions } from './template.ts';
import { lockDecision, LOCK_IDLE_MS } from './locks.ts';
import { newTemplateContent } from './template-rules.ts';

describe('the editing session', () => {
  it('temporary negative ids are sent as null', () => {
    fc.assert(
      fc.property(templateContent(), fc.array(fc.constantFrom('Category', 'Section', 'Question') , { maxLength: 6 }), (source, levels) => {
        let content = source;
        const added: number[] = [];
        for (const level of levels) {
          const cat = content.clusters[0]!.categories[0];
          const sec = cat?.sections[0];
          const result = addStructureItem(content, { level: level as never, clusterIdx: 0, categoryId: cat?.id ?? null, sectionId: sec?.id ?? null, title: 'Neu' }, 'en');
          if (result) {
            content = result.content;
            if ('id' in result.ref) added.push(result.ref.id);
          }
        }
        for (const id of added) expect(id).toBeLessThan(0);
        const payload = toSavePayload(content, new Set());
        expect(hasTempIds(payload)).toBe(false);
        // Stored ids stay as they were.
        const storedBefore = allQuestions(source).map((q) => q.id);
        expect(allQuestions(payload).map((q) => q.id).filter((id) => id !== null)).toEqual(storedBefore);
      }),
    );
  });

  it('leaves out what was marked deleted, and only that', () => {
    fc.assert(
      fc.property(templateContent(), fc.nat(), (content, pick) => {
        const questions = allQuestions(content);
        fc.pre(questions.length > 0);
        const victim = questions[pick % questions.length]!;
        const payload = toSavePayload(content, new Set([itemKey({ kind: 'question', id: victim.id! })]));
        expect(allQuestions(payload).map((q) => q.id)).toEqual(questions.filter((q) => q !== victim).map((q) => q.id));
      }),
    );
  });

  it('gives a new item a temporary id below every id in use and its title in German and the current language', () => {
    const content = newTemplateContent({ title: 'T', version: '2025_01', type: 'Ecore' });
    const cat = addStructureItem(content, { level: 'Category', clusterIdx: 1, categoryId: null, sectionId: null, title: 'Energie' }, 'en')!;
    expect(cat.ref).toEqual({ kind: 'category', id: -1 });
    expect(cat.content.clusters[1]!.categories[0]!.translations).toEqual([
      { language: 'de', name: 'Energie' },
      { language: 'en', name: 'Energie' },
    ]);
    const sec = addStructureItem(cat.content, { level: 'Section', clusterIdx: 1, categoryId: -1, sectionId: null, title: 'Strom' }, 'de')!;
    expect(sec.ref).toEqual({ kind: 'section', id: -2 });
    const q = addStructureItem(sec.content, { level: 'Question', clusterIdx: 1, categoryId: -1, sectionId: -2, title: 'Zähler' }, 'de')!;
    expect(nextTempId(q.content)).toBe(-4);
    // A section under a category of another cluster is refused.
    expect(addStructureItem(q.content, { level: 'Section', clusterIdx: 0, categoryId: -1, sectionId: null, title: 'x' }, 'de')).toBeNull();
  });

  it('a clone in the session gets fresh temporary ids for itself and its options', () => {
    const content = newTemplateContent({ title: 'T', version: '2025_01', type: 'Ecore' });
    let c = addStructureItem(content, { level: 'Category', clusterIdx: 0, categoryId: null, sectionId: null, title: 'K' }, 'de')!.content;
    c = addStructureItem(c, { level: 'Section', clusterIdx: 0, categoryId: -1, sectionId: null, title: 'S' }, 'de')!.content;
    c = addStructureItem(c, { level: 'Question', clusterIdx: 0, categoryId: -1, sectionId: -2, title: 'Q' }, 'de')!.content;
    const cloned = cloneQuestion(c, -3)!;
    expect(cloned.newId).toBe(-4);
    expect(allQuestions(cloned.content).map((q) => q.staticTitle)).toEqual(['Q', 'Q (2)']);
  });

  it('requires cluster and title, plus the category and section above the level; a new cluster resets both', () => {
    expect(addedItemProblems({ level: 'Question', clusterIdx: null, categoryId: null, sectionId: null, title: ' ' })).toEqual(['clusterIdx', 'categoryId', 'sectionId', 'title']);
    expect(addedItemProblems({ level: 'Category', clusterIdx: 2, categoryId: null, sectionId: null, title: 'x' })).toEqual([]);
    expect(changeAddedItem({ level: 'Question', clusterIdx: 0, categoryId: 3, sectionId: 4, title: 'x' }, { clusterIdx: 1 })).toMatchObject({ categoryId: null, sectionId: null });
    expect(changeAddedItem({ level: 'Question', clusterIdx: 0, categoryId: 3, sectionId: 4, title: 'x' }, { categoryId: 5 })).toMatchObject({ categoryId: 5, sectionId: null });
  });
});

describe('template locks', () => {
  it('another user meets a live lock with the holder named; after 30 idle minutes anyone may take it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 2 * LOCK_IDLE_MS }), (holder, other, idle) => {
        const lock = { userId: holder, holderName: 'Sven Scoring', since: 0, lastActivity: 1000 };
        const decision = lockDecision(lock, other, 1000 + idle);
        if (idle >= LOCK_IDLE_MS) expect(decision.outcome).toBe('take');
        else if (holder === other) expect(decision.outcome).toBe('refresh');
        else expect(decision).toEqual({ outcome: 'held', currentLockerName: 'Sven Scoring', lastActivity: 1000 });
      }),
    );
  });
});
