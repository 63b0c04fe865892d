export const MAIN_LINKS = [
  { to: '/search/for-sale/', label: 'Buy' },
  { to: '/search/for-rent/', label: 'Rent' },
  { to: '/pricing/', label: 'Pricing' },
  { to: '/about-us', label: 'About us' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact-us', label: 'Contact us' },
] as const;

export const ADMIN_LINKS = [
  { to: '/admin-portal', label: 'Admin portal' },
  { to: '/admin-portal/reported-ads/', label: 'Reported ads' },
  { to: '/admin-portal/user-payments/', label: 'User payments' },
  { to: '/admin-portal/user-information/', label: 'User information' },
  { to: '/admin-portal/campaigns/', label: 'Campaigns' },
  { to: '/admin-portal/audit-log/', label: 'Audit log' },
] as const;
