import { TextField, type TextFieldProps } from '~/components/ui/text-field';

type FigureInputProps = Omit<
  TextFieldProps,
  'value' | 'onChange' | 'inputMode' | 'autoComplete'
> & {
  value: string;
  /** Called with the text as typed, on every change: the calculators work out as you type. */
  onValue: (value: string) => void;
  /** 'decimal' (the default) for money and rates, 'numeric' for whole numbers. */
  inputMode?: 'decimal' | 'numeric';
};

/**
 * One figure a calculator asks for: a labelled input whose hint and error `TextField` wires to it.
 * Autocomplete is off, as a price or a rate is not something the browser should offer back.
 */
export function FigureInput({ onValue, inputMode = 'decimal', ...field }: FigureInputProps) {
  return (
    <TextField
      {...field}
      inputMode={inputMode}
      autoComplete="off"
      onChange={(event) => onValue(event.target.value)}
    />
  );
}
