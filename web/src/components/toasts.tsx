import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../lib/notify.ts';
import classes from './toasts.module.css';

/**
 * Where toasts appear (spec 01 §9: 5000 ms): top right, below the header, so that they never cover the
 * language selector or the profile menu.
 */
export function Toasts() {
  return <Notifications autoClose={TOAST_DURATION_MS} position="top-right" classNames={{ root: classes.root }} />;
}
