import { Form } from 'react-router';
import { formatPence } from '@domain/format';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { echo } from '~/components/ui/form-echo';
import { TextField } from '~/components/ui/text-field';
import { Outcome, outcomeFor, type CampaignFormResult } from './campaign-outcome';
import type { CampaignsPageData } from './campaigns-page-data';

type Product = CampaignsPageData['catalogue'][number];

interface ProductFormProps {
  product: Product;
  result: CampaignFormResult | undefined;
  isBusy: boolean;
}

/** One product of the catalogue: name, description, price, days and whether it is on sale. */
export function ProductForm({ product, result, isBusy }: ProductFormProps) {
  const key = `product-${product.code}`;
  const outcome = outcomeFor(result, key);
  const description = echo(outcome, 'description', product.description);
  return (
    <Form
      method="post"
      className="form admin-campaigns__product"
      aria-labelledby={`${key}-title`}
      data-testid="catalogue-product"
    >
      <h4 id={`${key}-title`}>
        {product.name} ({product.code}) · {formatPence(product.pricePence)}
        {product.isActive ? '' : ' · off sale'}
      </h4>
      <Outcome result={outcome} />
      <input type="hidden" name="intent" value="update-product" />
      <input type="hidden" name="key" value={key} />
      <input type="hidden" name="code" value={product.code} />
      <TextField
        id={`${key}-name`}
        label="Name"
        {...echo(outcome, 'name', product.name)}
        required
      />
      <Field id={`${key}-description`} label="Description" error={description.error}>
        {(control) => (
          <textarea
            {...control}
            name={description.name}
            rows={2}
            defaultValue={description.defaultValue}
            required
          />
        )}
      </Field>
      <TextField
        id={`${key}-price`}
        label="Price in pounds (VAT included)"
        {...echo(outcome, 'price', (product.pricePence / 100).toFixed(2))}
        inputMode="decimal"
        required
      />
      {product.days !== undefined ? (
        <TextField
          id={`${key}-days`}
          label="Days"
          {...echo(outcome, 'days', String(product.days))}
          type="number"
          min={1}
          max={90}
          required
        />
      ) : null}
      <label className="choice">
        <input type="checkbox" name="isActive" defaultChecked={product.isActive} /> On sale
      </label>
      <Button type="submit" variant="secondary" disabled={isBusy}>
        Save {product.code}
      </Button>
    </Form>
  );
}
