import { FileInput } from '@mantine/core';

/** The file field of an import (CSV or Excel): clearable, a placeholder readable at WCAG AA. */
export function ImportFileField(props: { label: string; placeholder: string; clearLabel: string; value: File | null; onChange: (file: File | null) => void; disabled?: boolean; w?: number | string }) {
  return (
    <FileInput
      label={props.label}
      placeholder={props.placeholder}
      accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      value={props.value}
      onChange={props.onChange}
      clearable
      clearButtonProps={{ 'aria-label': props.clearLabel }}
      // Mantine's placeholder grey (2.1:1 on white) falls short of WCAG AA's 4.5:1; gray-7 meets it.
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      w={props.w}
      disabled={props.disabled}
    />
  );
}
