/**
 * The supplier details invoices carry until the operator configures the company's own
 * (`SUPPLIER_*`): plainly not a real company's, and refused in production.
 */
export const EXAMPLE_SUPPLIER = {
  address: '1 Example Street, London, EC1A 1AA',
  vatNumber: 'GB000000000',
} as const;

/** Whether an invoice was issued with the example supplier details (so it is no real invoice). */
export function isExampleSupplier(invoice: {
  supplierAddress: string;
  supplierVatNumber: string;
}): boolean {
  return (
    invoice.supplierAddress === EXAMPLE_SUPPLIER.address ||
    invoice.supplierVatNumber === EXAMPLE_SUPPLIER.vatNumber
  );
}
