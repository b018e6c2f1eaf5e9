// @vitest-environment happy-dom
import { useEffect, useState } from 'react';
import { screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TemplateContent } from '@ecore/core/questionnaires/template.ts';
import { renderUi } from '../../testing/render.tsx';
import type { EditorSession } from './editor-context.ts';
import { MetadataPanel } from './editor-panels.tsx';
import type { LoadedTemplate } from './questionnaires-api.ts';

/*
 * The editor's metadata (issue 46): the template's title is bilingual like its questions: a German and an English
 * field; the German one is the stored `title` too.
 */

const content: TemplateContent = {
  title: 'ECORE Fragebogen 2026',
  translations: [{ language: 'de', title: 'ECORE Fragebogen 2026' }],
  type: 'Ecore',
  version: '2026_01',
  taxonomyCompliance: true,
  scoredAmbitionLevels: ['A1'],
  clusters: [],
};

const seen: { latest: TemplateContent } = { latest: content };

function Session() {
  const [current, setCurrent] = useState(content);
  useEffect(() => {
    seen.latest = current;
  }, [current]);
  const session: EditorSession = {
    template: { ...content, id: 9, state: 'Draft', revision: 1, creationDate: '', modifiedBy: '', modifiedDate: '', lockedStatus: null } as unknown as LoadedTemplate,
    content: current,
    deleted: new Set(),
    readOnly: false,
    language: 'de',
    change: (fn) => setCurrent((c) => fn(c)),
    markDeleted: () => undefined,
    cloneQuestion: () => undefined,
  };
  return <Outlet context={session} />;
}

describe("the template's title in the editor", () => {
  it('has a German and an English field; typing the English title adds its translation and keeps the German one', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Session />, children: [{ index: true, element: <MetadataPanel /> }] }], { initialEntries: ['/'] });
    const { user } = await renderUi(<RouterProvider router={router} />);
    const german = (await screen.findByRole('textbox', { name: 'Titel (Deutsch)' })) as HTMLInputElement;
    const english = screen.getByRole('textbox', { name: 'Titel (Englisch)' }) as HTMLInputElement;
    expect(german.value).toBe('ECORE Fragebogen 2026');
    expect(english.value).toBe('');
    await user.type(english, 'ECORE Questionnaire 2026');
    expect(seen.latest.title).toBe('ECORE Fragebogen 2026');
    expect(seen.latest.translations).toEqual([{ language: 'de', title: 'ECORE Fragebogen 2026' }, { language: 'en', title: 'ECORE Questionnaire 2026' }]);
    await user.clear(german);
    await user.type(german, 'Fragebogen');
    expect(seen.latest.title).toBe('Fragebogen');
    expect(seen.latest.translations?.find((t) => t.language === 'de')?.title).toBe('Fragebogen');
  });
});
