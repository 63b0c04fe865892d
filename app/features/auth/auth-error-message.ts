/** What an Amplify auth call's failure says to the user, or the spec's catch-all wording. */
export function authErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An unknown error has occurred.';
}
