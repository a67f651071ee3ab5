/** The DOM id of the input for a form key (`customer.email` -> `order-customer-email`). */
export function fieldId(key: string): string {
  return `order-${key.replace(/[^a-zA-Z0-9]+/g, '-')}`;
}
