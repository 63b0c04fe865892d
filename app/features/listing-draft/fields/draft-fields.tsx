import { createContext, useContext } from 'react';
import { formatTypedPrice, parseTypedPrice } from '@domain/price-input';
import type { FieldErrors } from '@domain/validation/field-errors';
import { Checkbox, RadioGroup } from '~/components/ui/choice-group';
import type { Option } from '~/components/ui/select';
import { useAppDispatch, useAppSelector } from '~/store/hooks';
import { setPropertyDetails } from '~/store/listing-draft-slice';
import { SelectField, TextInputField } from './labelled-controls';

/**
 * The wizard's fields: the UI primitives bound to one field of the listing draft in the store,
 * each showing that field's error from the step on screen.
 */
export const StepErrorsContext = createContext<FieldErrors>({});
export const useStepErrors = () => useContext(StepErrorsContext);

/** One field of the draft and how to change it. */
export function useDraftField<T = unknown>(field: string): [T | undefined, (next: T) => void] {
  const dispatch = useAppDispatch();
  const value = useAppSelector((state) => state.listingDraft.propertyDetail[field]);
  return [value as T | undefined, (next) => dispatch(setPropertyDetails({ [field]: next }))];
}

/** A draft field wired to a control: its name, value, change and error. */
function useBoundField<T>(field: string) {
  const [value, onChange] = useDraftField<T>(field);
  const error = useStepErrors()[field];
  return { name: field, value, onChange, error };
}

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

interface DraftFieldProps {
  field: string;
  label: string;
  hint?: string;
}

export function DraftInput({
  field,
  ...props
}: DraftFieldProps &
  Pick<Parameters<typeof TextInputField>[0], 'type' | 'autoComplete' | 'isMultiline'>) {
  const bound = useBoundField<string>(field);
  return <TextInputField {...props} {...bound} value={asText(bound.value)} />;
}

/**
 * An amount in pounds typed as people type it ('£325,000', '325k', '1,250 pcm'), shown back
 * normalised when the field is left; a rent period typed after it ('pcm', 'pw') is chosen too.
 */
export function DraftPriceInput({ field, ...props }: DraftFieldProps) {
  const bound = useBoundField<string>(field);
  const [, setRentPeriod] = useDraftField<'month' | 'week'>('rentPeriod');
  const [channel] = useDraftField<string>('channel');
  const text = asText(bound.value);
  const normalise = () => {
    const typed = parseTypedPrice(text);
    if (!typed) return;
    bound.onChange(formatTypedPrice(typed.pounds));
    if (typed.period && channel === 'rent' && field === 'price') setRentPeriod(typed.period);
  };
  return <TextInputField {...props} {...bound} value={text} onBlur={normalise} />;
}

export function DraftSelect({
  field,
  ...props
}: DraftFieldProps & { options: readonly Option[]; placeholder?: string | null }) {
  const bound = useBoundField<string>(field);
  return <SelectField {...props} {...bound} value={asText(bound.value)} />;
}

export function DraftRadios({
  field,
  label,
  options,
}: Omit<DraftFieldProps, 'hint'> & { options: readonly Option[] }) {
  const bound = useBoundField<string>(field);
  return <RadioGroup {...bound} legend={label} options={options} />;
}

export function DraftCheckbox({ field, label, hint }: DraftFieldProps) {
  const [value, setValue] = useDraftField<boolean>(field);
  return (
    <Checkbox name={field} label={label} hint={hint} checked={value === true} onChange={setValue} />
  );
}
