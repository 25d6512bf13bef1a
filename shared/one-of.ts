/**
 * Whether `value` is one of a constant list's members, narrowing it to the list's member type:
 * `isOneOf(PAYMENT_STATUSES, raw)` instead of `isOneOf(PAYMENT_STATUSES, raw)`
 * and a cast. Imports nothing, so every layer (models, services, the API) may use it.
 */
export function isOneOf<const T extends readonly unknown[]>(values: T, value: unknown): value is T[number] {
  return values.includes(value);
}
