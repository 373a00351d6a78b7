/** Instants leave the API as ISO-8601 UTC strings. */
export function toIso(value: Date): string {
  return value.toISOString();
}

export function toIsoOrNull(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}
