import { useState, type ReactNode } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Typing pauses this long before the list asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's toolbar (UI.md "Lists"): the search field with the placeholder of the specification
 * ('... suchen ...' / 'Search ...'), debounced, and the list's filters beside it.
 */
export function ListToolbar({ search, onSearch, children }: { search: string; onSearch: (search: string) => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const [text, setText] = useState(search);
  const [lastSearch, setLastSearch] = useState(search);
  // A search changed from outside (back button) replaces the typed text.
  if (search !== lastSearch) {
    setLastSearch(search);
    if (search.trim() !== text.trim()) setText(search);
  }
  const debounced = useDebouncedCallback((value: string) => onSearch(value.trim()), SEARCH_DEBOUNCE_MS);
  return (
    <Group justify="space-between" align="flex-end" mb="sm" gap="md">
      <TextInput
        type="search"
        aria-label={t('dataTable.search')}
        placeholder={t('common.search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          debounced(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') debounced.flush();
        }}
        w={320}
      />
      {children ? (
        <Group gap="md" align="flex-end">
          {children}
        </Group>
      ) : null}
    </Group>
  );
}

export interface StatusChipOption<V extends string> {
  value: V;
  label: string;
  count?: number;
}

/**
 * Status filter chips with their counts ("Aktiv (7)"); exactly one is chosen. Each chip is a toggle
 * button (aria-pressed), so that it is reached by Tab and found by its name.
 */
export function StatusChips<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: StatusChipOption<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={label}>
      {options.map((option) => {
        const chosen = option.value === value;
        return (
          <Button
            key={option.value}
            size="compact-sm"
            radius="xl"
            variant={chosen ? 'filled' : 'light'}
            leftSection={chosen ? <IconCheck size={14} aria-hidden="true" /> : null}
            aria-pressed={chosen}
            onClick={() => onChange(option.value)}
          >
            {option.count === undefined ? option.label : `${option.label} (${option.count})`}
          </Button>
        );
      })}
    </Group>
  );
}
