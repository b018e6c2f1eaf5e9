import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../lib/notify.ts';
import classes from './toasts.module.css';

/** A toast's width: at 1024 px it stays between the question tree's column and the evidence drawer's tabs. */
const TOAST_WIDTH_PX = 340;

/**
 * Where toasts appear (spec 01 §9: 5000 ms), the one setting for the whole portal: bottom centre, above the footer.
 * There they cover no control that stays in place: not the header's language selector and profile menu, not a bar
 * that sticks below the header (the check screen's count and state changes), not the question tree beside the
 * page, not the evidence drawer's tabs, not the go-to-top button at the bottom right (docs/accessibility.md).
 */
export function Toasts() {
  return (
    <Notifications autoClose={TOAST_DURATION_MS} position="bottom-center" containerWidth={TOAST_WIDTH_PX} classNames={{ root: classes.root }} />
  );
}
