/**
 * A ticket type's name with its age band (issue 13, decision 171): 'Junior (5-15)', 'Adult (16+)', 'Toddler (under
 * 5)'. Ages are whole years with both ends included; a type with no band keeps its name.
 */
export function ticketTypeLabel(name: string, minAge: number | null, maxAge: number | null): string {
  if (minAge !== null && maxAge !== null) return `${name} (${minAge}-${maxAge})`;
  if (minAge !== null) return `${name} (${minAge}+)`;
  if (maxAge !== null) return `${name} (under ${maxAge + 1})`;
  return name;
}
