import { useNavigation, type data } from 'react-router';
import { userActionInput } from '@domain/admin/user-actions';
import { AdminUserPage } from '~/features/admin/users/admin-user-page';
import { isAccountChanged, type UserPageResult } from '~/features/admin/users/user-page-result';
import { requireAdmin } from '../../server/auth/guards';
import {
  dispatchIntent,
  formText,
  invalidForm,
  parseForm,
} from '../../server/http/form-submission';
import { failureAsPage, formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/admin-portal-user';

export function meta() {
  return [{ title: 'User – Admin portal | Roost' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const admin = requireAdmin(context.user);
  try {
    const page = await context.marketplace.adminUsers.get({ user: admin, sub: params.sub });
    return { page, isSelf: page.account.sub === admin.userId };
  } catch (error) {
    failureAsPage(error);
  }
}

/** A result, or a result with its status (a form that fails its schema). */
type Answer = UserPageResult | ReturnType<typeof data<UserPageResult>>;

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireAdmin(context.user);
  const { adminUsers } = context.marketplace;
  const formData = await request.formData();
  const intent = formText(formData, 'intent');
  const values = { action: formText(formData, 'action'), reason: formText(formData, 'reason') };
  const sub = params.sub;
  try {
    return await dispatchIntent<Answer>(formData, {
      // The first step only checks the form, with the use case's schema; the page then asks to confirm.
      review: () => {
        const parsed = parseForm(formData, userActionInput);
        return parsed.ok ? { intent: 'confirm', values } : invalidForm(parsed, { intent, values });
      },
      act: async () => ({
        intent,
        message: (await adminUsers.act({ user, sub, input: values })).message,
      }),
      erase: async () => ({
        intent,
        summary: await adminUsers.erase({
          user,
          sub,
          input: { reason: formText(formData, 'eraseReason') },
        }),
      }),
    });
  } catch (error) {
    return formFailure(error, { intent, values });
  }
}

export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: UserPageResult;
  defaultShouldRevalidate: boolean;
}) {
  return isAccountChanged(actionResult) && defaultShouldRevalidate;
}

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AdminUserPage
      page={loaderData.page}
      isSelf={loaderData.isSelf}
      result={actionData}
      isBusy={navigation.state === 'submitting'}
    />
  );
}
