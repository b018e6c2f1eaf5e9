import { useOutletContext } from 'react-router';
import type { ItemRef } from '@ecore/core/questionnaires/editing.ts';
import type { TemplateContent } from '@ecore/core/questionnaires/template.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import type { LoadedTemplate } from './questionnaires-api.ts';

/** The editing session the editor's panels share: edits and deletes stay here until the draft is saved. */
export interface EditorSession {
  template: LoadedTemplate;
  content: TemplateContent;
  deleted: ReadonlySet<string>;
  readOnly: boolean;
  language: Language;
  change: (fn: (content: TemplateContent) => TemplateContent) => void;
  markDeleted: (ref: ItemRef) => void;
  cloneQuestion: (id: number) => void;
}

export const useEditorSession = (): EditorSession => useOutletContext<EditorSession>();
