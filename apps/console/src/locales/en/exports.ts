/** Background exports and the download page, English. */
export const exports = {
  exports: {
    export: 'Export',
    // Word for word.
    started: 'Executing, please go to the download page to download later',
    goToDownloads: 'Go to the download page',
    navbar: 'Downloads',
    intro:
      'Your exports: each is made in the background and kept for 3 days. Only you can download your files.',
    file: 'File',
    list: 'List',
    status: 'Status',
    progress: 'Progress',
    rows: 'Rows',
    size: 'Size',
    createdAt: 'Asked for at',
    expiresAt: 'Expires at',
    download: 'Download',
    downloadOf: 'Download {{file}}',
    downloadFailed: 'The file could not be downloaded',
    empty: 'No exports yet: use Export on a list.',
    queued: 'Waiting',
    running: 'Executing',
    done: 'Ready',
    failed: 'Failed',
    expired: 'Expired',
    rowsOf: '{{written}} of {{total}}',
  },
  unmask: {
    showField: 'Show {{field}} in full',
    confirm:
      'Show the full {{field}} of this customer? This is recorded in the operation log under your name.',
  },
};
