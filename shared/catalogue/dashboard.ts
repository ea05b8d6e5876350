/** How many weeks the trends cover, the current one included. */
export const TREND_WEEKS = 12;
/** How many rooms the overview lists, newest first. */
export const LATEST_ROOMS = 5;
