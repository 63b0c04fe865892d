import { Link } from 'react-router';
import { StampDutyCalculator, stampDutyValuesFrom } from '~/features/costs/stamp-duty-calculator';
import type { Route } from './+types/tools-stamp-duty';

export function meta(): Route.MetaDescriptors {
  return [
    { title: 'Stamp duty calculator: SDLT, LBTT and LTT | Roost' },
    {
      name: 'description',
      content:
        'Work out Stamp Duty Land Tax in England and Northern Ireland, LBTT in Scotland and LTT in Wales, with first-time buyer relief and additional-home rates.',
    },
  ];
}

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    initial: stampDutyValuesFrom(params, {
      price: '',
      nation: 'England',
      buyer: 'mover',
      isNonResident: false,
    }),
  };
}

export default function StampDutyTool({ loaderData }: Route.ComponentProps) {
  return (
    <article className="content-page content-page--wide">
      <h1>Stamp duty calculator</h1>
      <p className="lead">
        The tax on buying a home depends on where it is: Stamp Duty Land Tax in England and Northern
        Ireland, Land and Buildings Transaction Tax in Scotland and Land Transaction Tax in Wales.
      </p>
      <StampDutyCalculator initial={loaderData.initial} />
      <p>
        Also see the <Link to="/tools/mortgage">mortgage calculator</Link>.
      </p>
    </article>
  );
}
