import { DraftCheckbox, DraftInput } from '../fields/draft-fields';

/** Step 2: the address, and whether the listing shows all of it. */
export function AddressStep() {
  return (
    <>
      <DraftInput field="addressLine1" label="Address line 1" autoComplete="address-line1" />
      <DraftInput
        field="addressLine2"
        label="Address line 2 (optional)"
        autoComplete="address-line2"
      />
      <DraftInput field="town" label="Town or city" autoComplete="address-level2" />
      <DraftInput field="county" label="County (optional)" />
      <DraftInput field="postcode" label="Postcode" autoComplete="postal-code" />
      <DraftCheckbox
        field="isFullAddressShown"
        label="Show the full address on the listing"
        hint="Otherwise people see only the street and town until they contact you."
      />
    </>
  );
}
