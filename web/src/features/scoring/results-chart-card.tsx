import type { ReactNode } from 'react';
import { Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';

export type Metric = 'carbon' | 'energy';

/** A chart section of the results: its title, the controls to its right, what it shows under them. */
export function ResultsChartCard({ title, controls, children }: { title: string; controls: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <Group gap="sm">{controls}</Group>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** The choice between the carbon and the energy pathway, of the metrics that are there. */
export function MetricSwitch({ label, value, metrics, labelOf, onChange }: { label: string; value: Metric; metrics: readonly Metric[]; labelOf: (m: Metric) => string; onChange: (m: Metric) => void }) {
  return <SegmentedControl size="xs" aria-label={label} value={value} onChange={(v) => onChange(v === 'energy' ? 'energy' : 'carbon')} data={metrics.map((m) => ({ value: m, label: labelOf(m) }))} />;
}
