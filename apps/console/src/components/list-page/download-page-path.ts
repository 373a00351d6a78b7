/**
 * The download page's path (route `Download`, constant for every signed-in user). A module of
 * its own so that the navbar's link to it does not bring the export button's code.
 */
export const DOWNLOAD_PAGE_PATH = '/download/index';
