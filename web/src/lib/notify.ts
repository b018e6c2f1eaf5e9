import { notifications } from '@mantine/notifications';

/** Spec 01 §9: toasts stay 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export const notifySuccess = (text: string): void => {
  notifications.show({ message: text, color: 'green', autoClose: TOAST_DURATION_MS });
};

export const notifyError = (text: string): void => {
  notifications.show({ message: text, color: 'red', autoClose: TOAST_DURATION_MS });
};
