import { Form } from 'react-router';
import { formatDateTime, formatPence } from '@domain/format';
import { Button } from '~/components/ui/button';
import { echo } from '~/components/ui/form-echo';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { Outcome, outcomeFor, type CampaignFormResult } from './campaign-outcome';
import type { CampaignsPageData } from './campaigns-page-data';

interface Props {
  result: CampaignFormResult | undefined;
  isBusy: boolean;
}

type PromoCode = CampaignsPageData['promoCodes'][number];

function PromoCodeRow({ code, result, isBusy }: Props & { code: PromoCode }) {
  const key = `promo-${code.id}`;
  return (
    <tr data-testid="promo-code">
      <td>{code.code}</td>
      <td>
        {code.kind === 'percent' ? `${code.percentOff} %` : formatPence(code.amountOffPence ?? 0)}
      </td>
      <td>
        {code.validFrom ? formatDateTime(code.validFrom) : 'now'} to{' '}
        {code.validTo ? formatDateTime(code.validTo) : 'no end'}
      </td>
      <td>
        {code.usesCount}
        {code.maxUses === null ? '' : ` of ${code.maxUses}`}
        {code.isOncePerUser ? ', once per buyer' : ''}
      </td>
      <td>{code.productCodes.length ? code.productCodes.join(', ') : 'all'}</td>
      <td>
        <Form method="post">
          <Outcome result={outcomeFor(result, key)} />
          <input type="hidden" name="intent" value="toggle-promo" />
          <input type="hidden" name="key" value={key} />
          <input type="hidden" name="promoCodeId" value={code.id} />
          {code.isActive ? null : <input type="hidden" name="isActive" value="on" />}
          <Button type="submit" variant="secondary" disabled={isBusy}>
            {code.isActive ? `Turn ${code.code} off` : `Turn ${code.code} on`}
          </Button>
        </Form>
      </td>
    </tr>
  );
}

/** Every promo code, each of which can be turned on or off. */
export function PromoCodesTable({ promoCodes, ...props }: Props & { promoCodes: PromoCode[] }) {
  return (
    <>
      <h3 id="promo-codes">Promo codes</h3>
      {promoCodes.length === 0 ? (
        <p className="empty-state">No promo codes yet.</p>
      ) : (
        <div className="table-scroll">
          <table aria-labelledby="promo-codes">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Valid</th>
                <th scope="col">Uses</th>
                <th scope="col">Products</th>
                <th scope="col">On</th>
              </tr>
            </thead>
            <tbody>
              {promoCodes.map((code) => (
                <PromoCodeRow key={code.id} code={code} {...props} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export function NewPromoCodeForm({
  catalogue,
  result,
  isBusy,
}: Props & { catalogue: CampaignsPageData['catalogue'] }) {
  const promo = outcomeFor(result, 'create-promo');
  return (
    <Form method="post" className="form" aria-labelledby="new-promo">
      <h4 id="new-promo">New promo code</h4>
      <Outcome result={promo} />
      <input type="hidden" name="intent" value="create-promo" />
      <TextField
        id="promo-code"
        label="Code"
        {...echo(promo, 'code')}
        hint="3 to 32 letters, digits, - or _; buyers may type it in any case."
        required
      />
      <SelectField
        id="promo-kind"
        label="Discount type"
        {...echo(promo, 'kind', 'percent')}
        options={[
          ['percent', 'Percentage'],
          ['amount', 'Fixed amount'],
        ]}
      />
      <TextField
        id="promo-percent"
        label="Percentage off (for a percentage code)"
        {...echo(promo, 'percentOff')}
        type="number"
        min={1}
        max={100}
      />
      <TextField
        id="promo-amount"
        label="Pounds off (for a fixed amount)"
        {...echo(promo, 'amountOff')}
        inputMode="decimal"
      />
      <TextField
        id="promo-from"
        label="Valid from (optional)"
        {...echo(promo, 'validFrom')}
        type="datetime-local"
      />
      <TextField
        id="promo-to"
        label="Valid until (optional)"
        {...echo(promo, 'validTo')}
        type="datetime-local"
      />
      <TextField
        id="promo-max"
        label="Most uses in all (optional)"
        {...echo(promo, 'maxUses')}
        type="number"
        min={1}
      />
      <label className="choice">
        <input type="checkbox" name="isOncePerUser" defaultChecked /> Once per buyer
      </label>
      <fieldset className="field-group">
        <legend>Applies to (none ticked: every upgrade)</legend>
        {catalogue.map((product) => (
          <label className="choice" key={product.code}>
            <input type="checkbox" name="productCodes" value={product.code} /> {product.name}
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={isBusy}>
        Create promo code
      </Button>
    </Form>
  );
}
