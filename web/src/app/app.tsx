import { Loader, MantineProvider, createTheme } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { NarrowScreenGate } from '../components/narrow-screen.tsx';
import { Toasts } from '../components/toasts.tsx';
import { i18n } from '../lib/i18n.ts';
import type { AppRouter } from './router.tsx';
import { ACCESSIBLE_COLOURS } from './accessible-colours.ts';

// A system font stack: the content security policy allows no external fonts.
const FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

const theme = createTheme({
  // Text and badges in every colour meet WCAG AA's contrast (docs/accessibility.md).
  colors: ACCESSIBLE_COLOURS,
  primaryColor: 'green',
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK },
  defaultRadius: 'sm',
  // Who asked their system for reduced motion gets dialogs, menus and toasts without animation (WCAG 2.3.3).
  respectReducedMotion: true,
  components: {
    // A loading indicator is a status: its aria-label ("Wird geladen …") is allowed and read (docs/accessibility.md).
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
});

export function App({ router }: { router: AppRouter }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Toasts />
        <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: false }}>
          <NarrowScreenGate>
            <RouterProvider router={router} />
          </NarrowScreenGate>
        </SWRConfig>
      </MantineProvider>
    </I18nextProvider>
  );
}
