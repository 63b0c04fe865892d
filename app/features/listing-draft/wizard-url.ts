/** `/property/new?draft=&step=`: where a draft is picked up again (reload, sign-in, editing). */
export function wizardPath(draftId: string, step: number): string {
  return `/property/new?draft=${draftId}&step=${step}`;
}

/**
 * Keeps `?draft=&step=` in the address bar so a reload or the sign-in redirect comes back to the
 * same place, without a router navigation (which would reload the draft over unsaved typing).
 */
export function replaceWizardUrl(draftId: string, step: number): void {
  window.history.replaceState(window.history.state, '', wizardPath(draftId, step));
}
