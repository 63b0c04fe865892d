import type { Option } from '~/components/ui/select';
import { SelectField } from '~/components/ui/select-field';

interface RangeSelectProps {
  /** The URL parameters' stem: `min<name>` and `max<name>`. */
  name: string;
  label?: string;
  suffix?: string;
  min: number | undefined;
  max: number | undefined;
  options: readonly Option[];
}

/** A 'Min …' and 'Max …' pair of selects named `min<Name>` and `max<Name>`. */
export function RangeSelect({
  name,
  label = name.toLowerCase(),
  suffix = '',
  min,
  max,
  options,
}: RangeSelectProps) {
  return (
    <>
      {(['min', 'max'] as const).map((end) => (
        <SelectField
          key={end}
          id={`${end}${name}`}
          name={`${end}${name}`}
          label={`${end === 'min' ? 'Min' : 'Max'} ${label}${suffix}`}
          defaultValue={(end === 'min' ? min : max) ?? ''}
          placeholder={`No ${end}`}
          options={options}
        />
      ))}
    </>
  );
}
