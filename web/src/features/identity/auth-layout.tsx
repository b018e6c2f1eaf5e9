import type { ReactNode } from 'react';
import { PublicCardLayout } from '../../components/public-card-layout.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';

/** The frame of the public sign-in pages: logo, language selector and one card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <PublicCardLayout title={title} width={440}>
      {children}
    </PublicCardLayout>
  );
}
