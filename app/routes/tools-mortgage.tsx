import { Link } from 'react-router';
import {
  MortgageCalculator,
  mortgageDefaults,
  mortgageValuesFrom,
} from '~/features/costs/mortgage-calculator';
import type { Route } from './+types/tools-mortgage';

export function meta(): Route.MetaDescriptors {
  return [
    { title: 'Mortgage calculator | Roost' },
    {
      name: 'description',
      content: 'Monthly payments for a repayment or interest-only mortgage, from your own figures.',
    },
  ];
}

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return { initial: mortgageValuesFrom(params, mortgageDefaults(250_000)) };
}

export default function MortgageTool({ loaderData }: Route.ComponentProps) {
  return (
    <article className="content-page content-page--wide">
      <h1>Mortgage calculator</h1>
      <p className="lead">
        See what a loan could cost each month. Roost is not a mortgage intermediary: speak to a
        lender or an FCA-regulated adviser before you decide.
      </p>
      <MortgageCalculator initial={loaderData.initial} />
      <p>
        Also see the <Link to="/tools/stamp-duty">stamp duty calculator</Link>.
      </p>
    </article>
  );
}
