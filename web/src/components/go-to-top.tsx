import { useEffect, useState } from 'react';
import { ActionIcon, Affix, Transition } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SCROLL_THROTTLE_MS, showsGoToTop, throttle } from './scroll-threshold.ts';

/** A button back to the top that appears after scrolling more than 250 px. */
export function GoToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = throttle(() => setVisible(showsGoToTop(window.scrollY)), SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => {
      window.removeEventListener('scroll', onScroll);
      onScroll.cancel();
    };
  }, []);

  return (
    <Affix position={{ bottom: 72, right: 24 }}>
      <Transition transition="slide-up" mounted={visible}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            color="green"
            aria-label={t('shell.goToTop.label')}
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <IconArrowUp aria-hidden="true" />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
