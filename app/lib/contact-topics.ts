/** What a contact-form message can be about; shared by the form and the server's checks. */
export const CONTACT_TOPICS = [
  { value: 'general', label: 'General question' },
  { value: 'listing', label: 'Help with my listing' },
  { value: 'account', label: 'My account or signing in' },
  { value: 'report', label: 'Report a concern about a listing or user' },
  { value: 'press', label: 'Press and partnerships' },
] as const;

export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value'];
