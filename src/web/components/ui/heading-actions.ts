/**
 * The title row of the screen on show, when it holds actions (the toasts stay clear of it):
 * PageHeading marks such a row.
 */
export const HEADING_WITH_ACTIONS = '[data-heading-actions]';
