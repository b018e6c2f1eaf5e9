import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FOOTER_PATHS } from '../lib/paths.ts';

/** Footer links of spec 01 §2 Shell: FAQ, contact, imprint, data protection. */
export function FooterLinks() {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" h="100%" px="md">
      <Text size="xs" c="dimmed">
        {t('shell.footer.copyright', { year: new Date().getFullYear() })}
      </Text>
      <nav aria-label={t('shell.footer.label')}>
        <Group gap="lg">
          {(Object.keys(FOOTER_PATHS) as (keyof typeof FOOTER_PATHS)[]).map((page) => (
            <Anchor key={page} component={Link} to={FOOTER_PATHS[page]} size="sm">
              {t(`shell.footer.${page}`)}
            </Anchor>
          ))}
        </Group>
      </nav>
    </Group>
  );
}
