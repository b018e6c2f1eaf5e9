// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DataQuality } from '@ecore/core/scoring/data-quality.ts';
import { renderUi } from '../../testing/render.tsx';
import { DataQualityCard } from './data-quality-card.tsx';

const QUALITY: DataQuality = { figures: 8, shares: { measured: 0.5, estimated: 0.25, calculated: 0.125, missing: 0.125 }, openFlags: 1, flags: 2, openFlagShare: 0.125, weak: true };

describe('the data quality card', () => {
  it('shows each share and the open flags in German, and says the data is weak above a fifth estimated', async () => {
    await renderUi(<DataQualityCard quality={QUALITY} language="de" />);
    const table = screen.getByRole('table', { name: 'Datenqualität' });
    expect(within(table).getByRole('row', { name: /Gemessen 50 %/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Geschätzt 25 %/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Berechnet 12,5 %/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Fehlt 12,5 %/ })).toBeTruthy();
    expect(within(table).getByText('1 von 2 (12,5 % der Werte)')).toBeTruthy();
    expect(screen.getByText('Schwache Datenbasis (über 20 % geschätzt)')).toBeTruthy();
    expect(screen.getByText('Anteile der 8 Verbrauchswerte')).toBeTruthy();
  });

  it('in English, by floor area for a group, sound when little is estimated', async () => {
    await renderUi(<DataQualityCard quality={{ ...QUALITY, shares: { measured: 0.9, estimated: 0.1, calculated: 0, missing: 0 }, weak: false }} language="en" group />, { language: 'en' });
    expect(screen.getByRole('row', { name: /Measured 90 %/ })).toBeTruthy();
    expect(screen.getByText('Mostly evidenced')).toBeTruthy();
    expect(screen.getByText('Shares by gross floor area (8 consumption figures)')).toBeTruthy();
  });
});
