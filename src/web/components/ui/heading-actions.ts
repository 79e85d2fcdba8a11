/**
 * The title row of the screen on show, when it holds actions (the toasts stay clear of it):
 * PageHeading marks such a row.
 */
export const HEADING_WITH_ACTIONS = '[data-heading-actions]';

/** The offline banner (connection-banner.tsx): while it shows, the toasts start below it. */
export const CONNECTION_BANNER = '[data-connection-banner]';
export const connectionBannerMark = { 'data-connection-banner': '' };
