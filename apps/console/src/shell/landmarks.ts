/**
 * Names of the shell's landmarks and composite widgets. They stay the same in every language
 * so that they remain stable anchors (assistive technology shortcuts, the e2e journeys);
 * the controls inside them are translated.
 */
export const landmarks = {
  sideMenu: 'Side menu',
  breadcrumb: 'Breadcrumb',
  visitedPages: 'Visited pages',
  tabActions: 'Tab actions',
} as const;
