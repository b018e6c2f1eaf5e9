/** Spec 02 §9: exactly 16 reviewed answers to submit to evaluation (served as asset/config). */
export const NUMBER_OF_REVIEWED_ANSWERS = 16;
