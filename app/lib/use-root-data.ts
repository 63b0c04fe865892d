import { useRouteLoaderData } from 'react-router';
import type { SiteConfig } from '../../server/config';
import type { SessionUser } from '@domain/session-user';
import type { CheckoutKind } from '@domain/payments/payment-methods';

export interface RootData {
  user: SessionUser | null;
  /** Conversations with an unread message (0 when signed out). */
  unreadMessages: number;
  site: SiteConfig;
  /** How upgrades are paid for here (the footer shows only the ways to pay that exist). */
  checkoutKind: CheckoutKind;
}

const FALLBACK_SITE: SiteConfig = {
  companyName: 'Roost Property Ltd',
  companyNumber: undefined,
  blogUrl: 'https://blog.roost.example/',
  socialLinks: [],
};

/** The root loader's data; error pages rendered without it fall back to safe defaults. */
export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  return data ?? { user: null, unreadMessages: 0, site: FALLBACK_SITE, checkoutKind: null };
}
