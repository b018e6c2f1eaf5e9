import { notifications } from '@mantine/notifications';
import { i18n } from './i18n.ts';

/** Spec 01 §9: toasts stay 5000 ms. */
export const TOAST_DURATION_MS = 5000;

/** A toast; its close button is named in the interface language (an unnamed button is axe's button-name, docs/accessibility.md). */
const show = (message: string, color: 'green' | 'red' | 'yellow'): void => {
  notifications.show({ message, color, autoClose: TOAST_DURATION_MS, closeButtonProps: { 'aria-label': i18n.t('common.close') } });
};

export const notifySuccess = (text: string): void => show(text, 'green');

export const notifyError = (text: string): void => show(text, 'red');

/** Something the user should know that did not fail (an access already granted). */
export const notifyWarning = (text: string): void => show(text, 'yellow');
