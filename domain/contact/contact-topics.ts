/** What a contact-form message can be about, in the order the form offers them. */
export const CONTACT_TOPICS = ['general', 'listing', 'account', 'report', 'press'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
