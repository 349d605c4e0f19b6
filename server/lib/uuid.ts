const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from outside (a URL, a webhook) can be a uuid key: anything else finds nothing, without a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
